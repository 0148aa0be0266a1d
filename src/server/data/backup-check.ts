/**
 * The check every backup goes through before anything of it is used (a restore, data/restore.ts;
 * a move, data/move.ts; a new backup before it is kept, data/community-backup.ts): an intact
 * Gamerstage database holding nothing but data, its schema exactly the one our migrations make.
 */
import Database from 'better-sqlite3'
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator'
import { existsSync } from 'node:fs'
import { DEFAULT_MIGRATIONS_DIR } from '../db/sqlite'
import { StartError } from '../start-error'

/**
 * The planner's statistics, which `PRAGMA optimize` may leave in a backup (a restore drops
 * them), with the exact text SQLite makes them with. Every other object named `sqlite_…` (the
 * rowid sequence, the indexes of UNIQUE and PRIMARY KEY constraints) must be one the migrations
 * make: SQLite reserves the prefix, so such an object in a backup was written by hand.
 */
const PLANNER_STATISTICS = new Map([
  ['sqlite_stat1', 'CREATE TABLE sqlite_stat1(tbl,idx,stat)'],
  ['sqlite_stat4', 'CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)'],
])
/**
 * drizzle's record of applied migrations: compared by its columns, not its CREATE text (nor
 * its primary key's index).
 */
const MIGRATIONS_TABLE = '__drizzle_migrations'

interface SchemaObject {
  type: string
  name: string
  tableName: string
  sql: string | null
}

const isPlannerStatistics = (object: SchemaObject) =>
  PLANNER_STATISTICS.has(object.name) && PLANNER_STATISTICS.get(object.name) === object.sql

function schemaOf(db: Database.Database): Map<string, SchemaObject> {
  const rows = db
    .prepare('SELECT type, name, tbl_name AS tableName, sql FROM sqlite_schema')
    .all() as SchemaObject[]
  return new Map(
    rows
      .filter((row) => row.tableName !== MIGRATIONS_TABLE)
      .filter((row) => !isPlannerStatistics(row))
      .map((row) => [row.name, row]),
  )
}

/**
 * The schema a database has after the first `applied` migrations: what a backup made by a
 * Gamerstage of that age must hold, to the letter.
 */
function expectedSchema(migrations: MigrationMeta[]): Map<string, SchemaObject> {
  const db = new Database(':memory:')
  try {
    for (const migration of migrations) {
      for (const statement of migration.sql) if (statement.trim()) db.exec(statement)
    }
    return schemaOf(db)
  } finally {
    db.close()
  }
}

/**
 * Checks that `file` is an intact Gamerstage database that holds nothing but data: its tables,
 * columns and indexes are exactly those its migrations make, and it has no trigger or view (a
 * trigger in a backup would run inside our server on every write). The file is opened read-only
 * with `trusted_schema` off, so nothing in it runs while it is looked at. Throws a StartError
 * saying why not.
 */
export function checkBackup(
  file: string,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
  /** The name to give the file in messages (a restore checks a scratch copy of it). */
  label = file,
  /** What the file is checked for, in messages: "restored", or "moved" (data/move.ts). */
  purpose: 'restored' | 'moved' = 'restored',
): void {
  if (!existsSync(file)) throw new StartError(`There is no backup file ${file}.`)
  let db: Database.Database | undefined
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    db.pragma('trusted_schema = OFF')
    if (db.pragma('integrity_check', { simple: true }) !== 'ok') throw new Error('it is damaged')
    const objects = db
      .prepare('SELECT type, name FROM sqlite_schema WHERE type IN (?, ?)')
      .all('trigger', 'view') as { type: string; name: string }[]
    const [odd] = objects
    if (odd) throw new Error(`it holds a ${odd.type} ("${odd.name}"), which a backup never has`)
    const actual = schemaOf(db)
    if (!['users', 'posts', 'comments', 'settings'].every((table) => actual.has(table))) {
      throw new Error('it is not a Gamerstage database')
    }
    const applied = appliedMigrations(db, readMigrationFiles({ migrationsFolder: migrationsDir }))
    const expected = expectedSchema(applied)
    for (const [name, object] of actual) {
      const wanted = expected.get(name)
      if (!wanted) throw new Error(`it has a ${object.type} "${name}" that Gamerstage never makes`)
      if (wanted.type !== object.type || wanted.tableName !== object.tableName) {
        throw new Error(`its ${object.type} "${name}" is not the one Gamerstage makes`)
      }
      if (wanted.sql !== object.sql) {
        throw new Error(`its ${object.type} "${name}" differs from the one Gamerstage makes`)
      }
    }
    for (const [name, object] of expected) {
      if (!actual.has(name)) throw new Error(`its ${object.type} "${name}" is missing`)
    }
    const [broken] = db.pragma('foreign_key_check') as { table: string }[]
    if (broken) throw new Error(`a row of "${broken.table}" points at something that is not there`)
    checkSequences(db, actual)
  } catch (error) {
    if (error instanceof StartError) throw error
    throw new StartError(`${label} cannot be ${purpose}: ${(error as Error).message}.`)
  } finally {
    db?.close()
  }
}

/**
 * The next ids of the AUTOINCREMENT tables (`sqlite_sequence`) must be ids the API can carry: a
 * sequence set near 2^63 would make every new post or comment fail for good after the restore.
 * A sequence beyond the largest id in use is normal (the newest rows were deleted); the restore
 * lowers those (lowerSequences), so a crafted value just under the limit cannot run out either.
 */
function checkSequences(db: Database.Database, schema: Map<string, SchemaObject>): void {
  const rows = db.prepare('SELECT name, seq FROM sqlite_sequence').safeIntegers().all() as {
    name: unknown
    seq: unknown
  }[]
  for (const { name, seq } of rows) {
    if (typeof name !== 'string' || schema.get(name)?.type !== 'table') {
      throw new Error(`it counts ids for "${String(name)}", a table Gamerstage never makes`)
    }
    if (typeof seq !== 'bigint' || seq < 0n || seq > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new Error(`its next id for "${name}" is beyond any id Gamerstage gives`)
    }
  }
}

/**
 * The migrations a backup says it went through: its record must be a beginning of ours, hash
 * by hash (a backup of a newer Gamerstage, or one with an edited record, is refused).
 */
function appliedMigrations(db: Database.Database, ours: MigrationMeta[]): MigrationMeta[] {
  const columns = (db.pragma(`table_info(${MIGRATIONS_TABLE})`) as { name: string }[])
    .map((column) => column.name)
    .join(',')
  if (columns !== 'id,hash,created_at') throw new Error('it is not a Gamerstage database')
  const records = db
    .prepare(`SELECT hash, created_at AS createdAt FROM ${MIGRATIONS_TABLE} ORDER BY created_at`)
    .all() as { hash: unknown; createdAt: unknown }[]
  if (records.length > ours.length) {
    throw new Error('it was made by a newer version of Gamerstage: update the app first')
  }
  records.forEach((record, index) => {
    const migration = ours[index]
    if (
      !migration ||
      record.hash !== migration.hash ||
      Number(record.createdAt) !== migration.folderMillis
    ) {
      throw new Error('its record of schema changes is not one Gamerstage wrote')
    }
  })
  return ours.slice(0, records.length)
}
