/**
 * What each user chose per kind of notification (docs/API.md, "Notification settings"): a kind
 * without a row has both switches on.
 */
import type { NotificationType } from '../../../shared/api-types'
import {
  defaultNotificationSettings,
  kindOf,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '../../../shared/notification-kinds'
import type { Store } from '../../db/store'

interface SettingRow {
  kind: string
  /** Boolean columns: 0 or 1 from SQLite, false or true from PostgreSQL. */
  inApp: boolean | number
  desktop: boolean | number
}

const isKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind)

export async function notificationSettings(
  db: Store,
  userId: number,
): Promise<NotificationSettings> {
  const settings = defaultNotificationSettings()
  const rows = await db.all<SettingRow>(
    `SELECT kind, in_app AS "inApp", desktop FROM notification_settings WHERE user_id = ?`,
    userId,
  )
  // A kind this version no longer has is left out rather than answered.
  for (const row of rows) {
    if (isKind(row.kind)) {
      settings[row.kind] = { inApp: Boolean(row.inApp), desktop: Boolean(row.desktop) }
    }
  }
  return settings
}

/** Whether `userId` takes notifications of `type` at all (the kind's in-app switch). */
export async function wantsInApp(
  db: Store,
  userId: number,
  type: NotificationType,
): Promise<boolean> {
  const row = await db.get<{ inApp: boolean | number }>(
    'SELECT in_app AS "inApp" FROM notification_settings WHERE user_id = ? AND kind = ?',
    userId,
    kindOf(type),
  )
  return row === undefined || Boolean(row.inApp)
}
