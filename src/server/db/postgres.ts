/**
 * The PostgreSQL store, for a community hosted beyond one machine (`--database postgres://…`):
 * a `pg` pool, the schema of `schema.pg.ts` through its own drizzle-kit migrations
 * (`migrations-pg/`), and the same SQL texts as SQLite with `?` turned into `$1, $2, …`.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import {
  asRefusal,
  DatabaseRefusal,
  isRetryableConflict,
  retryDelayMs,
  TRANSACTION_ATTEMPTS,
} from './database-refusal'
import type { DialectSql, OpenStore, SqlParam, Store } from './store'
import { transactionRetries } from '../observability/metrics'

/** Where the committed drizzle-kit migrations for PostgreSQL live when running from source. */
export const DEFAULT_PG_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations-pg', import.meta.url))

export const POSTGRES_SQL: DialectSql = {
  idSet: '(SELECT unnest(?::bigint[]))',
  ids: (list) => [...new Set(list)],
  textSet: '(SELECT unnest(?::text[]))',
  texts: (list) => [...new Set(list)],
  greatest: (a, b) => `GREATEST(${a}, ${b})`,
  indexedBy: () => '',
  forUpdate: ' FOR NO KEY UPDATE',
  // Post search: each word a quoted lexeme, so nothing in it is tsquery syntax.
  postMatches: "post_search_vector(posts.content) @@ to_tsquery('simple', ?)",
  postMatchesIn: (low, high) =>
    `(post_search_vector(posts.content) @@ to_tsquery('simple', ?) AND posts.id >= ${low} AND posts.id < ${high})`,
  // Through the GIN index, then the newest kept (`+ 0`: walking the primary key backwards and
  // checking every post's words costs a second for words no recent post holds;
  // docs/PERFORMANCE.md "Post search"). Grows with the matches, but per match it is a bitmap bit.
  newestPostMatches:
    "posts.id IN (SELECT newest.id FROM posts AS newest WHERE post_search_vector(newest.content) @@ to_tsquery('simple', ?) AND newest.id < ? ORDER BY newest.id + 0 DESC LIMIT ?)",
  searchQuery: (words, { phrase, prefix }) =>
    words
      .map((word, index) => {
        const lexeme = `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`
        return prefix && index === words.length - 1 ? `${lexeme}:*` : lexeme
      })
      .join(phrase ? ' <-> ' : ' & '),
}

/** The OIDs of PostgreSQL's 64-bit integers and numerics, which `pg` answers as strings. */
const INT8_OID = 20
const NUMERIC_OID = 1700

/**
 * Every whole-number column is a bigint (schema.pg.ts), and so are counts: answered as numbers,
 * like SQLite's, exact well past any id, date or count this server meets (below 2^53).
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID || oid === NUMERIC_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
}

/**
 * How long a request waits for a connection before it is answered 503 (database-refusal.ts): the
 * pool's connections all busy that long, or a database that does not answer a new one (a
 * machine gone: no refusal ever comes). `pg` waits forever by default.
 */
const CONNECT_TIMEOUT_MS = 5_000

/**
 * A pool with the settings every connection of the server needs: bigint and numeric columns
 * answered as numbers, a bounded wait for a connection, TCP keep-alive (a peer that vanished is
 * noticed), and an idle connection the database drops not taking the process with it. A
 * connection that failed is never reused: `pg`'s pool drops an idle one that errs, and one whose
 * socket ended when it is released (postgres.ts releases a transaction's with its error), so after
 * a restart of the database the next requests open fresh ones.
 */
export function openPostgresPool(url: string, poolSize = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  })
  pool.on('error', () => {})
  return pool
}

/**
 * The advisory lock (a fixed key of this app's, "gamerstage" in ASCII) held while migrations run:
 * instances started together on an empty database take turns, and those after the first find the
 * schema up to date instead of creating the same types and tables at once.
 */
const MIGRATION_LOCK_KEY = 0x67616d6572

/**
 * Brings the schema up to date under the migration lock, on one connection of its own: the lock
 * belongs to a session, so the lock, the migrations and the unlock must all go through it.
 */
export async function migrateUnderLock(url: string, migrationsFolder: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, types })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migrate(drizzle({ client }), { migrationsFolder })
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } finally {
    await client.end()
  }
}

/**
 * Tests learn at once when work inside a transaction sends a statement through the outer store:
 * here it would run on another connection, outside the transaction, and wait forever for a row
 * the transaction locked. Off in the app, as in sqlite.ts.
 */
const transactionOfWork = process.env.VITEST
  ? new AsyncLocalStorage<{ store: object; open: () => boolean }>()
  : null

export interface PostgresStore extends OpenStore {
  readonly dialect: 'postgres'
  readonly pool: pg.Pool
}

export interface OpenPostgresOptions {
  /** A `postgres://user:password@host:port/database` address. */
  url: string
  migrationsDir?: string
  /** Connections kept open; each request holds one for a statement, a transaction for longer. */
  poolSize?: number
  /** Called with every statement run, as SQL text (tests count statements per request). */
  onStatement?: (sql: string) => void
}

/** `?` placeholders as PostgreSQL's numbered ones; the texts come from the code, never input. */
function numbered(text: string): string {
  let index = 0
  let quoted = false
  let out = ''
  for (const char of text) {
    if (char === "'") quoted = !quoted
    out += char === '?' && !quoted ? `$${++index}` : char
  }
  return out
}

/**
 * Opens a pool on the database and brings its schema up to date with the committed migrations.
 */
export async function openPostgresStore({
  url,
  migrationsDir = DEFAULT_PG_MIGRATIONS_DIR,
  poolSize = 10,
  onStatement,
}: OpenPostgresOptions): Promise<PostgresStore> {
  await migrateUnderLock(url, migrationsDir)
  return postgresStoreOn(openPostgresPool(url, poolSize), onStatement)
}

/** A store over a pool already open on a migrated database (`openPostgresPool`). */
export function postgresStoreOn(pool: pg.Pool, onStatement?: (sql: string) => void): PostgresStore {
  /** This store, as transactionOfWork names it (tests only). */
  const owner = {}
  const outside = () => {
    const work = transactionOfWork?.getStore()
    if (work?.store === owner && work.open()) {
      throw new Error(
        'A statement inside a transaction went through the outer store: use the transaction’s handle.',
      )
    }
  }
  // Each text is a named prepared statement: parsed and planned once per connection.
  const names = new Map<string, { name: string; text: string }>()
  const statement = (text: string) => {
    let known = names.get(text)
    if (!known) {
      known = { name: `s${names.size + 1}`, text: numbered(text) }
      names.set(text, known)
    }
    return known
  }
  const query = async (
    client: pg.Pool | pg.PoolClient,
    text: string,
    params: readonly SqlParam[],
    rowMode?: 'array',
  ) => {
    const { name, text: sql } = statement(text)
    onStatement?.(sql)
    const config: pg.QueryConfig = { name, text: sql, values: params as unknown[] }
    try {
      return await (rowMode ? client.query({ ...config, rowMode }) : client.query(config))
    } catch (error) {
      throw asRefusal(error)
    }
  }

  /**
   * The four ways to run a statement on a client, after `check` (which throws to refuse, or
   * answers a promise to wait for first: a transaction's deferred `BEGIN`).
   */
  const on = (client: pg.Pool | pg.PoolClient, check: () => void | Promise<void>) => {
    const checked = async (
      text: string,
      params: readonly SqlParam[],
      rowMode?: 'array',
    ): Promise<pg.QueryResult> => {
      const before = check()
      if (before) await before
      return query(client, text, params, rowMode)
    }
    return {
      all: async <Row>(text: string, ...params: SqlParam[]) =>
        (await checked(text, params)).rows as Row[],
      get: async <Row>(text: string, ...params: SqlParam[]) =>
        (await checked(text, params)).rows[0] as Row | undefined,
      ids: async (text: string, ...params: SqlParam[]) => {
        const { rows } = await checked(text, params, 'array')
        return (rows as unknown[][]).map((row) => Number(row[0]))
      },
      run: async (text: string, ...params: SqlParam[]) =>
        (await checked(text, params)).rowCount ?? 0,
      // At once: nothing PostgreSQL writes costs more at a savepoint (db/store.ts).
      runAtCommit: async (text: string, ...params: SqlParam[]) => {
        await checked(text, params)
      },
    }
  }

  /**
   * The handle a transaction's work uses: its own connection, savepoints for nested
   * transactions. Refused once the transaction ended: its connection is back in the pool, maybe
   * in another request's transaction.
   *
   * A nested transaction that succeeds leaves its savepoint open instead of spending a round
   * trip on `RELEASE` (one statement less a new post). At most one is left open at a
   * time: the next nested transaction at the same depth releases it in the same message as its
   * own `SAVEPOINT` (a simple query may hold several statements), so a loop of nested
   * transactions never stacks savepoints inside each other, and the outer `COMMIT` or
   * `ROLLBACK` ends the last one. Releasing a savepoint also releases those opened after it.
   */
  const handleFor = (
    client: pg.PoolClient,
    isOpen: () => boolean,
    /** 'BEGIN; ' until the transaction began (`once` defers its BEGIN), then ''. */
    begin: () => string,
  ): Store => {
    let savepoints = 0
    /** The depth of the savepoint left open (always one below the current depth), if any. */
    let leftOpen: number | null = null
    const ensureOpen = () => {
      if (!isOpen()) throw new Error('A transaction’s handle was used after the transaction ended.')
    }
    /** Before a statement of its own message: the deferred BEGIN, if it was not sent yet. */
    const openedFirst = (): Promise<void> | undefined => {
      ensureOpen()
      const pending = begin()
      return pending ? client.query('BEGIN').then(() => {}) : undefined
    }
    const handle: Store = {
      dialect: 'postgres',
      sql: POSTGRES_SQL,
      ...on(client, openedFirst),
      transaction: async (work) => {
        ensureOpen()
        const depth = ++savepoints
        const name = `nested_${depth}`
        const release = leftOpen === depth ? `RELEASE SAVEPOINT ${name}; ` : ''
        leftOpen = null
        await client.query(`${begin()}${release}SAVEPOINT ${name}`)
        try {
          const result = await work(handle)
          // Any savepoint its work left open is inside this one, and goes with it.
          leftOpen = depth
          return result
        } catch (error) {
          // Those opened inside it are gone with it too.
          leftOpen = null
          await client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`)
          throw error
        } finally {
          savepoints--
        }
      },
    }
    return handle
  }

  return {
    dialect: 'postgres',
    sql: POSTGRES_SQL,
    pool,
    ...on(pool, outside),
    transaction: async (work) => {
      outside()
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(work)
        } catch (error) {
          if (!isRetryableConflict(error)) throw asRefusal(error)
          if (attempt >= TRANSACTION_ATTEMPTS)
            throw new DatabaseRefusal('contended', { cause: error })
          transactionRetries.inc()
          await delay(retryDelayMs(attempt + 1))
        }
      }
    },
    close: () => pool.end(),
  }

  /**
   * One try of a transaction, READ COMMITTED (README.md in this folder, "Concurrent writes"):
   * each statement sees what others committed before it began; counters move by atomic UPDATEs,
   * and a decision that reads what it then writes locks its row first (`sql.forUpdate`).
   */
  async function once<Result>(work: (tx: Store) => Promise<Result>): Promise<Result> {
    let client: pg.PoolClient
    try {
      client = await pool.connect()
    } catch (error) {
      throw asRefusal(error)
    }
    let open = true
    // A connection whose ROLLBACK failed is in an unknown state (or gone): closed, not reused.
    let broken: Error | undefined
    // The database ending the session between two statements (a shutdown, a restart) is told
    // on the client, not on a query: kept here (the next statement fails), never uncaught.
    const onLost = (error: Error) => (broken = error)
    client.on('error', onLost)
    // `BEGIN` is sent with the first statement's message when that is a savepoint's (a
    // simple query may hold several statements), else just before the first statement: a round
    // trip less for a transaction that opens with a nested one (a new post is one). READ
    // COMMITTED takes its snapshot per statement, so nothing is seen differently. A transaction
    // that ran no statement sends neither BEGIN nor COMMIT.
    let begun = false
    const begin = () => {
      if (begun) return ''
      begun = true
      return 'BEGIN; '
    }
    try {
      const isOpen = () => open
      const handle = handleFor(client, isOpen, begin)
      const result = transactionOfWork
        ? await transactionOfWork.run({ store: owner, open: isOpen }, () => work(handle))
        : await work(handle)
      if (begun) await client.query('COMMIT')
      return result
    } catch (error) {
      if (begun) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError))
      }
      throw error
    } finally {
      open = false
      client.off('error', onLost)
      client.release(broken)
    }
  }
}
