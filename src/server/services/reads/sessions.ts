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

/** True when this token was logged out. */
export async function isRevoked(db: Store, token: string): Promise<boolean> {
  return (
    (await db.get('SELECT 1 FROM revoked_tokens WHERE token_hash = ?', hashOf(token))) !== undefined
  )
}
