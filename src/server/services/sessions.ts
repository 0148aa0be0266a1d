/**
 * Sessions that end (README "Security"): a token is valid while its signature and expiry are good,
 * its version matches the user's `token_version`, and it was not logged out.
 *
 * Why versions and not a table of sessions: every signed-in request already reads its user's row,
 * so comparing one more column costs nothing, and "end every session of this user" (password
 * change, suspension, account deletion, demo accounts when sharing starts) is one UPDATE.
 * Logging out ends one token only, so those few tokens are remembered (hashed) until they would
 * have expired anyway.
 */
import { createHash } from 'node:crypto'
import { eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { selectAll } from '../db/raw'
import { revokedTokens, users } from '../db/schema'
import { forgetToken, passwordStamp, signToken } from '../auth/token'
import type { UserRow } from '../db/rows'
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
export function isRevoked(db: Db, token: string): boolean {
  return (
    selectAll(db, 'SELECT 1 FROM revoked_tokens WHERE token_hash = ?', hashOf(token)).length > 0
  )
}

/**
 * Ends one token (logout) until `expiresAt` (seconds since the epoch), when it would have
 * expired anyway. Expired entries are pruned here, so the table holds at most the tokens logged
 * out within one token lifetime.
 */
export function revokeToken(
  db: Db,
  token: string,
  secret: Uint8Array,
  expiresAt: number,
  now = Date.now(),
): void {
  db.transaction(() => {
    db.delete(revokedTokens)
      .where(lt(revokedTokens.expiresAt, Math.floor(now / 1000)))
      .run()
    db.insert(revokedTokens)
      .values({ tokenHash: hashOf(token), expiresAt })
      .onConflictDoNothing()
      .run()
  })
  forgetToken(token, secret)
}

/** Ends every session of these users: tokens carrying an older version are refused from now on. */
export function endSessions(db: Db, userIds: number[]): void {
  if (userIds.length === 0) return
  db.update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(inArray(users.id, userIds))
    .run()
}

/** Ends the sessions of the demo accounts, whose password is public (sharing starts). */
export function endDemoSessions(db: Db): void {
  endSessions(db, getDemoUserIds(db))
}

/** Ends one user's sessions and answers the row as it now is (with the new version). */
export function endSessionsOf(db: Db, userId: number): UserRow | undefined {
  endSessions(db, [userId])
  return db.select().from(users).where(eq(users.id, userId)).get()
}
