/**
 * Blocking and muting (docs/API.md, "Blocking"). One's own lists are private: their events go to
 * the user's own streams only, so that each device of theirs agrees with the others.
 */
import type { Presence } from '../presence/tracker'
import { announceStatus } from '../presence/announce-status'
import * as relations from '../services/reads/relations'
import * as relationsWrites from '../services/writes/relations'
import { publishFollow } from './follows'
import { aboutUsers, commit, type Actor, type Live } from './live'

const publishRelations = async (live: Live, actor: Actor) =>
  live.hub.publish('relations', await relations.relationsOf(live.db, actor.id), { to: actor.id })

/**
 * A block ends the follows either way (the same row change as an unfollow, services/writes/follows.ts).
 * Everyone who sees both users' counts hears of it, and the blocker; the one blocked is not told
 * live (their counts are right on their next load), except that the blocker's presence and
 * status go `offline`/null on their screens (and the other way round).
 */
export async function block(live: Live, actor: Actor, targetId: number): Promise<void> {
  await commit(
    live,
    (tx) => relationsWrites.block(tx, actor.id, targetId),
    async (ended) => {
      const audience = await aboutUsers(live, actor.id, targetId)
      for (const { followerId, followeeId } of ended) {
        await publishFollow(live, followerId, followeeId, false, audience)
      }
      await publishRelations(live, actor)
      // Presence: each stops seeing the other's dot and status at once, as they would
      // after a reload; to the one blocked it looks like the other went offline.
      for (const [to, about] of [
        [targetId, actor.id],
        [actor.id, targetId],
      ] as const) {
        live.hub.publish('presence', { userId: String(about), presence: 'offline' }, { to })
        await announceStatus(live, about, null, { to })
      }
    },
    (ended) => ({ follows: ended.map((ended) => ({ ...ended, following: false })) }),
  )
}

/**
 * An unblock tells the user's own screens of their lists; and, with `presence`, each of the two
 * hears at once of the other's presence and status as they may now see them (nothing while the
 * other still blocks them, appears offline or is offline with no status), as on a reload,
 * instead of on the other's next change.
 */
export async function unblock(
  live: Live,
  actor: Actor,
  targetId: number,
  presence?: Presence,
): Promise<void> {
  await commit(
    live,
    (tx) => relationsWrites.unblock(tx, actor.id, targetId),
    async () => {
      await publishRelations(live, actor)
      if (presence) await publishPresenceBetween(live, presence, actor.id, targetId)
    },
  )
}

/** Each of two users' presence and status, as the other may see it, to the other's streams. */
async function publishPresenceBetween(live: Live, presence: Presence, one: number, other: number) {
  for (const [to, about] of [
    [one, other],
    [other, one],
  ] as const) {
    const seen = (await presence.lookup(to, [about]))[String(about)]
    if (!seen) continue
    const userId = String(about)
    if (seen.presence !== 'offline') {
      live.hub.publish('presence', { userId, presence: seen.presence }, { to })
    }
    if (seen.status) await announceStatus(live, about, seen.status, { to })
  }
}

/** Mutes the target until `expiresAt` (milliseconds; null: for good). */
export async function mute(
  live: Live,
  actor: Actor,
  targetId: number,
  expiresAt: number | null = null,
): Promise<void> {
  await commit(
    live,
    (tx) => relationsWrites.mute(tx, actor.id, targetId, expiresAt),
    () => publishRelations(live, actor),
  )
}

export async function unmute(live: Live, actor: Actor, targetId: number): Promise<void> {
  await commit(
    live,
    (tx) => relationsWrites.unmute(tx, actor.id, targetId),
    () => publishRelations(live, actor),
  )
}
