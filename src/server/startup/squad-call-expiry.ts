/**
 * Squad calls' expiry (docs/API.md, "Squad calls"): an open call closes by itself at its
 * `expires_at`. The timer is computed from the database, never kept elsewhere, as the game
 * nights' reminders are (game-night-reminders.ts): at a start (a call that ran out while the
 * server was down closes at once), after each expiry, whenever a `squad-call` event arrives (from
 * this instance or, through Redis, another: a new call), and at least every `checkEveryMs`. In a
 * cluster every instance runs one; each expiry is claimed in the database (writes/squad-calls.ts
 * `expireSquadCall`: the UPDATE that moves it off `open`), so only one instance announces it.
 */
import { expireSquadCall } from '../actions/squad-calls'
import type { Live } from '../actions/live'
import { log } from '../observability/log'
import { dueExpiries } from '../services/writes/squad-calls'

/** How long the timer sleeps at most: a call made where no event told this instance. */
const CHECK_EVERY_MS = 60_000
/** How soon after a `squad-call` event the timer looks again (events come in bursts). */
const AFTER_EVENT_MS = 200

export interface ExpiryOptions {
  checkEveryMs?: number
  /** The clock (milliseconds); a test moves it. */
  now?: () => number
}

/**
 * Starts the expiry's timer on unref'd timers. Answers how to stop: no round starts after it,
 * and it settles once the one under way ended, so that the store is closed under no statement.
 */
export function expireSquadCallsOnTime(
  live: Live,
  { checkEveryMs = CHECK_EVERY_MS, now = Date.now }: ExpiryOptions = {},
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
    const { due, next } = await dueExpiries(live.db, at)
    for (const squadCallId of due) await expireSquadCall(live, squadCallId, at)
    schedule(next === null ? checkEveryMs : Math.min(next - now(), checkEveryMs))
  }

  function run() {
    if (running) {
      again = true
      return
    }
    running = round()
      .catch((error: unknown) => {
        log().error({ err: error }, 'could not close squad calls on time')
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
    if (change.kind === 'event' && change.type === 'squad-call') schedule(AFTER_EVENT_MS)
  })
  schedule(0)
  return async () => {
    stopped = true
    clearTimeout(timer)
    stopListening()
    await running
  }
}
