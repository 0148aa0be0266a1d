/**
 * Blocks and mutes as rows (docs/API.md, "Blocking" and "Muting"): the row changes of
 * actions/relations.ts. What they hide is ../reads/visibility.ts.
 */
import { insertRows } from '../../db/raw'
import { blocks } from '../../db/schema'
import type { Store } from '../../db/store'
import { ACCOUNT_MESSAGES } from '../../errors/messages'
import { otherUser } from '../reads/relations'
import { lockPair, endFollow } from './follows'

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
    // A follow between the two at once waits, then sees the block (services/writes/follows.ts).
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
