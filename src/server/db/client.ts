import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { fileURLToPath } from 'node:url'
import * as schema from './schema'

/**
 * An open database file: queries through drizzle, `$client` (the better-sqlite3 connection) for
 * hand-written SQL (raw.ts), pragmas, backup and close.
 */
export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database }

/**
 * What services take: the open database, never one of drizzle's transaction objects. A
 * transaction is `db.transaction(() => …)` with `db` used inside: better-sqlite3 runs every
 * statement on the one connection, so all of them are in the transaction (README.md here).
 */
export type Db = AppDatabase

/** Where the committed drizzle-kit migrations live when running from source. */
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * A value built once per database and kept with it, for drizzle's prepared statements:
 * `const findX = perDatabase((db) => db.select()…where(eq(col, sql.placeholder('id'))).prepare())`,
 * then `findX(db).get({ id })`. The statement is built and parsed on first use only.
 */
export function perDatabase<Value>(build: (db: Db) => Value): (db: Db) => Value {
  const built = new WeakMap<Db, Value>()
  return (db) => {
    let value = built.get(db)
    if (value === undefined) {
      value = build(db)
      built.set(db, value)
    }
    return value
  }
}

export interface OpenDatabaseOptions {
  /** A file path, or `:memory:` for tests. */
  file: string
  migrationsDir?: string
  /** Path of a better_sqlite3.node built for this runtime, when not the one npm installed. */
  nativeBinding?: string
  /**
   * Called with every statement the connection runs, drizzle's and hand-written ones alike, as
   * SQL with its parameters written in (better-sqlite3's `verbose` option). Tests use it to check
   * query plans and to count statements per request.
   */
  onStatement?: (sql: string) => void
}

/**
 * Opens the SQLite database with the settings every connection needs and brings its schema up to
 * date with the committed migrations.
 */
export function openDatabase({
  file,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
  nativeBinding,
  onStatement,
}: OpenDatabaseOptions): AppDatabase {
  const sqlite = new Database(file, {
    ...(nativeBinding ? { nativeBinding } : {}),
    ...(onStatement ? { verbose: (sql: unknown) => onStatement(String(sql)) } : {}),
  })
  try {
    // WAL lets readers go on while one request writes; NORMAL sync is durable across app crashes
    // in WAL mode and only risks the last transactions on a power cut.
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    // Functions named in the schema (defaults, indexes) may not have side effects: a restored
    // database is checked to hold nothing else, and this makes sure (data/backup.ts).
    sqlite.pragma('trusted_schema = OFF')
    const db = drizzle({ client: sqlite, schema })
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
