/** Issue 30's small things: the first theme follows the system's; the login form does not move. */
import { expect, test } from './fixtures'

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
