/**
 * The writes of presence and "now playing" (docs/API.md, "Presence and now playing"): a status
 * set or cleared, and "appear offline" turned on or off. Each tells everyone who may see the
 * user after the commit: never those blocked either way, and nothing while the user appears
 * offline (turning it on tells everyone the user went offline and has no status).
 */
import { STATUS_EXPIRIES, type UserStatus } from '../../shared/presence'
import type { StatusRequest } from '../../shared/presence-schemas'
import type { Presence } from '../presence/tracker'
import { announceStatus } from '../presence/announce-status'
import { appearsOffline, statusOf } from '../services/reads/presence'
import { setAppearOffline } from '../services/writes/presence'
import { statusGameSlug } from '../services/reads/games'
import { deleteStatus, saveStatus } from '../services/writes/statuses'
import { blockedEitherWayWithAny } from '../services/reads/visibility'
import { commit, type Actor, type Live } from './live'

export async function setStatus(
  live: Live,
  presence: Presence,
  actor: Actor,
  request: StatusRequest,
): Promise<UserStatus> {
  const now = presence.options.now()
  const length = STATUS_EXPIRIES[request.expiresIn]
  const row = await commit(live, async (tx) =>
    saveStatus(tx, {
      userId: actor.id,
      game: request.game,
      gameSlug: await statusGameSlug(tx, request.game),
      note: request.note ?? '',
      source: request.source ?? 'manual',
      since: now,
      expiresAt: length === null ? null : now + length,
    }),
  )
  const status = statusOf(row)
  if (!status) throw new Error('A saved status has a game')
  await announceStatus(live, actor.id, status)
  if (row.expiresAt !== null) presence.expiry.reschedule()
  return status
}

export async function clearStatus(live: Live, presence: Presence, actor: Actor): Promise<void> {
  const had = await commit(live, (tx) => deleteStatus(tx, actor.id, presence.options.now()))
  if (had) await announceStatus(live, actor.id, null)
}

/** Turns "appear offline" on or off; answers whether it changed. */
export async function changeAppearOffline(
  live: Live,
  presence: Presence,
  actor: Actor,
  appearOffline: boolean,
): Promise<boolean> {
  const before = await appearsOffline(live.db, actor.id)
  if (before === appearOffline) return false
  await commit(live, (tx) => setAppearOffline(tx, actor.id, appearOffline, Date.now()))
  const exclude = await blockedEitherWayWithAny(live.db, [actor.id])
  // The user's own screens keep showing them as they are (the lookups answer them so).
  exclude.add(actor.id)
  const userId = String(actor.id)
  if (appearOffline) {
    live.hub.publish('presence', { userId, presence: 'offline' }, { exclude })
    await announceStatus(live, actor.id, null, 'appear-offline-switch')
    return true
  }
  const [mine] = Object.values(await presence.lookup(actor.id, [actor.id]))
  live.hub.publish('presence', { userId, presence: await presence.stateOf(actor.id) }, { exclude })
  if (mine?.status) await announceStatus(live, actor.id, mine.status, 'appear-offline-switch')
  return true
}
