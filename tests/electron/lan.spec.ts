import {
  expect,
  expectLoginPage,
  freePort,
  openServerPage,
  signUp,
  test,
  toast,
  uniqueName,
  writePost,
} from './fixtures'

test('Host for LAN: a second app joins by address, signs up, sees the host’s post, then goes back to its own server', async ({
  launchApp,
  newUserDataDir,
}) => {
  test.setTimeout(180_000)
  const hostName = uniqueName('host')
  const hostPost = `LAN night starts at eight ${Date.now()}`

  const host = await launchApp(newUserDataDir())
  await signUp(host.page, hostName)
  await writePost(host.page, hostPost)
  await openServerPage(host.page)
  const port = await freePort()
  const sharing = host.page.getByRole('switch', { name: 'Host for LAN' })
  await expect(sharing).not.toBeChecked()
  await host.page.getByLabel('Port').fill(String(port))
  await sharing.click()
  await expect(sharing).toBeChecked()
  await expect(host.page.getByText(`Sharing on port ${port}.`)).toBeVisible()
  // The listener is on every interface; loopback reaches it on any runner, whatever its LAN.
  const address = `http://127.0.0.1:${port}`
  expect((await fetch(`${address}/api/health`)).status).toBe(200)

  // Another app, on a profile of its own (so also outside the host's single-instance lock).
  const guest = await launchApp(newUserDataDir())
  await expectLoginPage(guest.page)
  await guest.page.getByRole('link', { name: "Connect to a friend's server" }).click()
  await expect(guest.page.getByTestId('current-connection')).toHaveText('This computer')
  await guest.page.getByRole('radio', { name: /A friend's server/ }).check()
  await guest.page.getByLabel('Server address').fill(`127.0.0.1:${port}`)
  await guest.page.getByRole('button', { name: 'Connect' }).click()
  await expect(toast(guest.page, `Connected to ${address}`)).toBeVisible()
  await expectLoginPage(guest.page)
  await expect(guest.page.locator('.auth-server')).toContainText(`Server: ${address}`)
  // The host shares, so its demo accounts are off: no demo login on its login page.
  await expect(guest.page.getByRole('button', { name: 'Fill Test Credentials' })).toHaveCount(0)
  expect(await guest.page.evaluate(() => window.gamerstage?.getConnection())).toEqual({
    kind: 'remote',
    baseUrl: address,
  })

  const guestName = uniqueName('guest')
  await signUp(guest.page, guestName)
  await guest.page.getByRole('link', { name: 'Explore' }).first().click()
  await expect(
    guest.page.getByRole('article', { name: `Post by ${hostName}` }).filter({ hasText: hostPost }),
  ).toBeVisible()

  // Back to its own server: logged out, on its own login page with its own demo data.
  await openServerPage(guest.page)
  await expect(guest.page.getByTestId('current-connection')).toHaveText(address)
  // The toast of the first switch shares its id with the next one: let it go first.
  await expect(toast(guest.page, 'Connected to')).toHaveCount(0, { timeout: 15_000 })
  await guest.page.getByRole('radio', { name: /This computer/ }).check()
  await guest.page.getByRole('button', { name: 'Connect' }).click()
  await expect(toast(guest.page, "Connected to this computer's server")).toBeVisible()
  await expectLoginPage(guest.page)
  await expect(guest.page.getByRole('button', { name: 'Fill Test Credentials' })).toBeVisible()
  await expect(guest.page.locator('.auth-server')).not.toContainText(address)
  const ownOrigin = new URL(guest.page.url()).origin
  expect(await guest.page.evaluate(() => window.gamerstage?.getConnection())).toEqual({
    kind: 'embedded',
    baseUrl: ownOrigin,
  })

  // The host stops sharing: the LAN listener closes, the host stays signed in.
  await sharing.click()
  await expect(sharing).not.toBeChecked()
  await expect(fetch(`${address}/api/health`)).rejects.toThrow()
  await expect(host.page.getByRole('heading', { name: 'Server', exact: true })).toBeVisible()
})
