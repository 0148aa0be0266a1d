/**
 * Issue 30's small things: the first theme follows the system's, the login form does not move
 * once shown, and on phones logout asks first (one tap from the Server icon).
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { longName, signupViaApi, toast } from './helpers'
import { shoot } from './looks'

test.describe('the first theme', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`follows a ${scheme} system when nothing is stored`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, colorScheme: scheme })
      const page = await context.newPage()
      await page.goto('/')
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
      await context.close()
    })
  }

  test('is the stored choice, whatever the system says', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: 'light' })
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await context.close()
  })
})

test('the Login button stays put while the server’s meta arrives late', async ({ page }) => {
  await page.route('**/api/meta', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await route.continue()
  })
  await page.goto('/')
  const login = page.getByRole('button', { name: 'Login', exact: true })
  await expect(login).toBeVisible()
  const before = await login.boundingBox()
  await expect(page.getByRole('button', { name: 'Fill Test Credentials' })).toBeVisible()
  const after = await login.boundingBox()
  expect(before).not.toBeNull()
  expect(after?.y).toBe(before?.y)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  async function bars(page: Page, theme: 'light' | 'dark') {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    // The colours ease into the new theme: the picture is of where they end.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((transition) => transition.finished.catch(() => null)),
      ),
    )
  }

  test('logout asks first, then toasts and ends the session', async ({ page, baseURL }) => {
    await signupViaApi(page, longName('logout'))
    const icon = page.getByRole('banner').getByRole('button', { name: 'Log out' })
    await icon.click()
    const confirm = page.getByRole('dialog', { name: 'Log out?' })
    await expect(confirm).toBeVisible()
    // One tap is not a logout.
    await expect(toast(page, 'You have been logged out')).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()

    for (const theme of ['dark', 'light'] as const) {
      await bars(page, theme)
      await shoot(page, { path: `test-results/small-things/phone-logout-confirm-${theme}.png` })
    }
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toHaveCount(0)
    for (const theme of ['dark', 'light'] as const) {
      await bars(page, theme)
      await shoot(page, { path: `test-results/small-things/phone-bars-${theme}.png` })
    }

    // The spec's toast and 2-second delay (timed exactly by auth.spec.ts on a desktop).
    await icon.click()
    await confirm.getByRole('button', { name: 'Yes, log out' }).click()
    await expect(toast(page, 'You have been logged out')).toBeVisible()
    await expect(page).toHaveURL(`${baseURL}/`, { timeout: 6000 })
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  })
})
