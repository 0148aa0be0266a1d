/**
 * The SQLite store: one better-sqlite3 connection to the data folder's file (or `:memory:` in
 * tests), schema from `schema.ts` through drizzle-kit's migrations.
 *
 * better-sqlite3 is synchronous and runs every statement on the one connection, so a transaction
 * whose work awaits would take in whatever other requests ran meanwhile, and an async callback
 * handed to its own `transaction()` would commit before the work ends. This store therefore owns
 * the transaction: BEGIN, the work awaited through its own handle, COMMIT or ROLLBACK, and every
 * statement from outside waits until it ends (they would otherwise have run inside it).
 *
 * Group commit: the works of transactions that start while others wait for their COMMIT run in
 * the same SQLite transaction, each in its own savepoint (a failing work rolls back only its
 * own writes and fails alone), and the COMMIT runs once the event loop turned with no work
 * running. Every work's promise settles only after that COMMIT: what a request was told is
 * written is in the WAL, as durable as with a COMMIT of its own (synchronous=NORMAL: across a
 * crash of the process, not necessarily a power cut). Statements from outside wait for the
 * COMMIT too, so nothing reads what might still roll back.
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
  forUpdate: '',
  // Post search: each word a quoted FTS5 string, so nothing in it is query syntax.
  postMatches: 'posts.id IN (SELECT rowid FROM posts_search WHERE posts_search MATCH ?)',
  postMatchesIn: (low, high) =>
    `posts.id IN (SELECT rowid FROM posts_search WHERE posts_search MATCH ? AND rowid >= ${low} AND rowid < ${high})`,
  // FTS5 walks its doclists newest id first and stops at the LIMIT.
  newestPostMatches:
    'posts.id IN (SELECT rowid FROM posts_search WHERE posts_search MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?)',
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
  /** Settles once no transaction is open or waiting for its COMMIT (group commit). */
  settled(): Promise<void>
}

export interface OpenSqliteOptions {
  /**
   * A file path, `:memory:`, or a serialized database (`connection.serialize()`) opened in
   * memory: the tests' copy of an already migrated one.
   */
  file: string | Buffer
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

/**
 * How many works (commands' transactions) share one COMMIT at most; more wait for the next. Each
 * COMMIT writes the changed pages to the WAL once, whatever the number of works in it.
 */
const GROUP_LIMIT = 64

/** The real setImmediate, whatever a test's fake timers put in its place later. */
const nextTurn: (run: () => void) => void = globalThis.setImmediate

/** Works whose writes wait for one COMMIT together (sqliteStoreOn, `transaction`). */
interface CommitGroup {
  works: number
  scheduled: boolean
  committed: Promise<void>
  settle: () => void
  /** Why the group did not commit: every work in it fails with this. */
  failure?: unknown
  /** The works' writes run just before the COMMIT (Store.runAtCommit), in their order. */
  atCommit: { text: string; params: readonly SqlParam[] }[]
}

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
    // Temporary b-trees (a UNION's merge, an IN list's set, a sort without an index) in memory,
    // not in a temporary file: with a file, each statement that needed one opened it, some 15 µs
    // a statement (the viewer's state of a page: 49 µs in a file, 14 in memory; docs/PERFORMANCE.md
    // "Full caches"). The largest are the whole lists' sorts, a few MB at 50,000 posts.
    connection.pragma('temp_store = MEMORY')
    // Functions named in the schema (defaults, indexes) may not have side effects: a restored
    // database is checked to hold nothing else, and this makes sure (data/backup-check.ts).
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

  /** Set while a transaction's work runs: settles when it ends. */
  let openTransaction: { ended: Promise<void>; owner: object } | null = null
  /**
   * The SQLite transaction that works which ended wait in for their COMMIT (group commit): open
   * from the first work's BEGIN until the COMMIT, which runs once no work is running and the
   * event loop has turned once (so that the writes of requests that arrived together share it).
   */
  let group: CommitGroup | null = null

  /** Waits until no transaction is open; a statement from outside must not run inside one. */
  const idle = async () => {
    while (openTransaction || group) {
      if (openTransaction && transactionOfWork?.getStore() === openTransaction.owner) {
        throw new Error(
          'A statement inside a transaction went through the outer store: use the transaction’s handle.',
        )
      }
      await (openTransaction ? openTransaction.ended : group?.committed)
    }
  }

  /** Ends the open group: COMMIT, or ROLLBACK when it can no more commit; settles its works. */
  const commitGroup = (failure?: unknown) => {
    const ending = group
    if (!ending) return
    group = null
    if (failure !== undefined) ending.failure = failure
    else {
      try {
        for (const { text, params } of ending.atCommit) run.run(text, params)
        connection.exec('COMMIT')
      } catch (error) {
        ending.failure = error
      }
    }
    if (ending.failure !== undefined && connection.inTransaction) connection.exec('ROLLBACK')
    ending.settle()
  }

  /** Commits the open group once the event loop turned, unless a work runs in it then. */
  const scheduleCommit = () => {
    const pending = group
    if (!pending || pending.scheduled) return
    pending.scheduled = true
    nextTurn(() => {
      pending.scheduled = false
      if (group !== pending) return
      // A work still running in the group schedules the commit again when it ends.
      if (openTransaction) return
      commitGroup()
    })
  }

  /** The handle a transaction's work uses: runs at once, savepoints for nested transactions. */
  const handleFor = (owner: object, atCommit: CommitGroup['atCommit']): Store => {
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
      runAtCommit: async (text, ...params) => {
        ensureOpen()
        atCommit.push({ text, params })
      },
      transaction: async (work) => {
        ensureOpen()
        const name = `nested_${++savepoints}`
        connection.exec(`SAVEPOINT ${name}`)
        const deferredBefore = atCommit.length
        try {
          const result = await work(handle)
          connection.exec(`RELEASE ${name}`)
          return result
        } catch (error) {
          connection.exec(`ROLLBACK TO ${name}`)
          connection.exec(`RELEASE ${name}`)
          atCommit.length = deferredBefore
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
    openTransaction || group
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
    runAtCommit: async (text, ...params) => {
      await outside(() => run.run(text, params))
    },
    transaction: async (work) => {
      // Another waiter may start its work between a wait settling and this going on; a full
      // group commits before more work joins it.
      while (openTransaction || (group && group.works >= GROUP_LIMIT)) {
        await (openTransaction ? openTransaction.ended : group?.committed)
      }
      if (!group) {
        // IMMEDIATE takes the write lock at once: another process on the file (a backup) waits
        // at BEGIN rather than failing half-way through the work.
        connection.exec('BEGIN IMMEDIATE')
        let settle = () => {}
        group = {
          works: 0,
          scheduled: false,
          committed: new Promise<void>((resolve) => (settle = resolve)),
          settle: () => settle(),
          atCommit: [],
        }
      }
      const mine = group
      mine.works++
      const owner = {}
      let end = () => {}
      openTransaction = { ended: new Promise<void>((resolve) => (end = resolve)), owner }
      let result: Awaited<ReturnType<typeof work>>
      try {
        // Each work in its own savepoint: a failing one takes back only its own writes.
        connection.exec('SAVEPOINT work')
        // The work's writes for the COMMIT join the group's once its savepoint is released.
        const deferred: CommitGroup['atCommit'] = []
        const handle = handleFor(owner, deferred)
        result = transactionOfWork
          ? await transactionOfWork.run(owner, () => work(handle))
          : await work(handle)
        connection.exec('RELEASE work')
        mine.atCommit.push(...deferred)
      } catch (error) {
        openTransaction = null
        try {
          if (!connection.inTransaction) throw error
          connection.exec('ROLLBACK TO work')
          connection.exec('RELEASE work')
        } catch (lost) {
          // SQLite ended the whole transaction (a full disk, an I/O error): the works before
          // this one in the group are lost with it, and are told so.
          commitGroup(lost)
        }
        end()
        scheduleCommit()
        throw error
      }
      openTransaction = null
      end()
      scheduleCommit()
      // Answered only once committed: an acknowledged write is in the file.
      await mine.committed
      if (mine.failure !== undefined) throw mine.failure
      return result
    },
    settled: idle,
    close: async () => {
      await idle()
      connection.close()
    },
  }
}
