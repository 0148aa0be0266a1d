/**
 * What goes on around a conversation's messages (docs/API.md, "Conversations"): who is typing
 * (the `conversation-typing` live event, shown for a few seconds or until their message comes),
 * this device's own "typing…" signals (at most one every few seconds per conversation), search
 * within a conversation and the way to a message found in it. Light: it is part of the first
 * load (MessagesLink follows it); the system notification of a new message is
 * state/message-notifications.ts, loaded after.
 */
import { atom } from 'jotai'
import type { createStore } from 'jotai'
import type { LiveEventMap } from '../../../shared/api-types'
import { TYPING } from '../../../shared/typing'
import * as api from '../api/conversation-talk'
import { applyLiveEvents } from '../live/bus'
import { historiesAtom, loadOlderAtom } from './conversations'

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
    (typist) => typist.userId !== data.user._id && now - typist.at < TYPING.showsMs,
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
  if (last !== undefined && now - last < TYPING.everyMs) return
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

/** Follows who is typing while someone is signed in; answers the stop. */
export function followConversationTalk(store: Store): () => void {
  const stop = applyLiveEvents(store, {
    'conversation-typing': liveTypingAtom,
    message: typistSentAtom,
  })
  return () => {
    stop()
    store.set(typingAtom, {})
    store.set(typingSentAtAtom, {})
  }
}
