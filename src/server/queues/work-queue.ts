import { HttpError } from '../errors/http-error'

/** Seconds a client told "busy" should wait before trying again. */
export const BUSY_RETRY_SECONDS = 5

/** The 503 of a full queue, with the sentence saying which work is busy (docs/security.md). */
export function serverBusy(message: string): HttpError {
  return new HttpError('SERVER_BUSY', message, { 'Retry-After': String(BUSY_RETRY_SECONDS) })
}

/**
 * Runs expensive work (password hashes, image decoding) a few jobs at a time, with a bounded line
 * of jobs waiting: past it, `run` throws `whenFull()` at once instead of queueing without end.
 * Each kind of work has its own queue, so one kind never waits behind the other.
 */
export class WorkQueue {
  private active = 0
  private readonly line: (() => void)[] = []

  constructor(
    /** Jobs running at once. */
    readonly concurrency: number,
    /** Jobs that may wait for a turn; tests change it to fill the queue quickly. */
    public maxWaiting: number,
    private readonly whenFull: () => Error,
  ) {}

  get running(): number {
    return this.active
  }

  get waiting(): number {
    return this.line.length
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    // A finishing job hands its slot straight to the next waiter, so `running` never overshoots.
    if (this.active < this.concurrency) this.active++
    else if (this.line.length >= this.maxWaiting) throw this.whenFull()
    else await new Promise<void>((resolve) => this.line.push(resolve))
    try {
      return await work()
    } finally {
      const next = this.line.shift()
      if (next) next()
      else this.active--
    }
  }
}
