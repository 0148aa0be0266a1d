/**
 * Slows down guessing: after a few failed logins for one username, further attempts are refused
 * for a while that doubles with each failure, up to a cap. Kept in memory: a restart forgives.
 */
export interface LoginThrottleOptions {
  freeAttempts?: number
  baseDelayMs?: number
  maxDelayMs?: number
  /** Failures older than this are forgotten. */
  windowMs?: number
  now?: () => number
}

/** One key per account: the lookup ignores case and surrounding spaces, so the count must too. */
const keyOf = (username: string) => username.trim().toLowerCase()

interface Failures {
  count: number
  last: number
}

export class LoginThrottle {
  private readonly failures = new Map<string, Failures>()
  private readonly freeAttempts: number
  private readonly baseDelayMs: number
  private readonly maxDelayMs: number
  private readonly windowMs: number
  private readonly now: () => number

  constructor(options: LoginThrottleOptions = {}) {
    this.freeAttempts = options.freeAttempts ?? 5
    this.baseDelayMs = options.baseDelayMs ?? 30_000
    this.maxDelayMs = options.maxDelayMs ?? 15 * 60_000
    this.windowMs = options.windowMs ?? 60 * 60_000
    this.now = options.now ?? Date.now
  }

  /** Milliseconds until this username may try again; 0 when it may now. */
  retryAfterMs(username: string): number {
    const entry = this.current(username)
    if (!entry || entry.count < this.freeAttempts) return 0
    const delay = Math.min(
      this.baseDelayMs * 2 ** (entry.count - this.freeAttempts),
      this.maxDelayMs,
    )
    return Math.max(0, entry.last + delay - this.now())
  }

  recordFailure(username: string): void {
    const key = keyOf(username)
    const entry = this.current(username)
    this.failures.set(key, { count: (entry?.count ?? 0) + 1, last: this.now() })
    if (this.failures.size > 10_000) this.prune()
  }

  recordSuccess(username: string): void {
    this.failures.delete(keyOf(username))
  }

  private current(username: string): Failures | undefined {
    const key = keyOf(username)
    const entry = this.failures.get(key)
    if (entry && this.now() - entry.last > this.windowMs) {
      this.failures.delete(key)
      return undefined
    }
    return entry
  }

  private prune(): void {
    for (const [key, entry] of this.failures) {
      if (this.now() - entry.last > this.windowMs) this.failures.delete(key)
    }
  }
}
