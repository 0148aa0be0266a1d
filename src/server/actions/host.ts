/**
 * What the host does to accounts, and how the desktop app's owner becomes its host (docs/features.md, "Sessions, accounts and moderation"). The host deletes posts and comments with the authors' own deletion
 * (actions/posts.ts hostDeletePost, actions/comments.ts hostDeleteComment). Every host action
 * is noted in the audit list (services/reads/hosting.ts recordHostAction) in its own transaction.
 */
import type { UserRow } from '../db/rows'
import * as hostingWrites from '../services/writes/hosting'
import { getUserById } from '../services/reads/users'
import { commit, type Actor, type Live } from './live'
import { publishOpenReports } from './open-reports'
import { closeReportsOnSuspend } from './reports'

/**
 * Suspends an account (or lifts the suspension): its sessions end, and its live streams are cut
 * at once rather than at their next reconnect. A suspension settles the reports about the person
 * (their reporters hear it was handled). Suspending a suspended account (or lifting a
 * lifted one) changes nothing and notes nothing.
 */
export async function setSuspended(
  live: Live,
  host: Actor,
  userId: number,
  suspended: boolean,
): Promise<UserRow> {
  const { user, changed } = await commit(
    live,
    async (tx, changes) => {
      const before = await getUserById(tx, userId)
      const after = await hostingWrites.setSuspended(tx, userId, suspended, live.hostIds)
      const changed = (before.suspendedAt !== null) !== (after.suspendedAt !== null)
      let closedReports = 0
      if (changed) {
        await hostingWrites.recordHostAction(tx, host, suspended ? 'suspend' : 'unsuspend', after)
        if (suspended) closedReports = await closeReportsOnSuspend(tx, changes, host, userId)
      }
      return { user: after, changed, closedReports }
    },
    async ({ closedReports }) => {
      if (closedReports > 0) await publishOpenReports(live)
    },
  )
  // Lifting one ends nothing (a suspended account has no session), but tells every instance's
  // read cache that who is hidden changed (caches/read-cache.ts forgetSessionsOf).
  if (suspended || changed) live.hub.disconnectUser(user.id)
  return user
}

/** Makes an account host from the app; its next session check says so. */
export async function makeHost(live: Live, host: Actor, userId: number): Promise<UserRow> {
  return commit(live, async (tx) => {
    const { user, changed } = await hostingWrites.makeHost(tx, userId, host.id, live.hostIds)
    if (changed) await hostingWrites.recordHostAction(tx, host, 'make-host', user)
    return user
  })
}

/** Takes hosting back from an account made host (never the owner or an `--admin` account). */
export async function removeHost(live: Live, host: Actor, userId: number): Promise<UserRow> {
  return commit(live, async (tx) => {
    const user = await hostingWrites.removeHost(tx, userId, live.hostIds)
    await hostingWrites.recordHostAction(tx, host, 'remove-host', user)
    return user
  })
}

/** Tells every host how many reports are open now (their Server entry's count). */
/** Makes `user` the owner of the desktop app's server if it has none yet (services/reads/hosting.ts). */
export async function claimOwnership(live: Live, user: UserRow): Promise<void> {
  await hostingWrites.claimOwnership(live.db, user)
}
