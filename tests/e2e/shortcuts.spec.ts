import { expect, test } from './fixtures'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { checkInBothThemes } from './axe'
import { appHasStarted, expectPostPage, toast, uniqueName } from './helpers'
import { sizes } from './looks'
import { apiCall, apiPost, apiUser, signedInContext, type ApiUser } from './notify-helpers'

/**
 * The keyboard shortcuts on the post in focus (components/KeyboardShortcuts.tsx, docs/features.md
 * "Keyboard shortcuts"), against the build: j moves a visible focus, l likes, b bookmarks (the
 * server keeps both), r opens the post's comment box, o and Enter open the post; the "?" list
 * names them all, in both themes, axe-clean; during logout's delay the screen takes nothing.
 */

/** The "?" list, line by line, as a person reads it. */
const LIST = [
  'n New post',
  '/ Search',
  'j Next post',
  'k Previous post',
  'l Like or unlike the post in focus',
  'b Bookmark the post in focus, or remove the bookmark',
  'r Comment on the post in focus',
  'o or Enter Open the post in focus',
  '? This list',
  'Esc Close a dialog',
]

const likeButton = (card: Locator) => card.getByRole('button', { name: /^(Like|Unlike),/ })
const bookmarkButton = (card: Locator) =>
  card.getByRole('button', { name: /^(Bookmark|Remove bookmark)$/ })

/** Whether the server has `who`'s like and bookmark on `postId`. */
async function serverState(request: APIRequestContext, who: ApiUser, postId: string) {
  const headers = { authorization: who.token }
  const post = await request.get(`/api/posts/${postId}`, { headers })
  expect(post.ok()).toBe(true)
  const { likes } = ((await post.json()) as { post: { likes: { likedBy: { _id: string }[] } } })
    .post
  const saved = await request.get('/api/users/bookmark?limit=20', { headers })
  expect(saved.ok()).toBe(true)
  const { bookmarks } = (await saved.json()) as { bookmarks: { _id: string }[] }
  return {
    liked: likes.likedBy.some((user) => user._id === who.id),
    bookmarked: bookmarks.some((bookmark) => bookmark._id === postId),
  }
}

/** The focus ring j leaves on a card: an outline of the theme's focus colour, drawn. */
async function expectFocusRing(card: Locator) {
  await expect(card).toBeFocused()
  const outline = await card.evaluate((element) => {
    const style = getComputedStyle(element)
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
  })
  expect(outline).toEqual({ style: 'solid', width: 3 })
}

async function openHome(page: Page) {
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
  await appHasStarted(page)
}

/**
 * j from no post in focus takes the first post on screen: a reload or a step back restores the
 * scroll the browser kept, which on a phone can put the newest post above the fold. From the top,
 * the first j is the newest post, wherever the browser left the page.
 */
async function scrollToTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
}

for (const size of sizes()) {
  test(`l, b, r, o and Enter on the post in focus, and the "?" list, on the ${size.name}`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(120_000)
    const me = await apiUser(request, uniqueName('keys'))
    const author = await apiUser(request, uniqueName('kauth'))
    const stamp = Date.now()
    const olderText = `an older post for the keys ${stamp}`
    const newerText = `the newest post for the keys ${stamp}`
    const olderId = await apiPost(request, author.token, olderText)
    const newerId = await apiPost(request, author.token, newerText)
    await apiCall(request, me.token, `/users/follow/${author.id}`)

    const context = await signedInContext(browser, demoUrl, me, { viewport: size.viewport })
    const page = await context.newPage()
    await openHome(page)
    const cards = page.locator('main article.post-card')
    const newer = cards.filter({ hasText: newerText })
    const older = cards.filter({ hasText: olderText })
    await expect(newer).toBeVisible()
    await expect(older).toBeVisible()

    // j: the newest post, with its ring, in both themes.
    await page.keyboard.press('j')
    await expectFocusRing(newer)
    await checkInBothThemes(page, size, { shot: 'shortcuts-focused-card', still: true })
    await page.keyboard.press('j')
    await expectFocusRing(older)
    await page.keyboard.press('k')
    await expect(newer).toBeFocused()

    // l and b: the card's own buttons, at once, and the server has them.
    await page.keyboard.press('l')
    await expect(likeButton(newer)).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.press('b')
    await expect(bookmarkButton(newer)).toHaveAttribute('aria-pressed', 'true')
    await expect(newer).toBeFocused()
    await expect
      .poll(() => serverState(request, me, newerId))
      .toEqual({ liked: true, bookmarked: true })
    expect(await serverState(request, me, olderId)).toEqual({ liked: false, bookmarked: false })

    // A reload shows what the server keeps (the server's first screen shows it too, inert: the
    // keys below wait for the app).
    await page.reload()
    await appHasStarted(page)
    await expect(likeButton(newer)).toHaveAttribute('aria-pressed', 'true')
    await expect(bookmarkButton(newer)).toHaveAttribute('aria-pressed', 'true')
    await expect(likeButton(older)).toHaveAttribute('aria-pressed', 'false')

    // Not while typing: l in the search box is a letter.
    await scrollToTop(page)
    await page.keyboard.press('j')
    await expect(newer).toBeFocused()
    await page.keyboard.press('/')
    const search = page.getByRole('combobox', { name: 'Search posts, tags and people' })
    await expect(search).toBeFocused()
    await page.keyboard.type('lb')
    await expect(search).toHaveValue('lb')
    await search.fill('')
    await search.blur()
    expect(await serverState(request, me, newerId)).toEqual({ liked: true, bookmarked: true })

    // r: the post's page, the cursor in its comment box.
    await scrollToTop(page)
    await page.keyboard.press('j')
    await expect(newer).toBeFocused()
    await page.keyboard.press('r')
    await expectPostPage(page)
    await expect(page).toHaveURL(new RegExp(`/post/${newerId}$`))
    await expect(page.getByRole('textbox', { name: 'Write a comment' })).toBeFocused()
    await page.keyboard.type('typed after r')
    await expect(page.getByRole('textbox', { name: 'Write a comment' })).toHaveValue(
      'typed after r',
    )

    // o: the post's page; Enter on the card too, Enter on a button in it stays the button's.
    await page.goBack()
    await expect(newer).toBeVisible()
    await scrollToTop(page)
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await expect(older).toBeFocused()
    await page.keyboard.press('o')
    await expectPostPage(page)
    await expect(page).toHaveURL(new RegExp(`/post/${olderId}$`))
    await page.goBack()
    await expect(older).toBeVisible()
    await likeButton(older).focus()
    await page.keyboard.press('Enter')
    await expect(likeButton(older)).toHaveAttribute('aria-pressed', 'true')
    await expect(page).toHaveURL(/\/home$/)
    await older.focus()
    await page.keyboard.press('Enter')
    await expectPostPage(page)
    await expect(page).toHaveURL(new RegExp(`/post/${olderId}$`))

    // ?: every shortcut, axe-clean and photographed in both themes.
    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(help).toBeVisible()
    const lines = help.locator('.shortcut')
    await expect(lines).toHaveCount(LIST.length)
    const read = await lines.evaluateAll((elements) =>
      elements.map((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    )
    expect(read).toEqual(LIST)
    await checkInBothThemes(page, size, {
      what: 'the keyboard shortcuts list',
      shot: 'shortcuts-list',
      within: '[role="dialog"]',
      still: true,
    })
    // With the list open, l is nobody's.
    await page.keyboard.press('l')
    await page.keyboard.press('Escape')
    await expect(help).toHaveCount(0)
    expect(await serverState(request, me, olderId)).toEqual({ liked: true, bookmarked: false })

    await context.close()
  })
}

test('during logout’s delay the screen takes no click, key or shortcut', async ({
  browser,
  request,
  demoUrl,
}) => {
  const me = await apiUser(request, uniqueName('leave'))
  const context = await signedInContext(browser, demoUrl, me)
  const page = await context.newPage()
  await openHome(page)

  const newPost = await page.getByRole('button', { name: 'New post' }).first().boundingBox()
  if (!newPost) throw new Error('no New post button on screen')

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(toast(page, 'You have been logged out')).toBeVisible()
  await expect(page.locator('.app')).toHaveAttribute('inert', '')
  // A shortcut, and a click where the New post button is: nothing opens.
  await page.keyboard.press('n')
  const { x, y, width, height } = newPost
  await page.mouse.click(x + width / 2, y + height / 2)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL(/\/home$/)

  // Then the login page, as the spec says.
  await expect(page).toHaveURL(new URL('/', demoUrl).href)
  await context.close()
})
