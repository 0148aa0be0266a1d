import { defineConfig } from 'vitest/config'

/**
 * The long runs of the hardening tests: many fast-check runs with fresh seeds, long concurrent
 * storms, repeated crash-and-restart cycles. They run here only, and `npm test` runs every other
 * test, so CI (`.ci/run`, which runs both) runs each test once.
 */
export const SOAK_TESTS = 'tests/server/hardening/**/*.soak.test.ts'

/**
 * `npm run test:soak`. GAMERSTAGE_SOAK=1 (the default here) scales the runs up; the whole run
 * stays under ten minutes. `GAMERSTAGE_SOAK=0 npm run test:soak` runs them short, with fixed
 * seeds, in about a minute (README, "Tests").
 */
export default defineConfig({
  test: {
    name: 'soak',
    include: [SOAK_TESTS],
    environment: 'node',
    // They run the compiled server: build it first if it is stale.
    globalSetup: ['tests/helpers/global-setup.ts'],
    env: { GAMERSTAGE_SOAK: process.env.GAMERSTAGE_SOAK ?? '1' },
    // Two files at a time, one per core: the long ones (the model's sequences, the fuzzed clips)
    // each keep one core busy for about two minutes, so one after another they took twice as
    // long. No soak test measures a speed; their time limits are guards against a hang.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    // Its own JSON report: .ci/run counts it beside the others.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest-soak.json' },
  },
})
