/**
 * The database a server test runs on: a fresh in-memory SQLite store, or, when the suite runs
 * against PostgreSQL (`npm run test:pg`, which sets GAMERSTAGE_TEST_DATABASE=postgres), a fresh
 * PostgreSQL database copied from the run's migrated template (tests/helpers/postgres.ts), dropped
 * again when the store closes.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { openPostgresPool, postgresStoreOn, type PostgresStore } from '../../src/server/db/postgres'
import { openSqliteStore } from '../../src/server/db/sqlite'
import type { OpenStore } from '../../src/server/db/store'
import { databaseUrl, testDatabaseName } from './postgres'

export interface TestStoreOptions {
  /** Called with every statement the database runs. */
  onStatement?: (sql: string) => void
}

/** True when this run's server tests go to PostgreSQL (vitest.pg.config.ts). */
export const testsOnPostgres = process.env.GAMERSTAGE_TEST_DATABASE === 'postgres'

export async function openTestStore(options: TestStoreOptions = {}): Promise<OpenStore> {
  if (testsOnPostgres) return openTestPostgresStore(options)
  return openSqliteStore({ file: migratedSqlite(), onStatement: options.onStatement })
}

let migratedSqliteBytes: Buffer | undefined

/**
 * An in-memory SQLite database with every migration applied, serialized once per test worker:
 * each test opens a copy of it, as the PostgreSQL tests copy their migrated template, instead of
 * running the migrations again (tens of milliseconds a test, thousands of tests). Opening the
 * copy still runs drizzle's migrator, which finds nothing left to apply.
 */
function migratedSqlite(): Buffer {
  if (!migratedSqliteBytes) {
    const template = openSqliteStore({ file: ':memory:' })
    migratedSqliteBytes = template.connection.serialize()
    template.connection.close()
  }
  return migratedSqliteBytes
}

/**
 * Two stores on one database, as two instances of a cluster have: two connections to one SQLite
 * file in `dir`, or two pools on one fresh PostgreSQL database (dropped once both are closed).
 */
export async function openSharedTestStores(dir: string): Promise<[OpenStore, OpenStore]> {
  if (!testsOnPostgres) {
    const file = join(dir, 'shared.db')
    return [openSqliteStore({ file }), openSqliteStore({ file })]
  }
  const first = await openTestPostgresStore()
  const name = (await first.get<{ name: string }>('SELECT current_database() AS name'))?.name
  const second = postgresStoreOn(
    openPostgresPool(databaseUrl(inject('gamerstagePgUrl'), name ?? ''), 4),
  )
  // The database is dropped with the first store: only once both are done with it.
  let open = 2
  const closeOne = (store: OpenStore) => async () => {
    await (store === first ? Promise.resolve() : store.close())
    open -= 1
    if (open === 0) await first.close()
  }
  return [
    { ...first, close: closeOne(first) },
    { ...second, close: closeOne(second) },
  ]
}

/**
 * Connections for creating and dropping the tests' databases, per test worker: a drop still
 * running in the background does not hold up the next test's copy.
 */
let admin: pg.Pool | null = null
const clusterAdmin = () =>
  (admin ??= new pg.Pool({ connectionString: inject('gamerstagePgUrl'), max: 3 }))

/**
 * A fresh database with the schema, as a copy of the migrated template: a copy takes a few
 * milliseconds where migrating takes a hundred or more. FILE_COPY copies the template's files
 * (WAL_LOG, PostgreSQL 15's default, writes every page through the WAL: slower for a small
 * database, and the cluster runs without fsync anyway).
 *
 * `close()` ends the pool and drops the database without waiting for the drop: PostgreSQL waits
 * (in steps of 100 ms) for the pool's sessions to be gone, a tenth of a second a test for
 * nothing. The names carry the run's id, and the run's teardown drops whatever is left
 * (tests/helpers/postgres.ts).
 */
export async function openTestPostgresStore(
  options: TestStoreOptions = {},
): Promise<PostgresStore> {
  const name = testDatabaseName(inject('gamerstagePgRun'), randomBytes(6).toString('hex'))
  const cluster = clusterAdmin()
  await cluster.query(
    `CREATE DATABASE ${name} TEMPLATE ${inject('gamerstagePgTemplate')} STRATEGY FILE_COPY`,
  )
  // The server's own pool settings (bigint times and counts as numbers), fewer connections.
  const pool = openPostgresPool(databaseUrl(inject('gamerstagePgUrl'), name), 4)
  const store = postgresStoreOn(pool, options.onStatement)
  return {
    ...store,
    close: async () => {
      await store.close()
      void cluster.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
    },
  }
}

/**
 * A fresh PostgreSQL database with the schema, by its address: for servers started on it
 * (`startServer({ database })`), several of which may share it. `drop` removes it once they
 * have closed.
 */
export async function createTestPostgresDatabase(): Promise<{
  url: string
  drop(): Promise<void>
}> {
  const name = testDatabaseName(inject('gamerstagePgRun'), randomBytes(6).toString('hex'))
  const cluster = clusterAdmin()
  await cluster.query(
    `CREATE DATABASE ${name} TEMPLATE ${inject('gamerstagePgTemplate')} STRATEGY FILE_COPY`,
  )
  return {
    url: databaseUrl(inject('gamerstagePgUrl'), name),
    drop: async () => {
      await cluster.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}
