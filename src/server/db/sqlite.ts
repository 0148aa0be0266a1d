/**
 * The SQLite store: one better-sqlite3 connection to the data folder's file (or `:memory:` in
 * tests), schema from `schema.ts` through drizzle-kit's migrations.
 *
 * better-sqlite3 is synchronous and runs every statement on the one connection, so a transaction
 * whose work awaits would take in whatever other requests ran meanwhile, and an async callback
 * handed to its own `transaction()` would commit before the work ends. This store therefore owns
 * the transaction: BEGIN, the work awaited through its own handle, COMMIT or ROLLBACK, and every
 * statement from outside waits until it ends (they would otherwise have run inside it).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import * as schema from './schema'
import type { DialectSql, OpenStore, SqlParam, Store } from './store'

/** Where the committed drizzle-kit migrations for SQLite live when running from source. */
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * How many SQL texts stay prepared per connection, a bound that is never reached: the texts come
 * from the code (a few dozen, with a handful of variants each).
 */
const STATEMENTS_KEPT = 500

export const SQLITE_SQL: DialectSql = {
  idSet: '(SELECT value FROM json_each(?))',
  ids: (list) => JSON.stringify([...new Set(list)]),
  textSet: '(SELECT value FROM json_each(?))',
  texts: (list) => JSON.stringify([...new Set(list)]),
  greatest: (a, b) => `max(${a}, ${b})`,
  indexedBy: (index) => ` INDEXED BY ${index}`,
  // Post search: each word a quoted FTS5 string, so nothing in it is query syntax.
  postMatches: 'posts.id IN (SELECT rowid FROM posts_search WHERE posts_search MATCH ?)',
  searchQuery: (words, { phrase, prefix }) => {
    const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`
    const star = prefix ? '*' : ''
    return phrase ? quoted(words.join(' ')) + star : words.map(quoted).join(' ') + star
  },
}

/** The SQLite store, with its connection for what only SQLite has (backup, pragmas, plans). */
export interface SqliteStore extends OpenStore {
  readonly dialect: 'sqlite'
  readonly connection: Database.Database
}

export interface OpenSqliteOptions {
  /** A file path, or `:memory:` for tests. */
  file: string
  migrationsDir?: string
  /** Path of a better_sqlite3.node built for this runtime, when not the one npm installed. */
  nativeBinding?: string
  /**
   * Called with every statement the connection runs, as SQL with its parameters written in
   * (better-sqlite3's `verbose`). Tests use it to check query plans and count statements.
   */
  onStatement?: (sql: string) => void
}

/**
 * Tests learn at once when work inside a transaction sends a statement through the outer store,
 * which would otherwise wait for the very transaction it is part of. Off in the app: following
 * every promise's context costs more than the mistake it catches there.
 */
const transactionOfWork = process.env.VITEST ? new AsyncLocalStorage<object>() : null

/** JavaScript values as better-sqlite3 binds them: it takes no booleans. */
function bind(params: readonly SqlParam[]): unknown[] {
  return params.map((param) => (typeof param === 'boolean' ? (param ? 1 : 0) : param))
}

/** How many migrations drizzle recorded as applied (0 for a new file). */
function appliedMigrationCount(connection: Database.Database): number {
  const table = connection
    .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get()
  if (!table) return 0
  return connection.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get() as number
}

/**
 * Opens the SQLite database with the settings every connection needs and brings its schema up to
 * date with the committed migrations.
 */
export function openSqliteStore({
  file,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
  nativeBinding,
  onStatement,
}: OpenSqliteOptions): SqliteStore {
  const connection = new Database(file, {
    ...(nativeBinding ? { nativeBinding } : {}),
    ...(onStatement ? { verbose: (sql: unknown) => onStatement(String(sql)) } : {}),
  })
  try {
    // WAL lets readers go on while one request writes; NORMAL sync is durable across app crashes
    // in WAL mode and only risks the last transactions on a power cut.
    connection.pragma('journal_mode = WAL')
    connection.pragma('synchronous = NORMAL')
    connection.pragma('busy_timeout = 5000')
    // Functions named in the schema (defaults, indexes) may not have side effects: a restored
    // database is checked to hold nothing else, and this makes sure (data/backup.ts).
    connection.pragma('trusted_schema = OFF')
    // Foreign keys are enforced from after the migrations on. A migration that changes a column
    // SQLite cannot alter rebuilds its table (create a copy, drop, rename: sqlite.org/lang_
    // altertable.html#otheralter), and dropping a table other rows point at would cascade their
    // deletion (0005_media_storage rebuilds `media`, which `post_media` points at). drizzle runs
    // the migrations in one transaction, where the migration's own `PRAGMA foreign_keys=OFF` does
    // nothing; so they run without, and the keys are checked when any migration ran.
    connection.pragma('foreign_keys = OFF')
    const before = appliedMigrationCount(connection)
    migrate(drizzle({ client: connection, schema }), { migrationsFolder: migrationsDir })
    if (appliedMigrationCount(connection) !== before) {
      const [broken] = connection.pragma('foreign_key_check') as { table: string }[]
      if (broken) {
        throw new Error(`A row of "${broken.table}" points at something that is not there.`)
      }
    }
    connection.pragma('foreign_keys = ON')
    // Keeps the planner's statistics fresh enough to choose the list indexes (cheap when they
    // are already current; see https://sqlite.org/pragma.html#pragma_optimize).
    connection.pragma('optimize=0x10002')
    return sqliteStoreOn(connection)
  } catch (error) {
    connection.close()
    throw error
  }
}

/** A store over a connection already open and migrated (a restored file, a test's own). */
export function sqliteStoreOn(connection: Database.Database): SqliteStore {
  const rows = new Map<string, Database.Statement>()
  const values = new Map<string, Database.Statement>()
  const prepared = (text: string, kept: Map<string, Database.Statement>) => {
    let statement = kept.get(text)
    if (!statement) {
      statement = connection.prepare(text)
      // Set once: only this store runs the statement, so its mode never changes after.
      if (kept === values) statement.pluck(true)
      if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value ?? '')
      kept.set(text, statement)
    }
    return statement
  }

  const run = {
    all: <Row>(text: string, params: readonly SqlParam[]) =>
      prepared(text, rows).all(...bind(params)) as Row[],
    get: <Row>(text: string, params: readonly SqlParam[]) =>
      prepared(text, rows).get(...bind(params)) as Row | undefined,
    ids: (text: string, params: readonly SqlParam[]) =>
      prepared(text, values).all(...bind(params)) as number[],
    run: (text: string, params: readonly SqlParam[]) =>
      prepared(text, rows).run(...bind(params)).changes,
  }

  /** Set while a transaction is open: settles when it ends. */
  let openTransaction: { ended: Promise<void>; owner: object } | null = null

  /** Waits until no transaction is open; a statement from outside must not run inside one. */
  const idle = async () => {
    while (openTransaction) {
      if (transactionOfWork?.getStore() === openTransaction.owner) {
        throw new Error(
          'A statement inside a transaction went through the outer store: use the transaction’s handle.',
        )
      }
      await openTransaction.ended
    }
  }

  /** The handle a transaction's work uses: runs at once, savepoints for nested transactions. */
  const handleFor = (owner: object): Store => {
    let savepoints = 0
    const ensureOpen = () => {
      if (openTransaction?.owner !== owner) {
        throw new Error('A transaction’s handle was used after the transaction ended.')
      }
    }
    const handle: Store = {
      dialect: 'sqlite',
      sql: SQLITE_SQL,
      all: async (text, ...params) => (ensureOpen(), run.all(text, params)),
      get: async (text, ...params) => (ensureOpen(), run.get(text, params)),
      ids: async (text, ...params) => (ensureOpen(), run.ids(text, params)),
      run: async (text, ...params) => (ensureOpen(), run.run(text, params)),
      transaction: async (work) => {
        ensureOpen()
        const name = `nested_${++savepoints}`
        connection.exec(`SAVEPOINT ${name}`)
        try {
          const result = await work(handle)
          connection.exec(`RELEASE ${name}`)
          return result
        } catch (error) {
          connection.exec(`ROLLBACK TO ${name}`)
          connection.exec(`RELEASE ${name}`)
          throw error
        } finally {
          savepoints--
        }
      },
    }
    return handle
  }

  /** Runs a statement from outside any transaction: at once, or once the open one ended. */
  const outside = <Result>(statement: () => Result): Promise<Result> =>
    openTransaction
      ? idle().then(() => outside(statement))
      : new Promise<Result>((resolve) => resolve(statement()))

  return {
    dialect: 'sqlite',
    sql: SQLITE_SQL,
    connection,
    all: (text, ...params) => outside(() => run.all(text, params)),
    get: (text, ...params) => outside(() => run.get(text, params)),
    ids: (text, ...params) => outside(() => run.ids(text, params)),
    run: (text, ...params) => outside(() => run.run(text, params)),
    transaction: async (work) => {
      // Another waiter may open its transaction between `idle` settling and this going on.
      do await idle()
      while (openTransaction)
      const owner = {}
      let end = () => {}
      openTransaction = { ended: new Promise<void>((resolve) => (end = resolve)), owner }
      try {
        // IMMEDIATE takes the write lock at once: another process on the file (a backup) waits
        // at BEGIN rather than failing half-way through the work.
        connection.exec('BEGIN IMMEDIATE')
        const handle = handleFor(owner)
        const result = transactionOfWork
          ? await transactionOfWork.run(owner, () => work(handle))
          : await work(handle)
        connection.exec('COMMIT')
        return result
      } catch (error) {
        if (connection.inTransaction) connection.exec('ROLLBACK')
        throw error
      } finally {
        openTransaction = null
        end()
      }
    },
    close: async () => {
      await idle()
      connection.close()
    },
  }
}
