/**
 * Sessions, accounts and moderation in the app: change password, report a post, the host's
 * reports on the Server page, and deleting one's account. The demo server is started with
 * `--admin e2e_host`, whose account it made (tests/e2e/fixtures.ts, host-account.ts).
 */
import { type Browser, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { login, toast, uniqueName, signupViaApi } from './helpers'
import { E2E_HOST } from './host-account'
import { shoot } from './looks'

const HOST = E2E_HOST.username
const PASSWORD = 'supersecret1'

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  return context.newPage()
}

async function writePost(page: Page, text: string) {
  await page.getByRole('button', { name: 'New Post' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  await dialog.getByPlaceholder('enter a text').fill(text)
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText(text)).toBeVisible()
}

test('change password, report a post, the host acts on it, delete the account', async ({
  browser,
}) => {
  // Three players and a dozen steps: longer than one page's test.
  test.setTimeout(180_000)
  const host = await newPage(browser)
  const reporter = await newPage(browser)
  const troll = await newPage(browser)
  const reporterName = uniqueName('reporter')
  const trollName = uniqueName('troll')
  const trollText = `troll post ${Date.now()}`

  try {
    await test.step('three players sign up; one posts something nasty', async () => {
      // The server made the host's account for --admin; nobody can sign up as it.
      await login(host, HOST, E2E_HOST.password)
      await signupViaApi(reporter, reporterName, { password: PASSWORD })
      await signupViaApi(troll, trollName, { password: PASSWORD })
      await writePost(troll, trollText)
    })

    await test.step('change password: errors at the field, then the session goes on', async () => {
      await reporter.goto(`/${reporterName}`)
      await reporter.getByRole('link', { name: 'Account' }).click()
      await expect(reporter.getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
      const form = reporter.getByRole('region', { name: 'Change password' })
      await form.getByLabel('Current password').fill('not my password')
      await form.getByLabel('New password', { exact: true }).fill('brandnew-pass1')
      await form.getByLabel('Confirm new password').fill('brandnew-pass2')
      await form.getByRole('button', { name: 'Change password' }).click()
      await expect(form.getByText('The two new passwords differ.')).toBeVisible()
      await form.getByLabel('Confirm new password').fill('brandnew-pass1')
      await form.getByRole('button', { name: 'Change password' }).click()
      await expect(form.getByText('The current password is wrong.')).toBeVisible()
      await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true')
      await form.getByLabel('Current password').fill(PASSWORD)
      await form.getByRole('button', { name: 'Change password' }).click()
      await expect(toast(reporter, 'Password changed.')).toBeVisible()
      // The fresh token works: a reload keeps the user signed in and the feed loads.
      await reporter.goto('/home')
      await expect(reporter.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
    })

    await test.step('report the troll’s post with a reason', async () => {
      await reporter.goto(`/${trollName}`)
      const post = reporter.getByRole('article', { name: `Post by ${trollName}` })
      await post.getByRole('button', { name: 'More actions for this post' }).click()
      const menu = reporter.getByRole('menu')
      await expect(menu.getByRole('menuitem', { name: 'Report post' })).toBeFocused()
      // The host's delete is not offered to a player.
      await expect(menu.getByRole('menuitem', { name: /Delete post/ })).toHaveCount(0)
      await menu.getByRole('menuitem', { name: 'Report post' }).click()
      const dialog = reporter.getByRole('dialog', { name: 'Report post' })
      await dialog.getByRole('button', { name: 'Send report' }).click()
      await expect(dialog.getByText('Choose what’s wrong.')).toBeVisible()
      await dialog.getByRole('radio', { name: 'Harassment' }).check()
      await dialog.getByLabel('Note (optional)').fill('insults everyone')
      await dialog.getByRole('button', { name: 'Send report' }).click()
      await expect(
        toast(
          reporter,
          'Thanks for the report. You’ll get a notification when a host has dealt with it.',
        ),
      ).toBeVisible()
    })

    await test.step('a player sees no reports on the Server page', async () => {
      await reporter.goto('/server')
      await expect(reporter.getByRole('heading', { name: 'Server', exact: true })).toBeVisible()
      await expect(reporter.getByRole('heading', { name: 'Reports' })).toHaveCount(0)
    })

    await test.step('the host sees the report, suspends the troll and deletes the post', async () => {
      await host.goto('/server')
      const reports = host.getByRole('region', { name: 'Reports' })
      const item = reports.getByRole('listitem', { name: `Report of ${trollName}'s post` })
      await expect(item).toContainText('insults everyone')
      await expect(item).toContainText(trollText)
      await expect(item).toContainText(reporterName)
      await shoot(host, { path: 'test-results/e2e/moderation-reports.png', fullPage: true })
      await item.getByRole('button', { name: `Suspend ${trollName}` }).click()
      const suspendDialog = host.getByRole('dialog', { name: `Suspend ${trollName}?` })
      await suspendDialog.getByRole('button', { name: 'Suspend', exact: true }).click()
      await expect(item.getByText('suspended', { exact: true })).toBeVisible()
      await item.getByRole('button', { name: 'Delete post' }).click()
      const deleteDialog = host.getByRole('dialog', { name: 'Delete this post?' })
      await deleteDialog.getByRole('button', { name: 'Delete post' }).click()
      // Its report is dealt with and leaves the list. (The list's empty state is for the renderer
      // tests: other tests on this shared server have reports of their own open meanwhile.)
      await expect(item).toHaveCount(0)
      // The suspension outlives the report: it is listed, and can be lifted, on its own.
      await expect(
        host
          .getByRole('region', { name: 'Suspended players' })
          .getByRole('link', { name: trollName }),
      ).toBeVisible()
    })

    await test.step('the suspended troll is signed out and cannot sign in again', async () => {
      await troll.goto('/home')
      await expect(troll.getByRole('button', { name: 'Login' })).toBeVisible()
      await troll.getByLabel('Username').fill(trollName)
      await troll.getByLabel('Password').fill(PASSWORD)
      await troll.getByRole('button', { name: 'Login' }).click()
      await expect(
        toast(troll, 'This account is suspended by the host of this server.'),
      ).toBeVisible()
    })

    await test.step('delete the account: confirmed with the password, errors at the field', async () => {
      await reporter.goto('/settings')
      await reporter.getByRole('button', { name: 'Delete my account…' }).click()
      const dialog = reporter.getByRole('dialog', { name: 'Delete your account?' })
      await dialog.getByLabel('Password').fill('wrong password')
      await dialog.getByRole('button', { name: 'Delete for good' }).click()
      await expect(
        dialog.getByText('The password is wrong: your account was not deleted.'),
      ).toBeVisible()
      await dialog.getByLabel('Password').fill('brandnew-pass1')
      await dialog.getByRole('button', { name: 'Delete for good' }).click()
      await expect(toast(reporter, 'Your account has been deleted')).toBeVisible()
      await expect(reporter.getByRole('button', { name: 'Login' })).toBeVisible()
      await reporter.getByLabel('Username').fill(reporterName)
      await reporter.getByLabel('Password').fill('brandnew-pass1')
      await reporter.getByRole('button', { name: 'Login' }).click()
      await expect(
        toast(reporter, 'The username you entered is not Registered. Not Found error'),
      ).toBeVisible()
    })
  } finally {
    // Their pages stay signed in, live, until closed: the worker's later tests share the browser.
    await Promise.all([host, reporter, troll].map((page) => page.context().close()))
  }
})

test('logging out ends the session on the server too', async ({ page }) => {
  const name = uniqueName('leaver')
  await signupViaApi(page, name, { password: PASSWORD })
  const token = await page.evaluate(() => localStorage.getItem('token'))
  expect(token).toBeTruthy()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(toast(page, 'You have been logged out')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  const answer = await page.request.get('/api/auth/session', {
    headers: { authorization: token ?? '' },
  })
  expect(answer.status()).toBe(401)
  // A fresh sign-in works as before.
  await login(page, name, PASSWORD)
})
