import { expect, test } from './fixtures'
import type { Page } from '@playwright/test'
import { FAKE_CODE, FAKE_NEW_CODE, bridgeCalls, installFakeBridge, scriptNext } from './fake-bridge'
import { toast, loginDemoViaApi } from './helpers'

const DEMO_NOTICE = 'The demo accounts cannot log in while you share: their password is public.'
const RESTORE_WARNING =
  "This replaces everything on this computer's server with the backup, and signs everyone out (you too). Continue?"

async function openServerPage(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Server' })
    .click()
  await expect(page.getByRole('heading', { name: 'Server', exact: true })).toBeVisible()
}

function storedToken(page: Page) {
  return page.evaluate(() => localStorage.getItem('token'))
}

test.describe('Server page in the desktop app (this computer)', () => {
  test.beforeEach(async ({ page, demoUrl }) => {
    await installFakeBridge(page, { connection: { kind: 'embedded', baseUrl: demoUrl } })
  })

  test('shows this computer, the version, and is reachable while logged out', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: "Connect to a friend's server" }).click()
    await expect(page).toHaveURL(/\/server$/)
    await expect(page.getByTestId('current-connection')).toHaveText('This computer')
    await expect(page.getByRole('radio', { name: /This computer/ })).toBeChecked()
    await expect(page.getByRole('button', { name: 'Connect' })).toBeDisabled()
    await page.getByRole('radio', { name: /A friend's server/ }).check()
    await expect(page.getByLabel('Server address')).toHaveAttribute(
      'placeholder',
      'https://192.168.1.20:4567',
    )
    await expect(page.getByRole('button', { name: 'Connect' })).toBeEnabled()
    await expect(page.getByText('Gamerstage version 1.4.2')).toBeVisible()
    await page.getByRole('link', { name: 'Back to login' }).click()
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  })

  test('Host for LAN: validates the port, shows a refusal, then the addresses', async ({
    page,
    demoUrl,
  }) => {
    await loginDemoViaApi(page)
    await openServerPage(page)
    const sharing = page.getByRole('switch', { name: 'Host for LAN' })
    const port = page.getByLabel('Port')
    await expect(sharing).not.toBeChecked()
    await expect(port).toHaveValue('4567')

    await port.fill('80')
    await sharing.click()
    await expect(page.getByText('Choose a port between 1024 and 65535.')).toBeVisible()
    expect(await bridgeCalls(page, 'setLanSharing')).toEqual([])

    await port.fill('4600')
    await scriptNext(page, 'setLanSharing', {
      reject: 'Error: Port 4600 is already in use. Pick another port.',
    })
    await sharing.click()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Port 4600 is already in use. Pick another port.',
    )
    await expect(sharing).not.toBeChecked()
    await expect(sharing).toBeEnabled()

    await port.fill('4610')
    await sharing.click()
    await expect(sharing).toBeChecked()
    expect(await bridgeCalls(page, 'setLanSharing')).toEqual([
      [{ enabled: true, port: 4600, plainHttp: false }],
      [{ enabled: true, port: 4610, plainHttp: false }],
    ])
    for (const address of ['https://192.168.1.20:4610', 'https://10.0.0.5:4610']) {
      await expect(page.locator('.address-list').getByText(address, { exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: `Copy ${address}` })).toBeVisible()
    }
    await expect(page.getByText(/Friends can also open this address in any browser/)).toBeVisible()
    await expect(page.getByText(DEMO_NOTICE)).toBeVisible()
    await expect(port).toBeDisabled()

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: demoUrl,
    })
    await page.getByRole('button', { name: 'Copy https://192.168.1.20:4610' }).click()
    await expect(page.getByRole('button', { name: 'Copy https://192.168.1.20:4610' })).toHaveText(
      'Copied',
    )
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'https://192.168.1.20:4610',
    )

    // Sharing never logs anyone out.
    expect(await storedToken(page)).toBeTruthy()
    await expect(page).toHaveURL(/\/server$/)

    await sharing.click()
    await expect(sharing).not.toBeChecked()
    await expect(page.getByText(DEMO_NOTICE)).toHaveCount(0)
    expect((await bridgeCalls(page, 'setLanSharing')).at(-1)).toEqual([{ enabled: false }])
    expect(await storedToken(page)).toBeTruthy()
  })

  test('Host for LAN: the certificate code, the QR code, replacing the certificate', async ({
    page,
  }) => {
    await loginDemoViaApi(page)
    await openServerPage(page)
    await page.getByRole('switch', { name: 'Host for LAN' }).click()
    await expect(page.getByTestId('certificate-code')).toHaveText(FAKE_CODE.replace(/-/g, ''))
    const qr = page.getByRole('img', {
      name: `QR code of http://192.168.1.20:4567/join?code=${FAKE_CODE}`,
    })
    await expect(qr).toBeVisible()
    // Large enough to scan across a table.
    expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(220)
    // The QR code follows the address chosen for it.
    await page.getByLabel('QR code for').selectOption('https://10.0.0.5:4567')
    await expect(
      page.getByRole('img', { name: `QR code of http://10.0.0.5:4567/join?code=${FAKE_CODE}` }),
    ).toBeVisible()

    await page.getByRole('button', { name: 'Replace certificate…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Replace the certificate?' })
    await expect(dialog).toContainText('must compare the new code with you')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(await bridgeCalls(page, 'replaceLanCertificate')).toEqual([])
    await page.getByRole('button', { name: 'Replace certificate…' }).click()
    await dialog.getByRole('button', { name: 'Replace certificate' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('certificate-code')).toHaveText(FAKE_NEW_CODE.replace(/-/g, ''))
  })

  test('Host for LAN over plain HTTP: the host’s choice, with what it costs', async ({ page }) => {
    await loginDemoViaApi(page)
    await openServerPage(page)
    const plain = page.getByRole('checkbox', { name: /Share without encryption/ })
    await expect(plain).not.toBeChecked()
    await expect(page.getByText(/Nothing is encrypted/)).toHaveCount(0)
    await plain.check()
    await expect(
      page.getByText(/Nothing is encrypted: anyone on this network can read/),
    ).toBeVisible()
    await page.getByRole('switch', { name: 'Host for LAN' }).click()
    expect(await bridgeCalls(page, 'setLanSharing')).toEqual([
      [{ enabled: true, port: 4567, plainHttp: true }],
    ])
    await expect(
      page.locator('.address-list').getByText('http://192.168.1.20:4567', { exact: true }),
    ).toBeVisible()
    await expect(page.getByText(/^Shared without encryption\./)).toBeVisible()
    await expect(page.getByTestId('certificate-code')).toHaveCount(0)
    await expect(plain).toBeDisabled()
    await expect(
      page.getByRole('img', { name: 'QR code of http://192.168.1.20:4567/' }),
    ).toBeVisible()
  })

  test('backup: saved file toasted, cancel says nothing, failure shows why', async ({ page }) => {
    await loginDemoViaApi(page)
    await openServerPage(page)
    await page.getByRole('button', { name: 'Back up data…' }).click()
    await expect(toast(page, 'Backup saved to /home/gamer/gamerstage-backup.db')).toBeVisible()
    await expect(toast(page, 'Backup saved to')).toHaveCount(0, { timeout: 15_000 })

    await scriptNext(page, 'backupData', { resolve: null })
    await page.getByRole('button', { name: 'Back up data…' }).click()
    await expect.poll(async () => (await bridgeCalls(page, 'backupData')).length).toBe(2)
    await expect(page.getByRole('button', { name: 'Back up data…' })).toBeEnabled()
    await expect(toast(page, 'Backup saved to')).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)

    await scriptNext(page, 'backupData', { reject: 'Error: The disk is full.' })
    await page.getByRole('button', { name: 'Back up data…' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('The disk is full.')
    expect(await storedToken(page)).toBeTruthy()
  })

  test('restore asks first, then logs out', async ({ page, demoUrl }) => {
    await loginDemoViaApi(page)
    await openServerPage(page)
    const restore = page.getByRole('button', { name: 'Restore from backup…' })

    await restore.click()
    const dialog = page.getByRole('dialog', { name: 'Restore from backup?' })
    await expect(dialog).toContainText(RESTORE_WARNING)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    expect(await bridgeCalls(page, 'restoreData')).toEqual([])

    await scriptNext(page, 'restoreData', { resolve: null })
    await restore.click()
    await dialog.getByRole('button', { name: 'Restore' }).click()
    await expect.poll(async () => (await bridgeCalls(page, 'restoreData')).length).toBe(1)
    await expect(restore).toBeEnabled()
    expect(await storedToken(page)).toBeTruthy()
    await expect(page).toHaveURL(/\/server$/)

    await restore.click()
    await dialog.getByRole('button', { name: 'Restore' }).click()
    await expect(toast(page, 'Restored from /home/gamer/gamerstage-backup.db')).toBeVisible()
    await expect(toast(page, 'Everyone has been signed out')).toBeVisible()
    await expect(page).toHaveURL(`${demoUrl}/`)
    expect(await storedToken(page)).toBeNull()
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  })
})

test('on a friend’s server, hosting and backups are not offered', async ({ page, emptyUrl }) => {
  await installFakeBridge(page, {
    connection: { kind: 'remote', baseUrl: emptyUrl },
  })
  await page.goto('/server')
  await expect(page.getByTestId('current-connection')).toHaveText(emptyUrl)
  await expect(page.getByRole('radio', { name: /A friend's server/ })).toBeChecked()
  await expect(page.getByRole('switch')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Back up data…' })).toHaveCount(0)
  await expect(page.getByText(/You are on a friend’s server/)).toBeVisible()
})

test.describe('Server page in a plain browser', () => {
  test('shows this address and says the rest is in the desktop app', async ({ page, demoUrl }) => {
    await page.goto('/')
    await page.getByRole('link', { name: "Connect to a friend's server" }).click()
    await expect(page).toHaveURL(/\/server$/)
    await expect(page.getByTestId('current-connection')).toHaveText(demoUrl)
    await expect(
      page.getByText(
        /Switching to another server, hosting for LAN and backups are in the Gamerstage desktop app/,
      ),
    ).toBeVisible()
    for (const name of ['Connect', 'Back up data…', 'Restore from backup…']) {
      await expect(page.getByRole('button', { name })).toHaveCount(0)
    }
    await expect(page.getByRole('switch')).toHaveCount(0)
    // No dead controls: every button on the page does something.
    for (const button of await page.getByRole('button').all()) {
      await expect(button).toBeEnabled()
    }
    await expect(page.getByText('Gamerstage in the browser')).toBeVisible()
  })

  test('logged in, the sidebar and the phone top bar lead to it', async ({ page }) => {
    await loginDemoViaApi(page)
    await openServerPage(page)
    await expect(page.getByRole('link', { name: 'Server' })).toHaveCount(1)
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/home')
    const server = page.getByRole('link', { name: 'Server' })
    await expect(server).toHaveCount(1)
    await server.click()
    await expect(page.getByRole('heading', { name: 'Server', exact: true })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
