import { expect, test } from './fixtures'
import { uniqueName, signupViaApi } from './helpers'
import { applyLook, expectNoSidewaysScroll, looks, shoot, SHOTS_DIR } from './looks'

/**
 * Screenshots of the Account page and the post menu, for a person to look at
 * (GAMERSTAGE_SHOTS=/tmp/shots), with a 30-character username; each also checks that nothing
 * runs off the side of the page.
 */
// The phone in the dark theme only, to keep the run short.
const variants = looks({ width: 1280, height: 900 }).filter((look) => look.name !== 'phone-light')

for (const variant of variants) {
  test(`account page and post menu in ${variant.name}`, async ({ page }) => {
    await applyLook(page, variant)
    const name = uniqueName('x').padEnd(30, 'w').slice(0, 30)
    await signupViaApi(page, name)

    await page.goto('/settings')
    await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
    await expect(page.getByText('You haven’t muted anyone.')).toBeVisible()
    await expect(page.getByText('You haven’t blocked anyone.')).toBeVisible()
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Enter your current password.')).toBeVisible()
    await expectNoSidewaysScroll(page)
    await shoot(page, { path: `${SHOTS_DIR}/account-${variant.name}.png`, fullPage: true })

    await page.getByRole('button', { name: 'Delete my account…' }).click()
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible()
    await shoot(page, { path: `${SHOTS_DIR}/account-delete-${variant.name}.png` })
    await page.keyboard.press('Escape')

    await page.goto('/nova_strike')
    const post = page.getByRole('article').first()
    await post.getByRole('button', { name: 'More actions for this post' }).click()
    await expect(page.getByRole('menuitem', { name: 'Block nova_strike' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await shoot(page, { path: `${SHOTS_DIR}/post-menu-${variant.name}.png` })
    // Keyboard: arrows move through the items, Escape closes and gives focus back.
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Mute nova_strike' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toHaveCount(0)
    await expect(post.getByRole('button', { name: 'More actions for this post' })).toBeFocused()
  })
}
