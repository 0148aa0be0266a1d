import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { expectNoSidewaysScroll, sizes } from './looks'
import { spawnServer } from './spawn-server'

/**
 * The host's first login (issue 44, item 10; docs/features.md, "Who hosts a server"): a server
 * started with `--admin <name>` makes the account with a one-time password, which it prints. Its
 * first login goes to "Choose your password", and no other address of the app opens until it is
 * done; the server refuses the account's writes meanwhile. Then the app goes on to Home, and the
 * other device still on the one-time password is logged out. On a server of its own (its
 * `--admin` account must be fresh), on a desktop and a 390-pixel phone, both themes checked by axe
 * and photographed, with a 30-character name.
 */

const HOST = 'h'.repeat(26) + 'boss'
const CHOSEN = 'my very own password'

for (const size of sizes()) {
  test(`the host's first login asks for a password of their own first (${size.name})`, async ({
    browser,
    ports,
  }) => {
    test.setTimeout(180_000)
    const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-e2e-first-password-'))
    const server = await spawnServer(ports.fresh, dataDir, { extraArgs: ['--admin', HOST] })
    const desk = await browser.newContext({ baseURL: server.url, viewport: size.viewport })
    const other = await browser.newContext({ baseURL: server.url, viewport: size.viewport })
    try {
      const oneTime = /one-time password (\S+):/.exec(server.output())?.[1]
      expect(oneTime, server.output()).toBeTruthy()
      const page = await desk.newPage()
      await page.goto('/')
      await page.getByLabel('Username').fill(HOST)
      await page.getByLabel('Password').fill(oneTime ?? '')
      await page.getByRole('button', { name: 'Login' }).click()
      await expect(page).toHaveURL(/\/welcome\/choose-password$/)
      await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible()
      await expect(page.getByText(HOST, { exact: false })).toBeVisible()
      // The one-time password was typed a moment ago: not asked again. The first field has focus.
      await expect(page.getByLabel('One-time password')).toHaveCount(0)
      await expect(page.getByLabel('New password', { exact: true })).toBeFocused()
      await expectNoSidewaysScroll(page)
      await checkInBothThemes(page, size, {
        what: 'Choose your password',
        shot: `first-password-${size.name}`,
      })

      // No other address opens: each comes back here.
      for (const path of ['/home', '/settings', `/${HOST}`, '/explore']) {
        await page.goto(path)
        await expect(page).toHaveURL(/\/welcome\/choose-password$/)
      }
      // After a reload the one-time password is asked for (it is never stored).
      await expect(page.getByLabel('One-time password')).toBeVisible()

      // The server refuses the account's writes meanwhile, with a code the app knows.
      const token = await page.evaluate(() => localStorage.getItem('token'))
      const refused = await page.request.post('/api/posts', {
        headers: { authorization: token ?? '' },
        data: { postData: { content: 'sneaking past' } },
      })
      expect(refused.status()).toBe(403)
      expect(((await refused.json()) as { code: string }).code).toBe('CHOOSE_PASSWORD_FIRST')

      // Another device logs in with the one-time password too.
      const second = await other.newPage()
      await second.goto('/')
      await second.getByLabel('Username').fill(HOST)
      await second.getByLabel('Password').fill(oneTime ?? '')
      await second.getByRole('button', { name: 'Login' }).click()
      await expect(second.getByRole('heading', { name: 'Choose your password' })).toBeVisible()

      // Mistakes are said under their field.
      await page.getByLabel('New password', { exact: true }).fill(CHOSEN)
      await page.getByLabel('Confirm new password').fill(`${CHOSEN}!`)
      await page.getByRole('button', { name: 'Save and go on' }).click()
      await expect(page.getByText('Enter the one-time password the server printed.')).toBeVisible()
      await expect(page.getByText('The two passwords differ.')).toBeVisible()
      await expect(page.getByLabel('One-time password')).toBeFocused()
      await checkInBothThemes(page, size, {
        what: 'Choose your password, with mistakes',
        shot: `first-password-errors-${size.name}`,
      })
      await page.getByLabel('One-time password').fill(oneTime ?? '')
      await page.getByLabel('Confirm new password').fill(CHOSEN)
      await page.getByRole('button', { name: 'Save and go on' }).click()
      await expect(page).toHaveURL(/\/home$/)
      await expect(page.getByText('Your password is saved. Welcome to the stage!')).toBeVisible()
      await page.goto('/settings')
      await expect(page).toHaveURL(/\/settings$/)

      // The other device's session ended with the one-time password: its live stream is cut, and
      // on reconnecting the app finds out and shows the login page, saying why; it logs in anew.
      await expect(second).toHaveURL(/\/$/, { timeout: 30_000 })
      await expect(second.getByText('You changed your password on another device')).toBeVisible()
      await second.getByLabel('Password').fill(CHOSEN)
      await second.getByRole('button', { name: 'Login' }).click()
      await expect(second).toHaveURL(/\/home$/)
    } finally {
      await desk.close()
      await other.close()
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
}
