import { SignJWT, jwtVerify } from 'jose'
import { createHash, randomBytes, webcrypto } from 'node:crypto'

/** What a token says about its holder. */
export interface TokenClaims {
  _id: string
  username: string
  /**
   * The user's token version when the token was made (users.token_version): raising it ends
   * every older token. Tokens made before versions existed carry none and count as 0.
   */
  ver?: number
  /**
   * A stamp of the user's password hash when the token was made (passwordStamp): when a token of
   * an older version is refused, a different stamp says the password changed since, so the app
   * can tell its user why their session ended. Tokens made before stamps existed carry none.
   */
  pwd?: string
}

/**
 * A short, one-way stamp of a password hash: 12 characters of the SHA-256 of the (salted scrypt)
 * hash. It tells one hash from the next and reveals nothing a token's holder could use: the hash
 * itself never leaves the server.
 */
export function passwordStamp(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 12)
}

const ALGORITHM = 'HS256'
const ISSUER = 'gamerstage'
/** A session lasts a month; a LAN party app should not log people out mid-game. */
export const TOKEN_LIFETIME = '30d'

/**
 * The secret imported once as a WebCrypto key, per secret (a replaced secret is a new array, so
 * a new key). jose takes raw bytes or a Node KeyObject too, but with either it imports the bytes
 * into WebCrypto again on every call (a KeyObject is exported back to bytes first), and that
 * import cost more than the HMAC itself: a quarter of the CPU of 2,500 streams connecting
 * (docs/PERFORMANCE.md, issue 43). A CryptoKey it uses as it is.
 */
const keys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>()
function keyOf(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ])
    keys.set(secret, key)
  }
  return key
}

export async function signToken(claims: TokenClaims, secret: Uint8Array): Promise<string> {
  return (
    new SignJWT({
      username: claims.username,
      ver: claims.ver ?? 0,
      ...(claims.pwd === undefined ? {} : { pwd: claims.pwd }),
    })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims._id)
      .setIssuer(ISSUER)
      .setIssuedAt()
      // Two sign-ins in the same second must still be two tokens: logging one out keeps the other.
      .setJti(randomBytes(12).toString('base64url'))
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(await keyOf(secret))
  )
}

interface Verified {
  claims: TokenClaims
  /** Seconds since the epoch, from the token's `exp`. */
  expiresAt: number
}

/**
 * Tokens already verified, per secret: every signed-in request carries one, and checking its
 * HMAC each time sends the request through WebCrypto's thread pool and back. Only valid tokens
 * are kept, never past their expiry, and at most VERIFIED_CACHE_SIZE of them (oldest out first).
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Verified>>()
const VERIFIED_CACHE_SIZE = 2000

function cacheOf(secret: Uint8Array): Map<string, Verified> {
  let cache = verifiedTokens.get(secret)
  if (!cache) {
    cache = new Map()
    verifiedTokens.set(secret, cache)
  }
  return cache
}

/**
 * Drops a token from the verified cache (logout). The cache only ever answers "the signature
 * and expiry are good": whether the session still stands is checked on every request
 * (http/context.ts), so this is tidiness, not the revocation itself.
 */
export function forgetToken(token: string, secret: Uint8Array): void {
  verifiedTokens.get(secret)?.delete(token)
}

/** Seconds since the epoch at which a token expires, or null when it has no valid `exp`. */
export async function tokenExpiry(token: string, secret: Uint8Array): Promise<number | null> {
  if (!(await verifyToken(token, secret))) return null
  return cacheOf(secret).get(token)?.expiresAt ?? null
}

/**
 * The claims of a valid token, or null for anything else (garbage, other secret, expired, alg
 * none, or no `exp` at all: a token that never expires is not one this server makes).
 */
export async function verifyToken(token: string, secret: Uint8Array): Promise<TokenClaims | null> {
  const cache = cacheOf(secret)
  const known = cache.get(token)
  if (known && known.expiresAt > Date.now() / 1000) return known.claims
  cache.delete(token)
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      requiredClaims: ['exp'],
    })
    if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') return null
    const ver = payload.ver ?? 0
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null
    const claims: TokenClaims = { _id: payload.sub, username: payload.username, ver }
    if (typeof payload.pwd === 'string') claims.pwd = payload.pwd
    if (typeof payload.exp !== 'number') return null
    if (cache.size >= VERIFIED_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '')
    cache.set(token, { claims, expiresAt: payload.exp })
    return claims
  } catch {
    return null
  }
}

/**
 * Why verifyToken refused a token: 'expired' for one of ours past its expiry (signature and all
 * else good), 'invalid' for anything else. Only asked after a refusal, so it costs nothing on the
 * hot path.
 */
export async function whyRefused(
  token: string,
  secret: Uint8Array,
): Promise<'expired' | 'invalid'> {
  try {
    await jwtVerify(token, await keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      requiredClaims: ['exp'],
    })
    return 'invalid'
  } catch (error) {
    return (error as { code?: unknown }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid'
  }
}
