/**
 * Managing a conversation (docs/API.md, "Conversations"): starting a group, its name and members
 * (its creator only, as the server checks too), and muting any conversation. Each answer goes
 * into the list the Messages page shows; the other members learn of it by the live events.
 */
import { atom } from 'jotai'
import * as api from '../api/conversations'
import { applyReadStateAtom, noteConversationAtom } from './conversations'

/** Starts a group with the people chosen; answers its id for the page to open. */
export const startGroupAtom = atom(
  null,
  async (_get, set, args: { name: string; memberIds: string[] }) => {
    const { conversation } = await api.startGroup(args.name, args.memberIds)
    set(noteConversationAtom, conversation)
    return conversation._id
  },
)

export const renameGroupAtom = atom(
  null,
  async (_get, set, args: { conversationId: string; name: string }) => {
    const { conversation } = await api.renameConversation(args.conversationId, args.name)
    set(noteConversationAtom, conversation)
  },
)

export const addMembersAtom = atom(
  null,
  async (_get, set, args: { conversationId: string; userIds: string[] }) => {
    const { conversation } = await api.addMembers(args.conversationId, args.userIds)
    set(noteConversationAtom, conversation)
  },
)

export const removeMemberAtom = atom(
  null,
  async (_get, set, args: { conversationId: string; userId: string }) => {
    const { conversation } = await api.removeMember(args.conversationId, args.userId)
    set(noteConversationAtom, conversation)
  },
)

/** Mutes or unmutes: every device of the user hears it too (`conversation-read`). */
export const muteConversationAtom = atom(
  null,
  async (_get, set, args: { conversationId: string; muted: boolean }) => {
    set(applyReadStateAtom, await api.muteConversation(args.conversationId, args.muted))
  },
)
