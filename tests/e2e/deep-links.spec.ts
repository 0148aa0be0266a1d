/**
 * Every route of the built app opens when typed into the address bar and survives a reload, with
 * and without a trailing slash, signed in and not: each in a fresh browser context against the
 * build `npm run build` makes (the one the desktop window and LAN browsers get).
 */
import { type Browser, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { DEMO, waitForQuietNetwork } from './helpers'

interface Session {
  token: string
  user: { username: string }
}

let session: Session
let postId: string

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: DEMO })
  expect(login.status()).toBe(200)
  const body = (await login.json()) as { foundUser: Session['user']; encodedToken: string }
  session = { token: body.encodedToken, user: body.foundUser }
  const posts = await request.get('/api/posts?limit=1')
  postId = ((await posts.json()) as { posts: { id: string }[] }).posts[0]?.id ?? ''
  expect(postId).not.toBe('')
})

/** A fresh context: signed in through stored credentials, as after an earlier visit, or not. */
async function freshPage(browser: Browser, demoUrl: string, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: demoUrl,
    storageState: {
      cookies: [],
      origins: signedIn
        ? [
            {
              origin: demoUrl,
              localStorage: [
                { name: 'token', value: session.token },
                { name: 'user', value: JSON.stringify(session.user) },
              ],
            },
          ]
        : [],
    },
  })
  return context.newPage()
}

/** Fails on any script, style or image the page asked for and did not get. */
function watchAssets(page: Page): string[] {
  const failures: string[] = []
  page.on('response', (response) => {
    const type = response.request().resourceType()
    if (['script', 'stylesheet', 'image'].includes(type) && !response.ok()) {
      failures.push(`${response.status()} ${response.url()}`)
    }
    if (type === 'script' && !/javascript/.test(response.headers()['content-type'] ?? '')) {
      failures.push(`not JavaScript: ${response.url()}`)
    }
  })
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`))
  return failures
}

const loginHeading = (page: Page) => page.getByRole('heading', { name: 'Log in' })
const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true })

interface RouteCase {
  /** The route as the test's title names it. */
  label: string
  path: () => string
  /** What must show there, signed in and signed out. */
  signedIn: (page: Page) => ReturnType<Page['getByRole']>
  signedOut: (page: Page) => ReturnType<Page['getByRole']>
}

/** Every route; signed out, protected ones send the visitor to the login page. */
const routes: RouteCase[] = [
  { label: '/', path: () => '/', signedIn: heading('Welcome Back...'), signedOut: loginHeading },
  {
    label: '/signup',
    path: () => '/signup',
    signedIn: heading('Welcome Back...'),
    signedOut: heading('Create your account'),
  },
  {
    label: '/home',
    path: () => '/home',
    signedIn: heading('Welcome Back...'),
    signedOut: loginHeading,
  },
  {
    label: '/explore',
    path: () => '/explore',
    signedIn: heading('Explore New Things...'),
    signedOut: loginHeading,
  },
  {
    label: '/bookmarks',
    path: () => '/bookmarks',
    signedIn: heading('Saved Posts'),
    signedOut: loginHeading,
  },
  {
    label: '/post/<id>',
    path: () => `/post/${postId}`,
    signedIn: (page) => page.getByPlaceholder('For comment'),
    signedOut: loginHeading,
  },
  {
    label: '/<username>',
    path: () => `/${DEMO.username}`,
    signedIn: (page) => page.getByRole('heading', { name: DEMO.username, level: 1 }),
    signedOut: loginHeading,
  },
  {
    label: '/notifications',
    path: () => '/notifications',
    signedIn: heading('Notifications'),
    signedOut: loginHeading,
  },
  {
    label: '/tags/<tag>',
    path: () => '/tags/lan',
    signedIn: heading('#lan'),
    signedOut: loginHeading,
  },
  {
    label: '/server',
    path: () => '/server',
    signedIn: heading('Server'),
    signedOut: heading('Server'),
  },
]

for (const signedIn of [true, false]) {
  for (const route of routes) {
    for (const slash of route.label === '/' ? [''] : ['', '/']) {
      const title = `${signedIn ? 'signed in' : 'signed out'}, ${route.label}${slash} loads and reloads`
      test(title, async ({ browser, demoUrl }) => {
        const page = await freshPage(browser, demoUrl, signedIn)
        const failures = watchAssets(page)
        const shows = signedIn ? route.signedIn : route.signedOut
        await page.goto(`${route.path()}${slash}`)
        await expect(shows(page)).toBeVisible()
        await page.reload()
        await expect(shows(page)).toBeVisible()
        expect(failures).toEqual([])
        await page.context().close()
      })
    }
  }
}

// prefetch-home.ts asks for the feed before the app has rendered; the app then reads that answer
// instead of asking again, and the feed's list does not reload it when it mounts.
test('signed in, /home asks the server for its feed once per load and shows it', async ({
  browser,
  demoUrl,
}) => {
  const page = await freshPage(browser, demoUrl, true)
  const feedCalls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/feed') feedCalls.push(request.url())
  })
  await page.goto('/home')
  await expect(page.locator('article.post-card').first()).toBeVisible()
  expect(feedCalls).toEqual([`${demoUrl}/api/feed?limit=20`])
  await page.reload()
  await expect(page.locator('article.post-card').first()).toBeVisible()
  // Whatever else the page does next (live stream, suggestions) is not another feed load.
  await waitForQuietNetwork(page)
  expect(feedCalls).toHaveLength(2)
  await page.context().close()
})

test('the served build is the production one: absolute asset paths, minified', async ({
  request,
}) => {
  const html = await (await request.get('/post/1/')).text()
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1])
  expect(scripts.length).toBeGreaterThan(0)
  for (const src of scripts) {
    expect(src).toMatch(/^\/assets\//)
    const code = await (await request.get(src ?? '')).text()
    // Minified: long lines (only template literals keep their line breaks), unlike the
    // readable development build's ~40 characters a line.
    expect(code.length / code.split('\n').length).toBeGreaterThan(200)
  }
  const missing = await request.get('/assets/not-a-file.js')
  expect(missing.status()).toBe(404)
})

test('a browser gets the app’s scripts and styles compressed, kept for a year', async ({
  page,
}) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // What the browser itself counted for the page's own script and stylesheet: bytes on the wire
  // against bytes after decoding.
  const firstLoad = await page.evaluate(() => {
    const urls = new Set(
      [...document.querySelectorAll('script[src], link[rel="stylesheet"]')].map(
        (element) => (element as HTMLScriptElement).src || (element as HTMLLinkElement).href,
      ),
    )
    return performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => urls.has(entry.name))
      .map(({ name, encodedBodySize, decodedBodySize }) => ({
        name,
        encodedBodySize,
        decodedBodySize,
      }))
  })
  // The bundle and its stylesheet, and any stylesheet a lazily loaded part added since.
  expect(firstLoad.some((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))).toBe(true)
  expect(firstLoad.some((entry) => /\/assets\/index-[\w-]+\.css$/.test(entry.name))).toBe(true)
  for (const entry of firstLoad) {
    expect(entry.decodedBodySize).toBeGreaterThan(0)
    expect(entry.encodedBodySize).toBeLessThan(entry.decodedBodySize / 2)
  }
  const script = firstLoad.find((entry) => entry.name.endsWith('.js'))
  const answer = await page.request.get(script?.name ?? '', {
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  })
  expect(answer.headers()['content-encoding']).toBe('br')
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})
