/**
 * Reposts and quotes (docs/API.md, "Reposts and quotes"): one repost per user and post, counted
 * on the post in the same transaction; a quote is a post of its own whose `quote_of_id` names the
 * original, counted on the original while both exist. Who may share what: not a post whose
 * author is suspended, nor one of someone the sharer blocked or who blocked them.
 */
import type { UserSummary } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { POST_COLUMNS } from '../../db/raw'
import type { PostRow } from '../../db/rows'
import { SHARE_MESSAGES } from '../../errors/messages'
import { getPost } from './posts'
import { refuseInteraction } from './visibility'
import type { PageRequest, RowPage } from './pagination'
import { pagePostPeople, type PostPersonRow } from './post-people'

/**
 * Refuses sharing (reposting, quoting) or reacting to `post` by `actorId`, as every interaction
 * is (services/visibility.ts, refuseInteraction): POST_UNAVAILABLE when its author is suspended,
 * BLOCKED when either blocked the other.
 */
export function refuseUnshareable(db: Store, actorId: number, post: PostRow): Promise<void> {
  return refuseInteraction(db, actorId, [post.authorId], SHARE_MESSAGES.blockedShare)
}

/**
 * What a repost or its undo did: the post as it now is, whether anything changed, and when (a
 * repost's time, caches/home-timelines.ts).
 */
export interface RepostChange {
  post: PostRow
  changed: boolean
  at: number
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

/** The original a new quote may quote, checked (404 when deleted, refused as a repost is). */
export async function quotable(db: Store, actorId: number, originalId: number): Promise<PostRow> {
  const original = await getPost(db, originalId)
  await refuseUnshareable(db, actorId, original)
  return original
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

/** Which of `postIds` the viewer reposts (one query). */
export async function repostedBy(
  db: Store,
  postIds: readonly number[],
  viewerId: number | null,
): Promise<Set<number>> {
  if (viewerId === null || postIds.length === 0) return new Set()
  return new Set(
    await db.ids(
      `SELECT post_id FROM reposts WHERE user_id = ? AND post_id IN ${db.sql.idSet}`,
      viewerId,
      db.sql.ids(postIds),
    ),
  )
}

// --- issue 29 leftovers: who reposted a post ---

/**
 * Who reposts a post now, newest repost first, a page at a time in one query (post-people.ts, as
 * who reacted); those hidden from the viewer (suspended, blocked either way, muted) are left out,
 * so the list can hold fewer than the post's `repostCount`.
 */
export async function pageReposters(
  db: Store,
  postId: number,
  page: PageRequest,
  viewer: number | null,
  toSummary: (row: PostPersonRow) => UserSummary,
): Promise<RowPage<UserSummary>> {
  return pagePostPeople(db, postId, { table: 'reposts' }, page, viewer, toSummary)
}
