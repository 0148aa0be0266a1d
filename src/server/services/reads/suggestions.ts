/**
 * What the composer suggests while typing (docs/API.md, "Autocomplete"): people for `@`, those
 * the viewer follows first, and tags for `#`, the most used first. Each is one query.
 */
import type { TagSuggestion, UsersPage } from '../../../shared/api-types'
import { USER_COLUMNS } from '../../db/raw'
import type { UserRow } from '../../db/rows'
import type { Store } from '../../db/store'
import { toUserListItem, usernameKey } from './users'
import { ACTIVE_MUTE, visibleAuthor, type Viewer } from './visibility'

/**
 * Users whose name starts with `prefix` for `viewerId` to mention: those they follow first,
 * then the others, each alphabetically; never themselves, a suspended account, anyone blocked
 * either way or muted now. One page of `limit`, no cursor (a suggestion list is short).
 */
export async function mentionSuggestions(
  db: Store,
  prefix: string,
  viewerId: number,
  limit: number,
  now = Date.now(),
): Promise<UsersPage> {
  const key = usernameKey(prefix)
  const rows = await db.all<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users
     WHERE username_key >= ? AND username_key < ? AND id <> ? AND suspended_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = ? AND blocked_id = users.id)
                                               OR (blocker_id = users.id AND blocked_id = ?))
       AND NOT EXISTS (SELECT 1 FROM mutes WHERE muter_id = ? AND muted_id = users.id
                       AND ${ACTIVE_MUTE})
     ORDER BY CASE WHEN EXISTS (SELECT 1 FROM follows
                                WHERE follower_id = ? AND followee_id = users.id)
                   THEN 0 ELSE 1 END,
       username_key, id
     LIMIT ?`,
    key,
    `${key}\uffff`,
    viewerId,
    viewerId,
    viewerId,
    viewerId,
    now,
    viewerId,
    limit,
  )
  return { users: rows.map(toUserListItem), nextCursor: null }
}

/**
 * Tags starting with `prefix` (normalized), the most used first (counting only posts the viewer
 * may see: services/reads/visibility.ts), then alphabetically.
 */
export async function tagSuggestions(
  db: Store,
  prefix: string,
  viewer: Viewer,
  limit: number,
): Promise<TagSuggestion[]> {
  const visible = await visibleAuthor(db, 'p.author_id', viewer)
  return db.all<TagSuggestion>(
    `SELECT t.tag AS tag, COUNT(*) AS "postCount"
     FROM post_tags t JOIN posts p ON p.id = t.post_id
     WHERE t.tag >= ? AND t.tag < ?${visible.and}
     GROUP BY t.tag
     ORDER BY COUNT(*) DESC, t.tag
     LIMIT ?`,
    prefix,
    `${prefix}\uffff`,
    ...visible.params,
    limit,
  )
}
