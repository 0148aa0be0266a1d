/**
 * A backup of a PostgreSQL community (`--backup` with `--database`): the same file a SQLite
 * backup is, so that one restore (data/restore.ts) and one check (data/backup-check.ts) serve
 * both, and a backup of either database restores into either.
 *
 * Every table of the plan (data/move-plan.ts) is read in one REPEATABLE READ, READ ONLY
 * transaction: one snapshot of the whole database, as pg_dump takes, while the servers go on
 * writing and without waiting for them. Each table is read through a cursor in key order, a batch
 * at a time, into a new SQLite file our migrations made; the rows, counter totals and image bytes
 * of the file are then compared with the snapshot's. The database is never written.
 */
import type Database from 'better-sqlite3'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { closeSync, openSync } from 'node:fs'
import { DEFAULT_PG_MIGRATIONS_DIR, openPostgresPool, postgresStoreOn } from '../db/postgres'
import { openSqliteStore, sqliteStoreOn } from '../db/sqlite'
import type { Store } from '../db/store'
import { StartError } from '../start-error'
import { describePostgresUrl } from '../startup/open-store'
import { postgresReason } from '../db/postgres-reason'
import { tally } from './copy-to-postgres'
import { movePlan, type MovedTable } from './move-plan'

/** Rows fetched at once; fewer for a table with bytes (images and clips), which may be large. */
const FETCH_ROWS = 1000
const FETCH_ROWS_WITH_BYTES = 8

export interface PostgresBackupOptions {
  migrationsDir?: string
  pgMigrationsDir?: string
  /** Told each table as it is copied, with its rows (awaited: a test writes meanwhile). */
  onTable?: (table: string, rows: number) => void | Promise<void>
}

/** Refuses a database whose schema is not this version's: its tables would not be ours. */
async function checkSchemaVersion(db: Store, where: string, pgMigrationsDir: string) {
  const ours = readMigrationFiles({ migrationsFolder: pgMigrationsDir }).length
  let applied: number
  try {
    ;[applied = 0] = await db.ids('SELECT count(*) FROM drizzle.__drizzle_migrations')
  } catch {
    throw new StartError(`The PostgreSQL database at ${where} holds no Gamerstage community.`)
  }
  if (applied > ours) {
    throw new StartError(
      `The PostgreSQL database at ${where} was updated by a newer version of Gamerstage: back it up with that version.`,
    )
  }
  if (applied < ours) {
    throw new StartError(
      `The PostgreSQL database at ${where} has an older schema than this version of Gamerstage's (${applied} of ${ours} updates): start the server on it once (it updates the schema), then back it up.`,
    )
  }
}

/** A PostgreSQL value as SQLite stores it (booleans are 0 and 1). */
const forSqlite = (value: unknown): unknown => (typeof value === 'boolean' ? Number(value) : value)

/** Copies one table from the snapshot into the file, a batch at a time; answers its rows. */
async function copyTable(tx: Store, sqlite: Database.Database, table: MovedTable) {
  const names = table.columns.map((column) => `"${column.name}"`).join(', ')
  const insert = sqlite.prepare(
    `INSERT INTO ${table.name} (${names}) VALUES (${table.columns.map(() => '?').join(', ')})`,
  )
  const insertAll = sqlite.transaction((rows: Record<string, unknown>[]) => {
    for (const row of rows) {
      insert.run(...table.columns.map((column) => forSqlite(row[column.name])))
    }
  })
  const cursor = `backup_${table.name}`
  const order = table.key.map((key) => `"${key}"`).join(', ')
  await tx.run(`DECLARE ${cursor} NO SCROLL CURSOR FOR
    SELECT ${names} FROM ${table.name} ORDER BY ${order}`)
  const perFetch = table.columns.some((column) => column.kind === 'bytea')
    ? FETCH_ROWS_WITH_BYTES
    : FETCH_ROWS
  let copied = 0
  for (;;) {
    const rows = await tx.all<Record<string, unknown>>(`FETCH ${perFetch} FROM ${cursor}`)
    if (rows.length === 0) break
    insertAll(rows)
    copied += rows.length
  }
  await tx.run(`CLOSE ${cursor}`)
  return copied
}

/**
 * Writes the community of the PostgreSQL database at `url` into the new SQLite file `target`
 * (see the top of this file). Answers the rows copied, per table. Throws a StartError saying why
 * when it cannot; `target` is then unfinished, and the caller removes it.
 */
export async function backupPostgres(
  url: string,
  target: string,
  options: PostgresBackupOptions = {},
): Promise<Record<string, number>> {
  const where = describePostgresUrl(url)
  const plan = movePlan()
  // The copy holds what the database keeps to its owner (password hashes): so does the file.
  closeSync(openSync(target, 'wx', 0o600))
  const pg = postgresStoreOn(openPostgresPool(url, 1))
  const file = openSqliteStore({ file: target, migrationsDir: options.migrationsDir })
  const sqlite = file.connection
  try {
    // A new file of our own: a crash leaves an unfinished file the caller removes anyway.
    sqlite.pragma('synchronous = OFF')
    await checkSchemaVersion(pg, where, options.pgMigrationsDir ?? DEFAULT_PG_MIGRATIONS_DIR)
    const rows: Record<string, number> = {}
    await pg.transaction(async (tx) => {
      // One snapshot for every statement below, and a promise to write nothing.
      await tx.run('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')
      sqlite.pragma('foreign_keys = OFF')
      for (const table of plan) {
        rows[table.name] = await copyTable(tx, sqlite, table)
        await options.onTable?.(table.name, rows[table.name] ?? 0)
      }
      sqlite.pragma('foreign_keys = ON')
      const expected = await tally(tx, plan)
      const actual = await tally(sqliteStoreOn(sqlite), plan)
      for (const [what, value] of expected) {
        if (actual.get(what) !== value) {
          throw new StartError(
            `The backup came out wrong: its ${what} is ${actual.get(what)} where the database has ${value}.`,
          )
        }
      }
    })
    // One file, without a journal beside it, to be copied elsewhere as it is.
    sqlite.pragma('journal_mode = DELETE')
    return rows
  } catch (error) {
    if (error instanceof StartError) throw error
    throw new StartError(
      `Could not back up the PostgreSQL database at ${where}: ${postgresReason(error)}.`,
    )
  } finally {
    await file.close()
    await pg.close()
  }
}
