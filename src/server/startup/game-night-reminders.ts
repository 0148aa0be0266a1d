/**
 * Game nights' reminders (docs/API.md, "Game nights"): a notification to everyone going or maybe
 * 15 minutes before the start. The timer is computed from the database, never kept elsewhere: at
 * a start (what fell due while the server was down and has not started yet goes out at once), after
 * each reminder, whenever a `game-night` event arrives (from this instance or, through Redis,
 * another: a new or moved night), and at least every `checkEveryMs` besides. In a cluster every
 * instance runs one; each reminder is claimed in the database (writes/game-nights.ts
 * `remindGameNight`: the UPDATE that sets `reminded_at`), so only one instance sends it.
 */
import { remindGameNight } from '../actions/game-nights'
import type { Live } from '../actions/live'
import { log } from '../observability/log'
import { dueReminders } from '../services/writes/game-nights'

/** How long the timer sleeps at most: a night planned where no event told this instance. */
const CHECK_EVERY_MS = 60_000
/** How soon after a `game-night` event the timer looks again (events come in bursts). */
const AFTER_EVENT_MS = 200

export interface ReminderOptions {
  checkEveryMs?: number
  /** The clock (milliseconds); a test moves it. */
  now?: () => number
}

/**
 * Starts the reminders' timer on unref'd timers. Answers how to stop: no round starts after it,
 * and it settles once the one under way ended, so that the store is closed under no statement.
 */
export function remindGameNightsOnTime(
  live: Live,
  { checkEveryMs = CHECK_EVERY_MS, now = Date.now }: ReminderOptions = {},
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
    const { due, next } = await dueReminders(live.db, at)
    for (const gameNightId of due) await remindGameNight(live, gameNightId, at)
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
        log().error({ err: error }, 'could not send game night reminders')
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
    if (change.kind === 'event' && change.type === 'game-night') schedule(AFTER_EVENT_MS)
  })
  schedule(0)
  return async () => {
    stopped = true
    clearTimeout(timer)
    stopListening()
    await running
  }
}
