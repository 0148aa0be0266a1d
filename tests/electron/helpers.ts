/** What a person does in the app's window, shared by the desktop journeys and the packaged smoke run. */
import { expect, type Page } from '@playwright/test'
import { createServer, type AddressInfo } from 'node:net'

/** The login page of a fresh start: the app's tagline and its Login button. */
export async function expectLoginPage(page: Page) {
  await expect(page.getByText('Real gaming takes the stage')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
}

/** Signs up from the login page (the window starts there) and lands on the home feed. */
export async function signUp(page: Page, username: string, password = 'desktop-pass-1') {
  await page.getByRole('link', { name: 'Create an account' }).click()
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  // The spec's heading, and a new account welcomed as new under it (copy.ts, COPY.home).
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
  await expect(page.getByText('Welcome to the stage!', { exact: true })).toBeVisible()
}

/** Logs in from the login page. */
export async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
}

/** Writes a post in the New Post modal and waits for it on the page. */
export async function writePost(page: Page, text: string) {
  await page.getByRole('button', { name: 'New Post' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  await dialog.getByPlaceholder('enter a text').fill(text)
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('main').getByText(text)).toBeVisible()
}

/** Opens the Server page from the sidebar (signed in). */
export async function openServerPage(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Server' })
    .click()
  await expect(page.getByRole('heading', { name: 'Server', exact: true })).toBeVisible()
}

/**
 * Turns Host for LAN on at `port` from the Server page (signed in, not yet hosting) and waits
 * until the switch shows it on. Returns the switch, to turn it off again.
 */
export async function hostForLan(page: Page, port: number) {
  await openServerPage(page)
  const sharing = page.getByRole('switch', { name: 'Host for LAN' })
  await expect(sharing).not.toBeChecked()
  await page.getByLabel('Port').fill(String(port))
  await sharing.click()
  await expect(sharing).toBeChecked()
  return sharing
}

/** From a fresh start's login page to "Connect to a friend's server". */
export async function openConnectFromLogin(page: Page) {
  await expectLoginPage(page)
  await page.getByRole('link', { name: "Connect to a friend's server" }).click()
}

/** The toast with this text (react-toastify). */
export function toast(page: Page, text: string) {
  return page.locator('.Toastify__toast').filter({ hasText: text })
}

/** A TCP port free on every interface a moment ago (the system picks it). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '0.0.0.0', resolve)
  })
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

let names = 0
/** A username of 3–30 allowed characters that no other journey uses. */
export function uniqueName(prefix: string): string {
  names += 1
  return `${prefix}_${Date.now().toString(36)}${names}`.slice(0, 30)
}
