/**
 * The paged follower and following lists of a profile (docs/API.md, "Follower and following
 * lists"): newest follow first, keyset-paged on (follow time, user id) through the
 * follows_*_recent_idx indexes, so a page costs the same wherever it is in the list.
 */
import type { Store } from '../../db/store'
import { USER_COLUMNS } from '../../db/raw'
import { visibleAuthor, type Viewer } from './visibility'
import { decodeNumericCursor, finishPage, type PageRequest } from './pagination'
import type { UsersPage } from '../../../shared/api-types'
import { toUserListItem } from './users'
import type { UserRow } from '../../db/rows'

export type FollowListKind = 'followers' | 'following'

/** Which column of `follows` names the profile and which the people listed. */
const COLUMNS: Record<FollowListKind, { owner: string; listed: string }> = {
  followers: { owner: 'followee_id', listed: 'follower_id' },
  following: { owner: 'follower_id', listed: 'followee_id' },
}

type FollowRow = UserRow & { followedAt: number }

/**
 * One page of the people who follow `ownerId` (`followers`) or whom `ownerId` follows
 * (`following`). Like every list, it leaves out the accounts hidden from the viewer (suspended,
 * or blocked either way) in its query, so every page but the last holds `limit` people.
 */
export async function pageFollowList(
  db: Store,
  kind: FollowListKind,
  ownerId: number,
  viewer: Viewer,
  page: PageRequest,
): Promise<UsersPage> {
  const { owner, listed } = COLUMNS[kind]
  const after = page.cursor ? decodeNumericCursor(page.cursor, 2) : null
  const visible = await visibleAuthor(db, `f.${listed}`, viewer)
  // The SQL text depends only on `kind`, whether there is a cursor and whether anyone is hidden:
  // eight cached statements.
  const rows = await db.all<FollowRow>(
    `SELECT ${USER_COLUMNS}, f.created_at AS "followedAt"
     FROM follows f JOIN users ON users.id = f.${listed}
     WHERE f.${owner} = ?${after ? ` AND (f.created_at, f.${listed}) < (?, ?)` : ''}
      ${visible.and}
     ORDER BY f.created_at DESC, f.${listed} DESC
     LIMIT ?`,
    ownerId,
    ...(after ?? []),
    ...visible.params,
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.followedAt, row.id])
  return { users: finished.rows.map(toUserListItem), nextCursor: finished.nextCursor }
}
