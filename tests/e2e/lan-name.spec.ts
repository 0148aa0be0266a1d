/**
 * docs/security.md, in a real browser whose DNS maps two names to 127.0.0.1: a friend browsing
 * the server by a LAN name the host allowed signs up and posts; a name the server does not know
 * (DNS rebinding) gets nothing. The browser flag needs its own worker, hence its own file.
 */
import { expect, test } from './fixtures'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_PATH } from './chromium'
import { uniqueName } from './helpers'
import { post, signupAt } from './security-helpers'
import { spawnServer, type SpawnedServer } from './spawn-server'

const LAN_NAME = 'party-box.test'
const REBOUND_NAME = 'attacker.test'

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1, MAP ${REBOUND_NAME} 127.0.0.1`,
    ],
  },
})

let server: SpawnedServer | undefined
let dataDir: string | undefined
test.afterEach(async () => {
  await server?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('a LAN browser on a name the host allowed signs up and posts; a rebound name gets nothing', async ({
  page,
  ports,
}) => {
  test.setTimeout(120_000)
  dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-e2e-lan-name-'))
  server = await spawnServer(ports.named, dataDir, { extraArgs: ['--allow-host', LAN_NAME] })
  const origin = `http://${LAN_NAME}:${ports.named}`

  await signupAt(page, origin, uniqueName('lan'))
  const text = `Posted from a LAN browser ${Date.now()}`
  await post(page, text)
  await expect(page.getByRole('main').getByText(text)).toBeVisible()

  // DNS rebinding: the attacker's name now leads to the server, which refuses it.
  const rebound = await page.goto(`http://${REBOUND_NAME}:${ports.named}/`)
  expect(rebound?.status()).toBe(421)
  const api = await page.goto(`http://${REBOUND_NAME}:${ports.named}/api/users`)
  expect(api?.status()).toBe(421)
  await expect(page.getByText('does not answer to the name')).toBeVisible()
})
