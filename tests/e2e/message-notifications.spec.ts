/**
 * A new message as a system notification (docs/API.md, "Conversations", "Notifications"):
 * not while its conversation is open and the window in front; shown while the window is in the
 * background or another screen is open; never for a muted conversation; a click opens the
 * conversation. The settings page offers "Messages" with its desktop switch only.
 * window.Notification is stubbed (as in notification-settings.spec.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { uniqueName } from './helpers'
import { apiUser, signedInContext, type ApiUser } from './notify-helpers'

async function withStubbedSystemNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const scope = window as unknown as {
      shown: { title: string; body: string }[]
      clickShown: (index: number) => void
      inBackground: boolean
    }
    scope.shown = []
    scope.inBackground = false
    const handlers: ((() => void) | null)[] = []
    class Recorder {
      static permission = 'granted'
      static requestPermission = () => Promise.resolve('granted')
      onclick: (() => void) | null = null
      constructor(title: string, options?: { body?: string }) {
        scope.shown.push({ title, body: options?.body ?? '' })
        const index = handlers.length
        handlers.push(null)
        queueMicrotask(() => {
          handlers[index] = this.onclick
        })
      }
      close() {}
    }
    scope.clickShown = (index) => handlers[index]?.()
    Object.defineProperty(window, 'Notification', { value: Recorder, configurable: true })
    Object.defineProperty(document, 'visibilityState', {
      get: () => (scope.inBackground ? 'hidden' : 'visible'),
      configurable: true,
    })
    document.hasFocus = () => !scope.inBackground
  })
}

const shownOn = (page: Page) =>
  page.evaluate(() => (window as unknown as { shown: { title: string; body: string }[] }).shown)

const inBackground = (page: Page, hidden: boolean) =>
  page.evaluate((value) => {
    ;(window as unknown as { inBackground: boolean }).inBackground = value
  }, hidden)

async function say(request: APIRequestContext, who: ApiUser, conversationId: string, text: string) {
  const response = await request.post(`/api/conversations/${conversationId}/messages`, {
    headers: { authorization: who.token },
    data: { text },
  })
  expect(response.status(), await response.text()).toBe(201)
}

test('a new message notifies unless it is being read or its conversation is muted; a click opens it', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const ana = await apiUser(request, uniqueName('ana'))
  const bo = await apiUser(request, uniqueName('bo'))
  const started = await request.post('/api/conversations/direct', {
    headers: { authorization: ana.token },
    data: { userId: bo.id },
  })
  const conversationId = ((await started.json()) as { conversation: { _id: string } }).conversation
    ._id
  const context = await signedInContext(browser, demoUrl, bo)
  const page = await context.newPage()
  await withStubbedSystemNotifications(page)
  await page.goto(`/messages/${conversationId}`)
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
  const history = page.locator('ol.message-list')

  // Open and in front: read there, no system notification.
  await say(request, ana, conversationId, 'read right here')
  await expect(history.getByText('read right here')).toBeVisible()
  expect(await shownOn(page)).toEqual([])

  // The window in the background: it shows.
  await inBackground(page, true)
  await say(request, ana, conversationId, 'first ping')
  await expect.poll(() => shownOn(page)).toEqual([{ title: ana.username, body: 'first ping' }])

  // In front, on another screen: it shows too.
  await inBackground(page, false)
  await page.getByRole('link', { name: 'Home' }).filter({ visible: true }).first().click()
  await expect(page).toHaveURL(/\/home$/)
  await say(request, ana, conversationId, 'second ping')
  await expect.poll(async () => (await shownOn(page)).length).toBe(2)

  // A click on it opens its conversation.
  await page.evaluate(() =>
    (window as unknown as { clickShown: (i: number) => void }).clickShown(1),
  )
  await expect(page).toHaveURL(new RegExp(`/messages/${conversationId}$`))
  await expect(history.getByText('second ping')).toBeVisible()

  // Muted (from another device): nothing more shows, wherever Bo is.
  const muted = await request.put(`/api/conversations/${conversationId}/mute`, {
    headers: { authorization: bo.token },
    data: { muted: true },
  })
  expect(muted.status()).toBe(200)
  await page.goto('/messages')
  const row = page.locator('a.conversation-row').filter({ hasText: ana.username })
  await expect(row).toContainText('second ping')
  await say(request, ana, conversationId, 'third ping, muted')
  await expect(row).toContainText('third ping, muted')
  expect(await shownOn(page)).toEqual([])

  // The settings page: "Messages", with its desktop switch only.
  await page.goto('/notifications/settings')
  const messages = page.locator('li[data-kind="messages"]')
  await expect(messages).toContainText('Messages')
  await expect(messages.getByRole('switch')).toHaveCount(1)
  await expect(messages.getByRole('switch')).toBeChecked()
  await context.close()
})

test('a game night’s host messages everyone going: a group of them, or the one other', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const host = await apiUser(request, uniqueName('host'))
  const ana = await apiUser(request, uniqueName('ana'))
  const bo = await apiUser(request, uniqueName('bo'))
  // A night's game is one of the server's list: the host's games put it there.
  const games = await request.put('/api/me/games', {
    headers: { authorization: host.token },
    data: { games: ['Counter-Strike 2'] },
  })
  expect(games.status(), await games.text()).toBe(200)
  const planned = await request.post('/api/game-nights', {
    headers: { authorization: host.token },
    data: {
      game: 'counterstrike2',
      title: 'Ranked tonight',
      durationMinutes: 120,
      startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    },
  })
  expect(planned.status()).toBe(201)
  const nightId = ((await planned.json()) as { gameNight: { _id: string } }).gameNight._id
  const rsvp = async (who: ApiUser) => {
    const answer = await request.put(`/api/game-nights/${nightId}/rsvp`, {
      headers: { authorization: who.token },
      data: { answer: 'going' },
    })
    expect(answer.status()).toBe(200)
  }
  const context = await signedInContext(browser, demoUrl, host)
  const page = await context.newPage()

  // One other going: the one-to-one.
  await rsvp(ana)
  await page.goto(`/game-nights/${nightId}`)
  await page.getByRole('button', { name: `Message ${ana.username}` }).click()
  await expect(page).toHaveURL(/\/messages\/\d+$/)
  await expect(page.getByRole('heading', { level: 2, name: ana.username })).toBeVisible()

  // Two others: a group named after the night.
  await rsvp(bo)
  await page.goto(`/game-nights/${nightId}`)
  await page.getByRole('button', { name: 'Message everyone going' }).click()
  await expect(page).toHaveURL(/\/messages\/\d+$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Ranked tonight' })).toBeVisible()
  await context.close()
})
