import { expect, test } from './fixtures'
import { checkInBothThemes } from './axe'
import { signupViaApi } from './helpers'
import { sizes } from './looks'

/**
 * axe-core on the Following state and the follow lists in both themes and on a phone, and the
 * routes' titles and focus. Every screen in every look: a11y-screens-*.spec.ts.
 */
for (const size of sizes()) {
  test(`axe on the Following state and the follow lists (${size.name}, both themes)`, async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize(size.viewport)
    const name = `f${Date.now().toString(36)}${size.name}`.padEnd(30, 'z').slice(0, 30)
    await signupViaApi(page, name)
    // Its contrast once failed (3.98:1 dark, 4.46:1 light): on a profile and in a follow list.
    await page.goto('/player1')
    await page.getByRole('button', { name: 'Follow player1', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Following player1' })).toBeVisible()
    await checkInBothThemes(page, size, { what: 'profile with a Following button' })
    await page.goto(`/${name}`)
    await page.getByRole('button', { name: '1 Following' }).click()
    const following = page.getByRole('dialog', { name: `${name} follows` })
    await expect(following.getByRole('button', { name: 'Following player1' })).toBeVisible()
    await checkInBothThemes(page, size, { what: 'following list dialog' })
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
