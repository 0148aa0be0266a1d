import { expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { longName, toast } from './helpers'
import {
  applyLook,
  expectNoSidewaysScroll,
  looks,
  shoot,
  SHOTS_DIR,
  SHOTS_ONLY_ON_DEMAND,
} from './looks'

/**
 * Screenshots of the app's own words where they meet the spec's (copy.ts), for a person to look
 * at (GAMERSTAGE_SHOTS=/tmp/shots), with a 30-character username: the login page's hints under
 * the fields, the notice of a session ended by a password change elsewhere, and a new account's
 * welcome. What they show is asserted by words.spec.ts.
 */
test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

for (const variant of looks()) {
  test(`words in ${variant.name}`, async ({ page, request }) => {
    await applyLook(page, variant)
    const shot = async (screen: string) => {
      await expectNoSidewaysScroll(page)
      await shoot(page, { path: `${SHOTS_DIR}/words-${screen}-${variant.name}.png` })
    }
    const name = longName('w')
    expect(name).toHaveLength(30)

    // A new account's first /home.
    await page.goto('/signup')
    await page.getByLabel('Username').fill(name)
    await page.getByLabel('Password', { exact: true }).fill('first-pass-1')
    await page.getByLabel('Confirm password').fill('first-pass-1')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
    await expect(page.getByText('Welcome to the stage!', { exact: true })).toBeVisible()
    await expect(toast(page, `Welcome to Gamerstage, ${name}!`)).toBeVisible()
    await shot('newcomer-home')

    // The password changes on "another device" (the API, with a token of its own).
    const other = await request.post('/api/auth/login', {
      data: { username: name, password: 'first-pass-1' },
    })
    const { encodedToken } = (await other.json()) as { encodedToken: string }
    const changed = await request.post('/api/auth/password', {
      headers: { authorization: encodedToken },
      data: { currentPassword: 'first-pass-1', newPassword: 'second-pass-2' },
    })
    expect(changed.status()).toBe(200)
    await expect(page.getByRole('status').filter({ hasText: 'another device' })).toBeVisible({
      timeout: 20_000,
    })
    // Past the toasts, so the notice is seen as it stays.
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 })
    await shot('session-ended')

    // The hints under the fields, with the 30-character name typed in.
    await page.getByLabel('Username').fill(name)
    await page.getByLabel('Password').fill('first-pass-1')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(
      page.getByText('That password doesn’t match this username.', { exact: false }),
    ).toBeVisible()
    await shot('login-wrong-password')
    await page.getByLabel('Username').fill(`${name.slice(0, 29)}q`)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(
      page.getByText('No account on this server has that username.', { exact: false }),
    ).toBeVisible()
    await shot('login-unknown-user')
    await expectNoSeriousViolations(page, 'login with a notice and a hint', {
      scope: 'contrast only',
    })
  })
}
