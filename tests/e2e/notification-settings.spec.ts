/**
 * Notifications for everything that concerns the user, in the built app (docs/API.md,
 * "Notifications", "Notification settings"): A mentions B in a comment on B's own post and B
 * hears of the mention (once); B turns a kind off on the settings page (with the keyboard) and
 * that kind stops; a system notification (window.Notification stubbed) shows while B's window is
 * in the background, with the entry's words, and a click opens the comment; the settings page on
 * a desktop and a phone, in both themes, under axe.
 */
import type { Page } from '@playwright/test'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { longName, uniqueName } from './helpers'
import { sizes } from './looks'
import {
  apiCall,
  apiPost,
  apiUser,
  bell,
  entries,
  signedInContext,
  type ApiUser,
} from './notify-helpers'

async function apiComment(
  request: Parameters<typeof apiCall>[0],
  who: ApiUser,
  postId: string,
  text: string,
) {
  await apiCall(request, who.token, `/comments/add/${postId}`, { commentData: { text } })
}

/** B's page, with the system's notifications replaced by a recorder and a switch for "hidden". */
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

test('a mention in a comment on one’s own post says the mention; a kind turned off stops', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const bee = await apiUser(request, uniqueName('bee'))
  const ay = await apiUser(request, uniqueName('ay'))
  const postId = await apiPost(request, bee.token, 'Ranked tonight, who is in?')
  const contextA = await signedInContext(browser, demoUrl, ay)
  const contextB = await signedInContext(browser, demoUrl, bee)
  const pageA = await contextA.newPage()
  const pageB = await contextB.newPage()
  await pageB.goto('/home')
  await expect(pageB.locator('html')).toHaveAttribute('data-live', 'live')

  await test.step('A mentions B in a comment on B’s post, in the app', async () => {
    await pageA.goto(`/post/${postId}`)
    await pageA.getByRole('textbox', { name: 'Write a comment' }).fill(`@${bee.username} you host`)
    await pageA.getByRole('button', { name: 'Comment', exact: true }).click()
    await expect(pageA.getByRole('listitem', { name: `Comment by ${ay.username}` })).toBeVisible()
  })

  await test.step('B hears of the mention once, not of a comment too', async () => {
    await expect(bell(pageB)).toHaveAccessibleName('Notifications, 1 unread')
    await bell(pageB).click()
    await expect(entries(pageB)).toHaveText([
      new RegExp(`^New: ${ay.username} mentioned you in a comment`),
    ])
  })

  await test.step('B turns mentions off with the keyboard on the settings page', async () => {
    await pageB.getByRole('link', { name: 'Settings' }).click()
    await expect(pageB).toHaveURL(/\/notifications\/settings$/)
    await expect(
      pageB.getByRole('heading', { level: 1, name: 'Notification settings' }),
    ).toBeVisible()
    const mentions = pageB.getByRole('switch', { name: 'Mentions: in the app' })
    await expect(mentions).toBeChecked()
    await mentions.focus()
    await pageB.keyboard.press('Space')
    await expect(mentions).not.toBeChecked()
    const desktop = pageB.getByRole('switch', { name: 'Mentions: desktop notification' })
    await expect(desktop).toBeDisabled()
    await expect(desktop).not.toBeChecked()
    // Saved on the server: a reload (another device would read the same) keeps it.
    await expect(mentions).toBeEnabled()
    await pageB.reload()
    await expect(pageB.getByRole('switch', { name: 'Mentions: in the app' })).not.toBeChecked()
  })

  await test.step('a mention in a post no longer notifies; a like after it does', async () => {
    await apiPost(request, ay.token, `gg @${bee.username}`)
    await apiCall(request, ay.token, `/posts/like/${postId}`)
    await pageB.goto('/notifications')
    await expect(entries(pageB)).toHaveText([
      new RegExp(`^New: ${ay.username} liked your post`),
      new RegExp(`^${ay.username} mentioned you in a comment`),
    ])
  })
  await contextA.close()
  await contextB.close()
})

test('a system notification shows while the window is in the background; a click opens it', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(90_000)
  const bee = await apiUser(request, uniqueName('bee'))
  const ay = await apiUser(request, uniqueName('ay'))
  const postId = await apiPost(request, bee.token, 'Who brings snacks?')
  // Likes on the desktop off for B, through the same call the settings page makes.
  const change = await request.patch('/api/notifications/settings', {
    headers: { authorization: bee.token },
    data: { settings: { likes: { desktop: false } } },
  })
  expect(change.status()).toBe(200)
  const context = await signedInContext(browser, demoUrl, bee)
  const pageB = await context.newPage()
  await withStubbedSystemNotifications(pageB)
  // The system notifications follow the live events once the settings are read (after the
  // first screen, in their own chunk).
  const settingsRead = pageB.waitForResponse((answer) =>
    answer.url().endsWith('/api/notifications/settings'),
  )
  await pageB.goto('/home')
  await settingsRead
  await expect(pageB.locator('html')).toHaveAttribute('data-live', 'live')

  // In front: the bell says it, the system does not.
  await apiComment(request, ay, postId, 'I do')
  await expect(bell(pageB)).toHaveAccessibleName('Notifications, 1 unread')
  expect(await shownOn(pageB)).toEqual([])

  await pageB.evaluate(() => {
    ;(window as unknown as { inBackground: boolean }).inBackground = true
  })
  // A like (desktop off) and then a mention (on): only the mention shows.
  await apiCall(request, ay.token, `/posts/like/${postId}`)
  await apiComment(request, ay, postId, `@${bee.username} and chips`)
  await expect(bell(pageB)).toHaveAccessibleName('Notifications, 3 unread')
  await expect
    .poll(() => shownOn(pageB))
    .toEqual([
      { title: `${ay.username} mentioned you in a comment`, body: `@${bee.username} and chips` },
    ])
  await pageB.evaluate(() =>
    (window as unknown as { clickShown: (i: number) => void }).clickShown(0),
  )
  await expect(pageB).toHaveURL(new RegExp(`/post/${postId}\\?comment=\\d+$`))
  await context.close()
})

for (const size of sizes()) {
  test(`the settings page: axe in both themes, no sideways scroll (${size.name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(120_000)
    const me = await apiUser(request, longName('settings'))
    const context = await signedInContext(browser, demoUrl, me, { viewport: size.viewport })
    const page = await context.newPage()
    await page.goto('/settings')
    await page.getByRole('link', { name: 'Notification settings' }).click()
    await expect(page).toHaveURL(/\/notifications\/settings$/)
    await expect(
      page.getByRole('switch', { name: 'Game nights: desktop notification' }),
    ).toBeVisible()
    await page.getByRole('switch', { name: 'Reports: in the app' }).click()
    await expect(page.getByRole('switch', { name: 'Reports: in the app' })).toBeEnabled()
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(size.viewport.width)
    await checkInBothThemes(page, size, {
      what: `/notifications/settings (${size.name})`,
      shot: `notification-settings-${size.name}`,
      fullPage: true,
    })
    await context.close()
  })
}

for (const size of sizes()) {
  test(`poll ends in the list: the author’s and a voter’s, axe in both themes (${size.name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(90_000)
    const me = await apiUser(request, longName('voter'))
    const author = await apiUser(request, longName('pollster'))
    const mine = await apiPost(request, me.token, 'Saturday or Sunday?')
    const theirs = await apiPost(request, author.token, `${'Unbreakable'.repeat(10)} who is in?`)
    const context = await signedInContext(browser, demoUrl, me, { viewport: size.viewport })
    const page = await context.newPage()
    // A poll ends minutes after it was made at the soonest: the list is answered here with the
    // server's shape of two `poll-ended` notifications (docs/API.md, "Notifications").
    const actor = (who: ApiUser) => ({
      _id: who.id,
      id: who.id,
      username: who.username,
      firstName: '',
      lastName: '',
      profileImg: '/api/media/default-avatar.svg',
    })
    const at = new Date().toISOString().replace('Z', '+00:00').replace(/\.\d+/, '')
    await page.route(/\/api\/notifications(\?.*)?$/, (route) =>
      route.fulfill({
        json: {
          notifications: [
            {
              id: '902',
              type: 'poll-ended',
              actor: actor(author),
              postId: theirs,
              commentId: null,
              snippet: `${'Unbreakable'.repeat(10)} who is in?`,
              createdAt: at,
              read: false,
            },
            {
              id: '901',
              type: 'poll-ended',
              actor: actor(me),
              postId: mine,
              commentId: null,
              snippet: 'Saturday or Sunday?',
              createdAt: at,
              read: true,
            },
          ],
          nextCursor: null,
        },
      }),
    )
    await page.goto('/notifications')
    await expect(entries(page)).toHaveText([
      new RegExp(`^New: The poll by ${author.username} has ended`),
      /^Your poll has ended/,
    ])
    await expect(
      entries(page)
        .first()
        .getByRole('link', { name: /Unbreakable/ }),
    ).toHaveAttribute('href', `/post/${theirs}`)
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(size.viewport.width)
    await checkInBothThemes(page, size, {
      what: `/notifications with poll ends (${size.name})`,
      shot: `notification-poll-ended-${size.name}`,
    })
    await context.close()
  })
}
