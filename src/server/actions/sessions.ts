/**
 * What signing in and out writes (docs/security.md). Each ending of sessions also cuts the
 * user's live streams: those opened with a token that ended must not go on, and those with a
 * token still valid reconnect by themselves (docs/API.md, "Live events").
 */
import type { UserRow } from '../db/rows'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { endSessionsOf } from '../services/writes/sessions'
import { revokeToken } from '../services/writes/sessions'
import { updatePasswordHash } from '../services/writes/users'
import { setPassword } from '../services/writes/users'
import { commit, type Actor, type Live } from './live'

/** Stores a password's hash made again at today's cost (a login with an older-cost hash). */
export async function rehashPassword(
  live: Live,
  user: UserRow,
  passwordHash: string,
): Promise<void> {
  await updatePasswordHash(live.db, user.id, passwordHash)
}

/** Ends one token (`expiresAt` null: it had expired already) and the user's live streams. */
export async function logOut(
  live: Live,
  actor: Actor,
  token: { token: string; secret: Uint8Array; expiresAt: number | null },
): Promise<void> {
  if (token.expiresAt !== null) {
    await revokeToken(live.db, token.token, token.secret, token.expiresAt)
  }
  live.hub.disconnectUser(actor.id)
}

/**
 * Sets a new password: every session ends, the caller's included (it goes on with a fresh token
 * made from the row answered).
 */
export async function changePassword(
  live: Live,
  actor: Actor,
  passwordHash: string,
): Promise<UserRow> {
  const updated = await commit(live, async (tx) => {
    await setPassword(tx, actor.id, passwordHash)
    const row = await endSessionsOf(tx, actor.id)
    if (!row) throw new HttpError('USER_NOT_FOUND', MESSAGES.userNotFound)
    return row
  })
  live.hub.disconnectUser(actor.id)
  return updated
}
