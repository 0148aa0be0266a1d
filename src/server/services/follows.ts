/** Follows (SPEC section 4) and the follower and following counts they keep in step. */
import { and, eq, sql } from 'drizzle-orm'
import type { Store } from '../db/store'
import type { UserRow } from '../db/rows'
import { follows, users } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES, MESSAGES } from '../errors/messages'
import { getUserById } from './users'
import { isBlockedEitherWay } from './visibility'

function followTarget(db: Store, userId: number, targetId: number): UserRow {
  const target = getUserById(db, targetId)
  if (target.id === userId) throw new HttpError('SELF_TARGET', MESSAGES.followSelf)
  return target
}

/** Adds the target to the user's following and the user to the target's followers. */
export function follow(db: Store, userId: number, targetId: number, now = Date.now()): void {
  db.transaction(() => {
    const target = followTarget(db, userId, targetId)
    // A block (either way) ends follows and keeps them ended (services/relations.ts).
    if (isBlockedEitherWay(db, userId, target.id)) {
      throw new HttpError('BLOCKED', ACCOUNT_MESSAGES.blocked)
    }
    const inserted = db
      .insert(follows)
      .values({ followerId: userId, followeeId: target.id, createdAt: now })
      .onConflictDoNothing()
      .run()
    if (inserted.changes === 0) throw new HttpError('ALREADY_DONE', MESSAGES.alreadyFollowing)
    adjustFollowCounts(db, userId, target.id, +1)
  })
}

/** Removes the target from the user's following and the user from the target's followers. */
export function unfollow(db: Store, userId: number, targetId: number): void {
  db.transaction(() => {
    const target = followTarget(db, userId, targetId)
    if (!endFollow(db, userId, target.id)) {
      throw new HttpError('ALREADY_DONE', MESSAGES.notFollowing)
    }
  })
}

/**
 * Removes a follow, if there is one, and its counts; true when there was one. The one row change
 * of an unfollow, and of the follows a block ends (services/relations.ts).
 */
export function endFollow(db: Store, followerId: number, followeeId: number): boolean {
  const deleted = db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .run()
  if (deleted.changes === 0) return false
  adjustFollowCounts(db, followerId, followeeId, -1)
  return true
}

function adjustFollowCounts(db: Store, followerId: number, followeeId: number, delta: 1 | -1) {
  db.update(users)
    .set({ followingCount: sql`${users.followingCount} + ${delta}` })
    .where(eq(users.id, followerId))
    .run()
  db.update(users)
    .set({ followerCount: sql`${users.followerCount} + ${delta}` })
    .where(eq(users.id, followeeId))
    .run()
}
