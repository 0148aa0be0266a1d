import { expect, test } from './fixtures'
import { axeScopeFor, expectNoSeriousViolations } from './axe'
import { signupViaApi } from './helpers'
import { applyLook, looks } from './looks'

/**
 * axe-core on every screen, in both themes and the phone layout: no serious or critical
 * violation, every rule in one look and contrast in the others (axe.ts, axeScopeFor). A
 * 30-character name and a long word are on screen, as on a real phone.
 */
const variants = looks()

for (const variant of variants) {
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

for (const variant of variants) {
  test(`axe on the Following state and the follow lists (${variant.name})`, async ({ page }) => {
    test.setTimeout(120_000)
    await applyLook(page, variant)
    const scope = axeScopeFor(variant)
    const name = `f${Date.now().toString(36)}${variant.name.replace('-', '')}`
      .padEnd(30, 'z')
      .slice(0, 30)
    await signupViaApi(page, name)
    // Its contrast once failed (3.98:1 dark, 4.46:1 light): on a profile and in a follow list.
    await page.goto('/player1')
    await page.getByRole('button', { name: 'Follow player1', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Following player1' })).toBeVisible()
    await expectNoSeriousViolations(page, 'profile with a Following button', { scope })
    await page.goto(`/${name}`)
    await page.getByRole('button', { name: '1 Following' }).click()
    const following = page.getByRole('dialog', { name: `${name} follows` })
    await expect(following.getByRole('button', { name: 'Following player1' })).toBeVisible()
    await expectNoSeriousViolations(page, 'following list dialog', { scope })
  })
}

test('each route has its own title, and focus moves to the main heading', async ({ page }) => {
  await signupViaApi(page, `t${Date.now().toString(36)}`)
  await expect(page).toHaveTitle('Home · Gamerstage')
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Explore' })
    .click()
  await expect(page).toHaveTitle('Explore · Gamerstage')
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await page.goto('/player1')
  await expect(page).toHaveTitle('@player1 · Gamerstage')
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Bookmarked' })
    .click()
  await expect(page).toHaveTitle('Bookmarks · Gamerstage')
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
})
