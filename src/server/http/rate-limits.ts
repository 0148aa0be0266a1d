import type { MiddlewareHandler } from 'hono'
import type { Redis } from 'ioredis'
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import { clientAddress } from './client-address'
import type { AppEnv } from './app-env'
import { WholeListLimit } from './whole-list-limit'
import { HttpError } from '../errors/http-error'
import { rateLimitedMessage } from '../errors/messages'

/**
 * How much one user (or, for sign-ups and logins, one computer) may do per hour, or per minute
 * for logins (docs/hosting.md, "Headless server"). The defaults are far above what a person at a LAN party does,
 * and far below a script flooding the server (the audit saw 2,000 posts in 6 s). `npm run serve`
 * sets them with `--limit-*` flags.
 */
export interface RateLimitOptions {
  /** Sign-ups per client address. */
  signupsPerHour: number
  /**
   * Login attempts per client address, right or wrong. The throttle (auth/login-throttle.ts)
   * counts only failures; without this, one computer logging in with the right password 70
   * times at once filled the password-hash queue and others waited 43 s. Per minute:
   * what matters is the burst, and a person who mistypes a few times is never held for long.
   */
  loginsPerMinute: number
  postsPerHour: number
  commentsPerHour: number
  /** Conversation messages sent: a chat is chattier than posts, so more of them. */
  messagesPerHour: number
  /**
   * "Typing…" signals (POST /conversations/:id/typing): the app sends at most one every three
   * seconds, 1200 in an hour of steady writing.
   */
  typingPerHour: number
  /** Likes, dislikes and comment votes. */
  reactionsPerHour: number
  /** Follows and unfollows. */
  followsPerHour: number
  /**
   * Draft saves (routes/drafts.ts): the app saves a draft a second or so after typing stops,
   * so an hour of steady writing stays well inside.
   */
  draftsPerHour: number
  uploadsPerHour: number
  uploadMegabytesPerHour: number
  /**
   * Whole-list answers under way at once per client address (http/whole-list-limit.ts): not per
   * hour, but the same kind of allowance, and off with the others.
   */
  wholeListsAtOnce: number
}

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  signupsPerHour: 30,
  loginsPerMinute: 20,
  postsPerHour: 300,
  commentsPerHour: 600,
  messagesPerHour: 1200,
  typingPerHour: 1800,
  reactionsPerHour: 3000,
  followsPerHour: 600,
  draftsPerHour: 1800,
  uploadsPerHour: 120,
  uploadMegabytesPerHour: 300,
  // Two: a script (or the bench) may read two lists side by side; the app reads pages only.
  wholeListsAtOnce: 2,
}

export type RateLimitKind =
  'posts' | 'comments' | 'messages' | 'typing' | 'reactions' | 'follows' | 'drafts' | 'uploads'

/** What a 429 says was too many. */
const WHAT: Record<RateLimitKind | 'signups' | 'logins' | 'uploadBytes', string> = {
  signups: 'sign-ups from this computer',
  logins: 'logins from this computer',
  posts: 'posts',
  comments: 'comments',
  messages: 'messages',
  typing: 'typing signals',
  reactions: 'likes and votes',
  follows: 'follows',
  drafts: 'draft saves',
  uploads: 'uploads',
  uploadBytes: 'uploaded megabytes',
}

const HOUR_SECONDS = 3600
const MINUTE_SECONDS = 60

/** Where a cluster's instances count together (`--redis`). */
export interface SharedCounters {
  /** A connection that fails at once while Redis is away (redis/connection.ts, `counters`). */
  redis: Redis
  /** Key names start with this. */
  prefix: string
}

/**
 * Fixed windows (an hour; a minute for logins) in rate-limiter-flexible's memory limiter. Memory
 * stays bounded: keys are user ids (at most one per account) or, for sign-ups and logins, client
 * addresses, each a real TCP peer; every key is dropped by an unref'd timer when its window ends.
 *
 * With `shared` (a cluster on Redis), the windows are counted in Redis, so that every instance
 * counts against the same allowance; each key expires with its window. While Redis cannot be
 * reached, each instance counts in its own memory (rate-limiter-flexible's insurance limiter)
 * rather than refusing or letting everything through.
 */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>()
  /** Whole lists under way per client address, always in this process (whole-list-limit.ts). */
  readonly wholeLists: WholeListLimit

  /** `false` turns every limit off (tests that flood on purpose, and `--no-rate-limits`). */
  constructor(options: Partial<RateLimitOptions> | false = {}, shared?: SharedCounters) {
    this.wholeLists = new WholeListLimit(
      options === false ? 0 : (options.wholeListsAtOnce ?? DEFAULT_RATE_LIMITS.wholeListsAtOnce),
    )
    if (options === false) return
    const limits = { ...DEFAULT_RATE_LIMITS, ...options }
    const add = (kind: string, points: number, duration = HOUR_SECONDS) => {
      if (!(points > 0 && Number.isFinite(points))) return
      const memory = new RateLimiterMemory({ points, duration })
      this.limiters.set(
        kind,
        shared
          ? new RateLimiterRedis({
              storeClient: shared.redis,
              keyPrefix: `${shared.prefix}limit:${kind}`,
              points,
              duration,
              insuranceLimiter: memory,
            })
          : memory,
      )
    }
    add('signups', limits.signupsPerHour)
    add('logins', limits.loginsPerMinute, MINUTE_SECONDS)
    add('posts', limits.postsPerHour)
    add('comments', limits.commentsPerHour)
    add('messages', limits.messagesPerHour)
    add('typing', limits.typingPerHour)
    add('reactions', limits.reactionsPerHour)
    add('follows', limits.followsPerHour)
    add('drafts', limits.draftsPerHour)
    add('uploads', limits.uploadsPerHour)
    // Counted in kilobytes: points are whole numbers.
    add('uploadBytes', limits.uploadMegabytesPerHour * 1024)
  }

  /** Counts one action (or `points` of it) for `key`; throws the 429 once the hour's are used. */
  async consume(kind: keyof typeof WHAT, key: string | number, points = 1): Promise<void> {
    const limiter = this.limiters.get(kind)
    if (!limiter) return
    try {
      await limiter.consume(key, points)
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000))
      throw new HttpError('RATE_LIMITED', rateLimitedMessage(WHAT[kind], seconds), {
        'Retry-After': String(seconds),
      })
    }
  }

  /** Counts the bytes of an upload against its owner's hourly allowance. */
  consumeUploadBytes(userId: number, bytes: number): Promise<void> {
    return this.consume('uploadBytes', userId, Math.max(1, Math.ceil(bytes / 1024)))
  }

  /** Middleware after requireUser: one action of `kind` by the signed-in user. */
  perUser(kind: RateLimitKind): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      await this.consume(kind, c.get('user').id)
      await next()
    }
  }

  /** Middleware: one sign-up from the calling computer. */
  readonly perAddressSignup: MiddlewareHandler = async (c, next) => {
    await this.consume('signups', clientAddress(c))
    await next()
  }

  /** Middleware: one login attempt from the calling computer, before its password is hashed. */
  readonly perAddressLogin: MiddlewareHandler = async (c, next) => {
    await this.consume('logins', clientAddress(c))
    await next()
  }
}
