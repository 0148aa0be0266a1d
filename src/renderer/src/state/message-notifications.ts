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
import {
  conversationTitle,
  conversationsAtom,
  loadConversationsAtom,
  onConversationPage,
} from './conversations'
import { requestRedirectAtom } from './navigation'

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
