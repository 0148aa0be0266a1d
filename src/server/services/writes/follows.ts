/** Follows (SPEC section 4) and the follower and following counts they keep in step. */
import type { Store } from '../../db/store'
import type { UserRow } from '../../db/rows'
import { insertRows } from '../../db/raw'
import { follows } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { ACCOUNT_MESSAGES, MESSAGES, SHARE_MESSAGES } from '../../errors/messages'
import { getUserById } from '../reads/users'
import { refuseInteraction } from '../reads/visibility'

async function followTarget(db: Store, userId: number, targetId: number): Promise<UserRow> {
  const target = await getUserById(db, targetId)
  if (target.id === userId) throw new HttpError('SELF_TARGET', MESSAGES.followSelf)
  await lockPair(db, userId, target.id)
  return target
}

/**
 * Locks both users' rows, the lower id first, until the transaction ends (`sql.forUpdate`;
 * db/README.md, "Concurrent writes"): a follow, an unfollow and a block between the same two
 * take turns (a follow then sees a block committed a moment before), and two follows crossing
 * (A follows B while B follows A) wait for each other instead of deadlocking over the counts.
 */
export async function lockPair(db: Store, userId: number, otherId: number): Promise<void> {
  await db.ids(
    `SELECT id FROM users WHERE id IN (?, ?) ORDER BY id${db.sql.forUpdate}`,
    Math.min(userId, otherId),
    Math.max(userId, otherId),
  )
}

/** Adds the target to the user's following and the user to the target's followers. */
export async function follow(
  db: Store,
  userId: number,
  targetId: number,
  now = Date.now(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await followTarget(tx, userId, targetId)
    // A block (either way) ends follows and keeps them ended (services/reads/relations.ts); a
    // suspended account is followed by nobody new (services/reads/visibility.ts).
    await refuseInteraction(
      tx,
      userId,
      [target.id],
      ACCOUNT_MESSAGES.blocked,
      SHARE_MESSAGES.followSuspended,
    )
    const inserted = await insertRows(
      tx,
      follows,
      [{ followerId: userId, followeeId: target.id, createdAt: now }],
      { onConflict: 'nothing' },
    )
    if (inserted === 0) throw new HttpError('ALREADY_DONE', MESSAGES.alreadyFollowing)
    await adjustFollowCounts(tx, userId, target.id, +1)
  })
}

/** Removes the target from the user's following and the user from the target's followers. */
export async function unfollow(db: Store, userId: number, targetId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await followTarget(tx, userId, targetId)
    if (!(await endFollow(tx, userId, target.id))) {
      throw new HttpError('ALREADY_DONE', MESSAGES.notFollowing)
    }
  })
}

/**
 * Removes a follow, if there is one, and its counts; true when there was one. The one row change
 * of an unfollow, and of the follows a block ends (services/reads/relations.ts).
 */
export async function endFollow(
  db: Store,
  followerId: number,
  followeeId: number,
): Promise<boolean> {
  const deleted = await db.run(
    'DELETE FROM follows WHERE follower_id = ? AND followee_id = ?',
    followerId,
    followeeId,
  )
  if (deleted === 0) return false
  await adjustFollowCounts(db, followerId, followeeId, -1)
  return true
}

async function adjustFollowCounts(
  db: Store,
  followerId: number,
  followeeId: number,
  delta: 1 | -1,
): Promise<void> {
  await db.run(
    'UPDATE users SET following_count = following_count + ? WHERE id = ?',
    delta,
    followerId,
  )
  await db.run(
    'UPDATE users SET follower_count = follower_count + ? WHERE id = ?',
    delta,
    followeeId,
  )
}
