/**
 * Telling a poll's author and voters that it ended (docs/API.md, "Polls"; startup/poll-ends.ts):
 * once per poll, claimed by one UPDATE so that of several instances one tells it.
 */
import type { Store } from '../../db/store'
import type { NotificationChanges } from '../reads/notifications'
import { notify } from './notifications'

/** The polls whose end is due and untold at `now`, and the next end after them (or null). */
export async function duePollEnds(
  db: Store,
  now: number,
): Promise<{ due: number[]; next: number | null }> {
  const due = await db.ids(
    `SELECT post_id FROM polls WHERE end_told_at IS NULL AND ends_at <= ?
     ORDER BY ends_at, post_id`,
    now,
  )
  const next = await db.get<{ endsAt: number | null }>(
    'SELECT min(ends_at) AS "endsAt" FROM polls WHERE end_told_at IS NULL AND ends_at > ?',
    now,
  )
  return { due, next: next?.endsAt == null ? null : Number(next.endsAt) }
}

/**
 * Claims the poll's end and writes `poll-ended` to its author and to everyone who voted (each
 * once; the author's own vote included), as `notify` writes any notification: not to those
 * blocked either way with the author or muting them, nor to those who turned poll ends off.
 * Answers false when another claimed it first or the poll is gone or not over.
 */
export async function tellPollEnded(
  db: Store,
  changes: NotificationChanges,
  postId: number,
  now = Date.now(),
): Promise<boolean> {
  const claimed = await db.run(
    'UPDATE polls SET end_told_at = ? WHERE post_id = ? AND end_told_at IS NULL AND ends_at <= ?',
    now,
    postId,
    now,
  )
  if (claimed === 0) return false
  const post = await db.get<{ authorId: number }>(
    'SELECT author_id AS "authorId" FROM posts WHERE id = ?',
    postId,
  )
  if (!post) return false
  const voters = await db.ids(
    'SELECT user_id FROM poll_votes WHERE post_id = ? ORDER BY user_id',
    postId,
  )
  for (const recipientId of new Set([post.authorId, ...voters])) {
    await notify(
      db,
      changes,
      { recipientId, actorId: post.authorId, type: 'poll-ended', postId, evenToActor: true },
      now,
    )
  }
  return true
}
