import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The JSON report feeds .ci/run's closing `N passed, N failed` line.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          environment: 'node',
          // A password hash costs ~0.5 s on a busy 2-core box (README, "Security"): tests that
          // sign in a dozen times need more than vitest's default 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'main',
          include: ['tests/main/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'renderer',
          include: ['tests/renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
})
