/**
 * What hand-written SQL shares, for both databases (README.md in this folder): whole-row column
 * lists taken from the schema, rows put back into the order of their ids, and typed inserts and
 * updates built from the schema's column names. Values are always `?` parameters; only names
 * written in the code (a table, a column, an index) go into the text.
 */
import { getTableColumns, getTableName } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { comments, posts, users } from './schema'
import type { SqlParam, Store } from './store'

/** Rows put back into the order of `ids`, leaving out ids that have no row. */
export function inIdOrder<Row extends { id: number }>(ids: number[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * Column types whose stored value is the value a row holds in both databases. A boolean is read
 * back through `readRow` (SQLite answers 0 or 1); other modes (timestamps, JSON) are not used.
 */
const PLAIN_COLUMNS = new Set(['SQLiteInteger', 'SQLiteText', 'SQLiteBlobBuffer'])
const BOOLEAN_COLUMN = 'SQLiteBoolean'

/** Each table's column list and boolean keys, made once: inserts and updates ask per call. */
const columnLists = new WeakMap<SQLiteTable, string>()
const booleanKeysOf = new WeakMap<SQLiteTable, string[]>()

/**
 * A table's columns for a hand-written SELECT or RETURNING, each under the name drizzle gives it
 * (`"posts"."author_id" AS "authorId"`), taken from the schema so that the two cannot drift.
 * Refuses, when the module loads, a table with a column neither database reads as drizzle does.
 */
export function columnsOf(table: SQLiteTable): string {
  const known = columnLists.get(table)
  if (known !== undefined) return known
  const tableName = getTableName(table)
  const list = Object.entries(getTableColumns(table))
    .map(([key, column]) => {
      if (!PLAIN_COLUMNS.has(column.columnType) && column.columnType !== BOOLEAN_COLUMN) {
        throw new Error(`${tableName}.${column.name} is a ${column.columnType}: not supported`)
      }
      return `"${tableName}"."${column.name}" AS "${key}"`
    })
    .join(', ')
  columnLists.set(table, list)
  return list
}

/** The keys of a table's boolean columns, which SQLite stores as 0 and 1. */
function booleanKeys(table: SQLiteTable): string[] {
  let keys = booleanKeysOf.get(table)
  if (!keys) {
    keys = Object.entries(getTableColumns(table))
      .filter(([, column]) => column.columnType === BOOLEAN_COLUMN)
      .map(([key]) => key)
    booleanKeysOf.set(table, keys)
  }
  return keys
}

/** A row read with `columnsOf(table)` as drizzle would answer it (booleans as booleans). */
export function readRow<Table extends SQLiteTable>(
  table: Table,
  row: Record<string, unknown>,
): Table['$inferSelect'] {
  for (const key of booleanKeys(table)) {
    if (row[key] !== null && row[key] !== undefined) row[key] = Boolean(row[key])
  }
  return row as Table['$inferSelect']
}

/** The columns of a posts row, as `PostRow` (rows.ts) names them. */
export const POST_COLUMNS = columnsOf(posts)

/** The columns of a users row, as `UserRow` (rows.ts) names them. */
export const USER_COLUMNS = columnsOf(users)

/** The columns of a comments row, as `CommentRow` (rows.ts) names them. */
export const COMMENT_COLUMNS = columnsOf(comments)

/** The SQL names and values of the given fields of a row (fields left undefined are left out). */
function namedValues(table: SQLiteTable, values: Record<string, unknown>) {
  const columns = getTableColumns(table)
  const names: string[] = []
  const params: SqlParam[] = []
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue
    const column = columns[key]
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`)
    names.push(`"${column.name}"`)
    params.push(value as SqlParam)
  }
  return { names, params }
}

export interface InsertOptions {
  /** What a row that meets an existing key does: nothing (`ON CONFLICT DO NOTHING`). */
  onConflict?: 'nothing'
}

/**
 * Inserts one row and answers it whole, as drizzle's `insert(…).values(…).returning()` did, or
 * undefined when `onConflict: 'nothing'` met an existing row.
 */
export async function insertRow<Table extends SQLiteTable>(
  db: Store,
  table: Table,
  values: Table['$inferInsert'],
  { onConflict }: InsertOptions = {},
): Promise<Table['$inferSelect'] | undefined> {
  const { names, params } = namedValues(table, values)
  const row = await db.get<Record<string, unknown>>(
    `INSERT INTO "${getTableName(table)}" (${names.join(', ')})
     VALUES (${names.map(() => '?').join(', ')})
     ${onConflict === 'nothing' ? 'ON CONFLICT DO NOTHING ' : ''}RETURNING ${columnsOf(table)}`,
    ...params,
  )
  return row && readRow(table, row)
}

/** Inserts one row that must be new (a unique key met is an error) and answers it whole. */
export async function insertNewRow<Table extends SQLiteTable>(
  db: Store,
  table: Table,
  values: Table['$inferInsert'],
): Promise<Table['$inferSelect']> {
  const row = await insertRow(db, table, values)
  if (!row) throw new Error(`The insert into ${getTableName(table)} answered no row.`)
  return row
}

/**
 * Inserts rows that all give the same fields, in one statement, and answers how many went in.
 * With `onConflict: 'nothing'` a row meeting an existing key is left out.
 */
export async function insertRows<Table extends SQLiteTable>(
  db: Store,
  table: Table,
  rows: readonly Table['$inferInsert'][],
  { onConflict }: InsertOptions = {},
): Promise<number> {
  const first = rows[0]
  if (!first) return 0
  const { names } = namedValues(table, first)
  const params = rows.flatMap((row) => namedValues(table, row).params)
  const tuple = `(${names.map(() => '?').join(', ')})`
  return db.run(
    `INSERT INTO "${getTableName(table)}" (${names.join(', ')})
     VALUES ${rows.map(() => tuple).join(', ')}
     ${onConflict === 'nothing' ? 'ON CONFLICT DO NOTHING' : ''}`,
    ...params,
  )
}

/**
 * Sets the given fields of the rows that `where` (SQL with `?` parameters after the fields')
 * selects, and answers how many rows changed.
 */
export async function updateRows<Table extends SQLiteTable>(
  db: Store,
  table: Table,
  set: Partial<Table['$inferInsert']>,
  where: string,
  ...whereParams: SqlParam[]
): Promise<number> {
  const { names, params } = namedValues(table, set)
  return db.run(
    `UPDATE "${getTableName(table)}" SET ${names.map((name) => `${name} = ?`).join(', ')}
     WHERE ${where}`,
    ...params,
    ...whereParams,
  )
}

/** Sets the given fields of the one row `where` selects and answers it whole, or undefined. */
export async function updateRow<Table extends SQLiteTable>(
  db: Store,
  table: Table,
  set: Partial<Table['$inferInsert']>,
  where: string,
  ...whereParams: SqlParam[]
): Promise<Table['$inferSelect'] | undefined> {
  const { names, params } = namedValues(table, set)
  const row = await db.get<Record<string, unknown>>(
    `UPDATE "${getTableName(table)}" SET ${names.map((name) => `${name} = ?`).join(', ')}
     WHERE ${where} RETURNING ${columnsOf(table)}`,
    ...params,
    ...whereParams,
  )
  return row && readRow(table, row)
}
