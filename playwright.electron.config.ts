import { defineConfig } from '@playwright/test'

/**
 * Playwright for Electron: the desktop app itself (README, "Desktop journeys").
 * - `build`: fetches the Electron build of better-sqlite3 and runs `npm run build`;
 * - `desktop`: the journeys in tests/electron, each on its own user-data folder;
 * - `packaged`: the smoke journey against the app `npm run dist` left in dist/ (the release
 *   workflow runs it with `--project packaged`).
 * Where no Electron binary (or no packaged app) can be had, as on the machine that runs
 * `npm test` offline, every spec reports itself skipped with the reason.
 */
export default defineConfig({
  testDir: 'tests/electron',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Not test-results/ itself: Playwright empties its output folder, and the other runners'
  // JSON results (read by .ci/run) live there. CI uploads this folder when a journey fails.
  outputDir: 'test-results/electron',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright-electron.json' }]],
  projects: [
    { name: 'build', testMatch: /build\.setup\.ts$/ },
    { name: 'desktop', testIgnore: /packaged[\\/]/, dependencies: ['build'] },
    { name: 'packaged', testMatch: /packaged[\\/].*\.spec\.ts$/ },
  ],
})
