/**
 * Playwright-for-Electron fixtures for the desktop journeys (docs/desktop.md, "Desktop journeys"). Every
 * launch gets a user-data folder of its own (GAMERSTAGE_USER_DATA, which src/main/index.ts
 * applies before anything reads it), so journeys never share a database, settings or a
 * single-instance lock, and never touch the real profile of the person running them.
 *
 * Where no Electron binary is installed (its download is denied or impossible, as on the machine
 * that runs `npm test` offline), every journey reports itself skipped with the reason.
 */
import {
  _electron as electron,
  expect,
  test as base,
  type ElectronApplication,
  type Page,
  type TestInfo,
} from '@playwright/test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureSqliteForElectron, installedElectronBinary } from '../../scripts/desktop-setup'

export { expect }
export * from './helpers'

export const root = fileURLToPath(new URL('../..', import.meta.url))

/** The Electron binary `npm start` runs, or null where it could not be downloaded. */
export const electronBinary = installedElectronBinary(root)

/**
 * Set (to 1) by the CI jobs that exist to run these journeys: there, no Electron binary fails
 * every journey instead of skipping it, so a broken setup step cannot pass as green.
 */
export const ELECTRON_REQUIRED = process.env.GAMERSTAGE_REQUIRE_ELECTRON === '1'

export const NO_ELECTRON =
  'No Electron binary on this machine (node_modules/electron has no download): run ' +
  '`npm run desktop:setup` where it can be downloaded; CI runs these journeys on Linux, ' +
  'Windows and macOS.'

if (electronBinary === null && !ELECTRON_REQUIRED) {
  console.log(`tests/electron: skipped: ${NO_ELECTRON}`)
}

/** One running app: its Electron handle, its window, and the user-data folder it owns. */
export interface DesktopApp {
  app: ElectronApplication
  /** The app's one window. */
  page: Page
  userDataDir: string
}

interface DesktopFixtures {
  /** The Electron binary; every journey is skipped, with the reason, where there is none. */
  electronPath: string
  /** A fresh user-data folder, removed after the test. */
  newUserDataDir: () => string
  /**
   * Starts the app as `npm start` does (the project folder, with the Electron build of
   * better-sqlite3) on the given user-data folder; every app still running at the end of the test
   * is quit, after its trace and screenshots are kept when the test failed.
   */
  launchApp: (userDataDir: string) => Promise<DesktopApp>
  /** The app on a fresh user-data folder, for journeys that need only one. */
  desktop: DesktopApp
}

/** Where the Electron build of better-sqlite3 is (fetched once by `npm run desktop:setup`). */
let sqliteBinding: string | undefined
function electronSqliteBinding(): string {
  if (!sqliteBinding) {
    const { version } = JSON.parse(
      readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
    ) as { version: string }
    sqliteBinding = ensureSqliteForElectron(root, version)
  }
  return sqliteBinding
}

/** The environment of a launched app: ours, minus what would change how Electron starts. */
export function appEnvironment(userDataDir: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'ELECTRON_RUN_AS_NODE' && key !== 'NODE_OPTIONS') {
      env[key] = value
    }
  }
  return {
    ...env,
    GAMERSTAGE_USER_DATA: userDataDir,
    GAMERSTAGE_SQLITE_BINDING: electronSqliteBinding(),
  }
}

/** On a failed journey: the trace and a screenshot of each window, for the CI artifact. */
async function keepEvidence(running: DesktopApp, index: number, testInfo: TestInfo) {
  const failed = testInfo.status !== testInfo.expectedStatus
  const context = running.app.context()
  if (!failed) {
    await context.tracing.stop().catch(() => undefined)
    return
  }
  await context.tracing
    .stop({ path: testInfo.outputPath(`app-${index}-trace.zip`) })
    .catch(() => undefined)
  for (const [n, page] of running.app.windows().entries()) {
    await page
      .screenshot({ path: testInfo.outputPath(`app-${index}-window-${n}.png`) })
      .catch(() => undefined)
  }
}

export const test = base.extend<DesktopFixtures>({
  electronPath: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use, testInfo) => {
      testInfo.skip(electronBinary === null && !ELECTRON_REQUIRED, NO_ELECTRON)
      if (electronBinary === null) throw new Error(NO_ELECTRON)
      await use(electronBinary)
    },
    { auto: true },
  ],

  // eslint-disable-next-line no-empty-pattern -- as above
  newUserDataDir: async ({}, use) => {
    const made: string[] = []
    await use(() => {
      const dir = mkdtempSync(join(tmpdir(), 'gamerstage-electron-'))
      made.push(dir)
      return dir
    })
    for (const dir of made) rmSync(dir, { recursive: true, force: true })
  },

  // eslint-disable-next-line no-empty-pattern -- as above
  launchApp: async ({}, use, testInfo) => {
    const running: DesktopApp[] = []
    await use(async (userDataDir) => {
      const app = await electron.launch({
        // The project folder, as `electron .` under `npm start`: app.getAppPath() is then the
        // folder whose src/server/db/migrations the main process applies.
        args: [root],
        cwd: root,
        env: appEnvironment(userDataDir),
      })
      await app.context().tracing.start({ screenshots: true, snapshots: true })
      const page = await app.firstWindow()
      const launched = { app, page, userDataDir }
      running.push(launched)
      return launched
    })
    for (const [index, launched] of running.entries()) {
      await keepEvidence(launched, index, testInfo)
      await launched.app.close().catch(() => undefined)
    }
  },

  desktop: async ({ launchApp, newUserDataDir }, use) => {
    await use(await launchApp(newUserDataDir()))
  },
})
