/**
 * Starting a conversation with several people at once: a game night's "Message everyone going"
 * (components/MessageGoingButton.tsx). Apart from state/conversations.ts, which the first load
 * carries: this needs the conversations' limits and loads with the night's page.
 */
import { atom } from 'jotai'
import { CONVERSATION_LIMITS } from '../../../shared/conversation-schemas'
import * as api from '../api/conversation-talk'
import { userAtom } from './auth'
import { conversationsAtom, loadConversationsAtom, startDirectAtom } from './conversations'

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
