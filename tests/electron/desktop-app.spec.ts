import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The Electron binary, or null where it is not installed (its download failed or was denied). */
function electronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const binary = electronBinary()
const SKIP_REASON =
  'No Electron binary on this machine (it cannot be downloaded here); the desktop specs run where `npm start` works.'
if (binary === null) console.log(`tests/electron: skipped: ${SKIP_REASON}`)
test.skip(binary === null, SKIP_REASON)

let app: ElectronApplication
let userData: string

test.beforeAll(async () => {
  // The same setup `npm start` does: an Electron build of better-sqlite3, then a fresh build.
  const { ensureSqliteForElectron } = await import('../../scripts/desktop-setup')
  const electronVersion = (
    createRequire(import.meta.url)('electron/package.json') as {
      version: string
    }
  ).version
  process.env.GAMERSTAGE_SQLITE_BINDING = ensureSqliteForElectron(root, electronVersion)
})

test.beforeEach(async () => {
  userData = mkdtempSync(join(tmpdir(), 'gamerstage-electron-'))
  app = await electron.launch({
    args: [join(root, 'out', 'main', 'index.js')],
    cwd: root,
    env: { ...process.env, GAMERSTAGE_USER_DATA: userData } as Record<string, string>,
  })
})

test.afterEach(async () => {
  await app.close()
  rmSync(userData, { recursive: true, force: true })
})

test('starts on the embedded server and shows the login page', async () => {
  const page = await app.firstWindow()
  await expect(page.getByText('Real gaming takes the stage')).toBeVisible()
  expect(new URL(page.url()).hostname).toBe('127.0.0.1')
  const connection = await page.evaluate(() => window.gamerstage?.getConnection())
  expect(connection?.kind).toBe('embedded')
})

test('logs in with the demo account on the embedded server', async () => {
  const page = await app.firstWindow()
  await page.getByRole('button', { name: 'Fill Test Credentials' }).click()
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('Welcome Back...')).toBeVisible()
})

test('shares the embedded server on the LAN and stops sharing', async () => {
  const page = await app.firstWindow()
  await expect(page.getByText('Real gaming takes the stage')).toBeVisible()
  const port = 45000 + Math.floor(Math.random() * 1000)
  const status = await page.evaluate(
    (lanPort) => window.gamerstage?.setLanSharing({ enabled: true, port: lanPort }),
    port,
  )
  expect(status).toMatchObject({ enabled: true, port })
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200)
  await page.evaluate(() => window.gamerstage?.setLanSharing({ enabled: false }))
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow()
})
