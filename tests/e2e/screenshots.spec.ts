import { expect, test } from './fixtures'
import { DEMO, waitForQuietNetwork, loginDemoViaApi } from './helpers'
import { applyLook, DESKTOP, looks, shoot, SHOTS_DIR, SHOTS_ONLY_ON_DEMAND } from './looks'

/**
 * Screenshots of every screen, for a person to look at: GAMERSTAGE_SHOTS=/tmp/shots. What they
 * show is asserted by the specs of each screen (auth, journey, misc, mobile).
 */
test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

const variants = looks(DESKTOP, { width: 375, height: 740 })

for (const variant of variants) {
  test(`screens in ${variant.name}`, async ({ page }) => {
    await applyLook(page, variant)
    const shot = async (screen: string) => {
      await waitForQuietNetwork(page)
      await shoot(page, { path: `${SHOTS_DIR}/${screen}-${variant.name}.png` })
    }
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Fill Test Credentials' })).toBeVisible()
    await shot('login')
    await page.goto('/signup')
    await page.getByLabel('Username').fill('x')
    await shot('signup')
    await loginDemoViaApi(page)
    await page.locator('.Toastify__toast').first().waitFor()
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.waitForTimeout(2600)
    await shot('home')
    for (const [path, screen] of [
      ['/explore', 'explore'],
      ['/bookmarks', 'bookmarks'],
      [`/${DEMO.username}`, 'profile'],
      ['/nova_strike', 'other-profile'],
      ['/post/4', 'post'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('main')).toBeVisible()
      await shot(screen)
    }
    await page.getByPlaceholder('search for the user').fill('q')
    await expect(page.getByRole('option').first()).toBeVisible()
    await shot('search')
    await page.keyboard.press('Escape')
    await page.goto('/home')
    await page
      .getByRole('button', { name: /New post/i })
      .first()
      .click()
    await page.getByPlaceholder('enter a text').fill('Anyone up for a late-night ranked session?')
    await shot('new-post-modal')
  })
}
