/**
 * Reposts and quotes (docs/API.md, "Reposts and quotes"): one repost per user and post, counted
 * on the post in the same transaction; a quote is a post of its own whose `quote_of_id` names the
 * original, counted on the original while both exist. Who may share what: not a post whose
 * author is suspended, nor one of someone the sharer blocked or who blocked them.
 */
import type { UserSummary } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import type { PostRow } from '../../db/rows'
import { SHARE_MESSAGES } from '../../errors/messages'
import { getPost } from './posts'
import { refuseInteraction } from './visibility'
import type { PageRequest, RowPage } from './pagination'
import { pagePostPeople, type PostPersonRow } from './post-people'

/**
 * Refuses sharing (reposting, quoting) or reacting to `post` by `actorId`, as every interaction
 * is (services/reads/visibility.ts, refuseInteraction): POST_UNAVAILABLE when its author is suspended,
 * BLOCKED when either blocked the other.
 */
export function refuseUnshareable(db: Store, actorId: number, post: PostRow): Promise<void> {
  return refuseInteraction(db, actorId, [post.authorId], SHARE_MESSAGES.blockedShare)
}

/** The original a new quote may quote, checked (404 when deleted, refused as a repost is). */
export async function quotable(db: Store, actorId: number, originalId: number): Promise<PostRow> {
  const original = await getPost(db, originalId)
  await refuseUnshareable(db, actorId, original)
  return original
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

// --- who reposted a post ---

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
