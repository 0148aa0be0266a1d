/**
 * The store boundary (README.md in this folder): what services, commands and routes speak to,
 * whichever database is behind it. Two implementations: `sqlite.ts` (the desktop app and one
 * headless process, today's file) and `postgres.ts` (a hosted community, `--database
 * postgres://…`). Both answer the same rows for the same SQL text, written once with `?`
 * parameters; the few fragments that must differ come from `store.sql`.
 */

export type Dialect = 'sqlite' | 'postgres'

/** A value bound to a `?` of a statement. Booleans are bound as the database stores them. */
export type SqlParam = string | number | boolean | null | Buffer | readonly number[] | readonly string[]

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
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<Result>(work: (tx: Store) => Promise<Result>): Promise<Result>
}

/** A store the server opened, with what only its owner does. */
export interface OpenStore extends Store {
  /** Closes the connection (or pool) once the server stops. */
  close(): Promise<void>
}
