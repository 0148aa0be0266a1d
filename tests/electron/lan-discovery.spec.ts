/**
 * README, "LAN party, step by step": a second app finds the host on the LAN by itself and joins
 * it in one click. Real DNS-SD between two Electron apps on one computer, so it multicasts on the
 * network of the machine that runs it: it runs in CI's desktop jobs, and skips (for want of
 * Electron) on the team's machines, where tests must never send multicast off loopback. The
 * logic behind it is tested without any network in tests/main/lan-discovery.test.ts.
 */
import {
  expect,
  expectLoginPage,
  freePort,
  openServerPage,
  signUp,
  test,
  toast,
  uniqueName,
} from './fixtures'

test('a friend’s app lists the host under On your network and joins it in one click', async ({
  launchApp,
  newUserDataDir,
}) => {
  test.setTimeout(180_000)
  const hostName = uniqueName('host')

  const host = await launchApp(newUserDataDir())
  await signUp(host.page, hostName)
  await openServerPage(host.page)
  await host.page.getByLabel('Port').fill(String(await freePort()))
  await host.page.getByRole('switch', { name: 'Host for LAN' }).click()
  await expect(host.page.getByRole('switch', { name: 'Host for LAN' })).toBeChecked()
  // Its own server is not offered to the host itself.
  await expect(host.page.getByText(`${hostName}'s Gamerstage`)).toHaveCount(0)

  const guest = await launchApp(newUserDataDir())
  await expectLoginPage(guest.page)
  await guest.page.getByRole('link', { name: "Connect to a friend's server" }).click()
  const join = guest.page.getByRole('button', { name: `Join ${hostName}'s Gamerstage` })
  await expect(join).toBeVisible({ timeout: 30_000 })
  await join.click()

  await expect(toast(guest.page, 'Connected to http://')).toBeVisible()
  await expectLoginPage(guest.page)
  await expect(guest.page.locator('.auth-server')).toContainText('Server: http://')

  // The host stops hosting: its name leaves the guest's list.
  await openServerPage(guest.page)
  await host.page.getByRole('switch', { name: 'Host for LAN' }).click()
  await expect(guest.page.getByText(`${hostName}'s Gamerstage`)).toHaveCount(0, {
    timeout: 15_000,
  })
})
