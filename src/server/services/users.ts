import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { UserListItem, UsersPage } from '../../shared/api-types'
import { perDatabase, type Db } from '../db/client'
import { idList, inIdOrder, selectAll, selectIds, USER_COLUMNS } from '../db/raw'
import { blocks, follows, users } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { decodeNumericCursor, decodeTextCursor, finishPage, type PageRequest } from './pagination'
import { toUserSummary } from './serialize'
import { publicExtras } from './sign-up-extras'
import type { UserRow } from '../db/rows'

/** Served by the media routes; what every user without a picture of their own shows. */
export const DEFAULT_PROFILE_IMG = '/api/media/default-avatar.svg'

/** Usernames compare without case: `Alice` and `alice` are one account. */
export const usernameKey = (username: string) => username.trim().toLowerCase()

export interface NewUser {
  username: string
  passwordHash: string
  firstName?: string
  lastName?: string
  bio?: string
  profileImg?: string
  extra?: Record<string, unknown>
}

export function createUser(db: Db, input: NewUser, now = Date.now()): UserRow {
  const key = usernameKey(input.username)
  return db.transaction(() => {
    if (db.select({ id: users.id }).from(users).where(eq(users.usernameKey, key)).get()) {
      throw new HttpError('USERNAME_TAKEN', MESSAGES.usernameTaken)
    }
    return db
      .insert(users)
      .values({
        username: input.username.trim(),
        usernameKey: key,
        passwordHash: input.passwordHash,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        bio: input.bio ?? '',
        profileImg: input.profileImg || DEFAULT_PROFILE_IMG,
        extra: JSON.stringify(publicExtras(input.extra ?? {})),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get()
  })
}

/** A password the user changed: its hash, and the account's updatedAt. */
export function setPassword(db: Db, userId: number, passwordHash: string, now = Date.now()): void {
  db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)).run()
}

/** Stores a new password hash (a login redoing an old-cost hash). */
export function updatePasswordHash(db: Db, userId: number, passwordHash: string): void {
  db.update(users).set({ passwordHash }).where(eq(users.id, userId)).run()
}

/** Profiles, their posts and every login look users up by name: prepared once per database. */
const userByKey = perDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.usernameKey, sql.placeholder('key')))
    .prepare(),
)

export function findUserByUsername(db: Db, username: string): UserRow | undefined {
  return userByKey(db).get({ key: usernameKey(username) })
}

/** Every signed-in request looks its user up: a hand-written statement (db/raw.ts). */
export function findUserById(db: Db, id: number): UserRow | undefined {
  return selectAll<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users WHERE id = ?`, id)[0]
}

export function getUserById(db: Db, id: number): UserRow {
  const row = findUserById(db, id)
  if (!row) throw new HttpError('USER_NOT_FOUND', MESSAGES.userNotFound)
  return row
}

export function getUserByUsername(db: Db, username: string): UserRow {
  const row = findUserByUsername(db, username)
  if (!row) throw new HttpError('USER_NOT_FOUND', MESSAGES.userNotFound)
  return row
}

/** Every user's id, oldest account first: the order of the whole-list answer. */
export function allUserIds(db: Db): number[] {
  return selectIds(db, 'SELECT id FROM users ORDER BY id')
}

/** The users of these ids, in this order (ids without a user left out). */
export function usersByIds(db: Db, ids: number[]): UserRow[] {
  const rows = selectAll<UserRow>(
    db,
    `SELECT ${USER_COLUMNS} FROM users WHERE id IN (SELECT value FROM json_each(?))`,
    idList(ids),
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

/** Users whose name starts with `prefix` (case-insensitive, trimmed), alphabetically. */
export function searchUsers(db: Db, prefix: string, page: PageRequest): UsersPage {
  const key = usernameKey(prefix)
  const [afterKey, afterId] = page.cursor ? decodeTextCursor(page.cursor) : ['', 0]
  // A range on the lowercased key is a prefix match that its unique index serves.
  const rows = selectAll<UserRow>(
    db,
    `SELECT ${USER_COLUMNS} FROM users
     WHERE username_key >= ? AND username_key < ? AND (username_key, id) > (?, ?)
     ORDER BY username_key, id LIMIT ?`,
    key,
    `${key}\uffff`,
    afterKey,
    afterId,
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.usernameKey, row.id])
  return { users: finished.rows.map(toUserListItem), nextCursor: finished.nextCursor }
}

/** All users in sign-up order, a page at a time. */
export function pageUsers(db: Db, page: PageRequest): UsersPage {
  const after = page.cursor ? decodeNumericCursor(page.cursor, 1) : null
  const rows = db
    .select()
    .from(users)
    .where(after ? sql`${users.id} > ${after[0]}` : undefined)
    .orderBy(asc(users.id))
    .limit(page.limit + 1)
    .all()
  const finished = finishPage(rows, page.limit, (row) => [row.id])
  return { users: finished.rows.map(toUserListItem), nextCursor: finished.nextCursor }
}

/**
 * People the viewer does not follow yet, the most followed first: never the viewer, a suspended
 * account, or anyone the viewer blocked or who blocked them (docs/API.md, "blocking hides…").
 */
export function suggestUsers(db: Db, viewerId: number, page: PageRequest): UsersPage {
  const after = page.cursor ? decodeNumericCursor(page.cursor, 2) : null
  const rows = db
    .select()
    .from(users)
    .where(
      and(
        sql`${users.id} <> ${viewerId}`,
        sql`${users.suspendedAt} IS NULL`,
        sql`NOT EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${viewerId} AND ${follows.followeeId} = ${users.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${blocks} WHERE (${blocks.blockerId} = ${viewerId} AND ${blocks.blockedId} = ${users.id}) OR (${blocks.blockerId} = ${users.id} AND ${blocks.blockedId} = ${viewerId}))`,
        after ? sql`(${users.followerCount}, ${users.id}) < (${after[0]}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(users.followerCount), desc(users.id))
    .limit(page.limit + 1)
    .all()
  const finished = finishPage(rows, page.limit, (row) => [row.followerCount, row.id])
  return { users: finished.rows.map(toUserListItem), nextCursor: finished.nextCursor }
}

/** The profile fields `/users/edit` may change; everything else in `userData` is ignored. */
export interface ProfileChanges {
  bio?: string
  profileImg?: string
  firstName?: string
  lastName?: string
}

export function editProfile(
  db: Db,
  userId: number,
  changes: ProfileChanges,
  now = Date.now(),
): UserRow {
  const values = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as ProfileChanges
  if (values.profileImg === '') values.profileImg = DEFAULT_PROFILE_IMG
  const row = db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId))
    .returning()
    .get()
  if (!row) throw new HttpError('USER_NOT_FOUND', MESSAGES.userNotFound)
  return row
}
