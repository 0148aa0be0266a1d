import { expect, test } from './fixtures'
import { loginDemoViaApi } from './helpers'

test('keyboard shortcuts: n, /, j, k and ?, never while typing', async ({ page }) => {
  await loginDemoViaApi(page)
  await expect(page.getByRole('article').first()).toBeVisible()

  await page.keyboard.press('j')
  const first = page.getByRole('article').first()
  await expect(first).toBeFocused()
  await page.keyboard.press('j')
  await expect(page.getByRole('article').nth(1)).toBeFocused()
  await page.keyboard.press('k')
  await expect(first).toBeFocused()

  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toContainText('New post')
  await page.keyboard.press('Escape')
  await expect(help).toHaveCount(0)

  await page.keyboard.press('/')
  // The box searches posts, tags and people (docs/API.md, "Search").
  const search = page.getByRole('combobox', { name: 'Search posts, tags and people' })
  await expect(search).toBeFocused()
  // Typing n in the search types n; it opens nothing.
  await page.keyboard.type('n')
  await expect(search).toHaveValue('n')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await search.blur()

  await page.keyboard.press('n')
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  await expect(dialog.getByRole('textbox', { name: 'Post text' })).toBeFocused()
  await page.keyboard.type('j?')
  await expect(dialog.getByRole('textbox', { name: 'Post text' })).toHaveValue('j?')
})

test('Home and the logo on /home scroll to the top and refresh the feed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 420 })
  await loginDemoViaApi(page)
  await expect(page.getByRole('article').first()).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 400))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)

  const feedRequest = page.waitForRequest((request) => request.url().includes('/api/feed'))
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Home' })
    .click()
  await feedRequest
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  await page.evaluate(() => window.scrollTo(0, 400))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
  const again = page.waitForRequest((request) => request.url().includes('/api/feed'))
  await page.getByRole('link', { name: 'Gamerstage home' }).click()
  await again
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page).toHaveURL(/\/home$/)
})
