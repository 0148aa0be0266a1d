/**
 * Moving house: a one-shot copy of a data folder's SQLite community into a new PostgreSQL
 * database (`npm run serve -- --data DIR --move-to postgres://…`), with every id, every image's
 * bytes and every count as they were.
 *
 * - The source is checked as a backup is (data/backup-check.ts `checkBackup`: a Gamerstage database,
 *   intact, holding nothing but data) and must be at the latest migration; it is read in one
 *   read transaction, so the copy is one moment of it, and never written.
 * - The target is migrated, then everything happens in one PostgreSQL transaction that locks every
 *   table first: a target that already holds anything is refused, each table is copied in
 *   foreign-key order in batches, the identity sequences are set past the largest ids, and the
 *   counts are checked. Any failure undoes all of it: the target is left as empty as it was.
 * - The token secret stays in the data folder: a server on the PostgreSQL database started with
 *   the same `--data` keeps everyone signed in.
 */
import Database from 'better-sqlite3'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_PG_MIGRATIONS_DIR, openPostgresStore, type PostgresStore } from '../db/postgres'
import { DEFAULT_MIGRATIONS_DIR, sqliteStoreOn } from '../db/sqlite'
import type { Store } from '../db/store'
import { DATABASE_FILE, SECRET_FILE } from '../startup/data-folder'
import { StartError } from '../start-error'
import { describePostgresUrl, isPostgresUrl } from '../startup/open-store'
import { postgresReason } from '../db/postgres-reason'
import { checkBackup } from './backup-check'
import { copyCommunity, countsAgainstRows, tallySource } from './copy-to-postgres'
import { movePlan, type MovedTable } from './move-plan'

export interface MoveOptions {
  /** The data folder whose SQLite database moves. */
  dataDir: string
  /** The PostgreSQL database it moves into: `postgres://user:password@host:5432/name`. */
  target: string
  migrationsDir?: string
  pgMigrationsDir?: string
  /** Rows per INSERT (tests use a small one, to go through several batches). */
  batchRows?: number
  /** Told each table as it is copied, with its rows. */
  onTable?: (table: string, rows: number) => void
}

export interface MoveSummary {
  /** Where the community went: host:port/name, never the password. */
  target: string
  /** Rows copied, per table, in the order they were copied. */
  rows: Record<string, number>
  /** The images' bytes copied. */
  mediaBytes: number
  /** Whether the data folder holds the secret sessions are signed with. */
  secretKept: boolean
  ms: number
}

/** Refuses (a StartError) a source whose schema is older than this version's. */
function checkLatestMigration(
  source: Database.Database,
  file: string,
  migrationsDir: string,
): void {
  const ours = readMigrationFiles({ migrationsFolder: migrationsDir }).length
  const applied = Number(source.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get())
  if (applied < ours) {
    throw new StartError(
      `${file} cannot be moved: its schema is older than this version of Gamerstage's (${applied} of ${ours} updates). Start the server once on its data folder without --move-to (it updates the schema), stop it, then move it.`,
    )
  }
}

/**
 * Copies the data folder's community into the empty PostgreSQL database `target` (see the top of
 * this file). Throws a StartError saying why when it refuses or fails; the target is then as it
 * was, and the source is never written.
 */
export async function moveToPostgres(options: MoveOptions): Promise<MoveSummary> {
  const started = Date.now()
  const {
    dataDir,
    target,
    migrationsDir = DEFAULT_MIGRATIONS_DIR,
    pgMigrationsDir = DEFAULT_PG_MIGRATIONS_DIR,
  } = options
  if (!isPostgresUrl(target)) {
    // Not echoed: an address may hold a password.
    throw new StartError(
      '--move-to takes a PostgreSQL address, postgres://user:password@host:5432/name (or postgresql://…).',
    )
  }
  const plan = movePlan()
  const where = describePostgresUrl(target)
  const file = join(dataDir, DATABASE_FILE)
  if (!existsSync(file)) throw new StartError(`There is no Gamerstage database in ${dataDir}.`)
  checkBackup(file, migrationsDir, file, 'moved')

  const source = new Database(file, { readonly: true, fileMustExist: true })
  let pg: PostgresStore | undefined
  try {
    source.pragma('trusted_schema = OFF')
    checkLatestMigration(source, file, migrationsDir)
    // One read transaction for everything read from the source: one moment of it, even while a
    // server still writes to it (what it writes after is not moved).
    source.exec('BEGIN')
    const wrong = await countsAgainstRows(sqliteStoreOn(source))
    if (wrong.length > 0) {
      throw new StartError(
        `${file} cannot be moved: its counts disagree with its rows (${wrong.join('; ')}). Nothing was moved.`,
      )
    }
    const expected = await tallySource(source, plan)

    try {
      pg = await openPostgresStore({ url: target, poolSize: 1, migrationsDir: pgMigrationsDir })
    } catch (error) {
      throw new StartError(
        `Cannot use the PostgreSQL database at ${where}: ${postgresReason(error)}.`,
      )
    }
    let rows: Record<string, number> = {}
    try {
      await pg.transaction(async (tx) => {
        // Nobody else reads or writes these tables until the move commits or is undone: a server
        // started on the target meanwhile waits, then finds the community rather than seeding one.
        await tx.run(
          `LOCK TABLE ${plan.map((table) => table.name).join(', ')} IN ACCESS EXCLUSIVE MODE`,
        )
        await refuseNonEmpty(tx, plan, where)
        rows = await copyCommunity(source, tx, plan, expected, options)
      })
    } catch (error) {
      if (error instanceof StartError) throw error
      throw new StartError(
        `Could not move into the PostgreSQL database at ${where}: ${postgresReason(error)}. Nothing was moved: the move runs in one transaction, which was undone.`,
      )
    }
    return {
      target: where,
      rows,
      mediaBytes: expected.totals.get('bytes of media') ?? 0,
      secretKept: existsSync(join(dataDir, SECRET_FILE)),
      ms: Date.now() - started,
    }
  } finally {
    if (source.inTransaction) source.exec('ROLLBACK')
    source.close()
    await pg?.close()
  }
}

/** Refuses a target that holds anything at all: a server that ever started on it seeded it. */
async function refuseNonEmpty(tx: Store, plan: MovedTable[], where: string): Promise<void> {
  const held: string[] = []
  for (const { name } of plan) {
    const [count = 0] = await tx.ids(`SELECT count(*) FROM ${name}`)
    if (count > 0) held.push(`${name}: ${count}`)
  }
  if (held.length > 0) {
    throw new StartError(
      `The PostgreSQL database at ${where} already holds a Gamerstage community (${held.slice(0, 4).join(', ')}${held.length > 4 ? ', …' : ''}): a move goes into a new, empty database only (e.g. createdb gamerstage). Nothing was changed.`,
    )
  }
}

/** The summary the CLI prints after a move (after a line per table as it was copied). */
export function describeMove(summary: MoveSummary, dataDir: string): string[] {
  const tables = Object.keys(summary.rows).length
  const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0)
  const megabytes = (summary.mediaBytes / (1024 * 1024)).toFixed(1)
  const seconds = (summary.ms / 1000).toFixed(1)
  return [
    `Moved ${join(dataDir, DATABASE_FILE)} into PostgreSQL at ${summary.target} in ${seconds} s: ` +
      `${tables} tables, ${rows} rows, ${megabytes} MB of images.`,
    "Checked: the rows of every table, the images' bytes, and the follower, following, post, like, comment and vote counts.",
    summary.secretKept
      ? `Sessions are signed with ${join(dataDir, SECRET_FILE)}, which stays in the data folder: start the server on PostgreSQL with the same --data (or that secret) and everyone stays signed in:`
      : `The data folder has no ${SECRET_FILE}: the server on PostgreSQL makes a new one, and everyone signs in again. Start it with:`,
    `  npm run serve -- --data ${dataDir} --database <the same postgres:// address>`,
    `${join(dataDir, DATABASE_FILE)} is left as it was; a server started without --database still uses it.`,
  ]
}
