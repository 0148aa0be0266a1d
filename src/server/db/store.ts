/**
 * The store boundary (README.md in this folder): what services, commands and routes speak to,
 * whichever database is behind it. Two implementations: `sqlite.ts` (the desktop app and one
 * headless process, today's file) and `postgres.ts` (a hosted community, `--database
 * postgres://…`). Both answer the same rows for the same SQL text, written once with `?`
 * parameters; the few fragments that must differ come from `store.sql`.
 */

export type Dialect = 'sqlite' | 'postgres'

/**
 * Characters a database cannot store as sent: an unpaired UTF-16 surrogate (SQLite would keep
 * U+FFFD instead) and U+0000 (PostgreSQL's text cannot hold it at all). One rule for both
 * databases, so that a community moved from one to the other holds the same text.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is the very character to find
const UNSTORABLE = /[\uD800-\uDFFF\u0000]/u

/** True when every character of `text` can be stored and read back as it is. */
export const isStorableText = (text: string) => !UNSTORABLE.test(text)

/** A value bound to a `?` of a statement. Booleans are bound as the database stores them. */
export type SqlParam =
  string | number | boolean | null | Buffer | readonly number[] | readonly string[]

/**
 * Fragments of SQL that differ between the two databases. Everything else is written once, in the
 * SQL both understand (row-value comparisons, `ON CONFLICT`, `RETURNING`, `UNION`, `LIMIT`).
 */
export interface DialectSql {
  /**
   * A set of ids bound as one parameter, to write `x IN ${idSet}` or `x NOT IN ${idSet}` with
   * `ids(list)` as its value: the SQL text, and with it the prepared statement, is the same
   * whatever the list's length.
   */
  readonly idSet: string
  /** The parameter `idSet` takes. */
  ids(list: readonly number[]): SqlParam
  /** A set of strings bound as one parameter, as `idSet` (usernames, media ids). */
  readonly textSet: string
  /** The parameter `textSet` takes. */
  texts(list: readonly string[]): SqlParam
  /** The larger of two values (`max(a, b)` in SQLite, `GREATEST(a, b)` in PostgreSQL). */
  greatest(a: string, b: string): string
  /**
   * Names the index a query must use where SQLite's planner would pick a worse one; PostgreSQL
   * plans by statistics and takes no hint.
   */
  indexedBy(index: string): string
  /**
   * After a SELECT of the row a decision reads and then writes (a post whose likes are counted,
   * README.md in this folder, "Concurrent writes"): ` FOR NO KEY UPDATE` on PostgreSQL (the
   * lock an UPDATE takes: concurrent transactions deciding on the same row take turns, while
   * inserts of rows that merely refer to it go on), nothing on SQLite, whose transactions
   * already run one at a time.
   */
  readonly forUpdate: string

  // Post search (docs/API.md, "Search"; services/reads/search.ts). SQLite keeps the words of posts in
  // an FTS5 table (migrations/0008_post_search.sql), PostgreSQL in a GIN expression index
  // (migrations-pg/0004_post_search.sql); both take the same words and answer the same posts.
  /**
   * True for a row of `posts` whose words match the one parameter, a query `searchQuery` makes.
   */
  readonly postMatches: string
  /**
   * As `postMatches` for a row whose id is at least `low` and below `high` (SQL the code writes,
   * which may hold parameters, after the query's): SQLite reads the matches of that range only.
   */
  postMatchesIn(low: string, high: string): string
  /**
   * True for a row of `posts` among the newest matches (by id) of a query, below an id: three
   * parameters, the query, the id (exclusive) and how many. Its cost grows with how many, not
   * with how many posts hold the words, so that a search for a common word stays fast.
   */
  readonly newestPostMatches: string
  /**
   * The query `postMatches` takes, from words of letters, digits and marks only
   * (services/reads/search.ts `searchWords`, at least one): every word, or the words one after another
   * (`phrase`), the last one also as the beginning of a longer word (`prefix`).
   */
  searchQuery(words: readonly string[], shape: SearchShape): string
}

/** How `DialectSql.searchQuery` joins its words. */
export interface SearchShape {
  /** The words next to each other in this order, rather than anywhere in the text. */
  phrase: boolean
  /** The last word also matches longer words it begins ("lan" finds "lanparty"). */
  prefix: boolean
}

/**
 * A database the server reads and writes. A transaction is `store.transaction(async (tx) => …)`,
 * with `tx` used for every statement inside it: a statement through the outer store waits for the
 * transaction to end (SQLite) or runs outside it (PostgreSQL). A transaction opened on `tx`
 * becomes a savepoint. Work inside a transaction awaits its statements one after another.
 */
export interface Store {
  readonly dialect: Dialect
  readonly sql: DialectSql
  /** The rows of a SELECT, or of a write with RETURNING. */
  all<Row>(text: string, ...params: SqlParam[]): Promise<Row[]>
  /** The first row, or undefined. */
  get<Row>(text: string, ...params: SqlParam[]): Promise<Row | undefined>
  /** The first column of every row as numbers (ids, counts): no object per row. */
  ids(text: string, ...params: SqlParam[]): Promise<number[]>
  /** Runs a write without RETURNING and answers how many rows it changed. */
  run(text: string, ...params: SqlParam[]): Promise<number>
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * SQLite runs one at a time; PostgreSQL runs them at once, READ COMMITTED, and tries `work`
   * again after a deadlock or a unique key two of them inserted at once (README.md in this
   * folder, "Concurrent writes"), so `work` must keep every effect outside the database out of
   * itself, or start it afresh on each try.
   */
  transaction<Result>(work: (tx: Store) => Promise<Result>): Promise<Result>
  /**
   * Runs a write as the transaction's last, just before its COMMIT (SQLite: after every work of
   * its group, outside their savepoints; dropped with the work or savepoint that rolls back), and
   * at once outside a transaction. For writes nothing in the transaction reads back, whose cost
   * falls at each savepoint: SQLite's search index writes what it gathered at every savepoint and
   * COMMIT, some 80 µs each at 50,000 posts, so a group's new posts are indexed together
   * (services/writes/search-index.ts indexNewPost). PostgreSQL, whose writes cost nothing more
   * at a savepoint, runs it at once, in the transaction.
   */
  runAtCommit(text: string, ...params: SqlParam[]): Promise<void>
}

/** A store the server opened, with what only its owner does. */
export interface OpenStore extends Store {
  /** Closes the connection (or pool) once the server stops. */
  close(): Promise<void>
}
