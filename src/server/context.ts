import type { Context, MiddlewareHandler } from 'hono'
import type { Db } from './db/client'
import type { LoginThrottle } from './auth/login-throttle'
import type { EventHub } from './events/hub'
import type { RateLimitKind, RateLimitOptions, RateLimits } from './rate-limits'
import { verifyToken } from './auth/token'
import { notFound, unauthorized } from './errors'
import { MESSAGES } from './messages'
import type { UserRow } from './services/present'
import { findUserById, parseId } from './services/users'

/** What the app is built from; tests pass an in-memory database and a fixed secret. */
export interface AppDeps {
  db: Db
  /** The key tokens are signed with (HS256). */
  secret: Uint8Array
  version: string
  throttle?: LoginThrottle
  /** The built renderer to serve at `/`, if any. */
  rendererDir?: string
  /**
   * True while the server is reachable from other computers. The demo accounts, whose password
   * is published, cannot sign in then.
   */
  isShared?: () => boolean
  /** The live event stream's hub (createApp makes one when none is given). */
  events?: EventHub
  /** Host names the server answers to beyond loopback and its own addresses (`--allow-host`). */
  allowedHosts?: readonly string[]
  /**
   * Per-hour limits (README, "Options"); unset ones take the defaults, `false` turns them all
   * off (tests that flood on purpose).
   */
  limits?: Partial<RateLimitOptions> | false
  /** Built by createApp from `limits`; routes count actions against it. */
  rateLimits?: RateLimits
}

export interface AppEnv {
  Variables: {
    /** The signed-in user (set by requireUser). */
    user: UserRow
    /** The signed-in user's id when a read carries a valid token, else null. */
    viewerId: number | null
  }
}

/** The raw token (the spec's client sends it bare); `Bearer <token>` is accepted too. */
function readToken(c: Context): string | null {
  const header = c.req.header('authorization')?.trim()
  if (!header) return null
  return header.replace(/^Bearer\s+/i, '') || null
}

async function userFromToken(token: string, secret: Uint8Array): Promise<number | null> {
  const claims = await verifyToken(token, secret)
  return claims ? parseId(claims._id) : null
}

/**
 * The token check of the spec: no valid token is a 401; a valid token for a user who no longer
 * exists is the spec's 404.
 */
export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = readToken(c)
    const userId = token ? await userFromToken(token, deps.secret) : null
    if (userId === null) throw unauthorized(MESSAGES.invalidToken)
    const user = findUserById(deps.db, userId)
    if (!user) throw notFound(MESSAGES.userNotRegistered)
    c.set('user', user)
    c.set('viewerId', user.id)
    await next()
  }
}

/**
 * Reads need no token (SPEC section 6), but a valid one tells whose likes and votes a page
 * shows. A stale or broken token on a read is ignored rather than refused.
 */
export function optionalViewer(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = readToken(c)
    c.set('viewerId', token ? await userFromToken(token, deps.secret) : null)
    await next()
  }
}

/** True when the client asked for just the changed object (RFC 7240 `Prefer: return=minimal`). */
export function wantsMinimal(c: Context): boolean {
  const minimal = /(^|[,;\s])return=minimal($|[,;\s])/i.test(c.req.header('prefer') ?? '')
  if (minimal) c.header('Preference-Applied', 'return=minimal')
  return minimal
}

const passThrough: MiddlewareHandler<AppEnv> = (_c, next) => next()

/** After requireUser: counts one action of `kind` by the signed-in user (README, "Options"). */
export function perUserLimit(deps: AppDeps, kind: RateLimitKind): MiddlewareHandler<AppEnv> {
  return deps.rateLimits?.perUser(kind) ?? passThrough
}
