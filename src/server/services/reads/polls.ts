/**
 * Polls read for presenting (docs/API.md, "Polls"): options, totals and the viewer's vote for a
 * whole page in one query. Creating, replacing and voting is ../writes/polls.ts.
 */
import type { PostPoll, PollOption } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { POLL_MESSAGES } from '../../errors/messages'
import { formatTimestamp } from '../presenting/time'
import { HttpError } from '../../errors/http-error'

export interface PollRow {
  postId: number
  optionId: number
  text: string
  endsAt: number
  revision: number
  votes: number
  ownVote: number | null
}

/** True when the post has a poll. */
export async function hasPoll(db: Store, postId: number): Promise<boolean> {
  return (await db.get('SELECT 1 FROM polls WHERE post_id = ?', postId)) !== undefined
}

/**
 * The polls of these posts as `viewerId` sees them (their own vote; null: nobody signed in), in
 * one query whatever the number of posts: a post without a poll has no entry.
 */
export async function loadPolls(
  db: Store,
  postIds: number[],
  viewerId: number | null,
  now = Date.now(),
): Promise<Map<number, PostPoll>> {
  const byPost = new Map<number, PostPoll>()
  if (postIds.length === 0) return byPost
  const rows = await db.all<PollRow>(
    `SELECT o.post_id AS "postId", o.id AS "optionId", o.text AS text, p.ends_at AS "endsAt",
       p.revision AS revision,
       (SELECT COUNT(*) FROM poll_votes v WHERE v.option_id = o.id) AS votes,
       (SELECT v.option_id FROM poll_votes v WHERE v.post_id = o.post_id AND v.user_id = ?)
         AS "ownVote"
     FROM poll_options o JOIN polls p ON p.post_id = o.post_id
     WHERE o.post_id IN ${db.sql.idSet}
     ORDER BY o.post_id, o.position`,
    viewerId ?? 0,
    db.sql.ids(postIds),
  )
  for (const row of rows) {
    let poll = byPost.get(row.postId)
    if (!poll) {
      poll = {
        options: [],
        endsAt: formatTimestamp(row.endsAt),
        ended: now >= row.endsAt,
        voterCount: 0,
        ownVote: row.ownVote === null ? null : String(row.ownVote),
        revision: Number(row.revision),
      }
      byPost.set(row.postId, poll)
    }
    const votes = Number(row.votes)
    poll.options.push({ id: String(row.optionId), text: row.text, votes } satisfies PollOption)
    // One vote per user (moved, never doubled): the voters are the sum of the options' votes.
    poll.voterCount += votes
  }
  return byPost
}

/** One post's poll as `viewerId` sees it. */
export async function getPoll(
  db: Store,
  postId: number,
  viewerId: number | null,
  now = Date.now(),
): Promise<PostPoll> {
  const poll = (await loadPolls(db, [postId], viewerId, now)).get(postId)
  if (!poll) throw new HttpError('POLL_NOT_FOUND', POLL_MESSAGES.notFound)
  return poll
}
