/**
 * The hub's writes to many streams, a slice at a time (hub.ts).
 *
 * An event for everyone online is one write per stream, all in one turn of the event loop: with
 * 2,500 streams that turn lasted tens of milliseconds, and every request that came meanwhile
 * (`/api/health`, a page, a post) waited behind it (docs/PERFORMANCE.md, issue 43). Here a
 * delivery visits at most `sliceSize` streams per turn, then yields with `setImmediate`, so I/O
 * and timers run between slices; a fan-out that fits in one slice is written at once, as before.
 *
 * Order: the work is one queue, taken strictly in turn. An event's every slice is written before
 * the next event's first, and so is every task queued behind it (a disconnect, a reset), so each
 * stream gets its events in the order they were published, the last of them before its end.
 * Who a delivery reaches is fixed when it is queued (`targets`): a stream that opens meanwhile
 * gets it from its replay instead, never twice; one that closes meanwhile is passed over by the
 * write itself (the hub's `send` checks `closed` and the stream's buffer at the moment it
 * writes).
 */

/** Streams visited per turn of the event loop, unless the hub is told otherwise. */
export const DEFAULT_FAN_OUT_SLICE = 256

type Work<Target> =
  | { targets: readonly Target[]; next: number; write: (target: Target) => void; done?: () => void }
  | { run: () => void }

export class FanOut<Target> {
  private queue: Work<Target>[] = []
  private head = 0
  private pumping = false
  private scheduled = false
  /** Turns that a fan-out was deferred to (a delivery larger than a slice, or queued behind one). */
  deferredTurns = 0

  constructor(private readonly sliceSize: number) {
    if (!Number.isSafeInteger(sliceSize) || sliceSize < 1) {
      throw new RangeError(`A fan-out slice must be a positive whole number, not ${sliceSize}.`)
    }
  }

  /** Calls `write` for each target, in order, after everything queued before; then `done`. */
  deliver(targets: readonly Target[], write: (target: Target) => void, done?: () => void): void {
    this.push({ targets, next: 0, write, ...(done ? { done } : {}) })
  }

  /** Runs `task` once everything queued before it is written. */
  run(task: () => void): void {
    this.push({ run: task })
  }

  /** Whether writes are waiting for a later turn. */
  get busy(): boolean {
    return this.head < this.queue.length
  }

  /** Forgets what is queued (the hub is closing: every stream has ended). */
  clear(): void {
    this.queue = []
    this.head = 0
  }

  private push(work: Work<Target>): void {
    this.queue.push(work)
    // Behind a fan-out in progress or waiting for its turn: taken in order when it comes.
    if (!this.pumping && !this.scheduled) this.pump()
  }

  private pump(): void {
    this.pumping = true
    let budget = this.sliceSize
    try {
      while (this.head < this.queue.length && budget > 0) {
        const work = this.queue[this.head]
        if (!work) break
        if ('run' in work) {
          this.take()
          work.run()
          continue
        }
        const { targets, write } = work
        while (work.next < targets.length && budget > 0) {
          const target = targets[work.next] as Target
          work.next += 1
          budget -= 1
          write(target)
        }
        if (work.next < targets.length) break
        this.take()
        work.done?.()
      }
    } finally {
      this.pumping = false
      // Also after a write that threw: what is queued still goes out, on the next turn.
      if (this.busy) this.schedule()
    }
  }

  private take(): void {
    this.head += 1
    if (this.head === this.queue.length) this.clear()
    else if (this.head > 1024) {
      this.queue = this.queue.slice(this.head)
      this.head = 0
    }
  }

  private schedule(): void {
    if (this.scheduled) return
    this.scheduled = true
    this.deferredTurns += 1
    setImmediate(() => {
      this.scheduled = false
      this.pump()
    })
  }
}
