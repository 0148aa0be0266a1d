import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

export { EMPTY_URL } from './ports'

export const DEMO = { username: 'player1', password: 'gamerstage' }

let counter = 0
/** A username no other test uses (3–30 characters of the allowed set). */
export function uniqueName(prefix = 'gamer'): string {
  counter += 1
  return `${prefix}_${Date.now().toString(36)}${counter}`.slice(0, 30)
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

export async function signup(page: Page, username: string, password = 'supersecret1') {
  await page.goto('/signup')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
}

export async function login(page: Page, username: string, password: string) {
  await page.goto('/')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

export async function loginDemo(page: Page) {
  await login(page, DEMO.username, DEMO.password)
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

/**
 * Playwright's `networkidle`, but blind to the live event stream, which never ends by design and
 * so would hold `networkidle` forever on every signed-in page. Resolves once the page has loaded
 * and `quietMs` pass with no other request starting or in flight; fails after `timeoutMs`.
 * A request already in flight when this is called counts once it finishes or fails.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500, timeoutMs = 15_000) {
  await page.waitForLoadState('load')
  const inFlight = new Set<unknown>()
  let lastActivity = Date.now()
  const started = (request: { url(): string }) => {
    if (LIVE_STREAM.test(request.url())) return
    inFlight.add(request)
    lastActivity = Date.now()
  }
  const ended = (request: { url(): string }) => {
    if (LIVE_STREAM.test(request.url())) return
    inFlight.delete(request)
    lastActivity = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    const deadline = Date.now() + timeoutMs
    while (inFlight.size > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline) {
        throw new Error(`The network did not settle within ${timeoutMs} ms (${inFlight.size} open)`)
      }
      await page.waitForTimeout(50)
    }
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}
