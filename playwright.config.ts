import { defineConfig } from '@playwright/test'
import { CHROMIUM_PATH } from './tests/e2e/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  // Builds what is stale once, before the workers start their servers.
  globalSetup: './tests/e2e/global-setup.ts',
  // Files spread over the workers; the tests of one file run in order, in one worker.
  fullyParallel: false,
  // Each worker has its own demo and empty server (tests/e2e/fixtures.ts), on ports from
  // E2E_PORT_BASE (tests/e2e/ports.ts). Two suit the 2-core machines CI runs on.
  workers: 2,
  // A test that passes only on a second try is a failing test.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // The JSON report feeds .ci/run's closing `N passed, N failed` line.
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    // baseURL: each worker's demo server (tests/e2e/fixtures.ts).
    viewport: { width: 1280, height: 800 },
    // The app's first theme follows the system's (state/theme.ts): the suite's system is dark,
    // the theme its tests and screenshots were written against. Tests of the light one ask for it.
    colorScheme: 'dark',
    // No trace while recording: its screencast and DOM snapshots of every step cost about a
    // sixth of the suite's time (search and deep links on one worker: 102 s with
    // retain-on-failure, 84 s without). A failure still leaves its error context (the page's
    // accessibility snapshot) and a screenshot; `npx playwright test <spec> --trace on` records
    // one for a failure being chased.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
