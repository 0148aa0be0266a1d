import { defineConfig } from '@playwright/test'

/**
 * Playwright for Electron: the desktop app itself. Where no Electron binary can be had (as on
 * the CI machine, which cannot download it), every spec reports itself skipped with the reason.
 */
export default defineConfig({
  testDir: 'tests/electron',
  timeout: 60_000,
  workers: 1,
  // Not test-results/ itself: Playwright empties its output folder, and the other runners'
  // JSON results (read by .ci/run) live there.
  outputDir: 'test-results/electron',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright-electron.json' }]],
})
