/**
 * Game nights' reminders (docs/API.md, "Game nights"): a notification to everyone going or maybe
 * 15 minutes before the start, on a timer computed from the database (startup/on-time.ts): a
 * `game-night` event (a new or moved night) wakes it. Each reminder is claimed in the database
 * (writes/game-nights.ts `remindGameNight`: the UPDATE that sets `reminded_at`), so only one
 * instance sends it.
 */
import { remindGameNight } from '../actions/game-nights'
import type { Live } from '../actions/live'
import { dueReminders } from '../services/writes/game-nights'
import { runOnTime, type OnTimeOptions } from './on-time'

export type ReminderOptions = OnTimeOptions

/** Starts the reminders' timer; answers how to stop it (startup/on-time.ts). */
export function remindGameNightsOnTime(
  live: Live,
  options: ReminderOptions = {},
): () => Promise<void> {
  return runOnTime(
    live,
    {
      failure: 'could not send game night reminders',
      wakeOn: ['game-night'],
      due: (now) => dueReminders(live.db, now),
      handle: (gameNightId, now) => remindGameNight(live, gameNightId, now),
    },
    options,
  )
}
