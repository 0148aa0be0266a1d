import { expect, test } from './fixtures'
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { toast, uniqueName } from './helpers'
import { apiCall, apiPost, apiUser, signedInContext, type ApiUser } from './notify-helpers'

/**
 * One user on two devices (docs/API.md "Live events", docs/hosting.md, "Live LAN"): the server is the one
 * truth for their lists. What one device changes (bookmarks, follows, blocks, mutes) shows on the
 * other without a reload and after one, a user object stored by an earlier visit loses to the
 * server's, and a click that finds the server already there shows its state without an error.
 */

/** The stream is connected and past its first `ready` (live/start.ts marks <html>). */
async function waitLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
}

/** A device of `who`: a window signed in through what its storage holds. */
async function openDevice(browser: Browser, server: string, who: ApiUser, path: string) {
  const device = await signedInContext(browser, server, who)
  const page = await device.newPage()
  await page.goto(path)
  await waitLive(page)
  return { context: device, page }
}

const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text })

/** A post's bookmark button in either state, and whether it reads "bookmarked". */
function bookmarkButton(card: Locator) {
  return card.getByRole('button', { name: /^(Bookmark|Remove bookmark)$/ })
}

async function bookmarksOf(request: APIRequestContext, who: ApiUser): Promise<string[]> {
  const response = await request.get(`/api/users/bookmark?limit=20`, {
    headers: { authorization: who.token },
  })
  expect(response.ok()).toBe(true)
  const { bookmarks } = (await response.json()) as { bookmarks: { _id: string }[] }
  return bookmarks.map((post) => post._id)
}

test('a bookmark, follow, mute and block made on one device show on the other, live and after a reload', async ({
  browser,
  request,
  demoUrl,
}) => {
  // Two windows and their streams on a machine shared with other suites: a guard against hangs.
  test.setTimeout(120_000)
  const me = await apiUser(request, uniqueName('twodev'))
  const author = await apiUser(request, uniqueName('auth'))
  const saved = `worth saving ${Date.now()}`
  await apiPost(request, author.token, saved)
  // A post of one's own, so Home is a list being read and new posts wait behind its pill.
  const myNews = `my own news ${Date.now()}`
  await apiPost(request, me.token, myNews)

  const phone = await openDevice(browser, demoUrl, me, `/${author.username}`)
  const pc = await openDevice(browser, demoUrl, me, `/${author.username}`)

  await test.step('a bookmark on the phone shows on the PC; its removal on the PC, on the phone', async () => {
    const onPhone = bookmarkButton(postCard(phone.page, saved))
    const onPc = bookmarkButton(postCard(pc.page, saved))
    await expect(onPc).toHaveAttribute('aria-pressed', 'false')
    await onPhone.click()
    await expect(onPc).toHaveAttribute('aria-pressed', 'true')
    await expect(onPc).toHaveAccessibleName('Remove bookmark')

    // After a reload, Saved Posts lists it with its button pressed, and it can be removed there.
    await pc.page.goto('/bookmarks')
    const listed = bookmarkButton(postCard(pc.page, saved))
    await expect(listed).toHaveAttribute('aria-pressed', 'true')
    await waitLive(pc.page)
    await listed.click()
    await expect(postCard(pc.page, saved)).toHaveCount(0)
    await expect(onPhone).toHaveAttribute('aria-pressed', 'false')
    expect(await bookmarksOf(request, me)).toEqual([])
  })

  await test.step('a bookmark on the phone joins the Saved Posts the PC shows', async () => {
    const onPhone = bookmarkButton(postCard(phone.page, saved))
    await onPhone.click()
    await expect(onPhone).toHaveAttribute('aria-pressed', 'true')
    await expect(bookmarkButton(postCard(pc.page, saved))).toHaveAttribute('aria-pressed', 'true')
  })

  await test.step('a follow on the phone: the PC’s open Home gathers the player’s new posts', async () => {
    await pc.page.goto('/home')
    await waitLive(pc.page)
    // Home's list is loaded: what comes next arrives live, behind the pill.
    await expect(postCard(pc.page, myNews)).toBeVisible()
    await phone.page.getByRole('button', { name: `Follow ${author.username}` }).click()
    await expect(
      phone.page.getByRole('button', { name: `Following ${author.username}` }),
    ).toBeVisible()
    // Posted after the follow was committed: the PC's stream tells the follow first.
    const news = `news for followers ${Date.now()}`
    await apiPost(request, author.token, news)
    const pill = pc.page.getByRole('button', { name: '1 new post' })
    await expect(pill).toBeVisible()
    await pill.click()
    await expect(postCard(pc.page, news)).toBeVisible()
  })

  await test.step('an unfollow on the PC shows on the phone', async () => {
    await pc.page.goto(`/${author.username}`)
    await pc.page.getByRole('button', { name: `Following ${author.username}` }).click()
    await expect(
      phone.page.getByRole('button', { name: `Follow ${author.username}` }),
    ).toBeVisible()
  })

  await test.step('a mute and a block on the phone show in the PC’s menu, live and after a reload', async () => {
    const menuOf = async (page: Page) => {
      await postCard(page, saved)
        .getByRole('button', { name: 'More actions for this post' })
        .click()
      return page.getByRole('menu', { name: `Actions for ${author.username}'s post` })
    }
    // The PC's menu, opened once, knows the relations; the phone changes them.
    const pcMenu = await menuOf(pc.page)
    await expect(pcMenu.getByRole('menuitem', { name: `Mute ${author.username}` })).toBeVisible()
    await pc.page.keyboard.press('Escape')

    const phoneMenu = await menuOf(phone.page)
    await phoneMenu.getByRole('menuitem', { name: `Mute ${author.username}` }).click()
    // The dialog asks for how long; until unmuted here.
    const muteDialog = phone.page.getByRole('dialog', { name: `Mute ${author.username}?` })
    await muteDialog.getByLabel('Until I unmute').check()
    await muteDialog.getByRole('button', { name: 'Mute', exact: true }).click()
    await expect(toast(phone.page, `You muted ${author.username}`)).toBeVisible()
    await expect(
      (await menuOf(pc.page)).getByRole('menuitem', { name: `Unmute ${author.username}` }),
    ).toBeVisible()
    await pc.page.keyboard.press('Escape')

    await (
      await menuOf(phone.page)
    )
      .getByRole('menuitem', { name: `Block ${author.username}` })
      .click()
    // A block asks first, naming what follows.
    const asked = phone.page.getByRole('dialog', { name: `Block ${author.username}?` })
    await expect(asked).toContainText('stop following each other, both ways')
    await asked.getByRole('button', { name: 'Block', exact: true }).click()
    await expect(toast(phone.page, `You blocked ${author.username}`)).toBeVisible()
    // Blocked: the author's posts leave the PC's lists at once.
    await expect(postCard(pc.page, saved)).toHaveCount(0)
    await pc.page.reload()
    await waitLive(pc.page)
    await expect(postCard(pc.page, saved)).toHaveCount(0)
  })

  await phone.context.close()
  await pc.context.close()
})

test('a user stored by an earlier visit loses to the server’s', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(90_000)
  // Storage holds the user as signed up: no bookmarks, following nobody.
  const me = await apiUser(request, uniqueName('stale'))
  const author = await apiUser(request, uniqueName('auth'))
  const text = `saved on the phone ${Date.now()}`
  const postId = await apiPost(request, author.token, text)
  const myNews = `my own news ${Date.now()}`
  await apiPost(request, me.token, myNews)
  // Meanwhile, on the phone: a bookmark and a follow.
  await apiCall(request, me.token, `/users/bookmark/${postId}`)
  await apiCall(request, me.token, `/users/follow/${author.id}`)

  const { context, page } = await openDevice(browser, demoUrl, me, '/bookmarks')
  const button = bookmarkButton(postCard(page, text))
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  const stored = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>)
  await expect
    .poll(async () => ((await stored()).following as { username: string }[]).map((u) => u.username))
    .toEqual([author.username])

  await page.goto(`/${author.username}`)
  await expect(page.getByRole('button', { name: `Following ${author.username}` })).toBeVisible()

  // Home gathers the followed player's new posts, live.
  await page.getByRole('link', { name: 'Home' }).first().click()
  await waitLive(page)
  // Home's list is loaded (the stream stayed live across the move): a post from now on arrives
  // live, behind the pill, not in the list's first answer.
  await expect(postCard(page, myNews)).toBeVisible()
  const news = `news for followers ${Date.now()}`
  await apiPost(request, author.token, news)
  await expect(page.getByRole('button', { name: '1 new post' })).toBeVisible()

  // And the bookmark can be taken back here.
  await page.goto('/bookmarks')
  await bookmarkButton(postCard(page, text)).click()
  await expect(postCard(page, text)).toHaveCount(0)
  expect(await bookmarksOf(request, me)).toEqual([])
  await context.close()
})

test('without the live stream, a click that finds the server already there shows its state, no error', async ({
  browser,
  request,
  demoUrl,
}) => {
  const me = await apiUser(request, uniqueName('nolive'))
  const author = await apiUser(request, uniqueName('auth'))
  const text = `bookmarked elsewhere ${Date.now()}`
  const postId = await apiPost(request, author.token, text)
  const context = await signedInContext(browser, demoUrl, me)
  // A server from before the live stream: the page takes the user from the server once at
  // start (live/start.ts), and hears of nothing changed after.
  await context.route('**/api/events', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ errors: ['No such API route.'], code: 'ROUTE_NOT_FOUND' }),
    }),
  )
  const page = await context.newPage()
  await page.goto(`/${author.username}`)
  const button = bookmarkButton(postCard(page, text))
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  // That one look at the server is over before another device changes anything.
  await page.waitForLoadState('networkidle')

  await apiCall(request, me.token, `/users/bookmark/${postId}`)
  await apiCall(request, me.token, `/users/follow/${author.id}`)
  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: `Follow ${author.username}` }).click()
  await expect(page.getByRole('button', { name: `Following ${author.username}` })).toBeVisible()
  await expect(page.locator('.Toastify__toast')).toHaveCount(0)

  // The state shown is the server's: the next click takes the bookmark back.
  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(() => bookmarksOf(request, me)).toEqual([])
  await context.close()
})
