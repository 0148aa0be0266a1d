/**
 * Conversations (docs/API.md, "Conversations"): the list behind the Messages page, each
 * open conversation's history (oldest first, paged upward), and the unread total behind the
 * Messages badge, kept in step with the live events (`message`, `conversation`,
 * `conversation-left`, `conversation-read`, `message-reactions`) the stream reader publishes on
 * the bus.
 */
import { atom } from 'jotai'
import type { createStore } from 'jotai'
import * as api from '../api/conversations'
import { isMissingCall } from '../api/client'
import { applyLiveEvents } from '../live/bus'
import type { LiveEventMap } from '../../../shared/api-types'
import type {
  Conversation,
  ConversationMessage,
  ConversationReadResponse,
  MessageReactionsEvent,
} from '../../../shared/conversation-types'
import { userAtom } from './auth'

type Store = ReturnType<typeof createStore>

/** The signed-in user's conversations, latest activity first; null until loaded. */
export const conversationsAtom = atom<Conversation[] | null>(null)
export const conversationsErrorAtom = atom<string | null>(null)

/** Unread messages in all conversations that are not muted; null until the server said. */
export const totalUnreadAtom = atom<number | null>(null)

/** False once the server answered 404: an older server without conversations (no badge). */
export const conversationsAvailableAtom = atom(true)

export interface History {
  /** Oldest first, as the view shows them. */
  messages: ConversationMessage[]
  /** Where older messages start; null once the first message is loaded. */
  olderCursor: string | null
  loadingOlder: boolean
}

/** The loaded history of each conversation opened, by conversation id. */
export const historiesAtom = atom<Record<string, History>>({})

/** The conversation on screen: its new messages are read as they arrive. */
export const openConversationIdAtom = atom<string | null>(null)

const byActivity = (list: Conversation[]) =>
  [...list].sort((a, b) => (a.activityAt < b.activityAt ? 1 : a.activityAt > b.activityAt ? -1 : 0))

export const loadConversationsAtom = atom(null, async (get, set) => {
  try {
    // As the unread total's own ask (loadUnreadAtom): a page read while a message came may not
    // count it, and would put back smaller counts than the live events made: asked again then.
    for (let ask = 1; ask <= UNREAD_ASKS; ask++) {
      const changes = get(unreadChangesAtom)
      const page = await api.listConversations()
      if (get(unreadChangesAtom) !== changes && ask < UNREAD_ASKS) continue
      set(conversationsAtom, page.conversations)
      set(totalUnreadAtom, page.totalUnread)
      break
    }
    set(conversationsErrorAtom, null)
  } catch (error) {
    set(conversationsErrorAtom, error instanceof Error ? error.message : 'Could not load.')
  }
})

/**
 * Moved by every live change of the unread total (a message counted, a conversation read): a
 * total the server answered while one came may or may not include it.
 */
const unreadChangesAtom = atom(0)

/** How often a total is asked again because live changes came while it was on its way. */
const UNREAD_ASKS = 4

export const loadUnreadAtom = atom(null, async (get, set) => {
  try {
    // An answer that crossed a live change could put back a smaller total (the badge said one
    // unread of two): asked again, after the change, it counts it.
    for (let ask = 1; ask <= UNREAD_ASKS; ask++) {
      const changes = get(unreadChangesAtom)
      const { totalUnread } = await api.getConversationUnread()
      if (get(unreadChangesAtom) !== changes && ask < UNREAD_ASKS) continue
      set(totalUnreadAtom, totalUnread)
      break
    }
    set(conversationsAvailableAtom, true)
  } catch (error) {
    if (isMissingCall(error)) {
      set(conversationsAvailableAtom, false)
      set(totalUnreadAtom, null)
    }
  }
})

/** Puts `message` in its history (replacing an older copy), in order. */
const placeMessage = (history: History, message: ConversationMessage): History => {
  const others = history.messages.filter((item) => item._id !== message._id)
  others.push(message)
  others.sort((a, b) => Number(a._id) - Number(b._id))
  return { ...history, messages: others }
}

export const loadHistoryAtom = atom(null, async (get, set, conversationId: string) => {
  const page = await api.listMessages(conversationId)
  const loaded: History = {
    messages: [...page.messages].reverse(),
    olderCursor: page.nextCursor,
    loadingOlder: false,
  }
  // Whatever arrived live while the page was read stays: into the history when there was one,
  // else kept aside (a message sent while the first page was on its way was lost before).
  const live = get(historiesAtom)[conversationId]
  const { [conversationId]: early = [], ...otherEarly } = get(arrivedBeforeHistoryAtom)
  const merged = [...(live?.messages ?? []), ...early].reduce(placeMessage, loaded)
  set(arrivedBeforeHistoryAtom, otherEarly)
  set(historiesAtom, { ...get(historiesAtom), [conversationId]: merged })
})

export const loadOlderAtom = atom(null, async (get, set, conversationId: string) => {
  const history = get(historiesAtom)[conversationId]
  if (!history?.olderCursor || history.loadingOlder) return
  set(historiesAtom, {
    ...get(historiesAtom),
    [conversationId]: { ...history, loadingOlder: true },
  })
  try {
    const page = await api.listMessages(conversationId, history.olderCursor)
    const now = get(historiesAtom)[conversationId] ?? history
    const older = [...page.messages].reverse()
    set(historiesAtom, {
      ...get(historiesAtom),
      [conversationId]: {
        messages: [...older, ...now.messages.filter((m) => !older.some((o) => o._id === m._id))],
        olderCursor: page.nextCursor,
        loadingOlder: false,
      },
    })
  } catch (error) {
    const now = get(historiesAtom)[conversationId] ?? history
    set(historiesAtom, { ...get(historiesAtom), [conversationId]: { ...now, loadingOlder: false } })
    throw error
  }
})

/** Messages of the open conversation that came before its first page: loadHistoryAtom takes them. */
const arrivedBeforeHistoryAtom = atom<Record<string, ConversationMessage[]>>({})

/** A message written or changed (an answer or a live event): its history and its list row. */
const noteMessageAtom = atom(null, (get, set, message: ConversationMessage) => {
  const id = message.conversationId
  const history = get(historiesAtom)[id]
  if (history) set(historiesAtom, { ...get(historiesAtom), [id]: placeMessage(history, message) })
  else if (get(openConversationIdAtom) === id) {
    const early = get(arrivedBeforeHistoryAtom)[id] ?? []
    set(arrivedBeforeHistoryAtom, { ...get(arrivedBeforeHistoryAtom), [id]: [...early, message] })
  }
  const list = get(conversationsAtom)
  if (!list) return
  set(
    conversationsAtom,
    byActivity(
      list.map((conversation) => {
        if (conversation._id !== id) return conversation
        const latest =
          !conversation.lastMessage || Number(message._id) >= Number(conversation.lastMessage._id)
        return latest
          ? { ...conversation, lastMessage: message, activityAt: message.createdAt }
          : conversation
      }),
    ),
  )
})

/** A read state from the server (an answer, or `conversation-read` from any device). */
export const applyReadStateAtom = atom(null, (get, set, state: ConversationReadResponse) => {
  set(unreadChangesAtom, get(unreadChangesAtom) + 1)
  set(totalUnreadAtom, state.totalUnread)
  const list = get(conversationsAtom)
  if (!list) return
  set(
    conversationsAtom,
    list.map((conversation) =>
      conversation._id === state.conversationId
        ? {
            ...conversation,
            unreadCount: state.unreadCount,
            lastReadId: state.lastReadId,
            muted: state.muted,
          }
        : conversation,
    ),
  )
})

export const markReadAtom = atom(null, async (_get, set, conversationId: string) => {
  set(applyReadStateAtom, await api.markConversationRead(conversationId))
})

export const sendMessageAtom = atom(
  null,
  async (
    _get,
    set,
    args: {
      conversationId: string
      text: string
      replyTo?: string
      media?: { id: string; alt: string }[]
    },
  ) => {
    const { message } = await api.sendMessage(
      args.conversationId,
      args.text,
      args.replyTo,
      args.media,
    )
    set(noteMessageAtom, message)
  },
)

/** A message's reactions as the viewer sees them now (an answer, or `message-reactions`). */
export const applyReactionsAtom = atom(null, (get, set, data: MessageReactionsEvent) => {
  const history = get(historiesAtom)[data.conversationId]
  const message = history?.messages.find((item) => item._id === data.messageId)
  if (history && message) {
    set(historiesAtom, {
      ...get(historiesAtom),
      [data.conversationId]: placeMessage(history, { ...message, reactions: data.reactions }),
    })
  }
})

export const editMessageAtom = atom(
  null,
  async (_get, set, args: { conversationId: string; messageId: string; text: string }) => {
    const { message } = await api.editMessage(args.conversationId, args.messageId, args.text)
    set(noteMessageAtom, message)
  },
)

export const deleteMessageAtom = atom(
  null,
  async (_get, set, args: { conversationId: string; messageId: string }) => {
    const { message } = await api.deleteMessage(args.conversationId, args.messageId)
    set(noteMessageAtom, message)
  },
)

/** A conversation the server answered (started, renamed, members changed): in the list, in place. */
export const noteConversationAtom = atom(null, (get, set, conversation: Conversation) => {
  const list = get(conversationsAtom)
  if (!list) return
  set(
    conversationsAtom,
    list.some((item) => item._id === conversation._id)
      ? list.map((item) => (item._id === conversation._id ? conversation : item))
      : byActivity([conversation, ...list]),
  )
})

/** Starts (or reopens) the one-to-one with `userId`; answers its id for the page to open. */
export const startDirectAtom = atom(null, async (get, set, userId: string) => {
  const { conversation } = await api.startDirect(userId)
  const list = get(conversationsAtom)
  if (list && !list.some((item) => item._id === conversation._id)) {
    set(conversationsAtom, byActivity([conversation, ...list]))
  }
  return conversation._id
})

export const leaveConversationAtom = atom(null, async (_get, set, conversationId: string) => {
  await api.leaveConversation(conversationId)
  set(forgetConversationAtom, { conversationId })
})

const forgetConversationAtom = atom(
  null,
  (get, set, { conversationId }: { conversationId: string }) => {
    const list = get(conversationsAtom)
    if (list)
      set(
        conversationsAtom,
        list.filter((item) => item._id !== conversationId),
      )
    const { [conversationId]: _gone, ...rest } = get(historiesAtom)
    set(historiesAtom, rest)
    void set(loadUnreadAtom)
  },
)

/** A live `message`: into its history and list row; counted unread unless it is on screen. */
const liveMessageAtom = atom(null, (get, set, data: LiveEventMap['message']) => {
  const list = get(conversationsAtom)
  const known = list?.some((item) => item._id === data.conversationId)
  // A `message` event carries no reactions (`message-reactions` does, as each member sees
  // them): an edit keeps those shown; a deletion takes them away.
  const before = get(historiesAtom)[data.conversationId]?.messages.find(
    (item) => item._id === data.message._id,
  )
  set(
    noteMessageAtom,
    before && !data.message.deleted
      ? { ...data.message, reactions: before.reactions }
      : data.message,
  )
  if (list && !known) void set(loadConversationsAtom)
  const mine = data.message.author._id === get(userAtom)?._id
  if (!data.created || mine) return
  // Read as it comes while its view is drawn, in front, and the player is still on its page.
  if (
    get(openConversationIdAtom) === data.conversationId &&
    onConversationPage(data.conversationId) &&
    isVisible()
  ) {
    void set(markReadAtom, data.conversationId).catch(() => undefined)
    return
  }
  const conversation = get(conversationsAtom)?.find((item) => item._id === data.conversationId)
  if (conversation) {
    set(
      conversationsAtom,
      (get(conversationsAtom) ?? []).map((item) =>
        item._id === data.conversationId ? { ...item, unreadCount: item.unreadCount + 1 } : item,
      ),
    )
  }
  if (!conversation?.muted) {
    set(unreadChangesAtom, get(unreadChangesAtom) + 1)
    set(totalUnreadAtom, (get(totalUnreadAtom) ?? 0) + 1)
  }
})

const liveConversationAtom = atom(null, (get, set, data: LiveEventMap['conversation']) => {
  const list = get(conversationsAtom)
  if (!list) return
  if (!list.some((item) => item._id === data.conversation._id)) {
    void set(loadConversationsAtom)
    return
  }
  set(
    conversationsAtom,
    list.map((item) =>
      item._id === data.conversation._id ? { ...item, ...data.conversation } : item,
    ),
  )
})

/** Everything again: at (re)connection, and after a `reset`. */
const reloadAtom = atom(null, async (get, set) => {
  await set(loadUnreadAtom)
  if (get(conversationsAtom)) await set(loadConversationsAtom)
  const open = get(openConversationIdAtom)
  if (open && get(historiesAtom)[open]) await set(loadHistoryAtom, open).catch(() => undefined)
})

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible'

/**
 * The address is the conversation's page: where the player is. Its view may not be drawn yet (the
 * Messages page loads on first use), or may still be drawn for a moment after the address moved
 * on (React keeps a screen while the next one loads), when its messages are no longer being read
 * (a browser test's message sent just after the click on Home was marked read and showed no
 * notification, one run in eight).
 */
export function onConversationPage(conversationId: string): boolean {
  return (
    typeof location !== 'undefined' &&
    location.pathname === `/messages/${encodeURIComponent(conversationId)}`
  )
}

/** Keeps the store's conversations in step with the live events; answers the unsubscribe. */
export function followLiveConversations(store: Store): () => void {
  return applyLiveEvents(store, {
    ready: reloadAtom,
    reset: reloadAtom,
    message: liveMessageAtom,
    conversation: liveConversationAtom,
    'conversation-left': forgetConversationAtom,
    'conversation-read': applyReadStateAtom,
    'message-reactions': applyReactionsAtom,
  })
}

/** Forgets everything (sign-out, another account). */
export const resetConversationsAtom = atom(null, (_get, set) => {
  set(conversationsAtom, null)
  set(totalUnreadAtom, null)
  set(historiesAtom, {})
  set(arrivedBeforeHistoryAtom, {})
  set(openConversationIdAtom, null)
  set(conversationsAvailableAtom, true)
})

/** What a conversation is called: a group's name, or the other member's username. */
export function conversationTitle(conversation: Conversation, myId: string | undefined): string {
  if (conversation.kind === 'group') return conversation.name ?? 'Group'
  const other = conversation.members.find((member) => member._id !== myId)
  return other?.username ?? 'Just you'
}
