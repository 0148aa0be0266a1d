/**
 * What goes on around a conversation's messages (docs/API.md, "Conversations"): who is typing
 * (the `conversation-typing` live event, shown for a few seconds or until their message comes)
 * and this device's own "typing…" signals (at most one every few seconds per conversation).
 * Followed while the Messages page is open (nobody is told elsewhere who types); search within
 * a conversation is state/conversation-search.ts, the system notification of a new message
 * state/message-notifications.ts.
 */
import { atom } from 'jotai'
import type { createStore } from 'jotai'
import type { LiveEventMap } from '../../../shared/api-types'
import { TYPING } from '../../../shared/typing'
import * as api from '../api/conversation-talk'
import { applyLiveEvents } from '../live/bus'

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
