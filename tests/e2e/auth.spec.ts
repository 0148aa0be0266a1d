import { expect, test } from './fixtures'
import { DEMO, signup, toast, uniqueName, waitForQuietNetwork, loginDemoViaApi } from './helpers'

test.describe('login page', () => {
  test('shows the tagline, the demo button and the signup link', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByText('Real gaming takes the stage')).toBeVisible()
    await expect(page.getByLabel('Username')).toBeVisible()
    await expect(page.getByLabel('Password')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
    await page.getByRole('button', { name: 'Fill Test Credentials' }).click()
    await expect(page.getByLabel('Username')).toHaveValue(DEMO.username)
    await expect(page.getByLabel('Password')).toHaveValue(DEMO.password)
    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page).toHaveURL(/\/signup$/)
  })

  test('asks for both fields', async ({ page }) => {
    await page.goto('/')
    await page.getByLabel('Username').fill('player1')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(toast(page, 'Fill complete form')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })

  test('a toast stays up for someone who asked for less motion', async ({ page }) => {
    // A toast closes when its progress bar's animation ends; the reduced-motion rule that cut
    // every animation short once closed toasts within a frame.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await page.getByLabel('Username').fill('player1')
    await page.getByRole('button', { name: 'Login' }).click()
    const shown = toast(page, 'Fill complete form')
    await expect(shown).toBeVisible()
    // Held by the pointer, as react-toastify does, it waits for the reader however long it takes…
    await shown.hover({ timeout: 5000 })
    await page.waitForTimeout(2500)
    await expect(shown).toBeVisible()
    // …and goes once let go, its 2 seconds after all.
    await page.mouse.move(0, 0)
    await expect(shown).toBeHidden()
  })

  test("shows the server's error for a wrong password", async ({ page }) => {
    await page.goto('/')
    await page.getByLabel('Username').fill(DEMO.username)
    await page.getByLabel('Password').fill('wrong-password')
    await page.keyboard.press('Enter')
    await expect(
      toast(page, 'The credentials you entered are invalid. Unauthorized access error.'),
    ).toBeVisible()
  })

  test('logs in with the demo account, toasts "working" and stores the session', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Fill Test Credentials' }).click()
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/home$/)
    await expect(toast(page, 'working')).toBeVisible()
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null') as { username: string } | null,
    }))
    expect(stored.token).toBeTruthy()
    expect(stored.user?.username).toBe(DEMO.username)
  })

  test('hides "Fill Test Credentials" when the server has no demo account', async ({
    page,
    emptyUrl,
  }) => {
    await page.goto(`${emptyUrl}/`)
    await expect(page.getByText('Real gaming takes the stage')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
    // Give /api/meta time to answer before asserting the absence.
    await waitForQuietNetwork(page)
    await expect(page.getByRole('button', { name: 'Fill Test Credentials' })).toHaveCount(0)
  })
})

test.describe('signup page', () => {
  test('validates the form', async ({ page }) => {
    await page.goto('/signup')
    await expect(page.getByText('Become the part of the stage')).toBeVisible()
    await expect(page.getByText('3–30 characters')).toBeVisible()
    await expect(page.getByText('At least 8 characters')).toBeVisible()
    await page.getByLabel('Username').fill('someone')
    await page.getByLabel('Password', { exact: true }).fill('password123')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(toast(page, 'Fill complete form')).toBeVisible()
    await page.getByLabel('Confirm password').fill('password124')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(toast(page, 'Passwords should be same')).toBeVisible()
  })

  test("shows the server's error for a taken username", async ({ page }) => {
    await page.goto('/signup')
    await page.getByLabel('Username').fill(DEMO.username)
    await page.getByLabel('Password', { exact: true }).fill('password123')
    await page.getByLabel('Confirm password').fill('password123')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(toast(page, 'Unprocessable Entity. Username Already Exists.')).toBeVisible()
  })

  test('creates an account and lands on an empty home feed', async ({ page }) => {
    await signup(page, uniqueName('newbie'))
    await expect(page.getByText('Follow some people to get started')).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: 'Explore' }).click()
    await expect(page.getByRole('heading', { name: 'Explore New Things...' })).toBeVisible()
  })
})

test.describe('route guards', () => {
  for (const path of ['/home', '/explore', '/bookmarks', '/post/1', '/player1']) {
    test(`sends a visitor from ${path} to the login page`, async ({ page, demoUrl }) => {
      await page.goto(path)
      await expect(page).toHaveURL(`${demoUrl}/`)
      await expect(page.getByText('Real gaming takes the stage')).toBeVisible()
    })
  }

  test('sends a logged-in user from / and /signup to /home', async ({ page }) => {
    await loginDemoViaApi(page)
    await page.goto('/')
    await expect(page).toHaveURL(/\/home$/)
    await page.goto('/signup')
    await expect(page).toHaveURL(/\/home$/)
  })
})

test('logout toasts, then clears the session after 2 seconds', async ({ page, demoUrl }) => {
  // The page's clock, not the test's: on a busy machine the toast's check alone can take a
  // second, so the test's own wait would say nothing about the app's 2 seconds.
  await page.clock.install()
  await loginDemoViaApi(page)
  // The toasts' container comes in a chunk of its own after the first render: mounted before
  // the clock stops, since React may reveal it on a timer (once, under load, it never came).
  await expect(page.locator('section.Toastify')).toBeAttached()
  // From here the page's time moves only when the test says. Paused a few seconds ahead: the
  // page's clock runs on meanwhile, and on a loaded machine a second ahead was already the past.
  await page.clock.pauseAt(Date.now() + 5000)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(toast(page, 'You have been logged out')).toBeVisible()
  await page.clock.runFor(1900)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
  await expect(page).toHaveURL(/\/home$/)
  await page.clock.runFor(200)
  await expect(page).toHaveURL(`${demoUrl}/`, { timeout: 4000 })
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull()
})

test('the Login button stays put while the server’s meta arrives late', async ({ page }) => {
  await page.route('**/api/meta', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await route.continue()
  })
  await page.goto('/')
  const login = page.getByRole('button', { name: 'Login', exact: true })
  await expect(login).toBeVisible()
  const before = await login.boundingBox()
  await expect(page.getByRole('button', { name: 'Fill Test Credentials' })).toBeVisible()
  const after = await login.boundingBox()
  expect(before).not.toBeNull()
  expect(after?.y).toBe(before?.y)
})
