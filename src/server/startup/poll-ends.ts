/**
 * Polls' ends (docs/API.md, "Polls"): when a poll ends, its author and everyone who voted hear
 * of it, once, on a timer computed from the database (startup/on-time.ts): a `post` event (a new
 * post, or an edit that gave a post a new poll) wakes it; a poll that ended while the server was
 * down is told at the start. Each end is claimed in the database (writes/poll-ends.ts
 * `tellPollEnded`: the UPDATE that sets `end_told_at`), so only one instance tells it.
 */
import type { Live } from '../actions/live'
import { tellPollEnded } from '../actions/polls'
import { duePollEnds } from '../services/writes/poll-ends'
import { runOnTime, type OnTimeOptions } from './on-time'

/** Starts the polls' timer; answers how to stop it (startup/on-time.ts). */
export function tellPollEndsOnTime(live: Live, options: OnTimeOptions = {}): () => Promise<void> {
  return runOnTime(
    live,
    {
      failure: 'could not tell of ended polls',
      wakeOn: ['post'],
      due: (now) => duePollEnds(live.db, now),
      handle: (postId, now) => tellPollEnded(live, postId, now),
    },
    options,
  )
}
