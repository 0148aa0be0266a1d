/**
 * PostgreSQL for `npm run bench -- --databases sqlite,postgres`: a database on a throwaway
 * cluster the bench starts itself (or on the cluster `--pg-url` names), migrated with the
 * committed migrations and filled with a copy of the generated SQLite data, row for row, so both
 * databases are measured on the same data with the same ids.
 */
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { openPostgresPool, openPostgresStore } from '../src/server/db/postgres'
import * as pgSchema from '../src/server/db/schema.pg'
import {
  databaseUrl,
  onCluster,
  startTestCluster,
  type TestCluster,
} from '../tests/helpers/postgres'

/** Rows sent in one INSERT: large enough that the round trips do not count, small enough in memory. */
const ROWS_PER_BATCH = 20_000

/** The schema's tables, each after the tables its foreign keys name. */
function tablesInKeyOrder(): PgTable[] {
  const tables = Object.values(pgSchema).filter((value) => value instanceof PgTable)
  const ordered: PgTable[] = []
  const visit = (table: PgTable, path: PgTable[]) => {
    if (ordered.includes(table)) return
    if (path.includes(table))
      throw new Error(`A foreign key cycle through ${getTableConfig(table).name}`)
    for (const key of getTableConfig(table).foreignKeys) {
      const target = key.reference().foreignTable
      if (target !== table) visit(target, [...path, table])
    }
    ordered.push(table)
  }
  for (const table of tables) visit(table, [])
  return ordered
}

/**
 * Copies every table of the SQLite file into the (empty, migrated) PostgreSQL database, then sets
 * each id sequence past the copied ids and refreshes the planner's statistics, as a database
 * that has been in use would have them. Answers how many rows it copied.
 */
export async function copySqliteIntoPostgres(sqliteFile: string, url: string): Promise<number> {
  const sqlite = new Database(sqliteFile, { readonly: true })
  const pool = openPostgresPool(url, 1)
  let copied = 0
  try {
    // Bulk loading as PostgreSQL's manual advises: keys and indexes dropped, then made again
    // once the rows are in (one sort each instead of a B-tree insert per row, in random order for
    // the likes), foreign keys last (one join each instead of a lookup per row).
    const { rows: constraints } = await pool.query<{
      table: string
      name: string
      definition: string
    }>(
      `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype IN ('p', 'u', 'f') AND connamespace = 'public'::regnamespace
       ORDER BY contype = 'f' DESC`,
    )
    const { rows: indexes } = await pool.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE schemaname = 'public' AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    )
    for (const { table, name } of constraints) {
      await pool.query(`ALTER TABLE ${table} DROP CONSTRAINT "${name}"`)
    }
    for (const index of indexes) await pool.query(`DROP INDEX "${index.name}"`)
    for (const table of tablesInKeyOrder()) {
      const { name, columns } = getTableConfig(table)
      const booleans = columns.filter((column) => column.columnType === 'PgBoolean')
      const bytes = columns.filter((column) => column.getSQLType() === 'bytea')
      const identity = columns.find((column) => column.generatedIdentity)
      // Rows go as one JSON parameter that PostgreSQL turns into the table's own row type: one
      // statement per batch, the column order and types taken from the table itself.
      const insert = `INSERT INTO "${name}" ${identity ? 'OVERRIDING SYSTEM VALUE ' : ''}
        SELECT * FROM json_populate_recordset(NULL::"${name}", $1::json)`
      let batch: Record<string, unknown>[] = []
      // One batch in flight while the next is read and encoded.
      let inFlight: Promise<unknown> = Promise.resolve()
      const flush = async () => {
        if (batch.length === 0) return
        const json = JSON.stringify(batch)
        copied += batch.length
        batch = []
        await inFlight
        inFlight = pool.query(insert, [json])
        // Its failure is thrown where it is awaited, at the next batch or the table's end.
        inFlight.catch(() => undefined)
      }
      const rows = sqlite.prepare(`SELECT * FROM "${name}"`).iterate() as Iterable<
        Record<string, unknown>
      >
      for (const row of rows) {
        for (const column of booleans) {
          if (row[column.name] !== null) row[column.name] = Boolean(row[column.name])
        }
        for (const column of bytes) {
          const value = row[column.name]
          if (Buffer.isBuffer(value)) row[column.name] = `\\x${value.toString('hex')}`
        }
        batch.push(row)
        if (batch.length >= ROWS_PER_BATCH) await flush()
      }
      await flush()
      await inFlight
      if (identity) {
        await pool.query(
          `SELECT setval(pg_get_serial_sequence('"${name}"', '${identity.name}'),
             coalesce(max("${identity.name}"), 0) + 1, false) FROM "${name}"`,
        )
      }
    }
    // The visibility map too, so index-only scans work as on a database that has been vacuumed.
    await pool.query("SET maintenance_work_mem = '256MB'")
    for (const { table, name, definition } of [...constraints].reverse()) {
      await pool.query(`ALTER TABLE ${table} ADD CONSTRAINT "${name}" ${definition}`)
    }
    for (const index of indexes) await pool.query(index.definition)
    await pool.query('VACUUM ANALYZE')
    return copied
  } finally {
    sqlite.close()
    await pool.end()
  }
}

/** A PostgreSQL database holding a copy of the bench's data, and how to throw it away. */
export interface BenchPostgres {
  url: string
  /** Seconds the cluster took to start (0 on a given one) and the copy took. */
  clusterSeconds: number
  copySeconds: number
  rows: number
  drop(): Promise<void>
}

/**
 * A database for the bench, filled from the generated SQLite file: on the cluster at `clusterUrl`
 * (the bench creates its own database there and drops it after), or on a throwaway cluster of
 * its own, as durable as the SQLite file it is compared with (tests/helpers/postgres.ts).
 */
export async function preparePostgres(
  sqliteFile: string,
  clusterUrl: string | undefined,
): Promise<BenchPostgres> {
  const started = performance.now()
  let cluster: TestCluster | null = null
  if (!clusterUrl) cluster = await startTestCluster({ durability: 'sqlite-like' })
  const base = clusterUrl ?? cluster?.url ?? ''
  const clusterSeconds = (performance.now() - started) / 1000
  const name = `gamerstage_bench_${randomBytes(4).toString('hex')}`
  const drop = async () => {
    try {
      if (!cluster) await onCluster(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    } finally {
      await cluster?.stop()
    }
  }
  try {
    await onCluster(base, `CREATE DATABASE ${name}`)
    const url = databaseUrl(base, name)
    const copying = performance.now()
    // Migrated as the server would, then filled.
    await (await openPostgresStore({ url, poolSize: 1 })).close()
    const rows = await copySqliteIntoPostgres(sqliteFile, url)
    return {
      url,
      clusterSeconds,
      copySeconds: (performance.now() - copying) / 1000,
      rows,
      drop,
    }
  } catch (error) {
    await drop()
    throw error
  }
}

/** Checks a `--pg-url` before anything is generated: a clear message rather than a stack. */
export async function checkPostgresUrl(url: string): Promise<void> {
  let address: URL
  try {
    address = new URL(url)
    if (!['postgres:', 'postgresql:'].includes(address.protocol)) throw new Error()
  } catch {
    throw new Error('--pg-url takes a PostgreSQL address, postgres://user:password@host:5432/name')
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
  } catch (error) {
    throw new Error(
      `Cannot reach PostgreSQL at ${address.hostname}:${address.port || 5432}: ${(error as Error).message}`,
    )
  } finally {
    await client.end().catch(() => undefined)
  }
}
