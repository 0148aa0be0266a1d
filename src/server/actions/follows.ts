/** Following and unfollowing (SPEC section 4); a block ends follows too (actions/relations.ts). */
import type { UserRow } from '../db/rows'
import type { Audience } from '../events/hub'
import * as follows from '../services/follows'
import { notify, removeNotifications } from '../services/notifications'
import { findUserById } from '../services/users'
import { aboutUsers, commit, type Actor, type Live } from './live'

/**
 * Tells those who see both users' counts that a follow began or ended (by default everyone but
 * those blocked by or blocking either; a block picks its own audience).
 */
export function publishFollow(
  live: Live,
  followerId: number,
  followeeId: number,
  following: boolean,
  audience: Audience = aboutUsers(live, followerId, followeeId),
): void {
  const follower = findUserById(live.db, followerId)
  const followee = findUserById(live.db, followeeId)
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
    audience,
  )
}

export function follow(live: Live, actor: Actor, targetId: number): void {
  setFollowing(live, actor, targetId, true)
}

export function unfollow(live: Live, actor: Actor, targetId: number): void {
  setFollowing(live, actor, targetId, false)
}

/** A follow tells the one followed; an unfollow takes that notification back. */
function setFollowing(live: Live, actor: Actor, targetId: number, following: boolean): void {
  commit(
    live,
    (tx, changes) => {
      const cause = { actorId: actor.id, type: 'follow', recipientId: targetId } as const
      if (following) {
        follows.follow(tx, actor.id, targetId)
        notify(tx, changes, cause)
      } else {
        follows.unfollow(tx, actor.id, targetId)
        removeNotifications(tx, changes, cause)
      }
    },
    () => publishFollow(live, actor.id, targetId, following),
  )
}
