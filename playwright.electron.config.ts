import { defineConfig } from '@playwright/test'

/**
 * Playwright for Electron: the desktop app itself. Where no Electron binary can be had (as on
 * the CI machine, which cannot download it), every spec reports itself skipped with the reason.
 */
export default defineConfig({
  testDir: 'tests/electron',
  timeout: 60_000,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright-electron.json' }]],
})
