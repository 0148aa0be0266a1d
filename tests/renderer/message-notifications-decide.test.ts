/**
 * Whether a new message becomes a system notification is decided as it arrives: when this device
 * must first read its conversations list (to know whether the conversation is muted), a window
 * that went to the background meanwhile does not turn a message read on screen into a
 * notification (seen in the browser: "read right here" notified a second later).
 */
import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Conversation } from '../../src/shared/conversation-types'
import { userAtom } from '../../src/renderer/src/state/auth'
import { openConversationIdAtom } from '../../src/renderer/src/state/conversations'
import { notifyMessageAtom } from '../../src/renderer/src/state/message-notifications'
import { summaryOf } from './answer-fixtures'
import { fakeFriendServer, jsonResponse } from './fake-server'
import { conversationMessage, ME, deferred, userOf } from './state-fixtures'

const fetchMock = fakeFriendServer()
const shown: string[] = []
let inFront = true

class RecordingNotification {
  static permission = 'granted'
  onclick: (() => void) | null = null
  constructor(_title: string, options: { body?: string } = {}) {
    shown.push(options.body ?? '')
  }
  close() {}
}

beforeEach(() => {
  shown.length = 0
  inFront = true
  Object.defineProperty(window, 'Notification', {
    value: RecordingNotification,
    configurable: true,
  })
  Object.defineProperty(document, 'visibilityState', {
    get: () => (inFront ? 'visible' : 'hidden'),
    configurable: true,
  })
  document.hasFocus = () => inFront
})
afterEach(() => {
  window.history.pushState({}, '', '/')
  Reflect.deleteProperty(window, 'Notification')
  Reflect.deleteProperty(document, 'visibilityState')
})

const ana = summaryOf('ana', '2')
const message = conversationMessage('70', { author: ana, text: 'read right here' })
const conversation: Conversation = {
  _id: '9',
  kind: 'direct',
  name: null,
  creatorId: null,
  members: [ana, ME],
  createdAt: '2026-11-30T00:00:00+00:00',
  pictureUrl: null,
  lastMessage: message,
  unreadCount: 0,
  lastReadId: '70',
  muted: false,
  activityAt: '2026-11-30T01:00:00+00:00',
}

describe('a new message while its conversation is open', () => {
  it('stays unnotified though the window goes to the background while the list is read', async () => {
    const store = createStore()
    store.set(userAtom, userOf(ME))
    window.history.pushState({}, '', '/messages/9')
    store.set(openConversationIdAtom, '9')
    const page = deferred<Response>()
    fetchMock.mockReturnValueOnce(page.promise)
    const deciding = store.set(
      notifyMessageAtom,
      { conversationId: '9', message, created: true },
      null,
    )
    // Read on screen; then the window goes to the background before the list comes back.
    inFront = false
    page.resolve(
      jsonResponse(200, { conversations: [conversation], nextCursor: null, totalUnread: 0 }),
    )
    await deciding
    expect(shown).toEqual([])
  })

  it('is notified when the window was in the background as it came', async () => {
    const store = createStore()
    store.set(userAtom, userOf(ME))
    window.history.pushState({}, '', '/messages/9')
    store.set(openConversationIdAtom, '9')
    inFront = false
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { conversations: [conversation], nextCursor: null, totalUnread: 0 }),
    )
    await store.set(notifyMessageAtom, { conversationId: '9', message, created: true }, null)
    expect(shown).toEqual(['read right here'])
  })

  it('is notified once the address moved to another screen, though its view is still drawn', async () => {
    const store = createStore()
    store.set(userAtom, userOf(ME))
    // The conversation's view is still mounted while the next screen loads.
    store.set(openConversationIdAtom, '9')
    window.history.pushState({}, '', '/home')
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { conversations: [conversation], nextCursor: null, totalUnread: 0 }),
    )
    await store.set(notifyMessageAtom, { conversationId: '9', message, created: true }, null)
    expect(shown).toEqual(['read right here'])
  })
})
