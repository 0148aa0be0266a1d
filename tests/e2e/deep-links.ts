/**
 * Every route of the built app opens when typed into the address bar and survives a reload, with
 * and without a trailing slash, signed in and not: each in a fresh browser context against the
 * build `npm run build` makes (the one the desktop window and LAN browsers get). The routes and
 * helpers of deep-links.spec.ts (signed out) and deep-links-signed-in.spec.ts.
 */
import { type Browser, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { DEMO } from './helpers'

interface Session {
  token: string
  user: { username: string }
}

let session: Session
let postId: string

/** Signs the demo account in through the API once per file, and finds a post to open. */
function readDemoSessionFirst(): void {
  test.beforeAll(async ({ request }) => {
    const login = await request.post('/api/auth/login', { data: DEMO })
    expect(login.status()).toBe(200)
    const body = (await login.json()) as { foundUser: Session['user']; encodedToken: string }
    session = { token: body.encodedToken, user: body.foundUser }
    const posts = await request.get('/api/posts?limit=1')
    postId = ((await posts.json()) as { posts: { id: string }[] }).posts[0]?.id ?? ''
    expect(postId).not.toBe('')
  })
}

/** A fresh context: signed in through stored credentials, as after an earlier visit, or not. */
export async function freshPage(
  browser: Browser,
  demoUrl: string,
  signedIn: boolean,
): Promise<Page> {
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
export function watchAssets(page: Page): string[] {
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

/**
 * Every route, with and without a trailing slash, signed in or out (each way has a spec file of
 * its own, so that the two workers share them).
 */
export function testEveryRoute(signedIn: boolean): void {
  readDemoSessionFirst()
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
