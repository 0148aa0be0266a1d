/**
 * The kinds of notification a user turns on or off (docs/API.md, "Notification settings"), each
 * with two switches: `inApp` (off: none of the kind is written for the user, so neither the
 * list nor the unread count ever has one) and `desktop` (on: the app shows a system notification
 * of a new one that arrives live while its window is not in front; it needs `inApp`).
 */
import type { NotificationType } from './api-types'

export const NOTIFICATION_KINDS = [
  'likes',
  'reactions',
  'comments',
  'mentions',
  'reposts',
  'follows',
  'poll-ends',
  'reports',
  'game-nights',
  // New messages in conversations that are not muted: a system notification only (their
  // unread counts are the Messages badge's), so only its desktop switch means anything.
  'messages',
] as const

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export interface NotificationChannels {
  inApp: boolean
  desktop: boolean
}

export type NotificationSettings = Record<NotificationKind, NotificationChannels>

/** `GET` and `PATCH /api/notifications/settings`. */
export interface NotificationSettingsResponse {
  settings: NotificationSettings
}

/** `PATCH /api/notifications/settings`: only the kinds and switches to change. */
export interface NotificationSettingsChange {
  settings: Partial<Record<NotificationKind, Partial<NotificationChannels>>>
}

const KIND_OF: Record<NotificationType, NotificationKind> = {
  like: 'likes',
  upvote: 'likes',
  reaction: 'reactions',
  comment: 'comments',
  reply: 'comments',
  mention: 'mentions',
  repost: 'reposts',
  quote: 'reposts',
  follow: 'follows',
  'poll-ended': 'poll-ends',
  report: 'reports',
  'report-handled': 'reports',
  'game-night-changed': 'game-nights',
  'game-night-cancelled': 'game-nights',
  'game-night-promoted': 'game-nights',
  'game-night-reminder': 'game-nights',
}

/** The setting that governs a notification of `type`. */
export function kindOf(type: NotificationType): NotificationKind {
  return KIND_OF[type]
}

/** Everything on: a user who never chose. */
export function defaultNotificationSettings(): NotificationSettings {
  const settings = {} as NotificationSettings
  for (const kind of NOTIFICATION_KINDS) settings[kind] = { inApp: true, desktop: true }
  return settings
}
