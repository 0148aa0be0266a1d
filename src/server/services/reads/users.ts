import type { UserListItem, UsersPage } from '../../../shared/api-types'
import { isStorableText, type Store } from '../../db/store'
import { inIdOrder, USER_COLUMNS } from '../../db/raw'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import { decodeNumericCursor, decodeTextCursor, finishPage, type PageRequest } from './pagination'
import { toUserSummary } from '../presenting/embedded'
import type { UserRow } from '../../db/rows'
import { ACTIVE_MUTE, visibleAuthor, type Viewer } from './visibility'

/** Served by the media routes; what every user without a picture of their own shows. */
export const DEFAULT_PROFILE_IMG = '/api/media/default-avatar.svg'

/** Usernames compare without case: `Alice` and `alice` are one account. */
export const usernameKey = (username: string) => username.trim().toLowerCase()

/** Profiles, their posts and every login look users up by name. */
export async function findUserByUsername(
  db: Store,
  username: string,
): Promise<UserRow | undefined> {
  // A name no row can hold names nobody (PostgreSQL would refuse the query itself).
  if (!isStorableText(username)) return undefined
  return db.get<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE username_key = ?`,
    usernameKey(username),
  )
}

/** Every signed-in request looks its user up. */
export function findUserById(db: Store, id: number): Promise<UserRow | undefined> {
  return db.get<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`, id)
}

export async function getUserById(db: Store, id: number): Promise<UserRow> {
  const row = await findUserById(db, id)
  if (!row) throw new HttpError('USER_NOT_FOUND', MESSAGES.userNotFound)
  return row
}

export async function getUserByUsername(db: Store, username: string): Promise<UserRow> {
  const row = await findUserByUsername(db, username)
  if (!row) throw new HttpError('USER_NOT_FOUND', MESSAGES.userNotFound)
  return row
}

/** Every user's id, oldest account first: the order of the whole-list answer. */
export function allUserIds(db: Store): Promise<number[]> {
  return db.ids('SELECT id FROM users ORDER BY id')
}

/** The users of these ids, in this order (ids without a user left out). */
export async function usersByIds(db: Store, ids: number[]): Promise<UserRow[]> {
  const rows = await db.all<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id IN ${db.sql.idSet}`,
    db.sql.ids(ids),
  )
  return inIdOrder(ids, rows)
}

/** A user as the paged user lists show them (`UserListItem`): summary, bio and counts. */
export const toUserListItem = (row: UserRow): UserListItem => ({
  ...toUserSummary(row),
  bio: row.bio,
  followerCount: row.followerCount,
  followingCount: row.followingCount,
})

/** A user the viewer (`?`) does not mute at the time (`?`). */
const NOT_MUTED = `NOT EXISTS (SELECT 1 FROM mutes WHERE muter_id = ? AND muted_id = users.id
                   AND ${ACTIVE_MUTE})`

/**
 * Users whose name starts with `prefix` (case-insensitive, trimmed), alphabetically; never a
 * suspended account, and for a signed-in viewer not those blocked either way nor those they mute
 * while the mute lasts (services/reads/visibility.ts, hiddenAuthors).
 */
export async function searchUsers(
  db: Store,
  prefix: string,
  page: PageRequest,
  viewer: Viewer = null,
): Promise<UsersPage> {
  const key = usernameKey(prefix)
  const [afterKey, afterId] = page.cursor ? decodeTextCursor(page.cursor) : ['', 0]
  const visible = await visibleAuthor(db, 'id', viewer)
  // A range on the lowercased key is a prefix match that its unique index serves.
  const rows = await db.all<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users
     WHERE username_key >= ? AND username_key < ? AND (username_key, id) > (?, ?)${visible.and}
     ORDER BY username_key, id LIMIT ?`,
    key,
    `${key}\uffff`,
    afterKey,
    afterId,
    ...visible.params,
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.usernameKey, row.id])
  return { users: finished.rows.map(toUserListItem), nextCursor: finished.nextCursor }
}

/**
 * All users in sign-up order, a page at a time: as search, not those hidden from the viewer
 * (suspended, blocked either way, muted; services/reads/visibility.ts).
 */
export async function pageUsers(
  db: Store,
  page: PageRequest,
  viewer: Viewer = null,
): Promise<UsersPage> {
  const after = page.cursor ? decodeNumericCursor(page.cursor, 1) : null
  const visible = await visibleAuthor(db, 'id', viewer)
  const rows = await db.all<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id > ?${visible.and} ORDER BY id LIMIT ?`,
    after?.[0] ?? 0,
    ...visible.params,
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.id])
  return { users: finished.rows.map(toUserListItem), nextCursor: finished.nextCursor }
}

/**
 * People the viewer does not follow yet, the most followed first: never the viewer, a suspended
 * account, anyone the viewer blocked or who blocked them (docs/API.md, "blocking hides…"), or
 * anyone the viewer mutes.
 */
export async function suggestUsers(
  db: Store,
  viewerId: number,
  page: PageRequest,
  now = Date.now(),
): Promise<UsersPage> {
  const after = page.cursor ? decodeNumericCursor(page.cursor, 2) : null
  const rows = await db.all<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users
     WHERE id <> ? AND suspended_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = users.id)
       AND NOT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = ? AND blocked_id = users.id)
                                               OR (blocker_id = users.id AND blocked_id = ?))
       AND ${NOT_MUTED}
       ${after ? 'AND (follower_count, id) < (?, ?)' : ''}
     ORDER BY follower_count DESC, id DESC LIMIT ?`,
    viewerId,
    viewerId,
    viewerId,
    viewerId,
    viewerId,
    now,
    ...(after ?? []),
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.followerCount, row.id])
  return { users: finished.rows.map(toUserListItem), nextCursor: finished.nextCursor }
}
