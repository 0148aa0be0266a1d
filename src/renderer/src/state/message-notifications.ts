/**
 * A new message as a system notification (docs/API.md, "Conversations", "Notifications";
 * lib/message-notifications.ts decides and shows it). Loaded after the first screen with the
 * notification settings, whose follower (state/notification-settings.ts) hands it their
 * settings: this module does not import that one, which imports it.
 */
import { atom } from 'jotai'
import type { LiveEventMap } from '../../../shared/api-types'
import type { NotificationSettings } from '../../../shared/notification-kinds'
import { desktopPermission, windowInFront } from '../lib/desktop-notifications'
import { shouldNotifyMessage, showMessageNotification } from '../lib/message-notifications'
import { userAtom } from './auth'
import { conversationTitle, conversationsAtom, loadConversationsAtom } from './conversations'
import { requestRedirectAtom } from './navigation'

/**
 * The address is the conversation's page: where the player is. Its view may not be drawn yet (the
 * Messages page loads on first use), and its messages are read as soon as it is; or it may still
 * be drawn for a moment after the address moved on (React keeps a screen while the next one
 * loads), when a message is no longer being read (a browser test's message sent just after the
 * click on Home showed no notification, one run in eight).
 */
function onConversationPage(conversationId: string): boolean {
  return (
    typeof location !== 'undefined' &&
    location.pathname === `/messages/${encodeURIComponent(conversationId)}`
  )
}

/** A new message, live: a system notification when the user is not looking at it. */
export const notifyMessageAtom = atom(
  null,
  async (get, set, data: LiveEventMap['message'], settings: NotificationSettings | null) => {
    const me = get(userAtom)
    if (!data.created || !me || data.message.author._id === me._id) return
    // Whether it was being read is decided as it arrived, not once the list below is read: the
    // window may have gone to the background meanwhile, after the message was read.
    const inFront = windowInFront()
    const open = onConversationPage(data.conversationId)
    const find = () => get(conversationsAtom)?.find((item) => item._id === data.conversationId)
    // Whether it is muted is known from the list: read first when this device has not yet.
    if (!find()) await set(loadConversationsAtom)
    const conversation = find()
    const decide = shouldNotifyMessage({
      known: conversation !== undefined,
      muted: conversation?.muted ?? true,
      settings,
      inFront,
      open,
      permission: desktopPermission(),
    })
    if (!decide || !conversation) return
    showMessageNotification(
      data.message,
      conversation.kind === 'group' ? conversationTitle(conversation, me._id) : null,
      (path) => set(requestRedirectAtom, path),
    )
  },
)
