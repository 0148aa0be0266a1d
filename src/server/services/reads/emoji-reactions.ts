/**
 * Emoji reactions on posts (docs/API.md, "Emoji reactions"): beside like and dislike, which keep
 * the spec's rules, each user may add each emoji (a quick one of REACTIONS in
 * src/shared/reactions.ts, or any other the server knows) once to a post, and take it back. The counts a post shows are kept in `post_emoji_counts` in the same
 * transaction, so that a page reads them in one query whatever the number of reactions.
 */
import type { ReactionCount, UserSummary } from '../../../shared/api-types'
import { compareReactions, type Reaction } from '../../../shared/reactions'
import type { Store } from '../../db/store'
import type { PageRequest, RowPage } from './pagination'
import { pagePostPeople, type PostPersonRow } from './post-people'

/** Counts in the order of compareReactions, those at 0 left out. */
export function orderCounts(counts: Map<string, number>): ReactionCount[] {
  return [...counts]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => compareReactions(a, b))
    .map(([reaction, count]) => ({ reaction, count }))
}

/** The emoji counts of these posts (one query), by post. */
export async function emojiCounts(
  db: Store,
  postIds: readonly number[],
): Promise<Map<number, ReactionCount[]>> {
  const byPost = new Map<number, Map<string, number>>()
  if (postIds.length > 0) {
    const rows = await db.all<{ postId: number; reaction: string; count: number }>(
      `SELECT post_id AS "postId", reaction, count FROM post_emoji_counts
       WHERE post_id IN ${db.sql.idSet} AND count > 0`,
      db.sql.ids(postIds),
    )
    for (const row of rows) {
      const counts = byPost.get(row.postId) ?? new Map<string, number>()
      counts.set(row.reaction, Number(row.count))
      byPost.set(row.postId, counts)
    }
  }
  return new Map([...byPost].map(([postId, counts]) => [postId, orderCounts(counts)]))
}

/** The viewer's own emoji reactions to these posts (one query), by post, in compareReactions order. */
export async function ownEmojiReactions(
  db: Store,
  postIds: readonly number[],
  viewerId: number | null,
): Promise<Map<number, Reaction[]>> {
  const byPost = new Map<number, Set<string>>()
  if (viewerId !== null && postIds.length > 0) {
    const rows = await db.all<{ postId: number; reaction: string }>(
      `SELECT post_id AS "postId", reaction FROM post_emoji_reactions
       WHERE user_id = ? AND post_id IN ${db.sql.idSet}`,
      viewerId,
      db.sql.ids(postIds),
    )
    for (const row of rows) {
      const own = byPost.get(row.postId) ?? new Set<string>()
      own.add(row.reaction)
      byPost.set(row.postId, own)
    }
  }
  return new Map([...byPost].map(([postId, own]) => [postId, [...own].sort(compareReactions)]))
}

export async function countsOf(db: Store, postId: number): Promise<ReactionCount[]> {
  return (await emojiCounts(db, [postId])).get(postId) ?? []
}

/**
 * Who reacted to a post with `reaction`, newest first, a page at a time; those hidden from the
 * viewer (suspended, blocked either way, muted) are left out, as everywhere (post-people.ts).
 */
export async function pageReactors(
  db: Store,
  postId: number,
  reaction: Reaction,
  page: PageRequest,
  viewer: number | null,
  toSummary: (row: PostPersonRow) => UserSummary,
): Promise<RowPage<UserSummary>> {
  return pagePostPeople(
    db,
    postId,
    { table: 'post_emoji_reactions', reaction },
    page,
    viewer,
    toSummary,
  )
}
