import { expect, test } from './fixtures'
import { axeScopeFor, expectNoSeriousViolations } from './axe'
import { signupViaApi } from './helpers'
import { applyLook, looks } from './looks'

/**
 * axe-core on every screen in one look (both themes, desktop and phone): no serious or critical
 * violation, every rule in one look and contrast in the others (axe.ts, axeScopeFor). A
 * 30-character name and a long word are on screen, as on a real phone. Each look has a spec file
 * of its own (a11y-screens-*.spec.ts), so that the workers share them and no file runs for
 * minutes.
 */
export function testEveryScreen(lookName: string): void {
  const variant = looks().find((look) => look.name === lookName)
  if (!variant) throw new Error(`No look named ${lookName} (looks.ts)`)
  test(`axe finds no serious violation (${variant.name})`, async ({ page }) => {
    test.setTimeout(120_000)
    await applyLook(page, variant)
    const scope = axeScopeFor(variant)
    await page.goto('/')
    await expectNoSeriousViolations(page, 'login', { scope })
    await page.goto('/signup')
    await expectNoSeriousViolations(page, 'signup', { scope })

    const name = `a${Date.now().toString(36)}${variant.name.replace('-', '')}`
      .padEnd(30, 'z')
      .slice(0, 30)
    await signupViaApi(page, name)
    const newPost = page.getByRole('button', { name: /^New post$/i }).filter({ visible: true })
    await newPost.first().click()
    await page
      .getByRole('textbox', { name: 'Post text' })
      .fill(`gg ${'Unbreakable'.repeat(12)} https://example.com`)
    await expectNoSeriousViolations(page, 'new post dialog', { scope })
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
      await expectNoSeriousViolations(page, path, { scope })
    }
    await page.goto(`/${name}`)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await expectNoSeriousViolations(page, 'edit profile dialog', { scope })
  })
}
