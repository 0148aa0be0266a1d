/**
 * System notifications of new messages (docs/API.md, "Notification settings", the `messages`
 * kind): a message of someone else in a conversation that is not muted, while the window is not
 * in front or another conversation is open, once the system allows it and the kind's desktop
 * switch is on. Messages never enter the notifications list: their unread counts are the
 * Messages page's and its badge's.
 */
import type { NotificationSettings } from '../../../shared/notification-kinds'
import type { ConversationMessage } from '../../../shared/conversation-types'
import { getBridge } from '../bridge/get-bridge'
import type { DesktopPermission } from './desktop-notifications'

/** What a system notification's text shows of a message at most. */
const BODY_CHARS = 140

export function shouldNotifyMessage(input: {
  /** The conversation is in the user's list (else whether it is muted is unknown: no). */
  known: boolean
  muted: boolean
  settings: NotificationSettings | null
  inFront: boolean
  /** The conversation is the one on screen. */
  open: boolean
  permission: DesktopPermission
}): boolean {
  if (!input.known || input.muted || input.permission !== 'granted') return false
  if (input.inFront && input.open) return false
  // Settings not loaded yet count as the default: on.
  return input.settings?.messages.desktop ?? true
}

/** "nova" for a one-to-one, "nova in Friday squad" for a group. */
export function messageNotificationTitle(author: string, group: string | null): string {
  return group ? `${author} in ${group}` : author
}

/**
 * Shows the message as a system notification; a click brings the window to the front and opens
 * its conversation (`open`, the app's navigation).
 */
export function showMessageNotification(
  message: ConversationMessage,
  group: string | null,
  open: (path: string) => void,
): void {
  const text =
    message.text.length > BODY_CHARS ? `${message.text.slice(0, BODY_CHARS)}…` : message.text
  try {
    const shown = new window.Notification(
      messageNotificationTitle(message.author.username, group),
      // One per conversation: a newer message replaces the one before it.
      { body: text, tag: `conversation-${message.conversationId}` },
    )
    shown.onclick = () => {
      const bridge = getBridge()
      if (bridge.focusWindow) void bridge.focusWindow().catch(() => window.focus())
      else window.focus()
      open(`/messages/${encodeURIComponent(message.conversationId)}`)
      shown.close()
    }
  } catch {
    // A browser that wants notifications from a service worker only: the badge still says it.
  }
}
