/**
 * Announces statuses as they run out: a `status` event with `status: null` for each, once
 * (the instance whose sweep deleted the row sends it). The timer sleeps until the next expiry
 * but never longer than `expiryCheckMs`, then looks again: a clock that jumped (a laptop that
 * slept for days) or a status set on another instance of a cluster is found on the next look,
 * and no delay ever exceeds what setTimeout can hold.
 */
import type { Store } from '../db/store'
import type { EventHub } from '../events/hub'
import { deleteExpiredStatuses, nextStatusExpiry } from '../services/writes/statuses'
import { announceStatus } from './announce-status'
import { log } from '../observability/log'

/** How it waits: the global timers, or a clock a test moves by hand. */
export interface ExpiryTimers {
  setTimeout(wake: () => void, delayMs: number): unknown
  clearTimeout(timer: unknown): void
}

/** Node's timers, not keeping the process alive for a sweep. */
const globalTimers: ExpiryTimers = {
  setTimeout: (wake, delayMs) => setTimeout(wake, delayMs).unref(),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
}

export class StatusExpiry {
  private timer: unknown
  private running: Promise<void> | undefined
  private closed = false

  constructor(
    private readonly db: Store,
    private readonly hub: EventHub,
    private readonly options: { now: () => number; expiryCheckMs: number },
    private readonly timers: ExpiryTimers = globalTimers,
  ) {}

  /**
   * Looks now and from then on (the server's start: what ran out while it was down), and again
   * after a status was set (its expiry may be the next one).
   */
  reschedule(): void {
    this.arm(0)
  }

  private arm(delayMs: number): void {
    if (this.closed) return
    this.timers.clearTimeout(this.timer)
    this.timer = this.timers.setTimeout(
      () => {
        this.running = this.sweep().finally(() => (this.running = undefined))
      },
      Math.max(0, Math.min(delayMs, this.options.expiryCheckMs)),
    )
  }

  /** Deletes and announces what ran out, then sleeps until the next expiry. */
  async sweep(): Promise<void> {
    let next: number | null = null
    try {
      const now = this.options.now()
      for (const userId of await deleteExpiredStatuses(this.db, now)) {
        await announceStatus({ db: this.db, hub: this.hub }, userId, null)
      }
      next = await nextStatusExpiry(this.db)
    } catch (error) {
      if (this.closed) return
      log().error({ reason: (error as Error).message }, 'status expiry failed')
    }
    this.arm(next === null ? this.options.expiryCheckMs : next - this.options.now())
  }

  close(): void {
    this.closed = true
    this.timers.clearTimeout(this.timer)
  }

  /** Resolves once a sweep under way ended (for tests). */
  async idle(): Promise<void> {
    await this.running
  }
}
