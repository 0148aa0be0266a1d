/**
 * A message's reactions on screen: `message-reactions` sets them as the server says this viewer
 * sees them; a `message` event (an edit, which carries none) keeps them, and a deletion takes
 * them away (docs/API.md, "Conversations").
 */
import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConversationMessage } from '../../src/shared/conversation-types'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import { followLiveConversations, historiesAtom } from '../../src/renderer/src/state/conversations'
import { conversationMessage } from './state-fixtures'

type Store = ReturnType<typeof createStore>

const message = (change: Partial<ConversationMessage> = {}) =>
  conversationMessage('5', { text: 'gg', ...change })

let store: Store
let unsubscribe: () => void = () => undefined
beforeEach(() => {
  store = createStore()
  store.set(historiesAtom, {
    '9': { messages: [message()], olderCursor: null, loadingOlder: false },
  })
  unsubscribe = followLiveConversations(store)
})
afterEach(() => unsubscribe())

const shown = () => store.get(historiesAtom)['9']?.messages[0]

describe("a message's reactions, live", () => {
  it('are set by message-reactions, kept by an edit, and gone with a deletion', () => {
    const reactions = { counts: [{ reaction: 'fire', count: 2 }], mine: ['fire'] }
    publishLiveEvent('message-reactions', { conversationId: '9', messageId: '5', reactions })
    expect(shown()?.reactions).toEqual(reactions)
    // An edit's event carries no reactions: those shown stay.
    publishLiveEvent('message', {
      conversationId: '9',
      message: message({ text: 'gg wp', editedAt: '2026-11-30T01:01:00+00:00' }),
      created: false,
    })
    expect(shown()?.text).toBe('gg wp')
    expect(shown()?.reactions).toEqual(reactions)
    publishLiveEvent('message', {
      conversationId: '9',
      message: message({ text: '', deleted: true }),
      created: false,
    })
    expect(shown()?.reactions).toEqual({ counts: [], mine: [] })
    // Reactions to a message not loaded here change nothing.
    publishLiveEvent('message-reactions', { conversationId: '9', messageId: '77', reactions })
    expect(store.get(historiesAtom)['9']?.messages).toHaveLength(1)
  })
})
