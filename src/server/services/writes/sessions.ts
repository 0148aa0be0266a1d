/**
 * Sessions that end (docs/security.md): a token logged out, or every token of some users made
 * stale by raising their `token_version`. Issuing and checking tokens is ../reads/sessions.ts.
 */
import { forgetToken } from '../../auth/token'
import type { UserRow } from '../../db/rows'
import { USER_COLUMNS } from '../../db/raw'
import type { Store } from '../../db/store'
import { hashOf } from '../reads/sessions'
import { getDemoUserIds } from '../reads/settings'

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
