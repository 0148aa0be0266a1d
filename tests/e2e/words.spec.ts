import { expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { DEMO, loginViaApi, signup, signupViaApi, toast, uniqueName } from './helpers'
import { E2E_HOST } from './host-account'
import { PHONE } from './looks'

/** The app's own words beside the spec's (src/renderer/src/copy.ts, docs/WORDS.md). */

const NOT_REGISTERED = 'The username you entered is not Registered. Not Found error'
const WRONG_PASSWORD = 'The credentials you entered are invalid. Unauthorized access error.'
const PASSWORD_CHANGED =
  'You changed your password on another device, so you were logged out here. Log in with your new password.'

test('a refused login keeps the spec’s toast and explains it under the field', async ({ page }) => {
  await page.goto('/')
  const username = page.getByLabel('Username')
  const password = page.getByLabel('Password')
  await username.fill(uniqueName('nobody'))
  await password.fill('whatever-pass')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(toast(page, NOT_REGISTERED)).toBeVisible()
  await expect(username).toHaveAccessibleDescription(
    'No account on this server has that username. Check the spelling, or create an account.',
  )
  await expect(username).toHaveAttribute('aria-invalid', 'true')
  await expect(username).toBeFocused()

  await username.fill(DEMO.username)
  await password.fill('not-the-password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(toast(page, WRONG_PASSWORD)).toBeVisible()
  await expect(password).toHaveAccessibleDescription(
    'That password doesn’t match this username. Passwords are case-sensitive: check Caps Lock.',
  )
  await expect(username).not.toHaveAttribute('aria-invalid', 'true')
  await expect(password).toBeFocused()
})

test('a first sign-up is welcomed as new under the spec\'s heading, with no "working" toast', async ({
  page,
}) => {
  const name = uniqueName('newcomer')
  await signup(page, name)
  await expect(toast(page, `Welcome to Gamerstage, ${name}!`)).toBeVisible()
  await expect(toast(page, 'working')).toHaveCount(0)
  // The spec's heading for everyone; the first visit is greeted in the line under it.
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
  const greeting = page.getByText(
    'Welcome to the stage! Follow a few players and their posts will show up here. Or say hi with a post.',
  )
  await expect(greeting).toBeVisible()
  // The next visit is a return: the heading stays, the greeting goes.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
  await expect(greeting).toHaveCount(0)
})

test('a password changed on one device sends the other to the login page, saying why', async ({
  browser,
  demoUrl,
}) => {
  const name = uniqueName('twodevices')
  const pc = await browser.newContext({ baseURL: demoUrl })
  const phone = await browser.newContext({ baseURL: demoUrl, viewport: PHONE })
  try {
    const desk = await pc.newPage()
    const hand = await phone.newPage()
    await signupViaApi(desk, name, { password: 'first-pass-1' })
    await loginViaApi(hand, name, 'first-pass-1')

    await desk.goto('/settings')
    const form = desk.getByRole('region', { name: 'Change password' })
    await form.getByLabel('Current password').fill('first-pass-1')
    await form.getByLabel('New password', { exact: true }).fill('second-pass-2')
    await form.getByLabel('Confirm new password').fill('second-pass-2')
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect(toast(desk, 'Password changed.')).toBeVisible()

    // The phone hears it on its live stream (cut, then refused) and lands on the login page.
    await expect(hand).toHaveURL(`${demoUrl}/`, { timeout: 20_000 })
    await expect(hand.getByRole('status').filter({ hasText: PASSWORD_CHANGED })).toBeVisible()
    expect(await hand.evaluate(() => localStorage.getItem('token'))).toBeNull()
    // The PC goes on with its fresh token.
    await desk.goto('/home')
    await expect(desk.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()

    // The name is filled back in: the new password lets the phone back in.
    await expect(hand.getByLabel('Username')).toHaveValue(name)
    await expect(hand.getByLabel('Password')).toBeFocused()
    await hand.getByLabel('Password').fill('second-pass-2')
    await hand.getByRole('button', { name: 'Login' }).click()
    await expect(hand).toHaveURL(/\/home$/)
  } finally {
    await pc.close()
    await phone.close()
  }
})

test('a suspension sends the player to the login page, saying why', async ({ page, request }) => {
  const name = uniqueName('suspended')
  const { createdUser } = await signupViaApi(page, name)
  const host = await request.post('/api/auth/login', { data: E2E_HOST })
  const { encodedToken } = (await host.json()) as { encodedToken: string }
  const suspended = await request.post(`/api/moderation/suspend/${createdUser._id}`, {
    headers: { authorization: encodedToken },
    data: {},
  })
  expect(suspended.status(), await suspended.text()).toBe(200)
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
  await expect(
    page.getByRole('status').filter({
      hasText: 'The host of this server suspended your account, so you were logged out.',
    }),
  ).toBeVisible()
  await expect(page.getByLabel('Username')).toHaveValue(name)
  // The notice and a hint together pass axe (the dark theme of the suite's system).
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousViolations(page, 'login with a notice and a hint')
})
