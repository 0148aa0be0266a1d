/**
 * What every user may do about others: block them and mute them (docs/API.md, "Blocking"). What
 * that hides and forbids is visibility.ts's.
 */
import type { UserSummary } from '../../shared/api-types'
import type { Store } from '../db/store'
import { insertRows } from '../db/raw'
import type { UserRow } from '../db/rows'
import { blocks, mutes } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES } from '../errors/messages'
import { endFollow } from './follows'
import { toUserSummary } from './serialize'
import { getUserById } from './users'

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

export async function mute(
  db: Store,
  userId: number,
  targetId: number,
  now = Date.now(),
): Promise<void> {
  const target = await otherUser(db, userId, targetId, ACCOUNT_MESSAGES.muteSelf)
  await insertRows(db, mutes, [{ muterId: userId, mutedId: target.id, createdAt: now }], {
    onConflict: 'nothing',
  })
}

export async function unmute(db: Store, userId: number, targetId: number): Promise<void> {
  const target = await otherUser(db, userId, targetId, ACCOUNT_MESSAGES.muteSelf)
  await db.run('DELETE FROM mutes WHERE muter_id = ? AND muted_id = ?', userId, target.id)
}

/** Whom the user blocked and muted, in the order they did it. */
export async function relationsOf(
  db: Store,
  userId: number,
): Promise<{ blocked: UserSummary[]; muted: UserSummary[] }> {
  const listOf = async (sqlText: string) =>
    (await db.all<UserRow>(sqlText, userId)).map((row) => toUserSummary(row))
  return {
    blocked: await listOf(
      `SELECT users.id AS id, username, first_name AS "firstName", last_name AS "lastName",
       profile_img AS "profileImg" FROM blocks JOIN users ON users.id = blocks.blocked_id
       WHERE blocks.blocker_id = ? ORDER BY blocks.created_at, users.id`,
    ),
    muted: await listOf(
      `SELECT users.id AS id, username, first_name AS "firstName", last_name AS "lastName",
       profile_img AS "profileImg" FROM mutes JOIN users ON users.id = mutes.muted_id
       WHERE mutes.muter_id = ? ORDER BY mutes.created_at, users.id`,
    ),
  }
}
