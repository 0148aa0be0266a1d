/**
 * The messages badge's total: counted up by live messages, and fetched at every (re)connection.
 * A fetch whose answer crossed live messages on its way could put back a smaller total (seen in
 * the browser: "1 unread" of two); it is asked again instead.
 */
import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import {
  followLiveConversations,
  loadConversationsAtom,
  loadUnreadAtom,
  openConversationIdAtom,
  totalUnreadAtom,
} from '../../src/renderer/src/state/conversations'
import { fakeFriendServer, jsonResponse } from './fake-server'
import { conversationMessage, deferred } from './state-fixtures'

type Store = ReturnType<typeof createStore>

const message = (id: string) => conversationMessage(id, { text: `message ${id}` })

const fetchMock = fakeFriendServer()
let store: Store
let unsubscribe: () => void = () => undefined

beforeEach(() => {
  store = createStore()
  unsubscribe = followLiveConversations(store)
})
afterEach(() => unsubscribe())

const unreadAsks = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/conversations/unread')).length

describe('the unread messages total', () => {
  it('is asked again when live messages came while it was on its way', async () => {
    const stale = deferred<Response>()
    fetchMock.mockReturnValueOnce(stale.promise)
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { totalUnread: 2 }))
    const loading = store.set(loadUnreadAtom)
    publishLiveEvent('message', { conversationId: '9', message: message('1'), created: true })
    publishLiveEvent('message', { conversationId: '9', message: message('2'), created: true })
    expect(store.get(totalUnreadAtom)).toBe(2)
    // Counted on the server after the first message, before the second.
    stale.resolve(jsonResponse(200, { totalUnread: 1 }))
    await loading
    expect(store.get(totalUnreadAtom)).toBe(2)
    expect(unreadAsks()).toBe(2)
  })

  it('takes the answer at once when nothing came meanwhile', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { totalUnread: 5 }))
    await store.set(loadUnreadAtom)
    expect(store.get(totalUnreadAtom)).toBe(5)
    publishLiveEvent('message', { conversationId: '9', message: message('3'), created: true })
    expect(store.get(totalUnreadAtom)).toBe(6)
    expect(unreadAsks()).toBe(1)
  })

  it('settles for the last answer when live messages keep coming', async () => {
    let asked = 0
    fetchMock.mockImplementation(async () => {
      asked += 1
      publishLiveEvent('message', {
        conversationId: '9',
        message: message(String(10 + asked)),
        created: true,
      })
      return jsonResponse(200, { totalUnread: 40 + asked })
    })
    await store.set(loadUnreadAtom)
    expect(asked).toBe(4)
    expect(store.get(totalUnreadAtom)).toBe(44)
  })

  it('is not put back by a conversations page that crossed live messages', async () => {
    // The list is read when a message comes to a conversation this device has not listed yet
    // (a system notification must know whether it is muted): its total must not undo a count.
    const page = (totalUnread: number) =>
      jsonResponse(200, { conversations: [], nextCursor: null, totalUnread })
    const stale = deferred<Response>()
    fetchMock.mockReturnValueOnce(stale.promise)
    fetchMock.mockResolvedValueOnce(page(2))
    const loading = store.set(loadConversationsAtom)
    publishLiveEvent('message', { conversationId: '9', message: message('1'), created: true })
    publishLiveEvent('message', { conversationId: '9', message: message('2'), created: true })
    stale.resolve(page(1))
    await loading
    expect(store.get(totalUnreadAtom)).toBe(2)
    const pageAsks = fetchMock.mock.calls.filter(([input]) =>
      /\/conversations\?/.test(String(input)),
    ).length
    expect(pageAsks).toBe(2)
  })

  it('counts a message that came after the player left its conversation, its view still drawn', () => {
    const readAsks = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/conversations/9/read'))
        .length
    fetchMock.mockResolvedValue(jsonResponse(200, { totalUnread: 0 }))
    store.set(totalUnreadAtom, 0)
    // The conversation's view is still mounted while the next screen loads.
    store.set(openConversationIdAtom, '9')
    window.history.pushState({}, '', '/home')
    try {
      publishLiveEvent('message', { conversationId: '9', message: message('4'), created: true })
      expect(readAsks()).toBe(0)
      expect(store.get(totalUnreadAtom)).toBe(1)
    } finally {
      window.history.pushState({}, '', '/')
    }
  })
})
