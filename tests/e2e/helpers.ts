import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'

export { EMPTY_URL } from './ports'

export const DEMO = { username: 'player1', password: 'gamerstage' }

let counter = 0
/** A username no other test uses (3–30 characters of the allowed set). */
export function uniqueName(prefix = 'gamer'): string {
  counter += 1
  return `${prefix}_${Date.now().toString(36)}${counter}`.slice(0, 30)
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

/**
 * For specs that wait for 'networkidle': the live stream (`GET /api/events`) keeps one request
 * open for as long as someone is signed in, so the network never idles. These specs answer it as
 * a server without the stream does (404, and the app does not retry); live.spec.ts covers it.
 */
export async function withoutLiveStream(page: Page) {
  await page.route('**/api/events', (route) =>
    route.fulfill({ status: 404, json: { errors: ['Not Found'] } }),
  )
}
