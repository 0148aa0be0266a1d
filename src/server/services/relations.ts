/**
 * What every user may do about others: block them and mute them (docs/API.md, "Blocking"). What
 * that hides and forbids is visibility.ts's.
 */
import { and, eq } from 'drizzle-orm'
import type { UserSummary } from '../../shared/api-types'
import type { Store } from '../db/store'
import { selectAll } from '../db/raw'
import type { UserRow } from '../db/rows'
import { blocks, mutes } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES } from '../errors/messages'
import { endFollow } from './follows'
import { toUserSummary } from './serialize'
import { getUserById } from './users'

function otherUser(db: Store, userId: number, targetId: number, selfMessage: string): UserRow {
  const target = getUserById(db, targetId)
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
export function block(db: Store, userId: number, targetId: number, now = Date.now()): EndedFollow[] {
  return db.transaction(() => {
    const target = otherUser(db, userId, targetId, ACCOUNT_MESSAGES.blockSelf)
    db.insert(blocks)
      .values({ blockerId: userId, blockedId: target.id, createdAt: now })
      .onConflictDoNothing()
      .run()
    const ended: EndedFollow[] = []
    for (const [followerId, followeeId] of [
      [userId, target.id],
      [target.id, userId],
    ] as const) {
      if (endFollow(db, followerId, followeeId)) ended.push({ followerId, followeeId })
    }
    return ended
  })
}

export function unblock(db: Store, userId: number, targetId: number): void {
  const target = otherUser(db, userId, targetId, ACCOUNT_MESSAGES.blockSelf)
  db.delete(blocks)
    .where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, target.id)))
    .run()
}

export function mute(db: Store, userId: number, targetId: number, now = Date.now()): void {
  const target = otherUser(db, userId, targetId, ACCOUNT_MESSAGES.muteSelf)
  db.insert(mutes)
    .values({ muterId: userId, mutedId: target.id, createdAt: now })
    .onConflictDoNothing()
    .run()
}

export function unmute(db: Store, userId: number, targetId: number): void {
  const target = otherUser(db, userId, targetId, ACCOUNT_MESSAGES.muteSelf)
  db.delete(mutes)
    .where(and(eq(mutes.muterId, userId), eq(mutes.mutedId, target.id)))
    .run()
}

/** Whom the user blocked and muted, in the order they did it. */
export function relationsOf(
  db: Store,
  userId: number,
): { blocked: UserSummary[]; muted: UserSummary[] } {
  const listOf = (sqlText: string) =>
    selectAll<UserRow>(db, sqlText, userId).map((row) => toUserSummary(row))
  return {
    blocked: listOf(
      `SELECT users.id AS id, username, first_name AS firstName, last_name AS lastName,
       profile_img AS profileImg FROM blocks JOIN users ON users.id = blocks.blocked_id
       WHERE blocks.blocker_id = ? ORDER BY blocks.created_at, users.id`,
    ),
    muted: listOf(
      `SELECT users.id AS id, username, first_name AS firstName, last_name AS lastName,
       profile_img AS profileImg FROM mutes JOIN users ON users.id = mutes.muted_id
       WHERE mutes.muter_id = ? ORDER BY mutes.created_at, users.id`,
    ),
  }
}
