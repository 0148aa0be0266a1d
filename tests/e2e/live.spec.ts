import { expect, test } from './fixtures'
import type { Page } from '@playwright/test'
import type { PostResponse } from '../../src/shared/api-types'
import { expectPostPage, uniqueName, signupViaApi } from './helpers'
import { demoAuthor, writeAs } from './live-helpers'

/**
 * The live LAN in the app (docs/API.md "Live events"): what one window does shows in another
 * without a reload, and toggles settle on the server's state. The "N new posts" pill and the
 * banner of a dropped stream: live-pill.spec.ts.
 */

/** The stream is connected and past its first `ready` (live/start.ts marks <html>). */
async function waitLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
}

async function writePost(page: Page, text: string) {
  await page.getByRole('button', { name: 'New Post', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  await dialog.getByRole('textbox', { name: 'Post text' }).fill(text)
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(dialog).toHaveCount(0)
}

/** Marks the document: a reload (or a full navigation) would lose the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  )
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '')

test('a friend’s post, like and comment reach another window without a reload', async ({
  browser,
  demoUrl,
}) => {
  // Two sign-ups and two windows on a machine shared with other suites: a guard against hangs.
  test.setTimeout(120_000)
  const aliceContext = await browser.newContext({ baseURL: demoUrl })
  const bobContext = await browser.newContext({ baseURL: demoUrl })
  const alice = await aliceContext.newPage()
  const bob = await bobContext.newPage()
  const aliceName = uniqueName('alive')
  const bobName = uniqueName('blive')
  await signupViaApi(alice, aliceName)
  await signupViaApi(bob, bobName)

  // Bob follows Alice and writes a post of his own, so his Home is a list being read.
  await bob.goto(`/${aliceName}`)
  await bob.getByRole('button', { name: `Follow ${aliceName}` }).click()
  await expect(bob.getByRole('button', { name: `Following ${aliceName}` })).toBeVisible()
  await bob.goto('/home')
  const bobText = `bob waits for news ${Date.now()}`
  await writePost(bob, bobText)
  const bobPost = bob.getByRole('article', { name: `Post by ${bobName}` }).first()
  await expect(bobPost).toContainText(bobText)
  await waitLive(bob)
  await markDocument(bob)
  await waitLive(alice)

  await test.step('a new post waits behind the pill, and shows at the top once clicked', async () => {
    const aliceText = `alice is live ${Date.now()}`
    await writePost(alice, aliceText)
    const pill = bob.getByRole('button', { name: '1 new post' })
    await expect(pill).toBeVisible()
    // Nothing jumped into the list being read.
    await expect(bob.getByText(aliceText)).toHaveCount(0)
    await expect(bob.getByRole('article').first()).toContainText(bobText)
    await pill.click()
    const first = bob.getByRole('article').first()
    await expect(first).toContainText(aliceText)
    await expect(first).toBeFocused()
    await expect(pill).toHaveCount(0)
  })

  await test.step('a like shows on the liked post’s card', async () => {
    await expect(bobPost.getByRole('button', { name: 'Like, 0 likes' })).toBeVisible()
    await alice.goto(`/${bobName}`)
    const liked = alice.getByRole('article', { name: `Post by ${bobName}` }).first()
    await liked.getByRole('button', { name: 'Like, 0 likes' }).click()
    await expect(liked.getByRole('button', { name: 'Unlike, 1 like' })).toBeVisible()
    await expect(bobPost.getByRole('button', { name: 'Like, 1 like' })).toBeVisible()
  })

  await test.step('a comment shows on the open post page, with its count', async () => {
    const postId = await bobPost.getAttribute('data-post-id')
    await bobPost.getByRole('link', { name: 'Comments, 0' }).click()
    await expect(bob).toHaveURL(new RegExp(`/post/${postId}$`))
    await expect(bob.getByText('No comments yet. Start the chat.')).toBeVisible()

    await alice.goto(`/post/${postId}`)
    const commentText = `gg bob ${Date.now()}`
    await alice.getByRole('textbox', { name: 'Write a comment' }).fill(commentText)
    await alice.getByRole('button', { name: 'Comment', exact: true }).click()
    await expect(alice.getByRole('listitem', { name: `Comment by ${aliceName}` })).toContainText(
      commentText,
    )

    const comment = bob.getByRole('listitem', { name: `Comment by ${aliceName}` })
    await expect(comment).toContainText(commentText)
    await expect(bob.getByRole('link', { name: 'Comments, 1' })).toBeVisible()
    // Alice's own window counted her comment once.
    await expect(alice.getByRole('link', { name: 'Comments, 1' })).toBeVisible()

    // And a vote on it shows too.
    await alice
      .getByRole('listitem', { name: `Comment by ${aliceName}` })
      .getByRole('button', { name: 'Upvote, 0' })
      .click()
    await expect(comment.getByRole('button', { name: 'Upvote, 1' })).toBeVisible()
  })

  await expectSameDocument(bob)
  await aliceContext.close()
  await bobContext.close()
})

test('a profile’s posts and post count follow its author’s posts and deletions live', async ({
  browser,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const authorContext = await browser.newContext({ baseURL: demoUrl })
  const viewerContext = await browser.newContext({ baseURL: demoUrl })
  const author = await authorContext.newPage()
  const viewer = await viewerContext.newPage()
  const authorName = uniqueName('pcount')
  await signupViaApi(author, authorName)
  await signupViaApi(viewer, uniqueName('pwatch'))

  await viewer.goto(`/${authorName}`)
  const stats = viewer.locator('.profile-stats')
  await expect(stats).toContainText('0 Posts')
  await waitLive(viewer)
  await markDocument(viewer)
  await waitLive(author)

  const text = `counted live ${Date.now()}`
  await writePost(author, text)
  await expect(stats).toContainText('1 Post')
  // The post itself: at once in an empty list, behind the pill once there is one to read.
  const list = viewer.locator('.post-list')
  await expect(list.getByText(text)).toBeVisible()
  const next = `and listed live ${Date.now()}`
  await writePost(author, next)
  await expect(stats).toContainText('2 Posts')
  await expect(list.getByText(next)).toHaveCount(0)
  await viewer.getByRole('button', { name: '1 new post' }).click()
  await expect(list.locator('article.post-card').first()).toContainText(next)

  const card = author.getByRole('article', { name: `Post by ${authorName}` }).first()
  await card.getByRole('link', { name: /^Comments/ }).click()
  // Home's cards, each with its own Delete, stay until the post's page is drawn.
  await expectPostPage(author)
  await author.getByRole('button', { name: 'Delete post' }).click()
  await author.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(author).toHaveURL(/\/home$/)
  await expect(stats).toContainText('1 Post')
  await expectSameDocument(viewer)
  await authorContext.close()
  await viewerContext.close()
})

test('a burst of clicks on like ends in the last click’s state, the same as the server’s', async ({
  page,
}) => {
  const name = uniqueName('burst')
  await signupViaApi(page, name)
  const text = `click me fast ${Date.now()}`
  await writePost(page, text)
  const card = page.getByRole('article', { name: `Post by ${name}` }).first()
  await expect(card).toContainText(text)
  const postId = await card.getAttribute('data-post-id')
  const like = card.getByRole('button', { name: /^(Like|Unlike),/ })

  // Every like and dislike request, and how many ran at once.
  let inFlight = 0
  let maxInFlight = 0
  let sent = 0
  const isToggle = (url: string) => /\/api\/posts\/(like|dislike)\//.test(url)
  page.on('request', (request) => {
    if (!isToggle(request.url())) return
    sent += 1
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
  })
  const finished = (request: { url(): string }) => {
    if (isToggle(request.url())) inFlight -= 1
  }
  page.on('requestfinished', finished)
  page.on('requestfailed', finished)

  const serverSays = async () => {
    const response = await page.request.get(`/api/posts/${postId}`, {
      headers: { authorization: await tokenOf(page) },
    })
    const { post } = (await response.json()) as PostResponse
    return {
      likeCount: post.likes.likeCount,
      liked: post.likes.likedBy.some((u) => u.username === name),
    }
  }

  // Two clicks: like, then unlike.
  await like.dblclick()
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(like).toHaveAccessibleName('Like, 0 likes')
  await expect.poll(() => inFlight).toBe(0)
  await expect.poll(serverSays).toEqual({ likeCount: 0, liked: false })
  expect(sent).toBeLessThanOrEqual(2)

  // Three clicks: like, unlike, like.
  await like.click({ clickCount: 3 })
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  await expect(like).toHaveAccessibleName('Unlike, 1 like')
  await expect.poll(() => inFlight).toBe(0)
  await expect.poll(serverSays).toEqual({ likeCount: 1, liked: true })
  // The live echo of our own likes did not count them again.
  await expect(like).toHaveAccessibleName('Unlike, 1 like')
  expect(maxInFlight).toBe(1)
})

test('a post made between the first load and the stream’s connect still shows', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await signupViaApi(page, uniqueName('nogap'))
  await waitLive(page)
  const author = await demoAuthor(request)

  // The next page's stream is held back until the post below is made.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const resumedFrom: (string | null)[] = []
  await page.route('**/api/events', async (route) => {
    resumedFrom.push(await route.request().headerValue('last-event-id'))
    await released
    await route.continue()
  })
  const explore = page.waitForResponse(
    (response) => response.url().includes('/api/posts') && response.request().method() === 'GET',
  )
  await page.goto('/explore')
  await explore
  await expect(page.getByRole('article').first()).toBeVisible()
  await expect(page.locator('html')).not.toHaveAttribute('data-live', 'live')

  const text = `made in the gap ${Date.now()}`
  await writeAs(request, author.encodedToken, text)
  release()

  const pill = page.getByRole('button', { name: '1 new post' })
  await expect(pill).toBeVisible()
  await pill.click()
  await expect(page.getByRole('article').first()).toContainText(text)
  // The stream started (or went back) to the id the first load was read at.
  expect(resumedFrom.some((id) => id !== null && /^[0-9a-f]+-\d+$/.test(id))).toBe(true)
  await page.unroute('**/api/events')
})
