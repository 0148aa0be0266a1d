/**
 * Reactions to messages and a group's picture (docs/API.md, "Conversations"): the Messages
 * page's writes beside state/conversations.ts, which keeps what they answer (and what the live
 * events bring). Apart from it so that only that page, loaded when opened, carries them.
 */
import { atom } from 'jotai'
import * as api from '../api/conversation-extras'
import { applyReactionsAtom, conversationsAtom } from './conversations'

/** Adds (`on`) or takes back the viewer's reaction on a message. */
export const reactToMessageAtom = atom(
  null,
  async (
    _get,
    set,
    args: { conversationId: string; messageId: string; reaction: string; on: boolean },
  ) => {
    set(
      applyReactionsAtom,
      await api.reactToMessage(args.conversationId, args.messageId, args.reaction, args.on),
    )
  },
)

/** Sets (a file) or removes (null) a group's picture: its creator's. */
export const setGroupPictureAtom = atom(
  null,
  async (get, set, args: { conversationId: string; file: File | null }) => {
    const { conversation } = args.file
      ? await api.uploadGroupPicture(args.conversationId, args.file)
      : await api.removeGroupPicture(args.conversationId)
    const list = get(conversationsAtom)
    if (list) {
      set(
        conversationsAtom,
        list.map((item) => (item._id === conversation._id ? conversation : item)),
      )
    }
  },
)
