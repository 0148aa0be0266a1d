/**
 * README, "Security", in a real browser: a friend browsing the server by a LAN name still signs
 * up and posts; a page reached through a name the server does not know (DNS rebinding) gets
 * nothing; a rate limit's toast says when to try again.
 */
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { toast, uniqueName } from './helpers'
import { EMPTY_PORT } from './ports'
import { spawnServer, type SpawnedServer } from './spawn-server'

/** Ports of the servers this file starts, beside the two of playwright.config.ts. */
const NAMED_PORT = EMPTY_PORT + 2
const LIMITED_PORT = EMPTY_PORT + 3

/** Both names lead to 127.0.0.1, as a LAN's DNS (or an attacker's) would. */
const LAN_NAME = 'party-box.test'
const REBOUND_NAME = 'attacker.test'

async function signupAt(page: Page, origin: string, username: string) {
  await page.goto(`${origin}/signup`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill('supersecret1')
  await page.getByLabel('Confirm password').fill('supersecret1')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

async function post(page: Page, text: string) {
  await page.getByRole('button', { name: 'New Post' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  await dialog.getByPlaceholder('enter a text').fill(text)
  await dialog.getByRole('button', { name: 'Post' }).click()
}

const folders: string[] = []
const servers: SpawnedServer[] = []
test.afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop()
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'gamerstage-e2e-security-'))
  folders.push(folder)
  return folder
}

test.describe('browsing by name', () => {
  test.use({
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1, MAP ${REBOUND_NAME} 127.0.0.1`,
      ],
    },
  })

  test('a LAN browser on a name the host allowed signs up and posts; a rebound name gets nothing', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const server = await spawnServer(NAMED_PORT, dataDir(), ['--allow-host', LAN_NAME])
    servers.push(server)
    const origin = `http://${LAN_NAME}:${NAMED_PORT}`

    await signupAt(page, origin, uniqueName('lan'))
    const text = `Posted from a LAN browser ${Date.now()}`
    await post(page, text)
    await expect(page.getByRole('main').getByText(text)).toBeVisible()

    // DNS rebinding: the attacker's name now leads to the server, which refuses it.
    const rebound = await page.goto(`http://${REBOUND_NAME}:${NAMED_PORT}/`)
    expect(rebound?.status()).toBe(421)
    const api = await page.goto(`http://${REBOUND_NAME}:${NAMED_PORT}/api/users`)
    expect(api?.status()).toBe(421)
    await expect(page.getByText('does not answer to the name')).toBeVisible()
  })
})

test('a post past the hourly allowance shows a toast saying when to try again', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const server = await spawnServer(LIMITED_PORT, dataDir(), ['--limit-posts', '1'])
  servers.push(server)
  await signupAt(page, server.url, uniqueName('limited'))
  const first = `The one post of this hour ${Date.now()}`
  await post(page, first)
  await expect(page.getByRole('main').getByText(first)).toBeVisible()
  await post(page, 'One too many')
  await expect(toast(page, 'Too many posts. Try again in 60 minutes.')).toBeVisible()
  await page.screenshot({ path: 'test-results/e2e/security-rate-limit-toast.png' })
})
