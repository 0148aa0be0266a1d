import { expect, test } from './fixtures'
import type { APIRequestContext, Page } from '@playwright/test'
import { loadTheRest, toast, uniqueName, loginDemoViaApi } from './helpers'

async function apiSignup(request: APIRequestContext, base: string) {
  const username = uniqueName('bulk')
  const response = await request.post(`${base}/api/auth/signup`, {
    data: { username, password: 'bulk-password-1' },
  })
  expect(response.status()).toBe(201)
  const body = (await response.json()) as { createdUser: unknown; encodedToken: string }
  return { username, user: body.createdUser, token: body.encodedToken }
}

async function useSession(page: Page, base: string, user: unknown, token: string) {
  await page.goto(`${base}/`)
  await page.evaluate(
    ([u, t]) => {
      localStorage.setItem('user', JSON.stringify(u))
      localStorage.setItem('token', t as string)
    },
    [user, token] as const,
  )
}

test('an empty server shows the empty states', async ({ page, request, emptyUrl }) => {
  const { user, token } = await apiSignup(request, emptyUrl)
  await useSession(page, emptyUrl, user, token)
  await page.goto(`${emptyUrl}/explore`)
  await expect(page.getByText('No posts yet...')).toBeVisible()
  await page.goto(`${emptyUrl}/bookmarks`)
  await expect(page.getByText('Nothing is here ...')).toBeVisible()
  await page.goto(`${emptyUrl}/home`)
  await expect(page.getByText('Follow some people to get started')).toBeVisible()
})

test('long lists load 20 at a time with infinite scroll', async ({ page, request, emptyUrl }) => {
  const { username, user, token } = await apiSignup(request, emptyUrl)
  for (let i = 1; i <= 45; i += 1) {
    const response = await request.post(`${emptyUrl}/api/posts`, {
      headers: { authorization: token, prefer: 'return=minimal' },
      data: { postData: { content: `Bulk post number ${i}` } },
    })
    expect(response.ok()).toBe(true)
  }
  const pageRequests: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/posts/user/')) pageRequests.push(r.url())
  })
  await useSession(page, emptyUrl, user, token)
  await page.goto(`${emptyUrl}/${username}`)
  const articles = page.getByRole('article')
  await expect(articles.first()).toContainText('Bulk post number 45')
  await expect(articles).toHaveCount(20)
  expect(pageRequests[0]).toContain('limit=20')

  await articles.nth(19).scrollIntoViewIfNeeded()
  await expect(articles).toHaveCount(40)
  await loadTheRest(page, articles, 45)
  await expect(page.getByText("You're all caught up")).toBeVisible()
  expect(pageRequests.every((url) => url.includes('limit=20'))).toBe(true)
})

test('a like the server already has shows as liked, with no error', async ({ page }) => {
  // A server without the live stream: the page does not hear of the other tab's like (with the
  // stream it would, and the click would be an unlike; tests/e2e/live.spec.ts).
  await page.route('**/api/events', (route) => route.fulfill({ status: 404, json: { errors: [] } }))
  await loginDemoViaApi(page)
  await page.goto('/explore')
  // A post the demo player has not liked: other specs on this worker's server like posts too.
  const unliked = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /^Like, / }) })
    .first()
  const unlikedId = await unliked.getAttribute('data-post-id')
  const post = page.locator(`article[data-post-id="${unlikedId}"]`)
  const like = post.getByRole('button', { name: /^(Like|Unlike), / })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  const before = Number((await like.textContent())?.trim())
  // Like it behind the page's back, as another tab would.
  const href = await post.getByRole('link', { name: /^Comments/ }).getAttribute('href')
  const postId = href?.split('/').pop() ?? ''
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const response = await page.request.post(`/api/posts/like/${postId}`, {
    headers: { authorization: token ?? '' },
    data: {},
  })
  expect(response.ok()).toBe(true)
  // The server answers ALREADY_DONE: the app takes that as its state (state/toggles.ts).
  await like.click()
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  await expect(like).toHaveText(String(before + 1))
  await expect(page.locator('.Toastify__toast')).toHaveCount(0)
  // Undo, so other specs see the seed counts.
  await page.request.post(`/api/posts/dislike/${postId}`, {
    headers: { authorization: token ?? '' },
    data: {},
  })
})

test('a refused like rolls back and shows the server error', async ({ page }) => {
  await loginDemoViaApi(page)
  await page.goto('/explore')
  // A post the demo player has not liked: other specs on this worker's server like posts too.
  const unliked = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /^Like, / }) })
    .first()
  const unlikedId = await unliked.getAttribute('data-post-id')
  const post = page.locator(`article[data-post-id="${unlikedId}"]`)
  const like = post.getByRole('button', { name: /^(Like|Unlike), / })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  const before = (await like.textContent())?.trim()
  // A refusal that is not "already so": the hourly allowance of likes is spent.
  const refusal = 'Too many likes and votes. Try again in 12 minutes.'
  await page.route('**/api/posts/like/*', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '720' },
      json: { errors: [refusal], code: 'RATE_LIMITED' },
    }),
  )
  await like.click()
  await expect(toast(page, refusal)).toBeVisible()
  await expect(like).toHaveText(before ?? '')
  await expect(like).toHaveAttribute('aria-pressed', 'false')
})
