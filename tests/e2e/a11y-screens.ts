import { expect, test } from './fixtures'
import { checkInBothThemes } from './axe'
import { signupViaApi } from './helpers'
import { sizes, type Size } from './looks'

/**
 * axe-core on every screen in one look (both themes, desktop and phone): no serious or critical
 * violation, every rule in one look and contrast in the others (axe.ts, axeScopeFor). A
 * 30-character name and a long word are on screen, as on a real phone. Each screen size has a
 * spec file of its own (a11y-screens-desktop and -phone), whose one walk checks every screen in
 * both themes, so that the workers share them and no file runs for minutes.
 */
export function testEveryScreen(sizeName: Size['name']): void {
  const size = sizes().find((candidate) => candidate.name === sizeName)
  if (!size) throw new Error(`No size named ${sizeName} (looks.ts)`)
  test(`axe finds no serious violation (${size.name}, both themes)`, async ({ page }) => {
    test.setTimeout(240_000)
    await page.setViewportSize(size.viewport)
    await page.goto('/')
    await checkInBothThemes(page, size, { what: 'login' })
    await page.goto('/signup')
    await checkInBothThemes(page, size, { what: 'signup' })

    const name = `a${Date.now().toString(36)}${size.name}`.padEnd(30, 'z').slice(0, 30)
    await signupViaApi(page, name)
    const newPost = page.getByRole('button', { name: /^New post$/i }).filter({ visible: true })
    await newPost.first().click()
    await page
      .getByRole('textbox', { name: 'Post text' })
      .fill(`gg ${'Unbreakable'.repeat(12)} https://example.com`)
    await checkInBothThemes(page, size, { what: 'new post dialog' })
    await page.getByRole('dialog').getByRole('button', { name: 'Post' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    for (const path of [
      '/home',
      '/explore',
      '/bookmarks',
      `/${name}`,
      '/player1',
      '/post/1',
      '/server',
    ]) {
      await page.goto(path)
      await expect(page.getByRole('main')).toBeVisible()
      await checkInBothThemes(page, size, { what: path })
    }
    await page.goto(`/${name}`)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await checkInBothThemes(page, size, { what: 'edit profile dialog' })
  })
}
