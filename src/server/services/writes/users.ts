/**
 * Accounts made and changed: sign-up, passwords, profile edits (SPEC sections 3 and 5). Finding
 * and listing users is ../reads/users.ts.
 */
import { insertNewRow, updateRow, updateRows } from '../../db/raw'
import type { UserRow } from '../../db/rows'
import { users } from '../../db/schema'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import { publicExtras } from '../presenting/sign-up-extras'
import { usernameKey, DEFAULT_PROFILE_IMG } from '../reads/users'

export interface NewUser {
  username: string
  passwordHash: string
  firstName?: string
  lastName?: string
  bio?: string
  profileImg?: string
  extra?: Record<string, unknown>
  /** The server made the password (`--admin`): its owner must choose their own first. */
  oneTimePassword?: boolean
}

export async function createUser(db: Store, input: NewUser, now = Date.now()): Promise<UserRow> {
  const key = usernameKey(input.username)
  return db.transaction(async (tx) => {
    if (await tx.get('SELECT 1 FROM users WHERE username_key = ?', key)) {
      throw new HttpError('USERNAME_TAKEN', MESSAGES.usernameTaken)
    }
    return insertNewRow(tx, users, {
      username: input.username.trim(),
      usernameKey: key,
      passwordHash: input.passwordHash,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      bio: input.bio ?? '',
      profileImg: input.profileImg || DEFAULT_PROFILE_IMG,
      extra: JSON.stringify(publicExtras(input.extra ?? {})),
      oneTimePasswordAt: input.oneTimePassword ? now : null,
      createdAt: now,
      updatedAt: now,
    })
  })
}

/**
 * A password the user changed: its hash, and the account's updatedAt. A one-time password is
 * gone with it: the account is theirs to use.
 */
export async function setPassword(
  db: Store,
  userId: number,
  passwordHash: string,
  now = Date.now(),
): Promise<void> {
  await updateRows(
    db,
    users,
    { passwordHash, oneTimePasswordAt: null, updatedAt: now },
    'id = ?',
    userId,
  )
}

/** Stores a new password hash (a login redoing an old-cost hash). */
export async function updatePasswordHash(
  db: Store,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await updateRows(db, users, { passwordHash }, 'id = ?', userId)
}

/** The profile fields `/users/edit` may change; everything else in `userData` is ignored. */
export interface ProfileChanges {
  bio?: string
  profileImg?: string
  firstName?: string
  lastName?: string
}

export async function editProfile(
  db: Store,
  userId: number,
  changes: ProfileChanges,
  now = Date.now(),
): Promise<UserRow> {
  const values = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as ProfileChanges
  if (values.profileImg === '') values.profileImg = DEFAULT_PROFILE_IMG
  const row = await updateRow(db, users, { ...values, updatedAt: now }, 'id = ?', userId)
  if (!row) throw new HttpError('USER_NOT_FOUND', MESSAGES.userNotFound)
  return row
}
