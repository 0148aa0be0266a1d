import { expect, test } from './fixtures'
import { installFakeBridge } from './fake-bridge'
import { waitForQuietNetwork, loginDemoViaApi } from './helpers'
import { applyLook, looks, shoot, SHOTS_DIR, SHOTS_ONLY_ON_DEMAND } from './looks'

/**
 * Screenshots of the Server page, for a person to look at: GAMERSTAGE_SHOTS=/tmp/shots. What they
 * show is asserted by server-page.spec.ts and remote.spec.ts (the banner of a server gone).
 */
test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

// The phone in the dark theme only, to keep the run short.
const variants = looks({ width: 1280, height: 1000 }, { width: 375, height: 740 }).filter(
  (look) => look.name !== 'phone-light',
)

for (const variant of variants) {
  test(`server page in ${variant.name}`, async ({ page, demoUrl }) => {
    await applyLook(page, variant)
    await installFakeBridge(page, {
      connection: { kind: 'embedded', baseUrl: demoUrl },
      lan: {
        enabled: true,
        port: 4567,
        addresses: ['https://192.168.1.20:4567', 'https://10.0.0.5:4567'],
        demoAccountsDisabled: true,
      },
    })
    const shot = async (screen: string, fullPage = false) => {
      await waitForQuietNetwork(page)
      await shoot(page, { path: `${SHOTS_DIR}/${screen}-${variant.name}.png`, fullPage })
    }

    await page.goto('/server')
    await expect(page.getByRole('switch', { name: 'Host for LAN' })).toBeChecked()
    await shot('server-logged-out', true)

    await loginDemoViaApi(page)
    await page.goto('/server')
    await expect(page.getByText('Gamerstage version 1.4.2')).toBeVisible()
    await page.getByRole('radio', { name: /A friend's server/ }).check()
    await shot('server', true)

    await page.getByRole('button', { name: 'Restore from backup…' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shot('server-restore-modal')
    await page.keyboard.press('Escape')

    // The banner, as it shows when the server is gone (the client reports it this way).
    await page.goto('/home')
    await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
    await page.route('**/api/**', (route) => route.abort('connectionrefused'))
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(page.getByRole('alert').filter({ hasText: "Can't reach" })).toBeVisible()
    await shot('server-gone')
  })
}

test('server page in a plain browser', async ({ page }) => {
  await page.goto('/server')
  await expect(page.getByTestId('current-connection')).toBeVisible()
  await shoot(page, { path: `${SHOTS_DIR}/server-web-dark.png` })
})
