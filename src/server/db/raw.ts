/**
 * Hand-written SQL (when to write it rather than drizzle: README.md in this folder), run on the
 * database's own better-sqlite3 connection (`db.$client`, which drizzle exposes for this). This
 * module owns those statements: each SQL text is prepared once per connection and kept, so a
 * request runs them without parsing SQL again. Lists of ids go in as one JSON parameter
 * (`IN (SELECT value FROM json_each(?))`), so the SQL text, and with it the statement, is the
 * same whatever the list's length.
 */
import type Database from 'better-sqlite3'
import { getTableColumns, getTableName } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'
import { comments, posts, users } from './schema'

/**
 * How many SQL texts stay prepared per connection, a bound that is never reached: the texts
 * come from the code (a few dozen, with a handful of variants each).
 */
const STATEMENTS_KEPT = 500

/** The statements of one connection: those answering rows, and those answering one column. */
interface Statements {
  rows: Map<string, Database.Statement>
  values: Map<string, Database.Statement>
}

const statementsByConnection = new WeakMap<Database.Database, Statements>()

function prepared(db: Db, sql: string, kind: keyof Statements): Database.Statement {
  const connection = db.$client
  let statements = statementsByConnection.get(connection)
  if (!statements) {
    statements = { rows: new Map(), values: new Map() }
    statementsByConnection.set(connection, statements)
  }
  const kept = statements[kind]
  let statement = kept.get(sql)
  if (!statement) {
    statement = connection.prepare(sql)
    // Set once: only this module runs the statement, so its mode never changes after.
    if (kind === 'values') statement.pluck(true)
    if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value ?? '')
    kept.set(sql, statement)
  }
  return statement
}

/** Runs a hand-written SELECT (or a write with RETURNING) and answers its rows. */
export function selectAll<Row>(db: Db, sql: string, ...params: unknown[]): Row[] {
  return prepared(db, sql, 'rows').all(...params) as Row[]
}

/** Runs a hand-written write (UPDATE, DELETE) without RETURNING. */
export function runSql(db: Db, sql: string, ...params: unknown[]): void {
  prepared(db, sql, 'rows').run(...params)
}

/**
 * Runs a hand-written SELECT of one integer column (ids) and answers the values alone: no object
 * per row, for whole lists whose order is fixed as ids first (http/whole-list.ts).
 */
export function selectIds(db: Db, sql: string, ...params: unknown[]): number[] {
  return prepared(db, sql, 'values').all(...params) as number[]
}

/** Rows put back into the order of `ids`, leaving out ids that have no row. */
export function inIdOrder<Row extends { id: number }>(ids: number[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** A list of ids as the single parameter of `json_each(?)`. */
export const idList = (ids: number[]) => JSON.stringify([...new Set(ids)])

/**
 * Column types whose stored value is the value drizzle answers. Others (boolean, timestamp and
 * JSON modes, blobs as buffers) are converted by drizzle when it reads a row, which a
 * hand-written SELECT would not do.
 */
const UNCONVERTED_COLUMNS = new Set(['SQLiteInteger', 'SQLiteText'])

/**
 * A table's columns for a hand-written SELECT, each under the name drizzle gives it
 * (`"posts"."author_id" AS "authorId"`), taken from the schema so that the two cannot drift.
 * Refuses, when the module loads, a table with a column drizzle converts on reading.
 */
export function columnsOf(table: SQLiteTable): string {
  const tableName = getTableName(table)
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => {
      if (!UNCONVERTED_COLUMNS.has(column.columnType)) {
        throw new Error(
          `${tableName}.${column.name} is a ${column.columnType}: read it through drizzle`,
        )
      }
      return `"${tableName}"."${column.name}" AS "${key}"`
    })
    .join(', ')
}

/** The columns of a posts row, as `PostRow` (rows.ts) names them. */
export const POST_COLUMNS = columnsOf(posts)

/** The columns of a users row, as `UserRow` (rows.ts) names them. */
export const USER_COLUMNS = columnsOf(users)

/** The columns of a comments row, as `CommentRow` (rows.ts) names them. */
export const COMMENT_COLUMNS = columnsOf(comments)
