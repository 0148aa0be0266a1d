/**
 * Notification settings and system notifications (docs/API.md, "Notification settings"): the
 * decision (window in front or not, kind on or off, permission), the words and target of a system
 * notification, the state's optimistic switches, and the settings page.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notification } from '../../src/shared/api-types'
import {
  defaultNotificationSettings,
  type NotificationSettings,
} from '../../src/shared/notification-kinds'
import {
  desktopWords,
  notificationPath,
  shouldShowDesktop,
  windowInFront,
} from '../../src/renderer/src/lib/desktop-notifications'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import { NotificationSettingsPage } from '../../src/renderer/src/routes/NotificationSettingsPage'
import { setSessionAtom } from '../../src/renderer/src/state/auth'
import { redirectRequestAtom } from '../../src/renderer/src/state/navigation'
import {
  changeNotificationSettingAtom,
  followNotificationSettings,
  loadNotificationSettingsAtom,
  notificationSettingsAtom,
} from '../../src/renderer/src/state/notification-settings'
import { summaryOf } from './answer-fixtures'
import { fakeFriendServer, jsonResponse } from './fake-server'

type Store = ReturnType<typeof createStore>

function notification(extra: Partial<Notification> = {}): Notification {
  return {
    id: '41',
    type: 'mention',
    actor: summaryOf('player2', '2'),
    postId: '7',
    commentId: '71',
    snippet: 'look @me',
    createdAt: '2026-03-01T12:00:00+00:00',
    read: false,
    ...extra,
  }
}

const settingsWith = (change: Partial<NotificationSettings>): NotificationSettings => ({
  ...defaultNotificationSettings(),
  ...change,
})

const fetchMock = fakeFriendServer()
let store: Store

beforeEach(() => {
  store = createStore()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('whether a new notification becomes a system notification', () => {
  const base = {
    type: 'mention' as const,
    settings: defaultNotificationSettings(),
    inFront: false,
    permission: 'granted' as const,
  }

  it('shows one while the window is not in front, with the kind on and the permission', () => {
    expect(shouldShowDesktop(base)).toBe(true)
    // Settings not loaded yet count as the defaults: all on.
    expect(shouldShowDesktop({ ...base, settings: null })).toBe(true)
  })

  it('shows none while the window is in front: the bell says it', () => {
    expect(shouldShowDesktop({ ...base, inFront: true })).toBe(false)
  })

  it('shows none of a kind whose desktop or in-app switch is off', () => {
    const off = { inApp: true, desktop: false }
    expect(shouldShowDesktop({ ...base, settings: settingsWith({ mentions: off }) })).toBe(false)
    const noApp = { inApp: false, desktop: true }
    expect(shouldShowDesktop({ ...base, settings: settingsWith({ mentions: noApp }) })).toBe(false)
    // Another kind off changes nothing for this one.
    expect(shouldShowDesktop({ ...base, settings: settingsWith({ likes: off }) })).toBe(true)
    expect(
      shouldShowDesktop({
        ...base,
        type: 'poll-ended',
        settings: settingsWith({ 'poll-ends': off }),
      }),
    ).toBe(false)
  })

  it.each(['default', 'denied', 'unsupported'] as const)('shows none with permission %s', (p) => {
    expect(shouldShowDesktop({ ...base, permission: p })).toBe(false)
  })

  it('counts a window in front only when shown and focused', () => {
    const doc = (visibilityState: DocumentVisibilityState, focused: boolean) => ({
      visibilityState,
      hasFocus: () => focused,
    })
    expect(windowInFront(doc('visible', true))).toBe(true)
    expect(windowInFront(doc('visible', false))).toBe(false)
    expect(windowInFront(doc('hidden', true))).toBe(false)
  })
})

describe('a system notification’s words and target', () => {
  it('says the entry’s sentence over the post’s words, and leads to the comment', () => {
    expect(desktopWords(notification(), '1')).toEqual({
      title: 'player2 mentioned you in a comment',
      body: 'look @me',
    })
    expect(notificationPath(notification())).toBe('/post/7?comment=71')
  })

  it('tells a poll’s author from its voters', () => {
    const ended = notification({ type: 'poll-ended', commentId: null, snippet: 'Who’s in?' })
    expect(desktopWords(ended, '2').title).toBe('Your poll has ended')
    expect(desktopWords(ended, '1').title).toBe('The poll by player2 has ended')
    expect(notificationPath(ended)).toBe('/post/7')
  })

  it('leads a follow to the follower and a game night to its page', () => {
    const follow = notification({ type: 'follow', postId: null, commentId: null, snippet: '' })
    expect(desktopWords(follow, '1')).toEqual({ title: 'player2 followed you', body: '' })
    expect(notificationPath(follow)).toBe('/player2')
    const night = notification({
      type: 'game-night-reminder',
      postId: null,
      commentId: null,
      gameNightId: '5',
      snippet: 'Doom',
    })
    expect(notificationPath(night)).toBe('/game-nights/5')
  })
})

/** A stand-in for the system's notifications: records what was shown. */
function stubSystemNotifications(permission: NotificationPermission = 'granted') {
  const shown: { title: string; body?: string; onclick: (() => void) | null; close: () => void }[] =
    []
  const FakeNotification = vi.fn(function (
    this: unknown,
    title: string,
    options?: NotificationOptions,
  ) {
    const one = { title, body: options?.body, onclick: null, close: vi.fn() }
    shown.push(one)
    return one
  }) as unknown as typeof window.Notification
  Object.assign(FakeNotification, { permission, requestPermission: vi.fn() })
  vi.stubGlobal('Notification', FakeNotification)
  return { shown, FakeNotification }
}

describe('system notifications of live notifications', () => {
  const follow = async (settings: NotificationSettings) => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { settings }))
    store.set(setSessionAtom, {
      token: 't',
      user: { ...summaryOf('me', '1'), email: '' } as never,
    })
    const stop = followNotificationSettings(store)
    await waitFor(() => expect(store.get(notificationSettingsAtom).settings).toEqual(settings))
    return stop
  }

  it('shows one while the window is not in front; a click focuses and opens its target', async () => {
    const { shown } = stubSystemNotifications()
    const stop = await follow(defaultNotificationSettings())
    vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {})
    publishLiveEvent('notification', { notification: notification(), unreadCount: 1 })
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'player2 mentioned you in a comment', body: 'look @me' },
    ])
    act(() => shown[0]?.onclick?.())
    expect(focus).toHaveBeenCalled()
    expect(store.get(redirectRequestAtom)?.to).toBe('/post/7?comment=71')
    stop()
  })

  it('in the desktop app, a click asks the main process to bring the window forward', async () => {
    const { shown } = stubSystemNotifications()
    const focusWindow = vi.fn(async () => {})
    vi.stubGlobal('gamerstage', { platform: 'desktop', focusWindow })
    const stop = await follow(defaultNotificationSettings())
    vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {})
    publishLiveEvent('notification', {
      notification: notification({ type: 'follow', postId: null, commentId: null }),
      unreadCount: 1,
    })
    act(() => shown[0]?.onclick?.())
    expect(focusWindow).toHaveBeenCalledOnce()
    expect(focus).not.toHaveBeenCalled()
    expect(store.get(redirectRequestAtom)?.to).toBe('/player2')
    stop()
  })

  it('shows none while the window is in front, or of a kind turned off', async () => {
    const { shown } = stubSystemNotifications()
    const stop = await follow(settingsWith({ likes: { inApp: true, desktop: false } }))
    const focused = vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    publishLiveEvent('notification', { notification: notification(), unreadCount: 1 })
    focused.mockReturnValue(false)
    publishLiveEvent('notification', {
      notification: notification({ type: 'like', commentId: null }),
      unreadCount: 2,
    })
    expect(shown).toEqual([])
    stop()
    // Stopped (signed out): the settings are forgotten and nothing more is shown.
    expect(store.get(notificationSettingsAtom).settings).toBeNull()
    publishLiveEvent('notification', { notification: notification(), unreadCount: 3 })
    expect(shown).toEqual([])
  })
})

describe('changing a switch', () => {
  it('shows it at once and sends only that switch', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { settings: defaultNotificationSettings() }))
    await store.set(loadNotificationSettingsAtom)
    const changed = settingsWith({ likes: { inApp: false, desktop: true } })
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { settings: changed }))
    const change = store.set(changeNotificationSettingAtom, {
      kind: 'likes',
      channel: 'inApp',
      on: false,
    })
    expect(store.get(notificationSettingsAtom).settings?.likes.inApp).toBe(false)
    expect(store.get(notificationSettingsAtom).saving).toEqual(['likes.inApp'])
    await change
    const [, init] = fetchMock.mock.calls[1] ?? []
    expect(init?.method).toBe('PATCH')
    expect(JSON.parse(String(init?.body))).toEqual({ settings: { likes: { inApp: false } } })
    expect(store.get(notificationSettingsAtom)).toMatchObject({ saving: [], changeError: null })
  })

  it('puts the switch back with the reason when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { settings: defaultNotificationSettings() }))
    await store.set(loadNotificationSettingsAtom)
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { errors: ['inApp must be true or false.'], code: 'VALIDATION' }),
    )
    await store.set(changeNotificationSettingAtom, {
      kind: 'follows',
      channel: 'desktop',
      on: false,
    })
    expect(store.get(notificationSettingsAtom).settings?.follows).toEqual({
      inApp: true,
      desktop: true,
    })
    expect(store.get(notificationSettingsAtom).changeError).toBe('inApp must be true or false.')
  })
})

describe('the settings page', () => {
  const renderPage = () =>
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/notifications/settings']}>
          <NotificationSettingsPage />
        </MemoryRouter>
      </Provider>,
    )

  it('says when loading failed, and loads again on retry', async () => {
    stubSystemNotifications('granted')
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    renderPage()
    const retry = await screen.findByRole('button', { name: 'Retry' })
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { settings: defaultNotificationSettings() }))
    await userEvent.click(retry)
    expect(
      ((await screen.findByRole('switch', { name: 'Mentions: in the app' })) as HTMLInputElement)
        .checked,
    ).toBe(true)
  })

  it('turns desktop off and unusable while in-app is off', async () => {
    stubSystemNotifications('granted')
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { settings: defaultNotificationSettings() }))
    renderPage()
    const inApp = await screen.findByRole('switch', { name: 'Polls ending: in the app' })
    const desktop = screen.getByRole('switch', { name: 'Polls ending: desktop notification' })
    expect((desktop as HTMLInputElement).checked).toBe(true)
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        settings: settingsWith({ 'poll-ends': { inApp: false, desktop: true } }),
      }),
    )
    await userEvent.click(inApp)
    expect((inApp as HTMLInputElement).checked).toBe(false)
    expect((desktop as HTMLInputElement).checked).toBe(false)
    expect((desktop as HTMLInputElement).disabled).toBe(true)
    const describedBy = desktop.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(describedBy)?.textContent).toMatch(/Turn on “In the app”/)
    expect(screen.getByText('Desktop notifications are allowed here.')).toBeTruthy()
  })

  it('asks the browser from a click, and says plainly when it refused', async () => {
    const { FakeNotification } = stubSystemNotifications('default')
    const ask = vi.fn(async () => 'denied' as const)
    Object.assign(FakeNotification, { requestPermission: ask })
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { settings: defaultNotificationSettings() }))
    renderPage()
    await userEvent.click(
      await screen.findByRole('button', { name: 'Allow desktop notifications' }),
    )
    expect(ask).toHaveBeenCalledOnce()
    expect(
      await screen.findByText(
        'Your browser said no, so there won’t be desktop notifications here.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Allow desktop notifications' })).toBeNull()
  })

  it('says a blocked browser’s way out', async () => {
    stubSystemNotifications('denied')
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { settings: defaultNotificationSettings() }))
    renderPage()
    expect(await screen.findByText(/blocked desktop notifications for this site/)).toBeTruthy()
  })
})
