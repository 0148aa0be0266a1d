import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { SOAK_TESTS } from './vitest.soak.config'

/**
 * `npm run test:pg`: the server tests again, each on a fresh PostgreSQL database instead of an
 * in-memory SQLite one (tests/helpers/test-store.ts). The run's cluster is GAMERSTAGE_TEST_PG_URL
 * when given (.ci/run starts one), or one tests/helpers/postgres.ts starts and stops itself; either
 * way that globalSetup migrates one template database that each test's database is a copy of.
 */

/**
 * Several server instances sharing one database and one Redis: here only, for two
 * instances cannot share the tests' in-memory SQLite.
 */
export const CLUSTER_TESTS = 'tests/server/cluster/**'

/** Files left out, each with why: about SQLite itself, or no database of the tests' at all. */
const NOT_ON_POSTGRES = [
  // The long hardening runs are `npm run test:soak`'s, on SQLite.
  SOAK_TESTS,
  // SQLite's EXPLAIN QUERY PLAN on SQLite's indexes; PostgreSQL plans by its own statistics.
  'tests/server/db/query-plans.test.ts',
  'tests/server/db/live-query-plans.test.ts',
  'tests/server/db/follow-list-plans.test.ts',
  // The data folder's SQLite file itself: sqlite_master, WAL and foreign-key pragmas.
  'tests/server/startup/server.test.ts',
  // Backup and restore of the data folder's SQLite file (community-backup.test.ts runs on both).
  'tests/server/data/backup.test.ts',
  'tests/server/data/restore-untrusted.test.ts',
  'tests/server/hardening/restore-missing.test.ts',
  // Reads the schema from SQLite's catalog (sqlite_master, PRAGMA foreign_key_list).
  'tests/server/services/media/media-references.test.ts',
  // SQLite's rebuild of the media table in its migrations (PostgreSQL alters the column).
  'tests/server/db/media-migration.test.ts',
  // Compares rows with what drizzle reads over the SQLite connection (sqliteConnectionOf).
  'tests/server/db/raw-columns.test.ts',
  // LAN discovery (mDNS, network namespaces): no database.
  'tests/server/discovery/**',
  // The compiled CLI or startServer on a data folder's SQLite file, never the tests' store:
  // npm test runs them, and here they would only run again on SQLite.
  'tests/server/cli/cli.test.ts',
  'tests/server/cli/cli-advertise.test.ts',
  'tests/server/bench/smoke/**',
  'tests/server/hardening/lan.test.ts',
  'tests/server/http/connection-limits.test.ts',
  'tests/server/http/connection-guard.test.ts',
  'tests/server/http/whole-list-sharing.test.ts',
  'tests/server/events/slow-client.test.ts',
  'tests/server/moderation/host-accounts.test.ts',
  'tests/server/tls/tls.test.ts',
  // --redis and the shared secret on one instance's SQLite file (the cluster's are above).
  'tests/server/redis/redis.test.ts',
  // The build, its compressed copies and the static files: no database.
  'tests/server/build/build.test.ts',
  'tests/server/build/precompress.test.ts',
  'tests/server/http/static-files.test.ts',
  // Pure functions and in-memory throttles: no database.
  'tests/server/auth/password.test.ts',
  'tests/server/auth/login-throttle.test.ts',
  'tests/server/services/reads/pagination.test.ts',
  'tests/server/db/database-refusal.test.ts',
  'tests/server/storage/s3-options.test.ts',
  'tests/server/shared/**',
]

export default defineConfig({
  test: {
    name: 'server (postgres)',
    include: ['tests/server/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...NOT_ON_POSTGRES],
    // The shipped build for the tests that fetch the web app, then the cluster and its template.
    globalSetup: ['tests/helpers/global-setup.ts', 'tests/helpers/postgres.ts'],
    env: { GAMERSTAGE_TEST_DATABASE: 'postgres' },
    environment: 'node',
    // As vitest.config.ts's server project: the files of a worker share its modules (loading
    // the server afresh for each file took longer than the tests: the run 307 s → 186 s).
    isolate: false,
    // As vitest.config.ts: a guard against hangs, and one worker more than the machine's cores.
    testTimeout: 30_000,
    maxWorkers: availableParallelism() + 1,
    // Its own JSON report: .ci/run's closing line counts it beside the others.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest-pg.json' },
  },
})
