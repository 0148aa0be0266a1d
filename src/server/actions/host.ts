/**
 * What the host does to accounts, and how the desktop app's owner becomes its host (README
 * "Moderation"). The host deletes posts and comments with the authors' own deletion
 * (actions/posts.ts hostDeletePost, actions/comments.ts hostDeleteComment).
 */
import type { UserRow } from '../db/rows'
import * as hosting from '../services/hosting'
import type { Live } from './live'

/**
 * Suspends an account (or lifts the suspension): its sessions end, and its live streams are cut
 * at once rather than at their next reconnect.
 */
export async function setSuspended(
  live: Live,
  userId: number,
  suspended: boolean,
  hostIds: readonly number[],
): Promise<UserRow> {
  const user = await hosting.setSuspended(live.db, userId, suspended, hostIds)
  if (suspended) live.hub.disconnectUser(user.id)
  return user
}

/** Makes `user` the owner of the desktop app's server if it has none yet (services/hosting.ts). */
export async function claimOwnership(live: Live, user: UserRow): Promise<void> {
  await hosting.claimOwnership(live.db, user)
}
