/** Reading one's notifications (docs/API.md, "Notifications"). */
import * as notifications from '../services/reads/notifications'
import * as notificationsWrites from '../services/writes/notifications'
import { changeNotificationSettings } from '../services/writes/notification-settings'
import type {
  NotificationSettings,
  NotificationSettingsChange,
} from '../../shared/notification-kinds'
import { commit, type Actor, type Live } from './live'

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

/**
 * Changes the user's notification settings (docs/API.md, "Notification settings"); answers them
 * all. Nothing already written changes: a kind turned off stops new ones only.
 */
export function changeSettings(
  live: Live,
  actor: Actor,
  change: NotificationSettingsChange['settings'],
): Promise<NotificationSettings> {
  return commit(live, (tx) => changeNotificationSettings(tx, actor.id, change))
}
