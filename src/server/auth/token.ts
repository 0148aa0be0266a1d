import { SignJWT, jwtVerify } from 'jose'
import { createSecretKey, type KeyObject } from 'node:crypto'

/** What a token says about its holder. */
export interface TokenClaims {
  _id: string
  username: string
}

const ALGORITHM = 'HS256'
const ISSUER = 'gamerstage'
/** A session lasts a month; a LAN party app should not log people out mid-game. */
export const TOKEN_LIFETIME = '30d'

/**
 * jose turns raw key bytes into a key object on every call; on a hot path (every signed-in
 * request verifies a token) that conversion costs more than the HMAC itself, so do it once.
 */
const keys = new WeakMap<Uint8Array, KeyObject>()
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret)
  if (!key) {
    key = createSecretKey(secret)
    keys.set(secret, key)
  }
  return key
}

export async function signToken(claims: TokenClaims, secret: Uint8Array): Promise<string> {
  return new SignJWT({ username: claims.username })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(claims._id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(keyOf(secret))
}

/** The claims of a valid token, or null for anything else (garbage, other secret, expired, alg none). */
export async function verifyToken(token: string, secret: Uint8Array): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
    })
    if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') return null
    return { _id: payload.sub, username: payload.username }
  } catch {
    return null
  }
}
