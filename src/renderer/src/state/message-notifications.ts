/**
 * A new message as a system notification (docs/API.md, "Conversations", "Notifications";
 * lib/message-notifications.ts decides and shows it). Loaded after the first screen, as the
 * notification settings it reads (MessagesLink imports it when someone signs in).
 */
import { atom } from 'jotai'
import type { createStore } from 'jotai'
import type { LiveEventMap } from '../../../shared/api-types'
import { desktopPermission, windowInFront } from '../lib/desktop-notifications'
import { shouldNotifyMessage, showMessageNotification } from '../lib/message-notifications'
import { applyLiveEvents } from '../live/bus'
import { userAtom } from './auth'
import {
  conversationTitle,
  conversationsAtom,
  loadConversationsAtom,
  openConversationIdAtom,
} from './conversations'
import { requestRedirectAtom } from './navigation'
import { notificationSettingsAtom } from './notification-settings'

type Store = ReturnType<typeof createStore>

/** A new message, live: a system notification when the user is not looking at it. */
const notifyMessageAtom = atom(null, async (get, set, data: LiveEventMap['message']) => {
  const me = get(userAtom)
  if (!data.created || !me || data.message.author._id === me._id) return
  const find = () => get(conversationsAtom)?.find((item) => item._id === data.conversationId)
  // Whether it is muted is known from the list: read first when this device has not yet.
  if (!find()) await set(loadConversationsAtom)
  const conversation = find()
  const decide = shouldNotifyMessage({
    known: conversation !== undefined,
    muted: conversation?.muted ?? true,
    settings: get(notificationSettingsAtom).settings,
    inFront: windowInFront(),
    open: get(openConversationIdAtom) === data.conversationId,
    permission: desktopPermission(),
  })
  if (!decide || !conversation) return
  showMessageNotification(
    data.message,
    conversation.kind === 'group' ? conversationTitle(conversation, me._id) : null,
    (path) => set(requestRedirectAtom, path),
  )
})

/** Follows new messages while someone is signed in; answers the stop. */
export function followMessageNotifications(store: Store): () => void {
  return applyLiveEvents(store, { message: notifyMessageAtom })
}
