/**
 * What every user may do about others: block them and mute them, for a while or for good
 * (docs/API.md, "Blocking" and "Muting"). What that hides and forbids is visibility.ts's.
 */
import type { RelationsResponse } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { insertRows } from '../../db/raw'
import type { UserRow } from '../../db/rows'
import { blocks } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { ACCOUNT_MESSAGES } from '../../errors/messages'
import { endFollow, lockPair } from '../writes/follows'
import { toUserSummary } from '../presenting/serialize'
import { formatTimestamp } from '../presenting/time'
import { getUserById } from './users'
import { ACTIVE_MUTE } from './visibility'

async function otherUser(
  db: Store,
  userId: number,
  targetId: number,
  selfMessage: string,
): Promise<UserRow> {
  const target = await getUserById(db, targetId)
  if (target.id === userId) throw new HttpError('SELF_TARGET', selfMessage)
  return target
}

/** A follow a block ended: who followed whom. */
export interface EndedFollow {
  followerId: number
  followeeId: number
}

/**
 * Blocks the target: follows both ways end, and each stops seeing the other's posts and comments.
 * Answers the follows it ended, for the live stream to tell (actions/relations.ts).
 */
export async function block(
  db: Store,
  userId: number,
  targetId: number,
  now = Date.now(),
): Promise<EndedFollow[]> {
  return db.transaction(async (tx) => {
    const target = await otherUser(tx, userId, targetId, ACCOUNT_MESSAGES.blockSelf)
    // A follow between the two at once waits, then sees the block (services/follows.ts).
    await lockPair(tx, userId, target.id)
    await insertRows(tx, blocks, [{ blockerId: userId, blockedId: target.id, createdAt: now }], {
      onConflict: 'nothing',
    })
    const ended: EndedFollow[] = []
    for (const [followerId, followeeId] of [
      [userId, target.id],
      [target.id, userId],
    ] as const) {
      if (await endFollow(tx, followerId, followeeId)) ended.push({ followerId, followeeId })
    }
    return ended
  })
}

export async function unblock(db: Store, userId: number, targetId: number): Promise<void> {
  const target = await otherUser(db, userId, targetId, ACCOUNT_MESSAGES.blockSelf)
  await db.run('DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?', userId, target.id)
}

/**
 * Mutes the target until `expiresAt` (milliseconds; null: for good). Muting again replaces the
 * time. The user's mutes that ran out are swept on the way (they already hid nothing).
 */
export async function mute(
  db: Store,
  userId: number,
  targetId: number,
  expiresAt: number | null = null,
  now = Date.now(),
): Promise<void> {
  const target = await otherUser(db, userId, targetId, ACCOUNT_MESSAGES.muteSelf)
  await sweepExpiredMutes(db, userId, now)
  await db.run(
    `INSERT INTO mutes (muter_id, muted_id, created_at, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (muter_id, muted_id) DO UPDATE SET created_at = ?, expires_at = ?`,
    userId,
    target.id,
    now,
    expiresAt,
    now,
    expiresAt,
  )
}

export async function unmute(db: Store, userId: number, targetId: number): Promise<void> {
  const target = await otherUser(db, userId, targetId, ACCOUNT_MESSAGES.muteSelf)
  await db.run('DELETE FROM mutes WHERE muter_id = ? AND muted_id = ?', userId, target.id)
}

/** Deletes the user's mutes that ran out by `now`: they hide nothing (visibility.ts ACTIVE_MUTE). */
export async function sweepExpiredMutes(db: Store, userId: number, now = Date.now()) {
  await db.run(
    'DELETE FROM mutes WHERE muter_id = ? AND expires_at IS NOT NULL AND expires_at <= ?',
    userId,
    now,
  )
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
