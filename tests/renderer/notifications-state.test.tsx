import { act, cleanup, render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notification } from '../../src/shared/api-types'
import { NotificationBell } from '../../src/renderer/src/components/NotificationBell'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import {
  followLiveNotificationList,
  loadNotificationsAtom,
  notificationsAtom,
} from '../../src/renderer/src/state/notification-list'
import {
  badgeText,
  bellLabel,
  followLiveUnreadCount,
  loadUnreadCountAtom,
  markSeenAtom,
  notificationsAvailableAtom,
  resetNotificationsAtom,
  unreadCountAtom,
} from '../../src/renderer/src/state/notifications'
import {
  markServerReachableAtom,
  markServerUnreachableAtom,
} from '../../src/renderer/src/state/server-status'
import { summaryOf } from './answer-fixtures'
import { fakeFriendServer, jsonResponse } from './fake-server'
import { deferred } from './state-fixtures'

type Store = ReturnType<typeof createStore>

function notification(id: string, extra: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'like',
    actor: summaryOf('player2', '2'),
    postId: '7',
    commentId: null,
    snippet: 'gg',
    createdAt: '2026-03-01T12:00:00+00:00',
    read: false,
    ...extra,
  }
}

const fetchMock = fakeFriendServer()
const unsubscribers: (() => void)[] = []
let store: Store

beforeEach(() => {
  store = createStore()
})
afterEach(() => {
  cleanup()
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe()
})

/** Subscribes `store` to the bus as the app does, for this test only. */
function follow(target: Store = store) {
  unsubscribers.push(followLiveUnreadCount(target))
}

const calledPaths = () =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`)

describe('badgeText and bellLabel', () => {
  it.each([
    [null, null, 'Notifications'],
    [0, null, 'Notifications'],
    [-2, null, 'Notifications'],
    [1, '1', 'Notifications, 1 unread'],
    [9, '9', 'Notifications, 9 unread'],
    [10, '9+', 'Notifications, 10 unread'],
    [4321, '9+', 'Notifications, 4321 unread'],
  ])('for %s unread show %s, named "%s"', (count, badge, label) => {
    expect(badgeText(count)).toBe(badge)
    expect(bellLabel(count)).toBe(label)
  })
})

describe('the unread count', () => {
  it('is fetched on load, then follows notification and unread-count events on the bus', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { unreadCount: 3 }))
    follow()
    await store.set(loadUnreadCountAtom)
    expect(calledPaths()).toEqual(['GET http://friend:4567/api/notifications/unread-count'])
    expect(store.get(unreadCountAtom)).toBe(3)
    publishLiveEvent('notification', { notification: notification('41'), unreadCount: 4 }, 'a-1')
    expect(store.get(unreadCountAtom)).toBe(4)
    publishLiveEvent('unread-count', { unreadCount: 0 }, 'a-2')
    expect(store.get(unreadCountAtom)).toBe(0)
  })

  it('is fetched again on every ready and reset of the stream', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { unreadCount: 2 }))
    follow()
    publishLiveEvent('ready', {}, 'a-5')
    await vi.waitFor(() => expect(store.get(unreadCountAtom)).toBe(2))
    fetchMock.mockImplementation(async () => jsonResponse(200, { unreadCount: 6 }))
    publishLiveEvent('reset', { reason: 'too-old' }, 'a-9')
    await vi.waitFor(() => expect(store.get(unreadCountAtom)).toBe(6))
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('keeps a live count over the stale answer of a fetch that started before it', async () => {
    const answer = deferred<Response>()
    fetchMock.mockReturnValueOnce(answer.promise)
    follow()
    const loading = store.set(loadUnreadCountAtom)
    publishLiveEvent('notification', { notification: notification('42'), unreadCount: 5 })
    answer.resolve(jsonResponse(200, { unreadCount: 4 }))
    await loading
    expect(store.get(unreadCountAtom)).toBe(5)
  })

  it('hides the bell on a server without notifications (404), and keeps the count offline', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { unreadCount: 2 }))
    await store.set(loadUnreadCountAtom)
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await store.set(loadUnreadCountAtom)
    expect(store.get(unreadCountAtom)).toBe(2)
    expect(store.get(notificationsAvailableAtom)).toBe(true)
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { errors: ['Not found.'] }))
    await store.set(loadUnreadCountAtom)
    expect(store.get(notificationsAvailableAtom)).toBe(false)
    expect(store.get(unreadCountAtom)).toBeNull()
  })

  it.each([
    ['a negative count', { unreadCount: -1 }],
    ['a count that is text', { unreadCount: '3' }],
    ['a fraction', { unreadCount: 1.5 }],
    ['no count', {}],
  ])('ignores an answer with %s', async (_what, body) => {
    store.set(unreadCountAtom, 1)
    fetchMock.mockResolvedValueOnce(jsonResponse(200, body))
    await store.set(loadUnreadCountAtom)
    expect(store.get(unreadCountAtom)).toBe(1)
    expect(store.get(notificationsAvailableAtom)).toBe(true)
  })

  it('never goes below zero, whatever an event says', () => {
    follow()
    publishLiveEvent('unread-count', { unreadCount: -4 })
    expect(store.get(unreadCountAtom)).toBe(0)
  })

  it('stops following the bus once unsubscribed, and each store follows on its own', () => {
    const other = createStore()
    follow(other)
    const unsubscribe = followLiveUnreadCount(store)
    publishLiveEvent('unread-count', { unreadCount: 2 })
    unsubscribe()
    publishLiveEvent('unread-count', { unreadCount: 7 })
    expect(store.get(unreadCountAtom)).toBe(2)
    expect(other.get(unreadCountAtom)).toBe(7)
  })

  it('drops an answer that lands after sign-out', async () => {
    const answer = deferred<Response>()
    fetchMock.mockReturnValueOnce(answer.promise)
    const loading = store.set(loadUnreadCountAtom)
    store.set(resetNotificationsAtom)
    answer.resolve(jsonResponse(200, { unreadCount: 8 }))
    await loading
    expect(store.get(unreadCountAtom)).toBeNull()
  })
})

describe('marking notifications seen', () => {
  it('drops the badge at once, tells the server up to the newest, and takes its answer', async () => {
    store.set(unreadCountAtom, 4)
    const answer = deferred<Response>()
    fetchMock.mockReturnValueOnce(answer.promise)
    const marking = store.set(markSeenAtom, '41')
    expect(store.get(unreadCountAtom)).toBe(0)
    answer.resolve(jsonResponse(200, { unreadCount: 1 }))
    await marking
    expect(store.get(unreadCountAtom)).toBe(1)
    const [input, init] = fetchMock.mock.calls[0] ?? []
    expect(String(input)).toBe('http://friend:4567/api/notifications/read')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ upTo: '41' })
  })

  it('sends once per newest id', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { unreadCount: 0 }))
    await store.set(markSeenAtom, '41')
    await store.set(markSeenAtom, '41')
    await store.set(markSeenAtom, '45')
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('on failure shows the server’s count again and lets the next view retry', async () => {
    store.set(unreadCountAtom, 3)
    fetchMock
      .mockResolvedValueOnce(jsonResponse(500, { error: { message: 'boom' } }))
      .mockResolvedValueOnce(jsonResponse(200, { unreadCount: 3 }))
      .mockResolvedValueOnce(jsonResponse(200, { unreadCount: 0 }))
    await store.set(markSeenAtom, '41')
    expect(store.get(unreadCountAtom)).toBe(3)
    await store.set(markSeenAtom, '41')
    expect(store.get(unreadCountAtom)).toBe(0)
    expect(calledPaths()).toEqual([
      'POST http://friend:4567/api/notifications/read',
      'GET http://friend:4567/api/notifications/unread-count',
      'POST http://friend:4567/api/notifications/read',
    ])
  })
})

describe('the notification list', () => {
  const page = (ids: string[], nextCursor: string | null = null) =>
    jsonResponse(200, { notifications: ids.map((id) => notification(id)), nextCursor })
  const ids = () => store.get(notificationsAtom).items.map((item) => item.id)

  it('pages on, then shows live notifications first, once each', async () => {
    unsubscribers.push(followLiveNotificationList(store))
    fetchMock.mockResolvedValueOnce(page(['9', '8'], 'c1')).mockResolvedValueOnce(page(['8', '7']))
    await store.set(loadNotificationsAtom, { reset: true })
    await store.set(loadNotificationsAtom)
    expect(ids()).toEqual(['9', '8', '7'])
    expect(store.get(notificationsAtom).nextCursor).toBeNull()
    await store.set(loadNotificationsAtom)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    publishLiveEvent('notification', { notification: notification('10'), unreadCount: 1 })
    publishLiveEvent('notification', { notification: notification('10'), unreadCount: 1 })
    expect(ids()).toEqual(['10', '9', '8', '7'])
  })

  it('keeps a notification that arrives while the first page loads', async () => {
    unsubscribers.push(followLiveNotificationList(store))
    const answer = deferred<Response>()
    fetchMock.mockReturnValueOnce(answer.promise)
    const loading = store.set(loadNotificationsAtom, { reset: true, clear: true })
    publishLiveEvent('notification', { notification: notification('12'), unreadCount: 3 })
    publishLiveEvent('notification', { notification: notification('11'), unreadCount: 3 })
    answer.resolve(page(['11', '10']))
    await loading
    expect(ids()).toEqual(['12', '11', '10'])
  })

  it('shows an error, keeps what it had, and drops answers after sign-out', async () => {
    fetchMock.mockResolvedValueOnce(page(['9'], 'c1'))
    await store.set(loadNotificationsAtom, { reset: true })
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { errors: ['Busy.'] }))
    await store.set(loadNotificationsAtom)
    expect(store.get(notificationsAtom)).toMatchObject({ status: 'error', error: 'Busy.' })
    expect(ids()).toEqual(['9'])
    const answer = deferred<Response>()
    fetchMock.mockReturnValueOnce(answer.promise)
    const loading = store.set(loadNotificationsAtom, { reset: true, clear: true })
    store.set(resetNotificationsAtom)
    answer.resolve(page(['99']))
    await loading
    expect(ids()).toEqual([])
  })

  it('loads again once the server is back, after a failed load, as every list does', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { errors: ['Busy.'] }))
    await store.set(loadNotificationsAtom, { reset: true, clear: true })
    expect(store.get(notificationsAtom)).toMatchObject({ status: 'error', loaded: false })
    fetchMock.mockResolvedValueOnce(page(['9', '8']))
    store.set(markServerUnreachableAtom, 'http://friend:4567')
    store.set(markServerReachableAtom)
    await vi.waitFor(() => expect(store.get(notificationsAtom).status).toBe('ready'))
    expect(ids()).toEqual(['9', '8'])
    expect(calledPaths()).toEqual([
      'GET http://friend:4567/api/notifications?limit=20',
      'GET http://friend:4567/api/notifications?limit=20',
    ])
  })

  it('leaves a failed load of an earlier session alone when the server is back', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { errors: ['Busy.'] }))
    await store.set(loadNotificationsAtom, { reset: true, clear: true })
    store.set(resetNotificationsAtom)
    store.set(markServerUnreachableAtom, 'http://friend:4567')
    store.set(markServerReachableAtom)
    await Promise.resolve()
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  it('leaves out the notifications it cannot use, keeping the others', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        notifications: [
          notification('9'),
          notification('8', { type: 'poke' as Notification['type'] }),
          notification('7', { actor: summaryOf('//evil.example', '3') }),
          notification('../6'),
          notification('5', { snippet: 'a\u202Eb' }),
        ],
        nextCursor: null,
      }),
    )
    await store.set(loadNotificationsAtom, { reset: true })
    expect(ids()).toEqual(['9', '5'])
    expect(store.get(notificationsAtom).items[1]?.snippet).toBe('ab')
  })
})

describe('NotificationBell', () => {
  it('shows the live count, capped at 9+, with the count in its name', async () => {
    follow()
    render(
      <Provider store={store}>
        <MemoryRouter>
          <NotificationBell className="icon-btn" />
        </MemoryRouter>
      </Provider>,
    )
    const bell = screen.getByRole('link', { name: 'Notifications' })
    expect(bell.getAttribute('href')).toBe('/notifications')
    expect(screen.queryByTestId('bell-badge')).toBeNull()
    act(() => publishLiveEvent('notification', { notification: notification('1'), unreadCount: 3 }))
    expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBe(bell)
    expect(screen.getByTestId('bell-badge').textContent).toBe('3')
    act(() => publishLiveEvent('unread-count', { unreadCount: 12 }))
    expect(screen.getByTestId('bell-badge').textContent).toBe('9+')
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 12 unread')
    act(() => publishLiveEvent('unread-count', { unreadCount: 0 }))
    expect(screen.queryByTestId('bell-badge')).toBeNull()
    act(() => store.set(notificationsAvailableAtom, false))
    expect(screen.queryByRole('link')).toBeNull()
  })
})
