/** Reading one's notifications (docs/API.md, "Notifications"). */
import * as notifications from '../services/reads/notifications'
import * as notificationsWrites from '../services/writes/notifications'
import type { Actor, Live } from './live'

/**
 * Marks everything read, or everything up to `upTo`; answers the unread count. The user's other
 * windows hear of it to update their badge.
 */
export async function markRead(live: Live, actor: Actor, upTo: number | null): Promise<number> {
  const changed = await notificationsWrites.markRead(live.db, actor.id, upTo)
  const count = await notifications.unreadCount(live.db, actor.id)
  if (changed > 0) live.hub.publish('unread-count', { unreadCount: count }, { to: actor.id })
  return count
}
