/**
 * Sessions that end (docs/security.md): a token is valid while its signature and expiry are good,
 * its version matches the user's `token_version`, and it was not logged out.
 *
 * Why versions and not a table of sessions: every signed-in request already reads its user's row,
 * so comparing one more column costs nothing, and "end every session of this user" (password
 * change, suspension, account deletion, demo accounts when sharing starts) is one UPDATE.
 * Logging out ends one token only, so those few tokens are remembered (hashed) until they would
 * have expired anyway.
 */
import { createHash } from 'node:crypto'
import type { Store } from '../../db/store'
import { USER_COLUMNS } from '../../db/raw'
import { forgetToken, passwordStamp, signToken } from '../../auth/token'
import type { UserRow } from '../../db/rows'
import { getDemoUserIds } from './settings'

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

/** A fresh token for the user's current token version. */
export function issueToken(user: UserRow, secret: Uint8Array): Promise<string> {
  return signToken(
    {
      _id: String(user.id),
      username: user.username,
      ver: user.tokenVersion,
      pwd: passwordStamp(user.passwordHash),
    },
    secret,
  )
}

/** True when this token was logged out. */
export async function isRevoked(db: Store, token: string): Promise<boolean> {
  return (
    (await db.get('SELECT 1 FROM revoked_tokens WHERE token_hash = ?', hashOf(token))) !== undefined
  )
}

/**
 * Ends one token (logout) until `expiresAt` (seconds since the epoch), when it would have
 * expired anyway. Expired entries are pruned here, so the table holds at most the tokens logged
 * out within one token lifetime.
 */
export async function revokeToken(
  db: Store,
  token: string,
  secret: Uint8Array,
  expiresAt: number,
  now = Date.now(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run('DELETE FROM revoked_tokens WHERE expires_at < ?', Math.floor(now / 1000))
    await tx.run(
      'INSERT INTO revoked_tokens (token_hash, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
      hashOf(token),
      expiresAt,
    )
  })
  forgetToken(token, secret)
}

/** Ends every session of these users: tokens carrying an older version are refused from now on. */
export async function endSessions(db: Store, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return
  await db.run(
    `UPDATE users SET token_version = token_version + 1 WHERE id IN ${db.sql.idSet}`,
    db.sql.ids(userIds),
  )
}

/** Ends the sessions of the demo accounts, whose password is public (sharing starts). */
export async function endDemoSessions(db: Store): Promise<void> {
  await endSessions(db, await getDemoUserIds(db))
}

/** Ends one user's sessions and answers the row as it now is (with the new version). */
export async function endSessionsOf(db: Store, userId: number): Promise<UserRow | undefined> {
  return db.get<UserRow>(
    `UPDATE users SET token_version = token_version + 1 WHERE id = ? RETURNING ${USER_COLUMNS}`,
    userId,
  )
}
