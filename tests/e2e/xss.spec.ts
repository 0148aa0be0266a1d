/**
 * HTML and script in posts, comments, bios and names render as text: no script runs in Chromium.
 * Also the page's protective headers and how uploaded media are served.
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures'
import type { Comment, Post, SignupResponse, User } from '../../src/shared/api-types'
import { TINY_PNG, uniqueName } from './helpers'

/** Each payload sets window.__xss if any part of it ever runs. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  '"><svg onload=window.__xss=1>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<a href="javascript:window.__xss=1">click me</a>',
  '{{constructor.constructor("window.__xss=1")()}}',
]
const POST_TEXT = `post ${PAYLOADS.join(' ')}`
const COMMENT_TEXT = `comment ${PAYLOADS[0]} ${PAYLOADS[2]}`
const BIO_TEXT = `bio ${PAYLOADS[1]} ${PAYLOADS[0]}`
const NAME_TEXT = '<b onmouseover=window.__xss=1>Bold</b>'

interface Author {
  username: string
  token: string
  /** The user as the profile edit answered it: what a fresh login would store. */
  user: User
  postId: string
  mediaUrl: string
}

async function createHostileContent(request: APIRequestContext): Promise<Author> {
  const username = uniqueName('xss')
  const signedUp = await request.post('/api/auth/signup', {
    data: { username, password: 'hostile but fine', firstName: NAME_TEXT },
  })
  expect(signedUp.status()).toBe(201)
  const signup = (await signedUp.json()) as SignupResponse
  const headers = { authorization: signup.encodedToken, Prefer: 'return=minimal' }

  const upload = await request.post('/api/media', {
    headers: { authorization: signup.encodedToken },
    multipart: { file: { name: 'pixel.html', mimeType: 'text/html', buffer: TINY_PNG } },
  })
  expect(upload.status()).toBe(201)
  const mediaUrl = ((await upload.json()) as { url: string }).url

  const edited = await request.post('/api/users/edit', {
    headers,
    data: { userData: { bio: BIO_TEXT, profileImg: mediaUrl } },
  })
  expect(edited.status()).toBe(200)
  const { user } = (await edited.json()) as { user: User }
  expect(user.bio).toBe(BIO_TEXT)
  const created = await request.post('/api/posts', {
    headers,
    data: { postData: { content: POST_TEXT } },
  })
  expect(created.status()).toBe(201)
  const post = ((await created.json()) as { post: Post }).post
  expect(post.content).toBe(POST_TEXT)
  const commented = await request.post(`/api/comments/add/${post._id}`, {
    headers,
    data: { commentData: { text: COMMENT_TEXT } },
  })
  expect(commented.status()).toBe(201)
  expect(((await commented.json()) as { comment: Comment }).comment.text).toBe(COMMENT_TEXT)
  return { username, token: signup.encodedToken, user, postId: post._id, mediaUrl }
}

/** Logs in by storing the session where the app keeps it, before any of its scripts run. */
async function useSession(page: Page, author: Author) {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token)
      localStorage.setItem('user', user)
    },
    [author.token, JSON.stringify(author.user)] as const,
  )
}

/** Fails the test on any dialog or script error the payloads could cause. */
function watch(page: Page): string[] {
  const incidents: string[] = []
  page.on('dialog', (dialog) => {
    incidents.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  page.on('pageerror', (error) => incidents.push(`page error: ${error.message}`))
  return incidents
}

async function expectNoScriptRan(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
  // Nothing the payloads describe became an element.
  expect(
    await page.locator('main img[src="x"], main svg[onload], main iframe[srcdoc]').count(),
  ).toBe(0)
  expect(await page.locator('a[href^="javascript:"]').count()).toBe(0)
}

test('signup refuses a username with HTML in it', async ({ request }) => {
  for (const username of ['<script>', '"><img src=x>', 'a<b', "o'neil", 'x y']) {
    const response = await request.post('/api/auth/signup', {
      data: { username, password: 'long enough password' },
    })
    expect(response.status(), username).toBe(400)
    const body = (await response.json()) as { errors: string[] }
    expect(body.errors).toHaveLength(1)
  }
})

test('posts, comments, bios and names with HTML render as text and run no script', async ({
  page,
  request,
}) => {
  const author = await createHostileContent(request)
  await useSession(page, author)
  const incidents = watch(page)

  // Explore: the newest post is first.
  await page.goto('/explore')
  const card = page.getByRole('article', { name: `Post by ${author.username}` }).first()
  await expect(card).toBeVisible()
  await expect(card.locator('.post-content')).toHaveText(POST_TEXT)
  await expectNoScriptRan(page)

  // The post page, with its comment.
  await page.goto(`/post/${author.postId}`)
  await expect(page.getByText(POST_TEXT, { exact: true })).toBeVisible()
  await expect(page.getByText(COMMENT_TEXT, { exact: true })).toBeVisible()
  await expectNoScriptRan(page)

  // The profile, with the bio and the name.
  await page.goto(`/${author.username}`)
  await expect(page.getByText(BIO_TEXT, { exact: true })).toBeVisible()
  await expect(page.getByText(NAME_TEXT).first()).toBeVisible()
  await page.getByText(NAME_TEXT).first().hover()
  await expectNoScriptRan(page)

  expect(incidents).toEqual([])
})

test('the page is sent with a CSP that forbids framing and a Referrer-Policy', async ({ page }) => {
  for (const path of ['/', '/explore', '/post/1', '/player1']) {
    const response = await page.goto(path)
    if (!response) throw new Error(`no response for ${path}`)
    const headers = response.headers()
    expect(headers['content-type'], path).toContain('text/html')
    const csp = headers['content-security-policy'] ?? ''
    expect(csp, path).toContain("frame-ancestors 'none'")
    expect(csp, path).toContain("script-src 'self'")
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
    expect(headers['referrer-policy'], path).toBe('no-referrer')
    expect(headers['x-content-type-options'], path).toBe('nosniff')
  }
})

test('the browser enforces the CSP: an inline script injected into the page does not run', async ({
  page,
}) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.goto('/')
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.__xss = 1'
    document.body.append(script)
  })
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
  await expect.poll(() => violations.length).toBeGreaterThan(0)
})

test('uploaded media are served with their real type and nosniff, never as HTML', async ({
  request,
}) => {
  const author = await createHostileContent(request)
  // Uploaded as "pixel.html" with type text/html: served as what it really is.
  const image = await request.get(author.mediaUrl)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/png')
  expect(image.headers()['x-content-type-options']).toBe('nosniff')
  // Re-encoded (docs/security.md): the same one pixel, none of the upload's own bytes.
  const { format, width, height } = await sharp(await image.body()).metadata()
  expect([format, width, height]).toEqual(['png', 1, 1])

  // And HTML dressed as an image is refused.
  const html = await request.post('/api/media', {
    headers: { authorization: author.token },
    multipart: {
      file: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('<script>1</script>') },
    },
  })
  expect(html.status()).toBe(400)
  const avatar = await request.get('/api/media/default-avatar.svg')
  expect(avatar.headers()['content-type']).toBe('image/svg+xml')
  expect(avatar.headers()['x-content-type-options']).toBe('nosniff')
})
