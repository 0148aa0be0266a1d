import { expect, test } from './fixtures'

/** The app's first theme follows the system's until a player picks one (state/theme.ts). */

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
