/**
 * User rows into the API's whole User shape (src/shared/api-types.ts): their followers and
 * following as summaries, two queries for a whole batch, and one's own bookmarks.
 */
import type { User, UserSummary } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { visibleAuthor } from '../reads/visibility'
import { POST_COLUMNS } from '../../db/raw'
import type { PostRow, UserRow } from '../../db/rows'
import { publicExtras } from './sign-up-extras'
import { formatTimestamp } from './time'
import { SUMMARY_COLUMNS, groupBy, toUserSummary, type SummaryRow } from './embedded'
import { presentPosts } from './posts'

function parseExtra(extra: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(extra)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? publicExtras(parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

interface FollowRow extends SummaryRow {
  /** The user whose followers (or following) this row is one of. */
  ownerId: number
}

/**
 * The followers (`follows.followee_id` is the owner) or the following (`follower_id` is) of a
 * batch of users, each list in the order they followed, grouped by user: one query.
 */
async function loadFollows(
  db: Store,
  userIds: number[],
  side: 'followers' | 'following',
): Promise<Map<number, UserSummary[]>> {
  const [owner, other] =
    side === 'followers' ? ['followee_id', 'follower_id'] : ['follower_id', 'followee_id']
  const rows = await db.all<FollowRow>(
    `SELECT f.${owner} AS "ownerId", ${SUMMARY_COLUMNS}
     FROM follows f JOIN users u ON u.id = f.${other}
     WHERE f.${owner} IN ${db.sql.idSet}
     ORDER BY f.${owner}, f.created_at, f.${other}`,
    db.sql.ids(userIds),
  )
  const byOwner = new Map<number, UserSummary[]>()
  for (const [ownerId, group] of groupBy(rows, (row) => row.ownerId)) {
    byOwner.set(ownerId, group.map(toUserSummary))
  }
  return byOwner
}

/**
 * Whole users, in the order given: followers and following as summaries, two queries for the
 * whole batch. Bookmarks are private, so these answer an empty list of them (presentUser).
 */
export async function presentUsers(db: Store, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return []
  const userIds = rows.map((row) => row.id)
  const followers = await loadFollows(db, userIds, 'followers')
  const following = await loadFollows(db, userIds, 'following')
  return rows.map((row) => ({
    // Extra sign-up fields first, so that no stored extra can shadow a real field.
    ...parseExtra(row.extra),
    ...toUserSummary(row),
    bio: row.bio,
    createdAt: formatTimestamp(row.createdAt),
    updatedAt: formatTimestamp(row.updatedAt),
    followers: followers.get(row.id) ?? [],
    following: following.get(row.id) ?? [],
    bookmarks: [],
    followerCount: row.followerCount,
    followingCount: row.followingCount,
    postCount: row.postCount,
  }))
}

/**
 * One whole user (presentUsers). Bookmarks are private: only the user themself gets them
 * (`withBookmarks`), as posts trimmed like a page, the most recently saved first; everyone else
 * sees an empty list.
 */
export async function presentUser(
  db: Store,
  row: UserRow,
  { withBookmarks = false } = {},
): Promise<User> {
  const [user] = await presentUsers(db, [row])
  if (!user) throw new Error(`User ${row.id} could not be presented`)
  if (!withBookmarks) return user
  // Like every list, not the posts hidden from their owner (services/reads/visibility.ts).
  const visible = await visibleAuthor(db, 'posts.author_id', row.id)
  const bookmarkedPosts = await db.all<PostRow>(
    `SELECT ${POST_COLUMNS} FROM bookmarks JOIN posts ON posts.id = bookmarks.post_id
     WHERE bookmarks.user_id = ?${visible.and}
     ORDER BY bookmarks.created_at DESC, bookmarks.post_id DESC`,
    row.id,
    ...visible.params,
  )
  return {
    ...user,
    bookmarks: await presentPosts(db, bookmarkedPosts, { detail: 'page', viewerId: row.id }),
  }
}
