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
import { passwordStamp, signToken } from '../../auth/token'
import type { UserRow } from '../../db/rows'
import { USER_COLUMNS } from '../../db/raw'

export const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

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

/**
 * The token's user and whether the token was logged out, in one statement: a signed-in
 * request's check when no kept session answers it (always in a cluster), one round trip where
 * the user's row and the revoked tokens were two.
 */
export async function userAndRevoked(
  db: Store,
  userId: number,
  token: string,
): Promise<{ user: UserRow; revoked: boolean } | undefined> {
  const row = await db.get<UserRow & { revoked: unknown }>(
    `SELECT ${USER_COLUMNS},
       EXISTS (SELECT 1 FROM revoked_tokens WHERE token_hash = ?) AS "revoked"
     FROM users WHERE id = ?`,
    hashOf(token),
    userId,
  )
  if (!row) return undefined
  const { revoked, ...user } = row
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  return { user, revoked: revoked === true || Number(revoked) === 1 }
}
