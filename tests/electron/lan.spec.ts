/**
 * Host for LAN between two desktop apps on one computer: a second app joins the host by its
 * address, or (docs/hosting.md, "LAN party, step by step") finds it on the LAN by itself and joins it in
 * one click.
 */
import type { ElectronApplication } from '@playwright/test'
import {
  expect,
  expectLoginPage,
  freePort,
  hostForLan,
  openConnectFromLogin,
  openServerPage,
  signUp,
  test,
  toast,
  uniqueName,
  writePost,
} from './fixtures'

/** What the stubbed message box was asked, and answered. */
interface TrustProbe {
  asked: { title?: string; message: string; detail?: string; buttons?: string[] }[]
}

/**
 * The main process asks the person to trust a server in a native message box
 * (src/main/trust-dialog.ts), which Playwright cannot click: it is answered here, in the main
 * process, with the button `answer` (1: trust, 0: cancel), and every question is recorded.
 */
async function answerTrustDialogs(app: ElectronApplication, answer: number): Promise<void> {
  await app.evaluate(({ dialog }, button) => {
    const probe: TrustProbe = { asked: [] }
    ;(globalThis as { trustProbe?: TrustProbe }).trustProbe = probe
    dialog.showMessageBox = (async (...args: unknown[]) => {
      const options = args.at(-1) as TrustProbe['asked'][number]
      probe.asked.push(options)
      return { response: button, checkboxChecked: false }
    }) as typeof dialog.showMessageBox
  }, answer)
}

const trustQuestions = (app: ElectronApplication) =>
  app.evaluate(() => (globalThis as { trustProbe?: TrustProbe }).trustProbe?.asked ?? [])

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
  const port = await freePort()
  const sharing = await hostForLan(host.page, port)
  await expect(host.page.getByText(`Sharing on port ${port}.`)).toBeVisible()
  // The listener is on every interface; loopback reaches it on any runner, whatever its LAN. It
  // speaks HTTPS: plain HTTP is only sent there, with no API answer.
  const address = `https://127.0.0.1:${port}`
  const plain = await fetch(`http://127.0.0.1:${port}/api/health`, { redirect: 'manual' })
  expect(plain.status).toBe(301)
  expect(plain.headers.get('location')).toBe(`${address}/api/health`)
  const hostCode = (await host.page.getByTestId('certificate-code').textContent()) ?? ''
  expect(hostCode).toMatch(/^[0-9A-F]{16}$/)

  // Another app, on a profile of its own (so also outside the host's single-instance lock).
  const guest = await launchApp(newUserDataDir())
  await answerTrustDialogs(guest.app, 0)
  await openConnectFromLogin(guest.page)
  await expect(guest.page.getByTestId('current-connection')).toHaveText('This computer')
  await guest.page.getByRole('radio', { name: /A friend's server/ }).check()
  await guest.page.getByLabel('Server address').fill(`127.0.0.1:${port}`)
  await guest.page.getByRole('button', { name: 'Connect' }).click()
  // Trust on first use, asked by the main process: the guest compares the code with the host's
  // Server page. Cancelled, nothing is joined…
  await expect(guest.page.getByRole('alert')).toContainText('Not joined')
  const [first] = await trustQuestions(guest.app)
  expect(first?.title).toBe('Compare the code')
  expect(first?.detail?.replace(/-/g, '')).toContain(hostCode)
  await expect(guest.page.getByTestId('current-connection')).toHaveText('This computer')
  // …and with "The codes match: join", it is.
  await answerTrustDialogs(guest.app, 1)
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

/**
 * Real DNS-SD between the two apps, so it multicasts on the network of the machine that runs it:
 * it runs in CI's desktop jobs, and skips (for want of Electron) on the team's machines, where
 * tests must never send multicast off loopback. The logic behind it is tested without any
 * network in tests/main/lan-discovery.test.ts.
 */
test('a friend’s app lists the host under On your network and joins it in one click', async ({
  launchApp,
  newUserDataDir,
}) => {
  test.setTimeout(180_000)
  const hostName = uniqueName('host')

  const host = await launchApp(newUserDataDir())
  await signUp(host.page, hostName)
  const sharing = await hostForLan(host.page, await freePort())
  // Its own server is not offered to the host itself.
  await expect(host.page.getByText(`${hostName}'s Gamerstage`)).toHaveCount(0)

  const guest = await launchApp(newUserDataDir())
  await answerTrustDialogs(guest.app, 1)
  await openConnectFromLogin(guest.page)
  const join = guest.page.getByRole('button', { name: `Join ${hostName}'s Gamerstage` })
  await expect(join).toBeVisible({ timeout: 30_000 })
  await join.click()
  // Even from the list, a first join asks to compare the code (the announcement proves nothing).
  await expect.poll(async () => (await trustQuestions(guest.app)).length).toBe(1)

  await expect(toast(guest.page, 'Connected to https://')).toBeVisible()
  await expectLoginPage(guest.page)
  await expect(guest.page.locator('.auth-server')).toContainText('Server: https://')

  // The host stops hosting: its name leaves the guest's list.
  await openServerPage(guest.page)
  await sharing.click()
  await expect(guest.page.getByText(`${hostName}'s Gamerstage`)).toHaveCount(0, {
    timeout: 15_000,
  })
})

test('a changed certificate stops the guest with a warning until it chooses what to do', async ({
  launchApp,
  newUserDataDir,
}) => {
  test.setTimeout(180_000)
  const host = await launchApp(newUserDataDir())
  await signUp(host.page, uniqueName('host'))
  const port = await freePort()
  await hostForLan(host.page, port)
  const oldCode = (await host.page.getByTestId('certificate-code').textContent()) ?? ''

  const guest = await launchApp(newUserDataDir())
  await answerTrustDialogs(guest.app, 1)
  await openConnectFromLogin(guest.page)
  await guest.page.getByRole('radio', { name: /A friend's server/ }).check()
  await guest.page.getByLabel('Server address').fill(`https://127.0.0.1:${port}`)
  await guest.page.getByRole('button', { name: 'Connect' }).click()
  await expectLoginPage(guest.page)
  await signUp(guest.page, uniqueName('guest'))

  // The host makes a new certificate: the guest's next request meets it and is refused.
  await host.page.getByRole('button', { name: 'Replace certificate…' }).click()
  await host.page.getByRole('button', { name: 'Replace certificate', exact: true }).click()
  await expect(host.page.getByTestId('certificate-code')).not.toHaveText(oldCode)
  const newCode = (await host.page.getByTestId('certificate-code').textContent()) ?? ''
  await guest.page.reload()
  const stop = guest.page.getByRole('dialog', { name: /certificate changed/ })
  await expect(stop).toBeVisible({ timeout: 30_000 })
  await expect(stop.getByTestId('pinned-code')).toHaveText(oldCode)
  await expect(stop.getByTestId('changed-code')).toHaveText(newCode)
  await stop.getByRole('button', { name: 'Use this computer’s server' }).click()
  await expect(toast(guest.page, "Connected to this computer's server")).toBeVisible()
  await expectLoginPage(guest.page)
})
