import { expect, test } from './fixtures'
import { uniqueName, signupViaApi, loginDemoViaApi, toast } from './helpers'

test('Edit Profile edits first name, last name and bio; the post count follows posting', async ({
  page,
}) => {
  const name = uniqueName('prof')
  await signupViaApi(page, name)
  await page.goto(`/${name}`)
  await expect(page.getByRole('listitem').filter({ hasText: /^0 Posts$/ })).toBeVisible()

  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
  await expect(dialog.getByRole('textbox', { name: 'Bio' })).toBeFocused()
  await dialog.getByLabel('First name').fill('Ada')
  await dialog.getByLabel('Last name').fill('Lovelace')
  await dialog.getByRole('textbox', { name: 'Bio' }).fill('Speedrunner')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Ada Lovelace')).toBeVisible()
  await expect(page.getByText('Speedrunner')).toBeVisible()
  await page.reload()
  await expect(page.getByText('Ada Lovelace')).toBeVisible()

  // Posting from the profile page updates its count without a reload.
  await page.keyboard.press('n')
  await page.getByRole('textbox', { name: 'Post text' }).fill('count me')
  await page.getByRole('dialog').getByRole('button', { name: 'Post' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: /^1 Post$/ })).toBeVisible()
})

test('follower and following lists open from the counts', async ({ page }) => {
  await loginDemoViaApi(page)
  // nova_strike has a follower in the demo data.
  await page.goto('/nova_strike')
  const followers = page.getByRole('button', { name: /\d+ Followers?$/ })
  await followers.click()
  const dialog = page.getByRole('dialog', { name: 'Followers of nova_strike' })
  await expect(dialog.getByRole('link').first()).toBeVisible()
  const first = (await dialog.locator('.person-username').first().textContent())?.trim() ?? ''
  await dialog.getByRole('link').first().click()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/${first}$`))

  await page.goto('/player1')
  await page.getByRole('button', { name: /\d+ Following$/ }).click()
  await expect(page.getByRole('dialog', { name: 'player1 follows' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: /\d+ Following$/ })).toBeFocused()
})

test('a failed profile edit shows "Something went wrong. " and keeps the dialog', async ({
  page,
}) => {
  await loginDemoViaApi(page)
  await page.goto('/player1')
  await page.route('**/api/users/edit', (route) =>
    route.fulfill({ status: 500, json: { error: { message: 'boom' } } }),
  )
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
  await dialog.getByRole('textbox', { name: 'Bio' }).fill('new bio')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Something went wrong.')).toBeVisible()
  // Nothing typed is lost: the dialog stays open with the text until the server accepts it.
  await expect(dialog.getByRole('textbox', { name: 'Bio' })).toHaveValue('new bio')
  await expect(dialog.getByRole('textbox', { name: 'Bio' })).toHaveAttribute('aria-invalid', 'true')
})
