import { HttpError } from '../errors/http-error'
import { tooManyLoginsFromAddressMessage, tooManyLoginsMessage } from '../errors/messages'

/**
 * Slows down guessing without letting a stranger lock anyone out (docs/security.md). Failures
 * are counted per (client address, username) and per client address: after a few, further
 * attempts from there wait a while that doubles with each failure, up to a cap. The owner of an
 * account signing in from another computer is never held back by someone else's failures.
 *
 * An attempt is counted before its password is hashed (`reserve`), not after: checking first and
 * counting once the hash is done let 70 guesses sent at once all through a limit of five. The
 * right password takes its count back (`recordSuccess`), as does an attempt whose
 * password was never checked (`release`, e.g. the hash queue was full).
 *
 * Memory is bounded: each table is an LRU of at most `maxEntries` keys, and expired entries are
 * dropped by an unref'd timer, never on the request path. A restart forgives.
 */
export interface LoginThrottleOptions {
  /** Failures of one username from one address before waits begin. */
  freeAttempts?: number
  /** Failures from one address, whatever the usernames, before waits begin. */
  freeAttemptsPerAddress?: number
  baseDelayMs?: number
  maxDelayMs?: number
  /** Failures older than this are forgotten. */
  windowMs?: number
  /** Keys each table holds at most; the least recently used goes first. */
  maxEntries?: number
  /** How often expired entries are swept (0: never, for tests that sweep by hand). */
  sweepEveryMs?: number
  now?: () => number
}

interface Failures {
  count: number
  last: number
}

/** What holds a login back, and for how long. */
export interface ThrottleVerdict {
  retryAfterMs: number
  /** Whether the per-address count (rather than this username's) is what holds it back. */
  byAddress: boolean
}

/**
 * What `checkPasswordThrottled` needs of a throttle: this process's own (LoginThrottle), or a
 * cluster's in Redis (redis-login-throttle.ts), whose answers come back asynchronously.
 */
export interface PasswordThrottle {
  reserve(address: string, username: string): ThrottleVerdict | Promise<ThrottleVerdict>
  recordSuccess(address: string, username: string): void | Promise<void>
  release(address: string, username: string): void | Promise<void>
  close(): void
}

/** A Map used as an LRU: reading or writing a key moves it to the end; the front is evicted. */
class LruCounter {
  private readonly entries = new Map<string, Failures>()
  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size
  }

  get(key: string): Failures | undefined {
    return this.entries.get(key)
  }

  bump(key: string, now: number): Failures {
    const previous = this.entries.get(key)
    this.entries.delete(key)
    const next = { count: (previous?.count ?? 0) + 1, last: now }
    this.entries.set(key, next)
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string)
    }
    return next
  }

  /** Takes back one count (of an attempt that turned out not to be a failure). */
  unbump(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    if (entry.count <= 1) this.entries.delete(key)
    else entry.count -= 1
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  sweep(isExpired: (entry: Failures) => boolean): void {
    for (const [key, entry] of this.entries) if (isExpired(entry)) this.entries.delete(key)
  }
}

/** One key per account: the lookup ignores case and surrounding spaces, so the count must too. */
export const accountKey = (address: string, username: string) =>
  `${address}\n${username.trim().toLowerCase()}`

export class LoginThrottle implements PasswordThrottle {
  private readonly pairs: LruCounter
  private readonly addresses: LruCounter
  private readonly freeAttempts: number
  private readonly freeAttemptsPerAddress: number
  private readonly baseDelayMs: number
  private readonly maxDelayMs: number
  private readonly windowMs: number
  private readonly now: () => number
  private readonly timer: ReturnType<typeof setInterval> | undefined

  constructor(options: LoginThrottleOptions = {}) {
    this.freeAttempts = options.freeAttempts ?? 5
    this.freeAttemptsPerAddress = options.freeAttemptsPerAddress ?? 50
    this.baseDelayMs = options.baseDelayMs ?? 30_000
    this.maxDelayMs = options.maxDelayMs ?? 15 * 60_000
    this.windowMs = options.windowMs ?? 60 * 60_000
    this.now = options.now ?? Date.now
    const maxEntries = options.maxEntries ?? 10_000
    this.pairs = new LruCounter(maxEntries)
    this.addresses = new LruCounter(maxEntries)
    const sweepEveryMs = options.sweepEveryMs ?? 60_000
    if (sweepEveryMs > 0) {
      this.timer = setInterval(() => this.sweep(), sweepEveryMs)
      this.timer.unref()
    }
  }

  /** How long a login for `username` from `address` must wait; 0 when it may go now. */
  check(address: string, username: string): ThrottleVerdict {
    const forPair = this.waitFor(this.pairs.get(accountKey(address, username)), this.freeAttempts)
    const forAddress = this.waitFor(this.addresses.get(address), this.freeAttemptsPerAddress)
    return forAddress > forPair
      ? { retryAfterMs: forAddress, byAddress: true }
      : { retryAfterMs: forPair, byAddress: false }
  }

  /**
   * Takes a place for one attempt before its password is checked: when the verdict lets it go
   * (`retryAfterMs` 0), the attempt already counts as a failure, in the same synchronous step,
   * so attempts running at the same time each see the others. Settle it with `recordSuccess`
   * or `release`; a wrong password needs nothing more.
   */
  reserve(address: string, username: string): ThrottleVerdict {
    const verdict = this.check(address, username)
    if (verdict.retryAfterMs === 0) this.recordFailure(address, username)
    return verdict
  }

  recordFailure(address: string, username: string): void {
    const now = this.now()
    this.pairs.bump(accountKey(address, username), now)
    this.addresses.bump(address, now)
  }

  /**
   * The right password after `reserve`: this username's count from this address starts over,
   * and the address's count loses the attempt reserved for it.
   */
  recordSuccess(address: string, username: string): void {
    this.pairs.delete(accountKey(address, username))
    this.addresses.unbump(address)
  }

  /** An attempt reserved and never checked (the server was busy): it does not count. */
  release(address: string, username: string): void {
    this.pairs.unbump(accountKey(address, username))
    this.addresses.unbump(address)
  }

  /** Keys held, per table (tests check the bound). */
  get size(): { pairs: number; addresses: number } {
    return { pairs: this.pairs.size, addresses: this.addresses.size }
  }

  /** Drops expired entries; the timer calls it, tests may too. */
  sweep(): void {
    const now = this.now()
    const expired = (entry: Failures) => now - entry.last > this.windowMs
    this.pairs.sweep(expired)
    this.addresses.sweep(expired)
  }

  /** Stops the sweep timer (it is unref'd, so this is only tidiness). */
  close(): void {
    if (this.timer) clearInterval(this.timer)
  }

  private waitFor(entry: Failures | undefined, free: number): number {
    if (!entry || entry.count < free) return 0
    const now = this.now()
    if (now - entry.last > this.windowMs) return 0
    const delay = Math.min(this.baseDelayMs * 2 ** (entry.count - free), this.maxDelayMs)
    return Math.max(0, entry.last + delay - now)
  }
}

/** The 429 of a verdict that holds an attempt back, with `Retry-After`. */
function throttled(verdict: ThrottleVerdict): HttpError {
  const seconds = Math.ceil(verdict.retryAfterMs / 1000)
  const message = verdict.byAddress
    ? tooManyLoginsFromAddressMessage(seconds)
    : tooManyLoginsMessage(seconds)
  return new HttpError('RATE_LIMITED', message, { 'Retry-After': String(seconds) })
}

/**
 * Runs `check` (a password hash) for an attempt on `username` from `address` under the throttle,
 * and answers whether the password was right. Every place that takes a password goes through it:
 * login, and, for a token alone must not be a way to guess without end, changing the password
 * and deleting the account (docs/security.md). Throws the 429 while the throttle holds the
 * attempt back, before anything is hashed.
 */
export async function checkPasswordThrottled(
  throttle: PasswordThrottle,
  address: string,
  username: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const verdict = await throttle.reserve(address, username)
  if (verdict.retryAfterMs > 0) throw throttled(verdict)
  let right: boolean
  try {
    right = await check()
  } catch (error) {
    await throttle.release(address, username)
    throw error
  }
  if (right) await throttle.recordSuccess(address, username)
  return right
}
