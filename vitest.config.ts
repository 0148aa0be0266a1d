import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { CLUSTER_TESTS } from './vitest.pg.config'
import { SOAK_TESTS } from './vitest.soak.config'

/**
 * A guard against hangs, not a speed check: a test on a busy 2-core machine (CI's is one) can
 * take seconds where it takes milliseconds on a quiet one. Every project sets it: a project
 * without one falls back to Vitest's 5 s, which a loaded machine has overrun.
 */
const testTimeout = 30_000

/**
 * One worker more than the machine has cores. Vitest's default (cores − 1) runs one file at a
 * time on a 2-core machine, while many server tests spend their time waiting on a child process,
 * a socket or the file system rather than on the CPU: with 3 workers on 2 cores the suite took
 * 3 m 57 s instead of 4 m 47 s (quiet) and 10 m 53 s (busy). `--maxWorkers` on the
 * command line still overrides it.
 */
const maxWorkers = availableParallelism() + 1

export default defineConfig({
  test: {
    maxWorkers,
    // The JSON report feeds .ci/run's closing `N passed, N failed` line.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'server',
          testTimeout,
          // The files of a worker share its modules instead of loading the server afresh for
          // each: loading took longer than the tests themselves (tests/server/routes: import
          // 298 s against 197 s of tests; without isolation 42 s, the run 263 s → 97 s). Each
          // server test opens its own store, server and hub and restores what it stubs. The
          // other projects stay isolated (jsdom; `vi.mock` of electron).
          isolate: false,
          include: ['tests/server/**/*.test.ts'],
          // The long hardening runs are `npm run test:soak`'s (vitest.soak.config.ts).
          // …and the cluster's, which need PostgreSQL: `npm run test:pg` (vitest.pg.config.ts).
          exclude: [...configDefaults.exclude, SOAK_TESTS, CLUSTER_TESTS],
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
          testTimeout,
          include: ['tests/workflows/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'renderer',
          testTimeout,
          include: ['tests/renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
})
