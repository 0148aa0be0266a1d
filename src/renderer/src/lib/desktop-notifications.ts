/**
 * System notifications of new notifications (docs/API.md, "Notification settings"): shown when
 * one arrives live while the window is not in front, for a kind whose desktop switch is on, once
 * the system allows it. In Electron the HTML Notification API is the system's; in a browser the
 * settings page asks for the permission, from a click.
 */
import type { Notification as AppNotification } from '../../../shared/api-types'
import { kindOf, type NotificationSettings } from '../../../shared/notification-kinds'
import { groupNotifications, groupSentence, groupTarget } from './notification-groups'
import { gameNightPath, postPath, profilePath } from './paths'
import { getBridge } from '../bridge/get-bridge'

/** What the system says of notifications here: 'unsupported' where there is no such API. */
export type DesktopPermission = NotificationPermission | 'unsupported'

export function desktopPermission(scope: { Notification?: unknown } = window): DesktopPermission {
  const api = scope.Notification as { permission?: NotificationPermission } | undefined
  return api?.permission ?? 'unsupported'
}

/** Whether the user is looking at this window: shown, and in front. */
export function windowInFront(doc: Pick<Document, 'visibilityState' | 'hasFocus'> = document) {
  return doc.visibilityState === 'visible' && doc.hasFocus()
}

/**
 * Whether a new notification of `type` becomes a system notification: not while the window is
 * in front (the bell says it), not without the permission, and only for a kind with both
 * switches on (settings not loaded yet count as the defaults: all on).
 */
export function shouldShowDesktop(input: {
  type: AppNotification['type']
  settings: NotificationSettings | null
  inFront: boolean
  permission: DesktopPermission
}): boolean {
  if (input.inFront || input.permission !== 'granted') return false
  const channels = input.settings?.[kindOf(input.type)] ?? { inApp: true, desktop: true }
  return channels.inApp && channels.desktop
}

/** Where a notification leads in the app (as its entry on the notifications page). */
export function notificationPath(notification: AppNotification): string {
  const [group] = groupNotifications([notification])
  if (!group) return '/notifications'
  const target = groupTarget(group)
  if (target.kind === 'game-night') return gameNightPath(target.id)
  if (target.kind === 'profile') return profilePath(target.id)
  const path = postPath(target.id)
  return target.commentId === undefined
    ? path
    : `${path}?comment=${encodeURIComponent(target.commentId)}`
}

/** The system notification's words: the entry's sentence, and the post's words under it. */
export function desktopWords(
  notification: AppNotification,
  viewerId: string | undefined,
): { title: string; body: string } {
  const [group] = groupNotifications([notification])
  const title = group ? groupSentence(group, viewerId) : 'New notification'
  const body = notification.type === 'follow' ? '' : notification.snippet
  return { title, body }
}

/**
 * Shows `notification` as a system notification; a click brings the window to the front and
 * opens what it is about (`open`, the app's navigation).
 */
export function showDesktop(
  notification: AppNotification,
  viewerId: string | undefined,
  open: (path: string) => void,
): void {
  const { title, body } = desktopWords(notification, viewerId)
  try {
    const shown = new window.Notification(title, { body, tag: `notification-${notification.id}` })
    shown.onclick = () => {
      const bridge = getBridge()
      if (bridge.focusWindow) void bridge.focusWindow().catch(() => window.focus())
      else window.focus()
      open(notificationPath(notification))
      shown.close()
    }
  } catch {
    // A browser that wants notifications from a service worker only: the bell still says it.
  }
}

/**
 * Asks the browser for the permission (call it from a click: browsers refuse to ask otherwise);
 * answers what it said.
 */
export async function askDesktopPermission(): Promise<DesktopPermission> {
  if (desktopPermission() === 'unsupported') return 'unsupported'
  try {
    return await window.Notification.requestPermission()
  } catch {
    return desktopPermission()
  }
}
