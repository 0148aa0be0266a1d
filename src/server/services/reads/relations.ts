/**
 * What every user may do about others: block them and mute them, for a while or for good
 * (docs/API.md, "Blocking" and "Muting"). What that hides and forbids is visibility.ts's.
 */
import type { RelationsResponse } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import type { UserRow } from '../../db/rows'
import { HttpError } from '../../errors/http-error'
import { toUserSummary } from '../presenting/embedded'
import { formatTimestamp } from '../presenting/time'
import { getUserById } from './users'
import { ACTIVE_MUTE } from './visibility'

export async function otherUser(
  db: Store,
  userId: number,
  targetId: number,
  selfMessage: string,
): Promise<UserRow> {
  const target = await getUserById(db, targetId)
  if (target.id === userId) throw new HttpError('SELF_TARGET', selfMessage)
  return target
}

/** Whom the user blocked and muted (mutes that ran out left out), in the order they did it. */
export async function relationsOf(
  db: Store,
  userId: number,
  now = Date.now(),
): Promise<RelationsResponse> {
  const summaries = `users.id AS id, username, first_name AS "firstName", last_name AS "lastName",
       profile_img AS "profileImg"`
  const blocked = await db.all<UserRow>(
    `SELECT ${summaries} FROM blocks JOIN users ON users.id = blocks.blocked_id
     WHERE blocks.blocker_id = ? ORDER BY blocks.created_at, users.id`,
    userId,
  )
  const muted = await db.all<UserRow & { expiresAt: number | null }>(
    `SELECT ${summaries}, mutes.expires_at AS "expiresAt"
     FROM mutes JOIN users ON users.id = mutes.muted_id
     WHERE mutes.muter_id = ? AND ${ACTIVE_MUTE} ORDER BY mutes.created_at, users.id`,
    userId,
    now,
  )
  return {
    blocked: blocked.map((row) => toUserSummary(row)),
    muted: muted.map((row) => ({
      ...toUserSummary(row),
      mutedUntil: row.expiresAt === null ? null : formatTimestamp(Number(row.expiresAt)),
    })),
  }
}
