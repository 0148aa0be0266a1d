/**
 * A timer computed from the database, never kept elsewhere (game nights' reminders, polls'
 * ends): at a start (what fell due while the server was down goes out at once), after each round,
 * whenever a live event that may bring new work arrives (from this instance or, through Redis,
 * another), and at least every `checkEveryMs` besides. In a cluster every instance runs one; each
 * piece of work is claimed in the database by one UPDATE, so only one instance does it.
 */
import type { Live } from '../actions/live'
import { log } from '../observability/log'

/** How long the timer sleeps at most: work planned where no event told this instance. */
const CHECK_EVERY_MS = 60_000
/** How soon after a waking event the timer looks again (events come in bursts). */
const AFTER_EVENT_MS = 200

export interface OnTimeOptions {
  checkEveryMs?: number
  /** The clock (milliseconds); a test moves it. */
  now?: () => number
}

export interface OnTimeWork<Item> {
  /** What a failed round logs. */
  failure: string
  /** The live event types that may bring new work. */
  wakeOn: readonly string[]
  /** What is due at `now`, and when the next falls due (or null). */
  due: (now: number) => Promise<{ due: Item[]; next: number | null }>
  /** Claims and does one piece of work (nothing when another instance claimed it first). */
  handle: (item: Item, now: number) => Promise<unknown>
}

/**
 * Starts the timer on unref'd timers. Answers how to stop: no round starts after it, and it
 * settles once the one under way ended, so that the store is closed under no statement.
 */
export function runOnTime<Item>(
  live: Live,
  work: OnTimeWork<Item>,
  { checkEveryMs = CHECK_EVERY_MS, now = Date.now }: OnTimeOptions = {},
): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let stopped = false
  /** A round was asked for while one ran: it may have read before what asked. */
  let again = false

  const schedule = (delayMs: number) => {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(run, Math.max(delayMs, 0)).unref()
  }

  const round = async () => {
    const at = now()
    const { due, next } = await work.due(at)
    for (const item of due) await work.handle(item, at)
    const wait = next === null ? checkEveryMs : Math.min(next - now(), checkEveryMs)
    schedule(wait)
  }

  function run() {
    if (running) {
      again = true
      return
    }
    running = round()
      .catch((error: unknown) => {
        log().error({ err: error }, work.failure)
        schedule(checkEveryMs)
      })
      .finally(() => {
        running = null
        if (again) {
          again = false
          schedule(0)
        }
      })
  }

  const stopListening = live.hub.onChange((change) => {
    if (change.kind === 'event' && work.wakeOn.includes(change.type)) schedule(AFTER_EVENT_MS)
  })
  schedule(0)
  return async () => {
    stopped = true
    clearTimeout(timer)
    stopListening()
    await running
  }
}
