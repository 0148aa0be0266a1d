/**
 * The packaged app starts (docs/desktop.md, "Release workflow"): run by the release workflow on every
 * runner after `npm run dist`, against the app in the unpacked folder electron-builder leaves
 * beside the installer. A better-sqlite3 built for the wrong ABI, migrations missing from the
 * package or a path that only exists in development fail here, and with them the release.
 */
import { expect, test } from '@playwright/test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packagedAppExecutable } from '../../../scripts/desktop-setup'
import { expectLoginPage, writePost } from '../helpers'
import { launchPackagedApp } from './launch-packaged'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const override = process.env.GAMERSTAGE_APP_EXECUTABLE
const executable = override
  ? existsSync(override)
    ? override
    : null
  : packagedAppExecutable(join(root, 'dist'), process.platform)
/** Set (to 1) by the release workflow: there, no packaged app fails instead of skipping. */
const required = process.env.GAMERSTAGE_REQUIRE_PACKAGED === '1'
const NO_PACKAGE = override
  ? `GAMERSTAGE_APP_EXECUTABLE names no file (${override}).`
  : 'No packaged app in dist/ for this platform: run `npm run dist` first (the release workflow ' +
    'does, on Linux, Windows and macOS).'
if (executable === null && !required) console.log(`tests/electron/packaged: skipped: ${NO_PACKAGE}`)
test.skip(executable === null && !required, NO_PACKAGE)

test('the packaged app starts: login page, demo login, a post written and read back', async () => {
  const testInfo = test.info()
  test.setTimeout(180_000)
  if (executable === null) throw new Error(NO_PACKAGE)
  const userDataDir = mkdtempSync(join(tmpdir(), 'gamerstage-packaged-'))
  const app = await launchPackagedApp(executable, userDataDir)
  let exitCode: number | null = null
  try {
    await app.context.tracing.start({ screenshots: true, snapshots: true })
    const { page } = app
    await expectLoginPage(page)
    expect(new URL(page.url()).hostname).toBe('127.0.0.1')
    // The preload script runs from the package: the bridge answers.
    expect(await page.evaluate(() => window.gamerstage?.getConnection())).toMatchObject({
      kind: 'embedded',
    })

    // The demo data was seeded, so the migrations ran on the packaged better-sqlite3.
    await page.getByRole('button', { name: 'Fill Test Credentials' }).click()
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()

    const text = `Written in the packaged app ${Date.now()}`
    await writePost(page, text)
    // Read back from the server, not from the page's memory.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
    await expect(page.getByRole('main').getByText(text)).toBeVisible()
  } catch (error) {
    await app.context.tracing
      .stop({ path: testInfo.outputPath('packaged-trace.zip') })
      .catch(() => undefined)
    await app.page
      .screenshot({ path: testInfo.outputPath('packaged-window.png') })
      .catch(() => undefined)
    await testInfo.attach('app output', { body: app.output(), contentType: 'text/plain' })
    throw error
  } finally {
    exitCode = await app.quit()
    rmSync(userDataDir, { recursive: true, force: true })
  }
  // Closing the window quit the app after it closed the database.
  expect(exitCode, app.output()).toBe(0)
})
