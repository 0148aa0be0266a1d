/** Following and unfollowing (SPEC section 4); a block ends follows too (actions/relations.ts). */
import type { UserRow } from '../db/rows'
import type { Audience } from '../events/hub'
import * as follows from '../services/follows'
import { notify, removeNotifications } from '../services/notifications'
import { findUserById, getUserById } from '../services/users'
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
  commit(
    live,
    (tx, changes) => {
      follows.follow(tx, actor.id, targetId)
      notify(tx, changes, {
        recipientId: getUserById(tx, targetId).id,
        actorId: actor.id,
        type: 'follow',
      })
    },
    () => publishFollow(live, actor.id, targetId, true),
  )
}

export function unfollow(live: Live, actor: Actor, targetId: number): void {
  commit(
    live,
    (tx, changes) => {
      follows.unfollow(tx, actor.id, targetId)
      removeNotifications(tx, changes, {
        actorId: actor.id,
        type: 'follow',
        recipientId: getUserById(tx, targetId).id,
      })
    },
    () => publishFollow(live, actor.id, targetId, false),
  )
}
