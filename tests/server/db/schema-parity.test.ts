/**
 * The two schemas (src/server/db/schema.ts for SQLite, schema.pg.ts for PostgreSQL) describe the
 * same database: the same tables, and in each the same columns under the same keys and names,
 * with the same kind of value, nullability, default, keys, foreign keys with their actions, and
 * indexes with their columns and uniqueness. Each table is compared as one plain description, so
 * a drift shows as a diff of that table. The PostgreSQL-only choices (bigint numbers,
 * byte-order text) are checked after.
 */
import { getTableColumns, getTableName, is, SQL, Table } from 'drizzle-orm'
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import * as pgSchema from '../../../src/server/db/schema.pg'
import * as sqliteSchema from '../../../src/server/db/schema'

/** The tables a schema module exports, by their export name. */
function tablesOf(module: Record<string, unknown>): Map<string, Table> {
  return new Map(
    Object.entries(module)
      .filter((entry): entry is [string, Table] => is(entry[1], Table))
      .sort(([a], [b]) => a.localeCompare(b)),
  )
}

/** What a column holds, in the words both databases share. */
type Kind = 'integer' | 'text' | 'bytes' | 'boolean'

const SQLITE_KINDS: Record<string, Kind> = {
  SQLiteInteger: 'integer',
  SQLiteText: 'text',
  SQLiteBlobBuffer: 'bytes',
  SQLiteBoolean: 'boolean',
}

function pgKind(sqlType: string): Kind | string {
  if (sqlType === 'integer' || sqlType === 'bigint') return 'integer'
  if (sqlType === 'text' || sqlType === 'text COLLATE "C"') return 'text'
  if (sqlType === 'bytea') return 'bytes'
  if (sqlType === 'boolean') return 'boolean'
  return `unexpected PostgreSQL type ${sqlType}`
}

interface ColumnLike {
  name: string
  columnType: string
  notNull: boolean
  primary: boolean
  hasDefault: boolean
  default: unknown
  enumValues?: string[]
  getSQLType(): string
}

const describeColumn = (key: string, column: ColumnLike, kind: string, generated: boolean) => ({
  key,
  name: column.name,
  kind,
  notNull: column.notNull,
  primaryKey: column.primary,
  // An id the database hands out: AUTOINCREMENT in SQLite, an identity in PostgreSQL.
  generatedId: generated,
  default: is(column.default, SQL) ? 'an SQL expression' : column.default,
  enumValues: column.enumValues?.length ? column.enumValues : undefined,
})

/** Index and key columns are columns of the table, or (not used here) SQL expressions. */
const columnName = (column: unknown) =>
  column && typeof column === 'object' && 'name' in column
    ? String(column.name)
    : 'an SQL expression'

interface ConfigLike {
  name: string
  indexes: { config: { name?: string; columns: unknown[]; unique: boolean } }[]
  foreignKeys: {
    reference(): {
      columns: { name: string }[]
      foreignColumns: { name: string }[]
      foreignTable: Table
    }
    onDelete?: string
    onUpdate?: string
  }[]
  primaryKeys: { columns: { name: string }[] }[]
  uniqueConstraints: { columns: { name: string }[] }[]
  checks: { name: string }[]
}

/** Keys, foreign keys and indexes, sorted so that declaration order does not count. */
function describeConstraints(config: ConfigLike) {
  return {
    compositePrimaryKeys: config.primaryKeys.map((key) => key.columns.map((column) => column.name)),
    foreignKeys: config.foreignKeys
      .map((key) => {
        const reference = key.reference()
        return {
          columns: reference.columns.map((column) => column.name),
          references: `${getTableName(reference.foreignTable)}(${reference.foreignColumns
            .map((column) => column.name)
            .join(', ')})`,
          // Both default to "no action" when not given.
          onDelete: key.onDelete ?? 'no action',
          onUpdate: key.onUpdate ?? 'no action',
        }
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
    indexes: config.indexes
      .map(({ config: index }) => ({
        name: index.name,
        columns: index.columns.map(columnName),
        unique: index.unique,
      }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    uniqueConstraints: config.uniqueConstraints.map((unique) =>
      unique.columns.map((column) => column.name),
    ),
    checks: config.checks.map((check) => check.name),
  }
}

function describeSqliteTable(table: SQLiteTable) {
  const config = sqliteTableConfig(table)
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) =>
    describeColumn(
      key,
      column,
      SQLITE_KINDS[column.columnType] ?? `unexpected SQLite type ${column.columnType}`,
      'autoIncrement' in column && column.autoIncrement === true,
    ),
  )
  return { name: config.name, columns, ...describeConstraints(config as ConfigLike) }
}

function describePgTable(table: PgTable) {
  const config = pgTableConfig(table)
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) =>
    describeColumn(
      key,
      column,
      pgKind(column.getSQLType()),
      column.generatedIdentity !== undefined,
    ),
  )
  return { name: config.name, columns, ...describeConstraints(config as ConfigLike) }
}

const sqliteTables = tablesOf(sqliteSchema)
const pgTables = tablesOf(pgSchema)

describe('the PostgreSQL schema and the SQLite schema', () => {
  it('export the same tables', () => {
    expect([...pgTables.keys()]).toEqual([...sqliteTables.keys()])
    expect([...pgTables.values()].map((table) => getTableName(table))).toEqual(
      [...sqliteTables.values()].map((table) => getTableName(table)),
    )
  })

  it.each([...sqliteTables.keys()])('describe %s alike', (key) => {
    const sqlite = sqliteTables.get(key)
    const pg = pgTables.get(key)
    expect(is(sqlite, SQLiteTable)).toBe(true)
    expect(pg, `schema.pg.ts has no table ${key}`).toBeDefined()
    expect(is(pg, PgTable)).toBe(true)
    expect(describePgTable(pg as PgTable)).toEqual(describeSqliteTable(sqlite as SQLiteTable))
  })
})

describe('the PostgreSQL schema', () => {
  const columns = [...pgTables.values()].flatMap((table) =>
    Object.values(getTableColumns(table)).map((column) => ({
      table: getTableName(table),
      name: column.name,
      type: column.getSQLType(),
    })),
  )

  it('keeps every whole number in a bigint, as SQLite keeps them in 64 bits', () => {
    // Comparisons bind numbers past 2^31 (LIST_START, ids from paths): an integer column refuses.
    expect(columns.filter((column) => column.type === 'integer')).toEqual([])
  })

  it('compares the texts SQLite pages and searches by their bytes (COLLATE "C")', () => {
    const bytewise = columns
      .filter((column) => column.type === 'text COLLATE "C"')
      .map((column) => `${column.table}.${column.name}`)
      .sort()
    expect(bytewise).toEqual(['post_tags.tag', 'users.username_key'])
  })
})
