import Database, { type RunResult } from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import { fileURLToPath } from 'node:url'
import * as schema from './schema'

/** What services take: the database or a transaction on it (both run synchronously). */
export type Db = BaseSQLiteDatabase<'sync', RunResult, typeof schema>

/** An open database file: queries through drizzle, `$client` for pragmas, backup and close. */
export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database }

/** Where the committed drizzle-kit migrations live when running from source. */
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))

/** How many distinct statements stay prepared; the API runs a few dozen shapes of query. */
const STATEMENT_CACHE_SIZE = 500

/**
 * drizzle asks better-sqlite3 to prepare every statement anew on each call, and parsing SQL
 * costs more than running most of our queries. Reuse the prepared statement for the same SQL
 * text instead (better-sqlite3 statements are reusable; each call runs to completion).
 */
function reuseStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite)
  const statements = new Map<string, Database.Statement>()
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source)
    if (statement) {
      // drizzle switches raw mode on for some calls; hand the statement back as prepared.
      if (statement.reader) statement.raw(false)
      return statement
    }
    statement = prepare(source)
    if (statements.size >= STATEMENT_CACHE_SIZE) {
      statements.delete(statements.keys().next().value ?? '')
    }
    statements.set(source, statement)
    return statement
  }) as typeof sqlite.prepare
}

export interface OpenDatabaseOptions {
  /** A file path, or `:memory:` for tests. */
  file: string
  migrationsDir?: string
  /** Path of a better_sqlite3.node built for this runtime, when not the one npm installed. */
  nativeBinding?: string
  /** Called with every statement drizzle runs (tests use it to check query plans). */
  onQuery?: (query: string, params: unknown[]) => void
}

/**
 * Opens the SQLite database with the settings every connection needs and brings its schema up to
 * date with the committed migrations.
 */
export function openDatabase({
  file,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
  nativeBinding,
  onQuery,
}: OpenDatabaseOptions): AppDatabase {
  const sqlite = new Database(file, nativeBinding ? { nativeBinding } : {})
  reuseStatements(sqlite)
  try {
    // WAL lets readers go on while one request writes; NORMAL sync is durable across app crashes
    // in WAL mode and only risks the last transactions on a power cut.
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    // Functions named in the schema (defaults, indexes) may not have side effects: a restored
    // database is checked to hold nothing else, and this makes sure (backup.ts).
    sqlite.pragma('trusted_schema = OFF')
    const db = drizzle({
      client: sqlite,
      schema,
      logger: onQuery ? { logQuery: onQuery } : false,
    })
    migrate(db, { migrationsFolder: migrationsDir })
    // Keeps the planner's statistics fresh enough to choose the list indexes (cheap when they
    // are already current; see https://sqlite.org/pragma.html#pragma_optimize).
    sqlite.pragma('optimize=0x10002')
    return db
  } catch (error) {
    sqlite.close()
    throw error
  }
}
