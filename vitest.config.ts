import { defineConfig } from 'vitest/config'

/**
 * A guard against hangs, not a speed check: password hashing on a busy 2-core machine can take
 * seconds, and CI's is one.
 */
const testTimeout = 30_000

export default defineConfig({
  test: {
    // The JSON report feeds .ci/run's closing `N passed, N failed` line.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'server',
          testTimeout,
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'main',
          testTimeout,
          include: ['tests/main/**/*.test.ts'],
          setupFiles: ['tests/main/helpers/no-multicast.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'workflows',
          include: ['tests/workflows/**/*.test.ts'],
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
