/**
 * The migrations make the database the schema describes. The schema files (schema.ts for SQLite,
 * schema.pg.ts for PostgreSQL) are what the code's column lists, rows and drizzle's next
 * migration come from; the migrations are what a server actually runs. A migration edited by
 * hand, or a schema change whose migration was never generated, makes them differ without any
 * other test noticing until a query meets the missing column.
 *
 * So a freshly migrated database (the one every server test starts from: in-memory SQLite, or
 * the PostgreSQL run's migrated template) is read back from the database's own catalogue and
 * compared, table by table, with the schema of its dialect: the tables, each column's name, type
 * and nullability, the primary key, and every index the schema declares with its columns and
 * uniqueness. What the schema cannot express (the search setups, which each dialect builds in
 * SQL of its own) is listed below by name, so that anything else left over fails.
 *
 * schema-parity.test.ts compares the two schemas with each other; this file ties each to its
 * migrations, so that the three agree.
 */
import { getTableColumns, is, Table } from 'drizzle-orm'
import { getTableConfig as pgTableConfig } from 'drizzle-orm/pg-core'
import { getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as pgSchema from '../../../src/server/db/schema.pg'
import * as sqliteSchema from '../../../src/server/db/schema'
import type { OpenStore } from '../../../src/server/db/store'
import { openTestStore, testsOnPostgres } from '../../helpers/test-store'

/**
 * Tables and indexes the migrations make in SQL the schema does not describe, by dialect: SQLite
 * keeps the words of posts in an FTS5 table (migrations/0008_post_search.sql), which SQLite backs
 * with tables of its own; PostgreSQL in a GIN expression index
 * (migrations-pg/0004_post_search.sql). In SQLite, drizzle's own table records which migrations
 * ran.
 */
const BUILT_BY_HAND = {
  sqlite: {
    tables: [
      '__drizzle_migrations',
      'posts_search',
      'posts_search_config',
      'posts_search_data',
      'posts_search_docsize',
      'posts_search_idx',
    ],
    indexes: [] as string[],
  },
  postgres: {
    // drizzle keeps its record in a schema of its own (drizzle.__drizzle_migrations).
    tables: [] as string[],
    indexes: ['posts_search_idx'],
  },
}

interface ColumnShape {
  name: string
  type: string
  notNull: boolean
}

interface IndexShape {
  name: string
  columns: string[]
  unique: boolean
}

interface TableShape {
  columns: ColumnShape[]
  primaryKey: string[]
  indexes: IndexShape[]
}

const byName = <T extends { name: string }>(items: T[]) =>
  [...items].sort((a, b) => a.name.localeCompare(b.name))

/** What the schema module of this run's dialect says each table is. */
function declaredTables(): Map<string, TableShape> {
  const module: Record<string, unknown> = testsOnPostgres ? pgSchema : sqliteSchema
  const tables = new Map<string, TableShape>()
  for (const table of Object.values(module)) {
    if (!is(table, Table)) continue
    const config = testsOnPostgres
      ? pgTableConfig(table as never)
      : sqliteTableConfig(table as never)
    const columns = Object.values(getTableColumns(table))
    const compositeKey = config.primaryKeys[0]?.columns.map((column) => column.name)
    tables.set(config.name, {
      columns: byName(
        columns.map((column) => ({
          name: column.name,
          // SQLite's catalogue gives the type as the migration wrote it (INTEGER).
          type: testsOnPostgres ? column.getSQLType() : column.getSQLType().toLowerCase(),
          notNull: column.notNull,
        })),
      ),
      primaryKey: compositeKey ?? columns.filter((c) => c.primary).map((c) => c.name),
      indexes: byName(
        config.indexes.map(({ config: index }) => ({
          name: String(index.name),
          columns: index.columns.map((column) =>
            column && typeof column === 'object' && 'name' in column
              ? String(column.name)
              : 'an SQL expression',
          ),
          unique: index.unique,
        })),
      ),
    })
  }
  return tables
}

/** The tables of a migrated SQLite database, from its catalogue. */
async function sqliteTables(db: OpenStore): Promise<Map<string, TableShape>> {
  const names = await db.all<{ name: string }>(
    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  )
  const tables = new Map<string, TableShape>()
  for (const { name } of names) {
    const columns = await db.all<{ name: string; type: string; notnull: number; pk: number }>(
      'SELECT name, type, "notnull", pk FROM pragma_table_info(?)',
      name,
    )
    // Automatic indexes of primary keys and UNIQUE constraints are not the schema's indexes.
    const indexes = await db.all<{ name: string; unique: number }>(
      `SELECT name, "unique" FROM pragma_index_list(?) WHERE origin = 'c'`,
      name,
    )
    tables.set(name, {
      columns: byName(
        columns.map((column) => ({
          name: column.name,
          type: column.type.toLowerCase(),
          // SQLite lets a primary key column hold NULL unless it says NOT NULL; an INTEGER
          // PRIMARY KEY cannot (it is the rowid), and drizzle declares it so.
          notNull: column.notnull === 1 || (column.pk > 0 && column.type === 'INTEGER'),
        })),
      ),
      primaryKey: columns
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      indexes: byName(
        await Promise.all(
          indexes.map(async (index) => ({
            name: index.name,
            columns: (
              await db.all<{ name: string | null }>(
                'SELECT name FROM pragma_index_info(?) ORDER BY seqno',
                index.name,
              )
            ).map((column) => column.name ?? 'an SQL expression'),
            unique: index.unique === 1,
          })),
        ),
      ),
    })
  }
  return tables
}

/** The tables of a migrated PostgreSQL database, from its catalogue. */
async function postgresTables(db: OpenStore): Promise<Map<string, TableShape>> {
  const columns = await db.all<{
    table: string
    name: string
    type: string
    collation: string | null
    notNull: boolean
  }>(
    `SELECT c.relname AS "table", a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
            CASE WHEN a.attcollation <> t.typcollation THEN co.collname END AS collation,
            a.attnotnull AS "notNull"
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_collation co ON co.oid = a.attcollation
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
  )
  const indexes = await db.all<{
    table: string
    name: string
    unique: boolean
    primary: boolean
    fromConstraint: boolean
    columns: (string | null)[]
  }>(
    `SELECT t.relname AS "table", i.relname AS name, x.indisunique AS "unique",
            x.indisprimary AS "primary",
            EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid) AS "fromConstraint",
            ARRAY(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, position)
                    LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                   ORDER BY k.position) AS columns
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public'`,
  )
  const tables = new Map<string, TableShape>()
  for (const column of columns) {
    const table = tables.get(column.table) ?? { columns: [], primaryKey: [], indexes: [] }
    table.columns.push({
      name: column.name,
      type: column.collation ? `${column.type} COLLATE "${column.collation}"` : column.type,
      notNull: column.notNull,
    })
    tables.set(column.table, table)
  }
  for (const index of indexes) {
    const table = tables.get(index.table)
    if (!table) continue
    if (index.primary) table.primaryKey = index.columns.map((name) => name ?? '?')
    // Keys and UNIQUE constraints make indexes of their own; the schema's are CREATE INDEX.
    else if (!index.fromConstraint)
      table.indexes.push({
        name: index.name,
        // An expression's position holds attnum 0, which names no column.
        columns: index.columns.map((name) => name ?? 'an SQL expression'),
        unique: index.unique,
      })
  }
  for (const table of tables.values()) {
    table.columns = byName(table.columns)
    table.indexes = byName(table.indexes)
  }
  return tables
}

const dialect = testsOnPostgres ? 'postgres' : 'sqlite'
let migrated: Map<string, TableShape>
let db: OpenStore

beforeAll(async () => {
  db = await openTestStore()
  migrated = testsOnPostgres ? await postgresTables(db) : await sqliteTables(db)
})
afterAll(() => db.close())

describe(`the ${dialect} migrations`, () => {
  const declared = declaredTables()

  it('make the schema’s tables, and beside them only the search setup', () => {
    const made = [...migrated.keys()].filter(
      (name) => !BUILT_BY_HAND[dialect].tables.includes(name),
    )
    expect(made.sort()).toEqual([...declared.keys()].sort())
    for (const name of BUILT_BY_HAND[dialect].tables) {
      expect(migrated.has(name), `the migrations make no table ${name}`).toBe(true)
    }
  })

  it.each([...declared.keys()].sort())('make %s as the schema describes it', (name) => {
    const made = migrated.get(name)
    expect(made, `the migrations make no table ${name}`).toBeDefined()
    const extras = BUILT_BY_HAND[dialect].indexes
    expect({
      ...made,
      indexes: made?.indexes.filter((index) => !extras.includes(index.name)),
    }).toEqual(declared.get(name))
  })

  it('build the search setup the schema leaves to SQL', () => {
    const indexes = [...migrated.values()].flatMap((table) => table.indexes.map((i) => i.name))
    for (const name of BUILT_BY_HAND[dialect].indexes) expect(indexes).toContain(name)
  })
})
