/** Following and unfollowing (SPEC section 4); a block ends follows too (actions/relations.ts). */
import type { UserRow } from '../db/rows'
import type { Audience } from '../events/hub'
import * as follows from '../services/writes/follows'
import { removeNotifications } from '../services/writes/notifications'
import { notify } from '../services/writes/notifications'
import { findUserById } from '../services/reads/users'
import { aboutUsers, commit, type Actor, type Live } from './live'

/**
 * Tells those who see both users' counts that a follow began or ended (by default everyone but
 * those blocked by or blocking either; a block picks its own audience).
 */
export async function publishFollow(
  live: Live,
  followerId: number,
  followeeId: number,
  following: boolean,
  audience?: Audience,
): Promise<void> {
  const to = audience ?? (await aboutUsers(live, followerId, followeeId))
  const follower = await findUserById(live.db, followerId)
  const followee = await findUserById(live.db, followeeId)
  if (!follower || !followee) return
  const counts = (row: UserRow) => ({
    _id: String(row.id),
    username: row.username,
    followerCount: row.followerCount,
    followingCount: row.followingCount,
  })
  live.hub.publish(
    'follow',
    { follower: counts(follower), followee: counts(followee), following },
    to,
  )
}

export async function follow(live: Live, actor: Actor, targetId: number): Promise<void> {
  await setFollowing(live, actor, targetId, true)
}

export async function unfollow(live: Live, actor: Actor, targetId: number): Promise<void> {
  await setFollowing(live, actor, targetId, false)
}

/** A follow tells the one followed; an unfollow takes that notification back. */
async function setFollowing(
  live: Live,
  actor: Actor,
  targetId: number,
  following: boolean,
): Promise<void> {
  await commit(
    live,
    async (tx, changes) => {
      const cause = { actorId: actor.id, type: 'follow', recipientId: targetId } as const
      if (following) {
        await follows.follow(tx, actor.id, targetId)
        await notify(tx, changes, cause)
      } else {
        await follows.unfollow(tx, actor.id, targetId)
        await removeNotifications(tx, changes, cause)
      }
    },
    () => publishFollow(live, actor.id, targetId, following),
    () => ({ follows: [{ followerId: actor.id, followeeId: targetId, following }] }),
  )
}
