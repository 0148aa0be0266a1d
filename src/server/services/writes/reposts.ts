/**
 * Reposts and quotes as rows (docs/API.md, "Reposts and quotes"): a repost and its undoing,
 * counted on the post in the same transaction, and a quote's count on its original.
 */
import type { PostRow } from '../../db/rows'
import { refuseUnshareable } from '../reads/reposts'
import { getPost } from '../reads/posts'
import type { Store } from '../../db/store'
import { POST_COLUMNS } from '../../db/raw'

/**
 * What a repost or its undo did: the post as it now is, whether anything changed, and when (a
 * repost's time, caches/home-timelines.ts).
 */
export interface RepostChange {
  post: PostRow
  changed: boolean
  at: number
}

/**
 * Reposts a post for `userId`. Idempotent: a second repost changes nothing (`changed` false) and
 * keeps the first one's time. One's own posts may be reposted, as on Bluesky and Mastodon.
 */
export async function repost(
  db: Store,
  userId: number,
  postId: number,
  now = Date.now(),
): Promise<RepostChange> {
  return db.transaction(async (tx) => {
    const post = await getPost(tx, postId)
    await refuseUnshareable(tx, userId, post)
    const added = await tx.get<{ postId: number }>(
      `INSERT INTO reposts (post_id, user_id, created_at) VALUES (?, ?, ?)
       ON CONFLICT (post_id, user_id) DO NOTHING RETURNING post_id AS "postId"`,
      post.id,
      userId,
      now,
    )
    if (!added) return { post, changed: false, at: now }
    const row = await moveCount(tx, post.id, 'repost_count', 1)
    if (!row) throw new Error(`Post ${post.id} vanished`)
    return { post: row, changed: true, at: now }
  })
}

/**
 * Takes a repost back. Idempotent: without a repost it changes nothing. Always allowed (a block
 * since does not keep a repost in place).
 */
export async function undoRepost(
  db: Store,
  userId: number,
  postId: number,
  now = Date.now(),
): Promise<RepostChange> {
  return db.transaction(async (tx) => {
    const post = await getPost(tx, postId)
    const removed = await tx.run(
      'DELETE FROM reposts WHERE post_id = ? AND user_id = ?',
      post.id,
      userId,
    )
    if (removed === 0) return { post, changed: false, at: now }
    const row = await moveCount(tx, post.id, 'repost_count', -1)
    if (!row) throw new Error(`Post ${post.id} vanished`)
    return { post: row, changed: true, at: now }
  })
}

/** Marks `quoteId` as a quote of `original` and counts it there; answers the original now. */
export async function recordQuote(
  db: Store,
  quoteId: number,
  original: PostRow,
): Promise<{ quote: PostRow; original: PostRow }> {
  const quote = await db.get<PostRow>(
    `UPDATE posts SET quote_of_id = ? WHERE id = ? RETURNING ${POST_COLUMNS}`,
    original.id,
    quoteId,
  )
  const counted = await moveCount(db, original.id, 'quote_count', 1)
  if (!quote || !counted) throw new Error(`Post ${quoteId} or ${original.id} vanished`)
  return { quote, original: counted }
}

/**
 * Before a quote is deleted: its original (if still there) counts one quote less. Answers the
 * original as it now is, or null.
 */
export async function forgetQuote(db: Store, quote: PostRow): Promise<PostRow | null> {
  if (quote.quoteOfId === null || quote.quoteOfId === quote.id) return null
  return (await moveCount(db, quote.quoteOfId, 'quote_count', -1)) ?? null
}

async function moveCount(
  db: Store,
  postId: number,
  column: 'repost_count' | 'quote_count',
  delta: number,
): Promise<PostRow | undefined> {
  return db.get<PostRow>(
    `UPDATE posts SET ${column} = ${column} + ? WHERE id = ? RETURNING ${POST_COLUMNS}`,
    delta,
    postId,
  )
}
