import { expect, test } from './fixtures'
import { toast, uniqueName } from './helpers'

test('sign-up is not sent while a rule fails; errors stand at the field', async ({ page }) => {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/signup')) sent.push(request.url())
  })
  await page.goto('/signup')
  const username = page.getByLabel('Username')
  const password = page.getByLabel('Password', { exact: true })
  const confirm = page.getByLabel('Confirm password')
  const submit = page.getByRole('button', { name: 'Sign up' })

  await submit.click()
  await expect(toast(page, 'Fill complete form')).toBeVisible()
  await expect(username).toHaveAttribute('aria-invalid', 'true')
  await expect(username).toBeFocused()

  // A reserved name fails the server's own rule, shown before sending.
  await username.fill('Explore')
  await password.fill('supersecret1')
  await confirm.fill('supersecret1')
  await submit.click()
  await expect(page.getByText('That username is reserved. Pick another one.')).toBeVisible()
  await expect(username).toHaveAttribute('aria-invalid', 'true')
  await expect(username).toBeFocused()

  await username.fill('bad name!')
  await expect(page.getByText('Username can only use letters, digits')).toBeVisible()
  await username.fill(uniqueName('form'))
  await password.fill('short')
  await submit.click()
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')

  await password.fill('supersecret1')
  await confirm.fill('supersecret2')
  await submit.click()
  await expect(toast(page, 'Passwords should be same')).toBeVisible()
  await expect(confirm).toHaveAttribute('aria-invalid', 'true')
  await expect(confirm).toBeFocused()
  expect(sent).toEqual([])

  await confirm.fill('supersecret1')
  await submit.click()
  await expect(page).toHaveURL(/\/home$/)
  expect(sent).toHaveLength(1)
})

test('a failed login says why at the form and puts focus back on the password', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByLabel('Username').fill('player1')
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Login' }).click()
  // The spec's sentence in the toast, a plain line under the password (docs/WORDS.md).
  await expect(
    toast(page, 'The credentials you entered are invalid. Unauthorized access error.'),
  ).toBeVisible()
  await expect(page.locator('#login-password-hint')).toHaveText(
    'That password doesn’t match this username. Passwords are case-sensitive: check Caps Lock.',
  )
  await expect(page.getByLabel('Password')).toBeFocused()
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
})

test('client toasts sit top-center', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Login' }).click()
  const container = page.locator('.Toastify__toast-container--top-center')
  await expect(container.getByText('Fill complete form')).toBeVisible()
})
