/**
 * Polls of posts (docs/API.md, "Polls"): 2–4 options and an end; one vote per user, which they
 * may change until the end; counts read from the votes themselves, for a whole page in one query,
 * and a revision that grows with every vote or change, so that a client keeps the newest counts
 * whatever order they reach it in.
 */
import type { PollInput } from '../../../shared/schemas'
import { insertRow, insertRows } from '../../db/raw'
import { pollOptions, polls } from '../../db/schema'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { POLL_MESSAGES } from '../../errors/messages'

const MINUTE = 60 * 1000

/** Adds a poll to a post just written (the post has no poll yet). */
export async function createPoll(
  db: Store,
  postId: number,
  input: PollInput,
  now: number,
): Promise<void> {
  await insertRow(db, polls, {
    postId,
    endsAt: now + input.durationMinutes * MINUTE,
    createdAt: now,
  })
  await insertRows(
    db,
    pollOptions,
    input.options.map((text, position) => ({ postId, position, text })),
  )
}

/**
 * An edit's poll change: `input` replaces the poll (with a new end counted from now), `null`
 * removes it. Refused once anyone voted (POLL_LOCKED): the voters chose among these options.
 */
export async function replacePoll(
  db: Store,
  postId: number,
  input: PollInput | null,
  now: number,
): Promise<void> {
  const votes = await db.get('SELECT 1 FROM poll_votes WHERE post_id = ? LIMIT 1', postId)
  if (votes) throw new HttpError('POLL_LOCKED', POLL_MESSAGES.locked)
  await db.run('DELETE FROM polls WHERE post_id = ?', postId)
  if (input) await createPoll(db, postId, input, now)
}

/**
 * Casts the user's vote, or moves it to `optionId` when they voted already (the same option again
 * changes nothing). Refused after the end (POLL_ENDED: voting stops at `endsAt` exactly) and for
 * an option of another poll (VALIDATION). Answers whether the counts changed (the poll's
 * revision went up). Who may see the post is the command's to check first.
 */
export async function castVote(
  db: Store,
  userId: number,
  postId: number,
  optionId: number,
  now: number,
): Promise<boolean> {
  const poll = await db.get<{ endsAt: number }>(
    'SELECT ends_at AS "endsAt" FROM polls WHERE post_id = ?',
    postId,
  )
  if (!poll) throw new HttpError('POLL_NOT_FOUND', POLL_MESSAGES.notFound)
  if (now >= poll.endsAt) throw new HttpError('POLL_ENDED', POLL_MESSAGES.ended)
  const option = await db.get(
    'SELECT 1 FROM poll_options WHERE id = ? AND post_id = ?',
    optionId,
    postId,
  )
  if (!option) throw new HttpError('VALIDATION', POLL_MESSAGES.optionNotInPoll)
  // One statement, so two taps racing each other leave one vote; an unchanged vote writes nothing.
  const changed = await db.run(
    `INSERT INTO poll_votes (post_id, user_id, option_id, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (post_id, user_id) DO UPDATE SET option_id = excluded.option_id,
       created_at = excluded.created_at
     WHERE poll_votes.option_id <> excluded.option_id`,
    postId,
    userId,
    optionId,
    now,
  )
  if (changed === 0) return false
  await db.run('UPDATE polls SET revision = revision + 1 WHERE post_id = ?', postId)
  return true
}
