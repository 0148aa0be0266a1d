import type { Context, MiddlewareHandler } from 'hono'
import type { SessionEndReason } from '../../shared/error-codes'
import type { RenderFirstScreen } from '../../shared/first-screen'
import type { Store } from '../db/store'
import { LoginThrottle, type PasswordThrottle } from '../auth/login-throttle'
import type { EventHub } from '../events/hub'
import type { Presence } from '../presence/tracker'
import type { MediaStorage } from '../storage/media-storage'
import type { ReadinessCheck } from '../observability/readiness'
import type { ScryptCost } from '../auth/password'
import type { HostAllowList } from './host-allow-list'
import type { RateLimitKind, RateLimitOptions, RateLimits } from './rate-limits'
import type { AppEnv } from './app-env'
export type { AppEnv } from './app-env'
export { asksForMinimal, wantsMinimal } from './prefer'
import { passwordStamp, tokenExpiry, verifyToken, whyRefused } from '../auth/token'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES, MESSAGES } from '../errors/messages'
import type { UserRow } from '../db/rows'
import { userAndRevoked } from '../services/reads/sessions'
import { endSessions } from '../services/writes/sessions'
import { type ReadCache } from '../caches/read-cache'
import { readCacheOf } from '../caches/store-caches'
import { getDemoUserIds } from '../services/reads/settings'
import { parseId } from './validate'

/** What the app is built from; tests pass an in-memory SQLite store and a fixed secret. */
export interface AppDeps {
  db: Store
  /**
   * What reads keep ready between requests (caches/read-cache.ts): one made by createApp
   * unless given; `false` reads everything afresh (tests compare both).
   */
  readCache?: ReadCache | false
  /**
   * The key tokens are signed with (HS256). Read on every request: a restore replaces it
   * (server.ts), which ends every session.
   */
  secret: Uint8Array
  version: string
  /** Counts wrong passwords: this process's own, or a cluster's in Redis (`--redis`). */
  throttle?: PasswordThrottle
  /** The built renderer to serve at `/`, if any. */
  rendererDir?: string
  /**
   * Draws a signed-in /home's first screen into the page (first-screen.ts). By default the
   * renderer's Node build beside `rendererDir` (out/renderer-ssr); `null` turns it off.
   */
  renderFirstScreen?: RenderFirstScreen | null
  /**
   * True while the server is reachable from other computers. The demo accounts, whose password
   * is published, cannot sign in then.
   */
  isShared?: () => boolean
  /** The live event stream's hub (createApp makes one when none is given). */
  events?: EventHub
  /**
   * Who is online, derived from the hub's streams (presence/tracker.ts); createApp makes one
   * when none is given (one process, in memory). A cluster's server gives one over Redis.
   */
  presence?: Presence
  /**
   * Where uploaded images keep their bytes (storage/media-storage.ts): the database unless the
   * server was given an S3 bucket (createApp picks the database when none is given).
   */
  media?: MediaStorage
  /** Host names the server answers to beyond loopback and its own addresses (`--allow-host`). */
  allowedHosts?: readonly string[]
  /**
   * The list built from `allowedHosts` when the server shares it with its listeners' plain door
   * (server.ts); createApp builds one when none is given.
   */
  allowedHostNames?: HostAllowList
  /**
   * Per-hour limits (docs/hosting.md, "Headless server"); unset ones take the defaults, `false` turns them all
   * off (tests that flood on purpose).
   */
  limits?: Partial<RateLimitOptions> | false
  /** Built by createApp from `limits`; routes count actions against it. */
  rateLimits?: RateLimits
  /**
   * Ids of the accounts that host the server (`npm run serve -- --admin <username>`), found or
   * made when it started: see ensureHostAccounts in services/reads/hosting.ts.
   */
  hostIds?: readonly number[]
  /**
   * The desktop app's own server: the first account (not a demo one) that signs up or signs in
   * from this computer becomes its host. See docs/features.md, "Sessions, accounts and moderation".
   */
  claimOwnerFromLoopback?: boolean
  /**
   * Addresses of reverse proxies (`--trust-proxy`) whose `X-Forwarded-For` names the client
   * (http/client-address.ts); from anyone else the header is ignored.
   */
  trustedProxies?: readonly string[]
  /**
   * scrypt's cost for new password hashes: the real one (SCRYPT_PARAMS) unless set. Only tests
   * set it, to TEST_SCRYPT_PARAMS (auth/password.ts).
   */
  passwordCost?: ScryptCost
  /** What `/api/health/ready` asks beyond the database and the bucket: the cluster's Redis. */
  readinessChecks?: readonly ReadinessCheck[]
  /** True once the server is stopping (SIGTERM): readiness answers 503 so traffic moves away. */
  draining?: () => boolean
  /**
   * Rows in every step of a whole-list answer (http/whole-list.ts), instead of steps sized by
   * time: only tests set it, to count the statements a step costs whatever the machine's speed.
   */
  wholeListRows?: number
}

/** The raw token (the spec's client sends it bare); `Bearer <token>` is accepted too. */
function readToken(c: Context): string | null {
  return tokenOf(c.req.header('authorization'))
}

/** The token of an `Authorization` header's value (with or without `Bearer `), if any. */
export function tokenOf(authorization: string | undefined): string | null {
  const header = authorization?.trim()
  if (!header) return null
  return header.replace(/^Bearer\s+/i, '') || null
}

/**
 * The user a token stands for, or why there is none: 'gone' for a user who no longer exists, else
 * why the token was refused (a SessionEndReason: docs/API.md, "Why a session ended"). The
 * verified-token cache of auth/token.ts only vouches for the signature, so every ending below is
 * checked on each request.
 */
async function userFromToken(
  deps: AppDeps,
  token: string | null,
): Promise<UserRow | SessionEndReason | 'gone'> {
  if (!token) return 'missing'
  // Kept sessions: dropped at once when the hub ends the user's sessions (logout, revoke,
  // password change, suspension, deletion). Not in a cluster, where the logout may come through
  // another instance and must be refused here at once, before its event arrives. All are
  // dropped when sharing starts or stops, which ends the demo accounts' sessions.
  const cache = deps.events?.clustered ? undefined : readCacheOf(deps.db)
  cache?.noteSharing(deps.isShared?.() === true)
  const key = token
  const kept = cache?.session(key)
  if (kept) return kept
  // The sessions' own generation: a logout during the reads below keeps nothing, a post does.
  const generation = cache?.sessionGeneration ?? 0
  const found = await userFromTokenAfresh(deps, token)
  if (cache && typeof found === 'object') {
    // Never past the token's own expiry (seconds; the verified-token cache answers it).
    const expiresAt = await tokenExpiry(token, deps.secret)
    if (expiresAt !== null) cache.keepSession(key, found, generation, expiresAt * 1000)
  }
  return found
}

async function userFromTokenAfresh(
  deps: AppDeps,
  token: string,
): Promise<UserRow | SessionEndReason | 'gone'> {
  const claims = await verifyToken(token, deps.secret)
  const userId = claims ? parseId(claims._id) : null
  if (!claims || userId === null) return 'invalid'
  const found = await userAndRevoked(deps.db, userId, token)
  if (!found) return 'gone'
  const { user, revoked } = found
  if (user.suspendedAt !== null) return 'suspended'
  const demoWhileShared = async () =>
    deps.isShared?.() === true && (await getDemoUserIds(deps.db)).includes(user.id)
  if ((claims.ver ?? 0) !== user.tokenVersion) {
    // Sharing started (which ended it), or a stamp that differs from today's hash: the password
    // changed since the token was made.
    if (await demoWhileShared()) return 'demo-shared'
    const stamp = claims.pwd
    return stamp !== undefined && stamp !== passwordStamp(user.passwordHash)
      ? 'password-changed'
      : 'ended'
  }
  if (revoked) return 'logged-out'
  if (await demoWhileShared()) {
    // The embedded server ends them when sharing starts; this catches every other way in.
    await endSessions(deps.db, [user.id])
    return 'demo-shared'
  }
  return user
}

/** A call that changes something: anything but a read (GET, HEAD, and the OPTIONS of CORS). */
const isWrite = (c: Context) => !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)

/** What requireUser lets through besides a signed-in user's ordinary calls. */
export interface RequireUserOptions {
  /**
   * Also the writes of an account that still has its one-time password (`--admin`): choosing a
   * password and logging out. Every other write of such an account is CHOOSE_PASSWORD_FIRST.
   */
  beforeOwnPassword?: boolean
}

/**
 * The token check of the spec: no valid token is a 401 (with the spec's sentence, and why in
 * `reason`); a valid token for a user who no longer exists is the spec's 404. An account with
 * the one-time password the server made for it may read, but write only what `options` allow:
 * its owner chooses a password first (docs/features.md, "Who hosts a server").
 */
export function requireUser(
  deps: AppDeps,
  options: RequireUserOptions = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = readToken(c)
    const user = await userFromToken(deps, token)
    if (typeof user === 'string') throw await refusal(deps, token, user)
    if (user.oneTimePasswordAt !== null && !options.beforeOwnPassword && isWrite(c)) {
      throw new HttpError('CHOOSE_PASSWORD_FIRST', ACCOUNT_MESSAGES.choosePasswordFirst)
    }
    c.set('user', user)
    c.set('viewerId', user.id)
    c.set('token', token ?? '')
    await next()
  }
}

/**
 * Why a token stands for no user, as the answer that ends its session: the spec's 404 for a user
 * who no longer exists, else a 401 whose `reason` the app tells on its login page.
 */
async function refusal(
  deps: AppDeps,
  token: string | null,
  user: SessionEndReason | 'gone',
): Promise<HttpError> {
  if (user === 'gone') return new HttpError('UNKNOWN_USER', MESSAGES.userNotRegistered)
  // Told apart only here, on a refusal: reads (optionalViewer) never pay for it.
  const reason = user === 'invalid' && token ? await whyRefused(token, deps.secret) : user
  return new HttpError('INVALID_TOKEN', MESSAGES.invalidToken, {}, { reason })
}

/**
 * After optionalViewer, for a read that only a signed-in user can make (`?suggest=true`): the
 * viewer, or the refusal requireUser would give, with its reason. A bare 401 made a suspended
 * player's login page say "Your session ended" when this read was refused before any other.
 */
export async function viewerOrRefusal(deps: AppDeps, c: Context<AppEnv>): Promise<number> {
  const viewerId = c.get('viewerId')
  if (viewerId !== null) return viewerId
  const token = readToken(c)
  const user = await userFromToken(deps, token)
  // Signed in between the two reads: the viewer now.
  if (typeof user === 'object') return user.id
  throw await refusal(deps, token, user)
}

/**
 * Reads need no token (docs/API.md, "Routes": only 🔒 calls do), but a valid one tells whose likes and votes a page
 * shows. A stale or broken token on a read is ignored rather than refused.
 */
export function optionalViewer(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await userFromToken(deps, readToken(c))
    c.set('viewerId', typeof user === 'object' ? user.id : null)
    await next()
  }
}

const passThrough: MiddlewareHandler<AppEnv> = (_c, next) => next()

/** After requireUser: counts one action of `kind` by the signed-in user (docs/hosting.md, "Headless server"). */
export function perUserLimit(deps: AppDeps, kind: RateLimitKind): MiddlewareHandler<AppEnv> {
  return deps.rateLimits?.perUser(kind) ?? passThrough
}

/**
 * The app's one login throttle (createApp gives it one): login, changing the password and
 * deleting the account count wrong passwords in the same tables.
 */
export function loginThrottleOf(deps: AppDeps): PasswordThrottle {
  return (deps.throttle ??= new LoginThrottle())
}
