/**
 * The last step of a restore into PostgreSQL (`--restore` with `--database`): the backup, copied,
 * checked and prepared as for SQLite (data/restore.ts), replaces the community in the database.
 *
 * Everything happens in one PostgreSQL transaction that locks every table first: the tables are
 * emptied (their identity sequences restarted), the prepared copy goes in with the move's copier
 * (data/copy-to-postgres.ts: foreign-key order, batches, sequences past the largest ids), and
 * its rows, counts, likes and image bytes are checked against the copy's. Any failure undoes all
 * of it: the database holds what it held before, and nothing is lost.
 */
import Database from 'better-sqlite3'
import { DEFAULT_PG_MIGRATIONS_DIR, openPostgresStore, type PostgresStore } from '../db/postgres'
import { StartError } from '../start-error'
import { describePostgresUrl } from '../startup/open-store'
import { postgresReason } from '../db/postgres-reason'
import { copyCommunity, tallySource } from './copy-to-postgres'
import { movePlan } from './move-plan'

export interface PostgresRestoreOptions {
  pgMigrationsDir?: string
  /** Told each table as it is copied, with its rows. */
  onTable?: (table: string, rows: number) => void
}

/** `RestoreOptions.installInto` for the PostgreSQL database at `url`. */
export function installIntoPostgres(
  url: string,
  options: PostgresRestoreOptions = {},
): (prepared: string) => Promise<void> {
  return async (prepared) => {
    const where = describePostgresUrl(url)
    const plan = movePlan()
    const source = new Database(prepared, { readonly: true, fileMustExist: true })
    let pg: PostgresStore | undefined
    try {
      const expected = await tallySource(source, plan)
      try {
        pg = await openPostgresStore({
          url,
          poolSize: 1,
          migrationsDir: options.pgMigrationsDir ?? DEFAULT_PG_MIGRATIONS_DIR,
        })
      } catch (error) {
        throw new StartError(
          `Cannot use the PostgreSQL database at ${where}: ${postgresReason(error)}. Nothing was restored.`,
        )
      }
      const tables = plan.map((table) => table.name).join(', ')
      try {
        await pg.transaction(async (tx) => {
          // Servers still running on the database wait until the restore commits or is undone.
          await tx.run(`LOCK TABLE ${tables} IN ACCESS EXCLUSIVE MODE`)
          await tx.run(`TRUNCATE ${tables} RESTART IDENTITY`)
          await copyCommunity(source, tx, plan, expected, { onTable: options.onTable })
        })
      } catch (error) {
        throw new StartError(
          `Could not restore into the PostgreSQL database at ${where}: ${postgresReason(error)}. Nothing was changed: the restore runs in one transaction, which was undone.`,
        )
      }
    } finally {
      source.close()
      await pg?.close()
    }
  }
}
