/**
 * Search within a conversation (docs/API.md, "Conversations", "Search within a conversation")
 * and the way to a message found in it: loaded with the Messages page.
 */
import { atom } from 'jotai'
import * as api from '../api/conversation-talk'
import { historiesAtom, loadOlderAtom } from './conversations'

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
