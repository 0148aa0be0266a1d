import { expect } from '@playwright/test'
import type { Locator, Page, Route } from '@playwright/test'
import type { LoginResponse, SignupResponse, User } from '../../src/shared/api-types'
import { FIRST_SCREEN_ATTRIBUTE } from '../../src/shared/first-screen'

export const DEMO = { username: 'player1', password: 'gamerstage' }

/** Playwright's number for this worker process (0 outside a worker, e.g. while listing). */
const WORKER = Number(process.env.TEST_WORKER_INDEX ?? 0).toString(36)

let counter = 0
/**
 * A username no other test uses (3–30 characters of the allowed set): the worker's index, the
 * time and a counter, so that two workers asking in the same millisecond still differ. A long
 * prefix is cut, never the part that makes the name unique.
 */
export function uniqueName(prefix = 'gamer'): string {
  counter += 1
  const unique = `w${WORKER}${Date.now().toString(36)}${counter.toString(36)}`
  return `${prefix.slice(0, 30 - unique.length - 1)}_${unique}`
}

/** A name of exactly 30 characters, the longest allowed: the layout must hold it. */
export function longName(prefix: string): string {
  return uniqueName(prefix).padEnd(30, 'z').slice(0, 30)
}

/** Where a post's own page has been drawn, not only addressed: the address changes first. */
export async function expectPostPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/post\//)
  await expect(page.getByRole('heading', { name: 'Post', exact: true, level: 1 })).toBeVisible()
}

/**
 * The widths these images decoded to, 0 for one that has not arrived or did not decode: a broken
 * image is still a visible box.
 */
export function decodedWidths(images: Locator): Promise<number[]> {
  return images.evaluateAll((elements: HTMLImageElement[]) =>
    elements.map((image) => (image.complete ? image.naturalWidth : 0)),
  )
}

/**
 * Signs up through the form, and waits for /home. Only for tests of signing up itself: every
 * other test starts signed in through `signupViaApi`, which skips the form.
 */
export async function signup(page: Page, username: string, password = 'supersecret1') {
  await page.goto('/signup')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/home$/)
  // The spec's heading, and a new account welcomed as new under it (copy.ts, COPY.home).
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
  await expect(page.getByText('Welcome to the stage!', { exact: true })).toBeVisible()
}

/** Logs in through the form. Only for tests of logging in itself: see `loginViaApi`. */
export async function login(page: Page, username: string, password: string) {
  await page.goto('/')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** Logs in as the demo account through the form (tests of logging in): see `loginDemoViaApi`. */
export async function loginDemo(page: Page) {
  await login(page, DEMO.username, DEMO.password)
}

/** An address of the app's origin that no server answers: the test answers it itself. */
const BLANK_PAGE = '/__e2e-blank'

/**
 * Stores a session as the app does after signing in (`state/auth.ts`: `token` and `user` in
 * localStorage), on the page's own origin, without loading the app: a blank page of that origin,
 * answered by the test (the API's own answers are sandboxed, without storage), owns its storage.
 */
export async function storeSession(page: Page, token: string, user: User): Promise<void> {
  const answerBlank = (route: Route) => route.fulfill({ contentType: 'text/html', body: '' })
  await page.route(`**${BLANK_PAGE}`, answerBlank)
  await page.goto(BLANK_PAGE)
  await page.unroute(`**${BLANK_PAGE}`, answerBlank)
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('token', storedToken)
      localStorage.setItem('user', storedUser)
    },
    [token, JSON.stringify(user)] as const,
  )
}

/**
 * Where the app lands once signed in: /home, drawn by the app itself. The server's first screen
 * (server/http/static.ts) shows the same heading at once, but inert until the app's code has
 * loaded and replaced it: a test that went on then (say, paused the page's clock) could catch
 * the app before it started. Locators find inert elements, so the test waits for it to be gone.
 */
async function openHome(page: Page): Promise<void> {
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
  await appHasStarted(page)
}

/**
 * Waits until the app has replaced the server's first screen (see openHome): until then, what a
 * test sees on /home is inert, and a key pressed or a card focused there is lost with it.
 */
export async function appHasStarted(page: Page): Promise<void> {
  await expect(page.locator(`[${FIRST_SCREEN_ATTRIBUTE}]`)).toHaveCount(0)
}

/**
 * Signs up through the API and opens /home signed in: what `signup` leaves, without the form.
 * `server` is the server to sign up on (default: the page's own, the worker's demo server), for
 * a page whose app talks to another one (remote mode).
 */
export async function signupViaApi(
  page: Page,
  username: string,
  { password = 'supersecret1', server = '' }: { password?: string; server?: string } = {},
): Promise<SignupResponse> {
  const response = await page.request.post(`${server}/api/auth/signup`, {
    data: { username, password },
  })
  expect(response.status(), await response.text()).toBe(201)
  const answer = (await response.json()) as SignupResponse
  await storeSession(page, answer.encodedToken, answer.createdUser)
  await openHome(page)
  return answer
}

/** Logs in through the API and opens /home signed in: what `login` leaves, without the form. */
export async function loginViaApi(page: Page, username: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { username, password } })
  expect(response.status(), await response.text()).toBe(200)
  const answer = (await response.json()) as LoginResponse
  await storeSession(page, answer.encodedToken, answer.foundUser)
  await openHome(page)
}

/** The demo account, signed in through the API (see `loginViaApi`). */
export async function loginDemoViaApi(page: Page): Promise<void> {
  await loginViaApi(page, DEMO.username, DEMO.password)
}

/** The toast with this exact text (react-toastify renders role="alert"). */
export function toast(page: Page, text: string) {
  return page.locator('.Toastify__toast').filter({ hasText: text })
}

/** A 1×1 PNG, small enough for any upload limit. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** The live event stream: one request that stays open for as long as the page is signed in. */
const LIVE_STREAM = /\/api\/events(?:\?|$)/

/** What a page's network did lately, followed from the first wait on that page on. */
interface NetworkActivity {
  inFlight: Set<unknown>
  lastActivity: number
}

const activityOfPage = new WeakMap<Page, NetworkActivity>()

/**
 * The page's network activity, followed from now on (its listeners stay for the page's life):
 * a second wait on a page that stayed quiet since the first returns at once, instead of
 * sitting out another quiet period.
 */
function networkActivity(page: Page): NetworkActivity {
  const known = activityOfPage.get(page)
  if (known) return known
  const activity: NetworkActivity = { inFlight: new Set(), lastActivity: Date.now() }
  page.on('request', (request) => {
    if (LIVE_STREAM.test(request.url())) return
    activity.inFlight.add(request)
    activity.lastActivity = Date.now()
  })
  const ended = (request: { url(): string }) => {
    if (LIVE_STREAM.test(request.url())) return
    activity.inFlight.delete(request)
    activity.lastActivity = Date.now()
  }
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  activityOfPage.set(page, activity)
  return activity
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Playwright's `networkidle`, but blind to the live event stream, which never ends by design and
 * so would hold `networkidle` forever on every signed-in page. Resolves once the page has loaded
 * and `quietMs` pass with no other request starting or in flight; fails after `timeoutMs`.
 * A request already in flight when a page is first waited on counts once it finishes or fails.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500, timeoutMs = 15_000) {
  const activity = networkActivity(page)
  await page.waitForLoadState('load')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const quietFor = Date.now() - activity.lastActivity
    if (activity.inFlight.size === 0 && quietFor >= quietMs) return
    if (Date.now() > deadline) {
      throw new Error(
        `The network did not settle within ${timeoutMs} ms (${activity.inFlight.size} open)`,
      )
    }
    // Sleeps here, not in the page (page.waitForTimeout is a round trip to the browser).
    await sleep(activity.inFlight.size > 0 ? 50 : Math.max(10, quietMs - quietFor))
  }
}

/**
 * Loads a paged list's last page and waits for `total` rows. The page comes with "Load more" (the
 * keyboard's way) or, as soon as the button scrolls into view, by itself (the infinite scroll,
 * components/LoadMore.tsx): a click can scroll it into view and find it already gone.
 */
export async function loadTheRest(page: Page, rows: Locator, total: number): Promise<void> {
  const loadMore = page.getByRole('button', { name: 'Load more' })
  await expect(async () => {
    if ((await loadMore.count()) > 0) await loadMore.click({ timeout: 2000 })
    await expect(rows).toHaveCount(total, { timeout: 2000 })
  }).toPass({ timeout: 30_000 })
}

/** The New Post dialog: the sidebar's button on a desktop, the bottom bar's on a phone. */
export async function openComposer(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^New post$/i })
    .filter({ visible: true })
    .first()
    .click()
}
