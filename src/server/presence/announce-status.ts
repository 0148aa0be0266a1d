/**
 * The one way a user's status (docs/API.md, "Presence and now playing") reaches other people's
 * live streams: a status set, cleared, run out, shown again or hidden by a block. Who may hear
 * it is decided here once, so that a status never reaches someone blocked either way, nor
 * anyone while its owner appears offline, whichever path announced it. The commands of
 * actions/presence.ts and actions/relations.ts and the expiry's sweep (status-expiry.ts) call it;
 * it sits below actions/ because the sweep, a timer of the presence tracker, does too.
 */
import type { UserStatus } from '../../shared/presence'
import type { Store } from '../db/store'
import type { EventHub } from '../events/hub'
import { appearsOffline } from '../services/reads/presence'
import { blockedEitherWayWithAny } from '../services/reads/visibility'

/**
 * Whom a status goes to:
 * - `everyone` (the default): everyone who may see the user; nothing while they appear offline.
 * - `appear-offline-switch`: the same people, sent although the user appears offline (turning
 *   "appear offline" on is what hides the status), and never to the user's own screens, which
 *   keep showing them as they are.
 * - `{ to }`: one user, as the caller worked out that user may see it (a block or an unblock
 *   between two users).
 */
export type StatusAudience = 'everyone' | 'appear-offline-switch' | { to: number }

export async function announceStatus(
  deps: { db: Store; hub: EventHub },
  userId: number,
  status: UserStatus | null,
  audience: StatusAudience = 'everyone',
): Promise<void> {
  const event = { userId: String(userId), status }
  if (typeof audience === 'object') {
    deps.hub.publish('status', event, { to: audience.to })
    return
  }
  if (audience === 'everyone' && (await appearsOffline(deps.db, userId))) return
  const exclude = await blockedEitherWayWithAny(deps.db, [userId])
  if (audience === 'appear-offline-switch') exclude.add(userId)
  deps.hub.publish('status', event, { exclude })
}
