import { expect, test } from './fixtures'
import { FAKE_CODE, FAKE_NEW_CODE, FAKE_NEW_FINGERPRINT, installFakeBridge } from './fake-bridge'
import { loginDemoViaApi } from './helpers'
import { checkInBothThemes } from './axe'
import { expectNoSidewaysScroll, sizes } from './looks'

/**
 * The encrypted LAN share in both themes, on a desktop and a 390×844 phone: the Server page
 * sharing with its certificate code and QR code, plain HTTP chosen, and the stop sign of a
 * changed certificate, each checked by axe and kept from scrolling sideways, with a screenshot of each for a
 * person to look at (SHOTS_DIR). What they do is asserted by server-page.spec.ts and
 * tests/renderer/join-trust.test.tsx.
 */

for (const size of sizes()) {
  test(`encrypted LAN share on the ${size.name}, in both themes, checked by axe`, async ({
    page,
    demoUrl,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize(size.viewport)
    await installFakeBridge(page, {
      connection: { kind: 'embedded', baseUrl: demoUrl },
      lan: {
        enabled: true,
        port: 4567,
        addresses: ['https://192.168.1.20:4567', 'https://10.0.0.5:4567'],
        demoAccountsDisabled: true,
      },
    })
    await loginDemoViaApi(page)
    await page.goto('/server')
    const qr = page.getByRole('img', { name: /^QR code of / })
    await expect(qr).toBeVisible()
    await qr.scrollIntoViewIfNeeded()
    // Large enough to scan across a table, on a phone too.
    expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(220)
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, {
      what: 'sharing over HTTPS',
      within: '.server-page',
      shot: 'lan-share-qr',
    })
    await checkInBothThemes(page, size, { shot: 'lan-share', fullPage: true })

    // The friend's server in use showed another certificate: the stop sign. (Joining's own
    // questions are the main process's native dialogs, tests/main/pinning.test.ts.)
    await page.evaluate(
      ({ fingerprint, code, pinnedCode }) =>
        window.__fakeBridge.emitCertificateChange({
          origin: 'https://192.168.1.21:4567',
          fingerprint,
          code,
          pinnedCode,
        }),
      { fingerprint: FAKE_NEW_FINGERPRINT, code: FAKE_NEW_CODE, pinnedCode: FAKE_CODE },
    )
    const stop = page.getByRole('dialog', { name: /certificate changed/ })
    await expect(stop).toBeVisible()
    await checkInBothThemes(page, size, {
      what: 'certificate changed',
      within: '.modal',
      shot: 'join-certificate-changed',
    })
    await stop.getByRole('button', { name: 'Use this computer’s server' }).click()
    await expect(stop).toHaveCount(0)
    await loginDemoViaApi(page)
    await page.goto('/server')

    // Plain HTTP, the host's choice, with its warning.
    await page.getByRole('switch', { name: 'Host for LAN' }).click()
    await page.getByRole('checkbox', { name: /Share without encryption/ }).check()
    await page.getByRole('switch', { name: 'Host for LAN' }).click()
    await expect(page.getByText(/^Shared without encryption\./)).toBeVisible()
    await checkInBothThemes(page, size, {
      what: 'sharing over plain HTTP',
      within: '.server-page',
      shot: 'lan-share-plain',
      fullPage: true,
    })
  })
}
