/**
 * What goes on around a conversation's messages (docs/API.md, "Conversations"): who is typing
 * (the `conversation-typing` live event, shown for a few seconds or until their message comes),
 * this device's own "typing…" signals (at most one every few seconds per conversation), search
 * within a conversation and the way to a message found in it, and the system notification of
 * a new message (lib/message-notifications.ts decides).
 */
import { atom } from 'jotai'
import type { createStore } from 'jotai'
import type { LiveEventMap } from '../../../shared/api-types'
import { CONVERSATION_LIMITS } from '../../../shared/conversation-schemas'
import * as api from '../api/conversation-talk'
import { applyLiveEvents } from '../live/bus'
import { shouldNotifyMessage, showMessageNotification } from '../lib/message-notifications'
import { desktopPermission, windowInFront } from '../lib/desktop-notifications'
import { userAtom } from './auth'
import {
  conversationTitle,
  conversationsAtom,
  historiesAtom,
  loadConversationsAtom,
  loadOlderAtom,
  openConversationIdAtom,
  startDirectAtom,
} from './conversations'
import { requestRedirectAtom } from './navigation'
import { notificationSettingsAtom } from './notification-settings'

type Store = ReturnType<typeof createStore>

/** Someone typing in a conversation, and when their latest signal came (this device's clock). */
export interface Typist {
  userId: string
  username: string
  at: number
}

/** Who is typing, by conversation id. Entries older than `typingShowsMs` no longer count. */
export const typingAtom = atom<Record<string, Typist[]>>({})

const liveTypingAtom = atom(null, (get, set, data: LiveEventMap['conversation-typing']) => {
  const now = Date.now()
  const others = (get(typingAtom)[data.conversationId] ?? []).filter(
    (typist) =>
      typist.userId !== data.user._id && now - typist.at < CONVERSATION_LIMITS.typingShowsMs,
  )
  set(typingAtom, {
    ...get(typingAtom),
    [data.conversationId]: [
      ...others,
      { userId: data.user._id, username: data.user.username, at: now },
    ],
  })
})

/** A typist's message arrived: they are no longer typing it. */
const typistSentAtom = atom(null, (get, set, data: LiveEventMap['message']) => {
  if (!data.created) return
  const list = get(typingAtom)[data.conversationId]
  const author = data.message.author._id
  if (!list?.some((typist) => typist.userId === author)) return
  set(typingAtom, {
    ...get(typingAtom),
    [data.conversationId]: list.filter((typist) => typist.userId !== author),
  })
})

/** When this device last said it was typing, by conversation id. */
const typingSentAtAtom = atom<Record<string, number>>({})

/**
 * Says "typing…" to the other members, at most once every `typingEveryMs` per conversation.
 * A signal that does not go through is not worth a word: the message itself will.
 */
export const sendTypingAtom = atom(null, (get, set, conversationId: string) => {
  const now = Date.now()
  const last = get(typingSentAtAtom)[conversationId]
  if (last !== undefined && now - last < CONVERSATION_LIMITS.typingEveryMs) return
  set(typingSentAtAtom, { ...get(typingSentAtAtom), [conversationId]: now })
  void api.signalTyping(conversationId).catch(() => undefined)
})

/** The message went: the next keystroke says "typing…" again at once. */
export const typingDoneAtom = atom(null, (get, set, conversationId: string) => {
  const { [conversationId]: _done, ...rest } = get(typingSentAtAtom)
  set(typingSentAtAtom, rest)
})

/** A page of a search within a conversation (thrown on a refusal, for the box to say). */
export const searchMessagesAtom = atom(
  null,
  (_get, _set, args: { conversationId: string; query: string; cursor?: string | null }) =>
    api.searchMessages(args.conversationId, args.query, args.cursor),
)

/** How many older pages a jump to a found message reads at most (30 messages each). */
const JUMP_PAGES = 40

/**
 * Loads the history back to `messageId` (older pages, one at a time), so that the view can
 * scroll to it; answers whether it is in the history now.
 */
export const loadUntilMessageAtom = atom(
  null,
  async (get, set, args: { conversationId: string; messageId: string }) => {
    const has = () =>
      get(historiesAtom)[args.conversationId]?.messages.some(
        (message) => message._id === args.messageId,
      ) ?? false
    for (let page = 0; page < JUMP_PAGES && !has(); page++) {
      const history = get(historiesAtom)[args.conversationId]
      if (!history?.olderCursor) break
      await set(loadOlderAtom, args.conversationId)
    }
    return has()
  },
)

/**
 * Opens a conversation with these people (a game night's "Message everyone going"): the
 * one-to-one when there is one other, else a new group named `name`. Answers its id.
 */
export const startWithEveryoneAtom = atom(
  null,
  async (get, set, args: { userIds: string[]; name: string }) => {
    const me = get(userAtom)?._id
    const others = [...new Set(args.userIds)].filter((id) => id !== me)
    const [only] = others
    if (others.length === 1 && only) return set(startDirectAtom, only)
    const name = args.name.trim().slice(0, CONVERSATION_LIMITS.nameMax) || 'Group'
    const { conversation } = await api.startGroup(name, others)
    if (get(conversationsAtom)) void set(loadConversationsAtom)
    return conversation._id
  },
)

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

/** Follows typing and message notifications while someone is signed in; answers the stop. */
export function followConversationTalk(store: Store): () => void {
  const stop = applyLiveEvents(store, {
    'conversation-typing': liveTypingAtom,
  })
  // Two appliers of `message`: one clears its author's typing, one may notify.
  const stopSent = applyLiveEvents(store, { message: typistSentAtom })
  const stopNotify = applyLiveEvents(store, { message: notifyMessageAtom })
  return () => {
    stop()
    stopSent()
    stopNotify()
    store.set(typingAtom, {})
    store.set(typingSentAtAtom, {})
  }
}
