import { defineConfig } from '@playwright/test'

import { DEMO_PORT, DEMO_URL, EMPTY_PORT, EMPTY_URL } from './tests/e2e/ports'

/** The demo server (seeded) and an empty one (`--no-demo`), each on a fresh data folder. */
export { DEMO_URL, EMPTY_URL }

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // The JSON report feeds .ci/run's closing `N passed, N failed` line.
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: DEMO_URL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    // Debian's Chromium: `npx playwright install` cannot download a browser here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: [
    {
      // scripts/serve.ts (via start-server.ts) builds the web app first when it is stale.
      command: `npx tsx tests/e2e/start-server.ts --port ${DEMO_PORT}`,
      url: `${DEMO_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
    },
    {
      command: `npx tsx tests/e2e/start-server.ts --port ${EMPTY_PORT} --no-demo --after ${DEMO_URL}/api/health`,
      url: `${EMPTY_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
  ],
})
