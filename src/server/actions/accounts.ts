/** One's own account (docs/API.md "Sessions and accounts"): signing up, the profile, deleting it. */
import type { UserRow } from '../db/rows'
import * as accounts from '../services/writes/accounts'
import { removeStoredObjects } from '../services/media/media'
import { claimOwnership } from '../services/writes/hosting'
import * as users from '../services/reads/users'
import * as usersWrites from '../services/writes/users'
import { aboutUsers, commit, type Actor, type Live } from './live'

/**
 * Makes an account; from this computer on the desktop app's own server (`claimOwnership`), the
 * first one not a demo account also becomes its owner (docs/features.md, "Sessions, accounts and moderation").
 */
export async function signUp(
  live: Live,
  input: usersWrites.NewUser,
  options: { claimOwnership: boolean },
): Promise<UserRow> {
  return commit(
    live,
    async (tx) => {
      const user = await usersWrites.createUser(tx, input)
      if (options.claimOwnership) await claimOwnership(tx, user)
      return user
    },
    // Addressed to the new user alone, who has no stream yet, so no one is told; every
    // instance's read cache hears of it (caches/read-cache.ts): a name written in posts
    // before now resolves to them, and searches find them.
    (user) => live.hub.publish('user', { user: users.toUserListItem(user) }, { to: user.id }),
  )
}

/** Everyone who may see the user hears of the new profile (their lists show it). */
export async function editProfile(
  live: Live,
  actor: Actor,
  profile: usersWrites.ProfileChanges,
): Promise<UserRow> {
  return commit(
    live,
    (tx) => usersWrites.editProfile(tx, actor.id, profile),
    async (row) =>
      live.hub.publish('user', { user: users.toUserListItem(row) }, await aboutUsers(live, row.id)),
  )
}

/**
 * Deletes the account and everything of its own (services/writes/accounts.ts); its live streams are cut
 * at once, as for a suspension (actions/host.ts).
 */
export async function deleteAccount(live: Live, actor: Actor): Promise<void> {
  const removedMedia = await commit(
    live,
    (tx) => accounts.deleteAccount(tx, actor.id),
    undefined,
    () => ({ everything: true }),
  )
  live.hub.disconnectUser(actor.id)
  await removeStoredObjects(live.media, removedMedia)
}
