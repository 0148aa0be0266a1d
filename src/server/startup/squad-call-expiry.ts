/**
 * Squad calls' expiry (docs/API.md, "Squad calls"): an open call closes by itself at its
 * `expires_at`, on a timer computed from the database (startup/on-time.ts): a `squad-call` event
 * (a new call) wakes it; a call that ran out while the server was down closes at the start.
 * Each expiry is claimed in the database (writes/squad-calls.ts `expireSquadCall`: the UPDATE
 * that moves it off `open`), so only one instance announces it.
 */
import { expireSquadCall } from '../actions/squad-calls'
import type { Live } from '../actions/live'
import { dueExpiries } from '../services/writes/squad-calls'
import { runOnTime, type OnTimeOptions } from './on-time'

/** Starts the expiry's timer; answers how to stop it (startup/on-time.ts). */
export function expireSquadCallsOnTime(
  live: Live,
  options: OnTimeOptions = {},
): () => Promise<void> {
  return runOnTime(
    live,
    {
      failure: 'could not close squad calls on time',
      wakeOn: ['squad-call'],
      due: (now) => dueExpiries(live.db, now),
      handle: (squadCallId, now) => expireSquadCall(live, squadCallId, now),
    },
    options,
  )
}
