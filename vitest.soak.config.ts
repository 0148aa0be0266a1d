import { defineConfig } from 'vitest/config'

/**
 * `npm run test:soak`: the hardening tests (tests/server/hardening) at length: many more
 * fast-check runs with fresh seeds, longer concurrent storms, repeated crash-and-restart
 * cycles. GAMERSTAGE_SOAK=1 scales them; the whole run stays under ten minutes.
 */
export default defineConfig({
  test: {
    name: 'soak',
    include: ['tests/server/hardening/**/*.test.ts'],
    environment: 'node',
    // They run the compiled server: build it first if it is stale.
    globalSetup: ['tests/helpers/global-setup.ts'],
    env: { GAMERSTAGE_SOAK: '1' },
    // One file at a time: the load tests measure the server, not a crowded machine.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    // Its own JSON report: .ci/run counts it beside the others.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest-soak.json' },
  },
})
