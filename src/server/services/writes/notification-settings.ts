/** Changing one's notification settings (docs/API.md, "Notification settings"). */
import type {
  NotificationKind,
  NotificationSettings,
  NotificationSettingsChange,
} from '../../../shared/notification-kinds'
import type { Store } from '../../db/store'
import { notificationSettings } from '../reads/notification-settings'

/**
 * Applies the switches `change` names, keeps the others, and answers the settings now. Only the
 * kinds named get a row; an unnamed switch of a named kind keeps its value.
 */
export async function changeNotificationSettings(
  db: Store,
  userId: number,
  change: NotificationSettingsChange['settings'],
  now = Date.now(),
): Promise<NotificationSettings> {
  const settings = await notificationSettings(db, userId)
  for (const [kind, channels] of Object.entries(change) as [
    NotificationKind,
    NotificationSettingsChange['settings'][NotificationKind],
  ][]) {
    if (!channels) continue
    const next = { ...settings[kind], ...channels }
    settings[kind] = next
    await db.run(
      `INSERT INTO notification_settings (user_id, kind, in_app, desktop, updated_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, kind) DO UPDATE
         SET in_app = excluded.in_app, desktop = excluded.desktop, updated_at = excluded.updated_at`,
      userId,
      kind,
      next.inApp,
      next.desktop,
      now,
    )
  }
  return settings
}
