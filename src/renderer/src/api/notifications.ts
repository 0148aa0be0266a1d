import type { NotificationsPage, UnreadCountResponse } from '../../../shared/api-types'
import type {
  NotificationSettingsChange,
  NotificationSettingsResponse,
} from '../../../shared/notification-kinds'
import { LIMITS } from '../../../shared/limits'
import { request } from './client'

/** The signed-in user's notifications, newest first, a page at a time (docs/API.md). */
export function listNotifications(cursor?: string | null): Promise<NotificationsPage> {
  return request<NotificationsPage>('/notifications', {
    query: { limit: LIMITS.pageSizeDefault, cursor },
    answer: 'notificationsPage',
  })
}

export function getUnreadCount(): Promise<UnreadCountResponse> {
  return request<UnreadCountResponse>('/notifications/unread-count', {
    answer: 'unreadCount',
  })
}

/** Marks read the notification `upTo` and every older one; answers the count left unread. */
export function markNotificationsRead(upTo: string): Promise<UnreadCountResponse> {
  return request<UnreadCountResponse>('/notifications/read', {
    method: 'POST',
    body: { upTo },
    answer: 'unreadCount',
  })
}

/** The signed-in user's notification settings (docs/API.md, "Notification settings"). */
export function getNotificationSettings(): Promise<NotificationSettingsResponse> {
  return request<NotificationSettingsResponse>('/notifications/settings')
}

/** Changes only the kinds and switches named; answers every setting now. */
export function changeNotificationSettings(
  settings: NotificationSettingsChange['settings'],
): Promise<NotificationSettingsResponse> {
  return request<NotificationSettingsResponse>('/notifications/settings', {
    method: 'PATCH',
    body: { settings },
  })
}
