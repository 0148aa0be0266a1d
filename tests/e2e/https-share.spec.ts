/**
 * A server that speaks HTTPS with its own certificate, in a real browser (docs/security.md):
 * the QR code's `/join` page over plain HTTP explains the certificate warning in both themes, the
 * browser really warns about the certificate, and a person who compared the code and went on gets
 * the whole app over HTTPS, from typing the plain http:// address to signing up.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeLanCertificate } from '../../src/server/tls/lan-certificate'
import { fingerprintCode } from '../../src/shared/fingerprint-code'
import { axeScopeFor, expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { uniqueName } from './helpers'
import { expectNoSidewaysScroll, looksOf, shoot, SHOTS_DIR, sizes } from './looks'
import { spawnServer, type SpawnedServer } from './spawn-server'

const folders: string[] = []
const servers: SpawnedServer[] = []
test.afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop()
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** The headless server on 127.0.0.1 with a certificate of the kind a LAN share makes. */
async function startHttpsServer(port: number) {
  const folder = mkdtempSync(join(tmpdir(), 'gamerstage-e2e-https-'))
  folders.push(folder)
  const certificate = await makeLanCertificate()
  const certFile = join(folder, 'cert.pem')
  const keyFile = join(folder, 'key.pem')
  writeFileSync(certFile, certificate.cert)
  writeFileSync(keyFile, certificate.key, { mode: 0o600 })
  const server = await spawnServer(port, join(folder, 'data'), {
    extraArgs: ['--tls-cert', certFile, '--tls-key', keyFile],
  })
  servers.push(server)
  return {
    plain: `http://127.0.0.1:${port}`,
    secure: `https://127.0.0.1:${port}`,
    code: fingerprintCode(certificate.fingerprint),
  }
}

for (const size of sizes()) {
  test(`the /join page explains the certificate warning, on the ${size.name}`, async ({
    page,
    ports,
  }) => {
    test.setTimeout(120_000)
    const server = await startHttpsServer(ports.limited)
    await page.setViewportSize(size.viewport)
    await page.goto(`${server.plain}/join?code=${server.code}`)
    await expect(page).toHaveTitle('Join a Gamerstage server')
    await expect(page.getByRole('heading', { name: 'Join this Gamerstage server' })).toBeVisible()
    await expect(page.getByText(server.code.split('-').join(' '))).toBeVisible()
    await expect(
      page.getByText(/your browser will warn that the connection is “not private”/),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: `Continue to ${server.secure}/` })).toHaveAttribute(
      'href',
      `${server.secure}/`,
    )
    await expectNoSidewaysScroll(page)
    // The page follows the system's colour scheme in CSS alone: each theme is one switch away.
    for (const look of looksOf(size)) {
      await page.emulateMedia({ colorScheme: look.theme })
      await shoot(page, { path: `${SHOTS_DIR}/join-page-${look.name}.png`, fullPage: true })
      await expectNoSeriousViolations(page, `/join (${look.name})`, { scope: axeScopeFor(look) })
    }
  })
}

test('the browser warns about the certificate nobody vouches for', async ({ page, ports }) => {
  const server = await startHttpsServer(ports.limited)
  const attempt = await page.goto(`${server.secure}/`).catch((error: Error) => error)
  expect(attempt).toBeInstanceOf(Error)
  expect(String(attempt)).toMatch(/ERR_CERT_AUTHORITY_INVALID|ERR_CERT/)
})

test('past the warning, http:// leads to the whole app over HTTPS, sign-up included', async ({
  browser,
  ports,
}) => {
  test.setTimeout(90_000)
  const server = await startHttpsServer(ports.limited)
  // The person compared the code and accepted the certificate: the browser's own exception.
  const context = await browser.newContext({ ignoreHTTPSErrors: true })
  const page = await context.newPage()
  try {
    await page.goto(`${server.plain}/signup`)
    await expect(page).toHaveURL(`${server.secure}/signup`)
    await page.getByLabel('Username').fill(uniqueName('tls'))
    await page.getByLabel('Password', { exact: true }).fill('supersecret1')
    await page.getByLabel('Confirm password').fill('supersecret1')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page).toHaveURL(`${server.secure}/home`)
  } finally {
    await context.close()
  }
})
