/**
 * Moving house: a one-shot copy of a data folder's SQLite community into a new PostgreSQL
 * database (`npm run serve -- --data DIR --move-to postgres://…`), with every id, every image's
 * bytes and every count as they were.
 *
 * - The source is checked as a backup is (data/backup.ts `checkBackup`: a Gamerstage database,
 *   intact, holding nothing but data) and must be at the latest migration; it is read in one
 *   read transaction, so the copy is one moment of it, and never written.
 * - The target is migrated, then everything happens in one PostgreSQL transaction that locks every
 *   table first: a target that already holds anything is refused, each table is copied in
 *   foreign-key order in batches, the identity sequences are set past the largest ids, and the
 *   counts are checked. Any failure undoes all of it: the target is left as empty as it was.
 * - The token secret stays in the data folder: a server on the PostgreSQL database started with
 *   the same `--data` keeps everyone signed in.
 */
import Database from 'better-sqlite3'
import { getTableColumns, getTableName, is, Table } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { getTableConfig as pgTableConfig } from 'drizzle-orm/pg-core'
import { getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_PG_MIGRATIONS_DIR, openPostgresStore, type PostgresStore } from '../db/postgres'
import * as pgSchema from '../db/schema.pg'
import * as sqliteSchema from '../db/schema'
import { DEFAULT_MIGRATIONS_DIR, sqliteStoreOn } from '../db/sqlite'
import type { SqlParam, Store } from '../db/store'
import { COUNTERS, countersAgainstRows } from '../db/counters'
import {
  DATABASE_FILE,
  SECRET_FILE,
  StartError,
  describePostgresUrl,
  isPostgresUrl,
  postgresReason,
} from '../server'
import { checkBackup } from './backup'

/**
 * Every table, parents before the tables whose foreign keys point at them. `movePlan()` checks
 * that this is exactly the schema's tables in an order their keys allow: a table added to
 * schema.ts without being added here makes every move fail loudly rather than leave it behind.
 */
export const MOVE_ORDER = [
  'users',
  'posts',
  'post_reactions',
  'comments',
  'comment_votes',
  'follows',
  'bookmarks',
  'media',
  'post_media',
  'settings',
  'notifications',
  'post_tags',
  'revoked_tokens',
  'blocks',
  'mutes',
  'reports',
  'host_grants',
  'host_actions',
  // Presence and "now playing" (issue 28).
  'presence_settings',
  'user_statuses',
  // Polls (issue 29, item 4)
  'polls',
  'poll_options',
  'poll_votes',
  // Issue 29: reposts and emoji reactions.
  'reposts',
  'post_emoji_reactions',
  'post_emoji_counts',
  // Games (issue 28)
  'games',
  'game_aliases',
  'user_games',
  // Conversations: a message may reply to an earlier one, copied in id order.
  'conversations',
  'conversation_members',
  'messages',
] as const

/**
 * SQLite's tables a move leaves behind: the post search index (migrations/0008_post_search.sql)
 * and the tables FTS5 keeps it in. PostgreSQL indexes the posts' text itself
 * (migrations-pg/0004_post_search.sql), so the moved posts are found there at once.
 */
export const NOT_MOVED = [
  'posts_search',
  'posts_search_config',
  'posts_search_data',
  'posts_search_docsize',
  'posts_search_idx',
] as const

/** How a column's SQLite value goes to PostgreSQL, by the PostgreSQL type it has. */
type Kind = 'bigint' | 'text' | 'boolean' | 'bytea'

interface MovedColumn {
  name: string
  kind: Kind
}

export interface MovedTable {
  name: string
  columns: MovedColumn[]
  /** The primary key's columns: the order rows are read in. */
  key: string[]
  /** The column PostgreSQL numbers itself (GENERATED ALWAYS AS IDENTITY), if any. */
  identity?: string
}

/** A table's columns as drizzle describes them (the shape both dialects share). */
interface ColumnLike {
  name: string
  primary: boolean
  generatedIdentity?: unknown
  getSQLType(): string
}

const tablesOf = (module: Record<string, unknown>): Map<string, Table> =>
  new Map(
    Object.values(module)
      .filter((value): value is Table => is(value, Table))
      .map((table) => [getTableName(table), table]),
  )

function kindOf(sqlType: string): Kind {
  if (sqlType === 'bigint') return 'bigint'
  if (sqlType === 'text' || sqlType === 'text COLLATE "C"') return 'text'
  if (sqlType === 'boolean' || sqlType === 'bytea') return sqlType
  throw new Error(`data/move.ts does not know how to move a PostgreSQL ${sqlType} column.`)
}

/**
 * What a move copies, table by table, from the two schemas. Throws (a bug of this file, not of
 * the data) when MOVE_ORDER misses a table, names one that is not there, or puts a table before
 * one its foreign keys point at.
 */
export function movePlan(
  schemas: { sqlite: Record<string, unknown>; pg: Record<string, unknown> } = {
    sqlite: sqliteSchema,
    pg: pgSchema,
  },
  order: readonly string[] = MOVE_ORDER,
): MovedTable[] {
  const sqliteTables = tablesOf(schemas.sqlite)
  const pgTables = tablesOf(schemas.pg)
  const listed = new Set<string>(order)
  for (const name of new Set([...sqliteTables.keys(), ...pgTables.keys()])) {
    if (!listed.has(name)) {
      throw new Error(
        `The table "${name}" is not in MOVE_ORDER (src/server/data/move.ts): a move would leave it behind. Add it after the tables it points at.`,
      )
    }
  }
  const placed = new Set<string>()
  return order.map((name) => {
    const sqliteTable = sqliteTables.get(name)
    const pgTable = pgTables.get(name)
    if (!sqliteTable || !pgTable) {
      throw new Error(
        `MOVE_ORDER (src/server/data/move.ts) names "${name}", a table not in both schemas.`,
      )
    }
    const config = sqliteTableConfig(sqliteTable as Parameters<typeof sqliteTableConfig>[0])
    for (const key of config.foreignKeys) {
      const parent = getTableName(key.reference().foreignTable)
      if (parent !== name && !placed.has(parent)) {
        throw new Error(
          `MOVE_ORDER (src/server/data/move.ts) puts "${name}" before "${parent}", which its foreign key points at.`,
        )
      }
    }
    placed.add(name)
    const pgColumns = Object.values(getTableColumns(pgTable)) as ColumnLike[]
    const columns = pgColumns.map((column) => ({
      name: column.name,
      kind: kindOf(column.getSQLType()),
    }))
    const sqliteNames = (Object.values(getTableColumns(sqliteTable)) as ColumnLike[])
      .map((column) => column.name)
      .sort()
    if (
      sqliteNames.join() !==
      columns
        .map((column) => column.name)
        .sort()
        .join()
    ) {
      throw new Error(`The two schemas disagree on the columns of "${name}".`)
    }
    const compositeKey = pgTableConfig(
      pgTable as Parameters<typeof pgTableConfig>[0],
    ).primaryKeys[0]?.columns.map((column) => column.name)
    const key = compositeKey ?? pgColumns.filter((column) => column.primary).map((c) => c.name)
    const identity = pgColumns.find((column) => column.generatedIdentity !== undefined)?.name
    return { name, columns, key, ...(identity ? { identity } : {}) }
  })
}

/** Where a stored count disagrees with its rows, as readable lines (at most `limit`). */
async function countsAgainstRows(db: Store, limit = 5): Promise<string[]> {
  return (await countersAgainstRows(db, limit)).map(
    ({ label, id, stored, actual }) =>
      `${label} of ${id} is ${stored} where the rows say ${actual}`,
  )
}

/** Each table's rows, each counter's total and the images' bytes: what must come out equal. */
async function tally(db: Store, plan: MovedTable[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>()
  for (const { name } of plan) {
    totals.set(`rows of ${name}`, (await db.ids(`SELECT count(*) FROM ${name}`))[0] ?? 0)
  }
  for (const { label, table, column } of COUNTERS) {
    totals.set(
      `sum of ${label}`,
      (await db.ids(`SELECT coalesce(sum(${column}), 0) FROM ${table}`))[0] ?? 0,
    )
  }
  totals.set(
    'bytes of media',
    (await db.ids('SELECT coalesce(sum(length(bytes)), 0) FROM media'))[0] ?? 0,
  )
  return totals
}

/** The like counts post by post, which no rows can check (db/counters.ts). */
const likeCounts = async (db: Store) =>
  db.all<{ id: number; likes: number }>('SELECT id, like_count AS likes FROM posts ORDER BY id')

/** Rows per INSERT, and at most about this many bytes of images in one (sent as hex). */
const BATCH_ROWS = 500
const BATCH_BYTES = 8 * 1024 * 1024

export interface MoveOptions {
  /** The data folder whose SQLite database moves. */
  dataDir: string
  /** The PostgreSQL database it moves into: `postgres://user:password@host:5432/name`. */
  target: string
  migrationsDir?: string
  pgMigrationsDir?: string
  /** Rows per INSERT (tests use a small one, to go through several batches). */
  batchRows?: number
  /** Told each table as it is copied, with its rows. */
  onTable?: (table: string, rows: number) => void
}

export interface MoveSummary {
  /** Where the community went: host:port/name, never the password. */
  target: string
  /** Rows copied, per table, in the order they were copied. */
  rows: Record<string, number>
  /** The images' bytes copied. */
  mediaBytes: number
  /** Whether the data folder holds the secret sessions are signed with. */
  secretKept: boolean
  ms: number
}

/** Refuses (a StartError) a source whose schema is older than this version's. */
function checkLatestMigration(
  source: Database.Database,
  file: string,
  migrationsDir: string,
): void {
  const ours = readMigrationFiles({ migrationsFolder: migrationsDir }).length
  const applied = Number(source.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get())
  if (applied < ours) {
    throw new StartError(
      `${file} cannot be moved: its schema is older than this version of Gamerstage's (${applied} of ${ours} updates). Start the server once on its data folder without --move-to (it updates the schema), stop it, then move it.`,
    )
  }
}

/**
 * Copies the data folder's community into the empty PostgreSQL database `target` (see the top of
 * this file). Throws a StartError saying why when it refuses or fails; the target is then as it
 * was, and the source is never written.
 */
export async function moveToPostgres(options: MoveOptions): Promise<MoveSummary> {
  const started = Date.now()
  const {
    dataDir,
    target,
    migrationsDir = DEFAULT_MIGRATIONS_DIR,
    pgMigrationsDir = DEFAULT_PG_MIGRATIONS_DIR,
    batchRows = BATCH_ROWS,
  } = options
  if (!isPostgresUrl(target)) {
    // Not echoed: an address may hold a password.
    throw new StartError(
      '--move-to takes a PostgreSQL address, postgres://user:password@host:5432/name (or postgresql://…).',
    )
  }
  const plan = movePlan()
  const where = describePostgresUrl(target)
  const file = join(dataDir, DATABASE_FILE)
  if (!existsSync(file)) throw new StartError(`There is no Gamerstage database in ${dataDir}.`)
  checkBackup(file, migrationsDir, file, 'moved')

  const source = new Database(file, { readonly: true, fileMustExist: true })
  let pg: PostgresStore | undefined
  try {
    source.pragma('trusted_schema = OFF')
    checkLatestMigration(source, file, migrationsDir)
    // One read transaction for everything read from the source: one moment of it, even while a
    // server still writes to it (what it writes after is not moved).
    source.exec('BEGIN')
    const reader = sqliteStoreOn(source)
    const wrong = await countsAgainstRows(reader)
    if (wrong.length > 0) {
      throw new StartError(
        `${file} cannot be moved: its counts disagree with its rows (${wrong.join('; ')}). Nothing was moved.`,
      )
    }
    const expected = await tally(reader, plan)
    const expectedLikes = await likeCounts(reader)
    const sequences = new Map(
      (
        source.prepare('SELECT name, seq FROM sqlite_sequence').all() as {
          name: string
          seq: number
        }[]
      ).map((row) => [row.name, row.seq]),
    )

    try {
      pg = await openPostgresStore({ url: target, poolSize: 1, migrationsDir: pgMigrationsDir })
    } catch (error) {
      throw new StartError(
        `Cannot use the PostgreSQL database at ${where}: ${postgresReason(error)}.`,
      )
    }
    const rows: Record<string, number> = {}
    try {
      await pg.transaction(async (tx) => {
        // Nobody else reads or writes these tables until the move commits or is undone: a server
        // started on the target meanwhile waits, then finds the community rather than seeding one.
        await tx.run(
          `LOCK TABLE ${plan.map((table) => table.name).join(', ')} IN ACCESS EXCLUSIVE MODE`,
        )
        await refuseNonEmpty(tx, plan, where)
        for (const table of plan) {
          rows[table.name] = await copyTable(source, tx, table, batchRows)
          options.onTable?.(table.name, rows[table.name] ?? 0)
        }
        for (const table of plan) {
          if (table.identity) await setSequence(tx, source, table, sequences.get(table.name) ?? 0)
        }
        await checkCopy(tx, plan, expected, expectedLikes)
      })
    } catch (error) {
      if (error instanceof StartError) throw error
      throw new StartError(
        `Could not move into the PostgreSQL database at ${where}: ${postgresReason(error)}. Nothing was moved: the move runs in one transaction, which was undone.`,
      )
    }
    return {
      target: where,
      rows,
      mediaBytes: expected.get('bytes of media') ?? 0,
      secretKept: existsSync(join(dataDir, SECRET_FILE)),
      ms: Date.now() - started,
    }
  } finally {
    if (source.inTransaction) source.exec('ROLLBACK')
    source.close()
    await pg?.close()
  }
}

/** Refuses a target that holds anything at all: a server that ever started on it seeded it. */
async function refuseNonEmpty(tx: Store, plan: MovedTable[], where: string): Promise<void> {
  const held: string[] = []
  for (const { name } of plan) {
    const [count = 0] = await tx.ids(`SELECT count(*) FROM ${name}`)
    if (count > 0) held.push(`${name}: ${count}`)
  }
  if (held.length > 0) {
    throw new StartError(
      `The PostgreSQL database at ${where} already holds a Gamerstage community (${held.slice(0, 4).join(', ')}${held.length > 4 ? ', …' : ''}): a move goes into a new, empty database only (e.g. createdb gamerstage). Nothing was changed.`,
    )
  }
}

/** A SQLite value as PostgreSQL's column of that kind takes it. */
function converted(value: unknown, kind: Kind): unknown {
  if (value === null || value === undefined) return null
  // SQLite keeps booleans as 0 and 1.
  if (kind === 'boolean') return value !== 0
  return value
}

/**
 * Copies one table, in batches of `batchRows` rows (fewer when their images are large), each
 * one INSERT … SELECT FROM unnest(one array per column): the SQL text is the same for every
 * batch, whatever its size. Answers the rows copied.
 */
async function copyTable(
  source: Database.Database,
  tx: Store,
  table: MovedTable,
  batchRows: number,
): Promise<number> {
  const names = table.columns.map((column) => column.name)
  const quoted = names.map((name) => `"${name}"`).join(', ')
  const arrays = table.columns.map((column) => `?::${column.kind}[]`).join(', ')
  const insert = `INSERT INTO ${table.name} (${quoted})${table.identity ? ' OVERRIDING SYSTEM VALUE' : ''}
    SELECT * FROM unnest(${arrays})`
  const read = source
    .prepare(
      `SELECT ${quoted} FROM ${table.name} ORDER BY ${table.key.map((k) => `"${k}"`).join(', ')}`,
    )
    .raw(true)
  let columns: unknown[][] = names.map(() => [])
  let inBatch = 0
  let bytes = 0
  let copied = 0
  const flush = async () => {
    if (inBatch === 0) return
    await tx.run(insert, ...(columns as SqlParam[]))
    copied += inBatch
    columns = names.map(() => [])
    inBatch = 0
    bytes = 0
  }
  // The iterator keeps the source's connection busy: nothing else runs on it until it ends.
  for (const row of read.iterate() as IterableIterator<unknown[]>) {
    table.columns.forEach((column, index) => {
      const value = row[index]
      if (Buffer.isBuffer(value)) bytes += value.length
      columns[index]?.push(converted(value, column.kind))
    })
    inBatch += 1
    if (inBatch >= batchRows || bytes >= BATCH_BYTES) await flush()
  }
  await flush()
  return copied
}

/**
 * Sets a table's identity sequence so that the next row gets an id past every id the community
 * has given: past the largest in use, and past SQLite's AUTOINCREMENT record (ids of deleted
 * rows, which clients may still hold, are never given again).
 */
async function setSequence(
  tx: Store,
  source: Database.Database,
  table: MovedTable,
  sqliteNext: number,
): Promise<void> {
  const column = table.identity ?? 'id'
  const largest = Number(
    source.prepare(`SELECT coalesce(max("${column}"), 0) FROM ${table.name}`).pluck().get(),
  )
  const last = Math.max(largest, sqliteNext)
  // setval(…, 1, false): the first id is 1, as in a fresh database.
  await tx.get(
    `SELECT setval(pg_get_serial_sequence(?, ?), ?, ?)`,
    table.name,
    column,
    Math.max(last, 1),
    last > 0,
  )
}

/** Throws unless the copy holds what the source did: rows, counts, likes and image bytes. */
async function checkCopy(
  tx: Store,
  plan: MovedTable[],
  expected: Map<string, number>,
  expectedLikes: { id: number; likes: number }[],
): Promise<void> {
  const actual = await tally(tx, plan)
  for (const [what, value] of expected) {
    if (actual.get(what) !== value) {
      throw new Error(
        `the ${what} came out ${actual.get(what)} where the SQLite database has ${value}`,
      )
    }
  }
  const wrong = await countsAgainstRows(tx)
  if (wrong.length > 0) throw new Error(`counts came out wrong: ${wrong.join('; ')}`)
  const likes = await likeCounts(tx)
  const differing = likes.find((row, index) => row.likes !== expectedLikes[index]?.likes)
  if (differing || likes.length !== expectedLikes.length) {
    throw new Error(`the like count of post ${differing?.id ?? '?'} came out different`)
  }
}

/** The summary the CLI prints after a move (after a line per table as it was copied). */
export function describeMove(summary: MoveSummary, dataDir: string): string[] {
  const tables = Object.keys(summary.rows).length
  const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0)
  const megabytes = (summary.mediaBytes / (1024 * 1024)).toFixed(1)
  const seconds = (summary.ms / 1000).toFixed(1)
  return [
    `Moved ${join(dataDir, DATABASE_FILE)} into PostgreSQL at ${summary.target} in ${seconds} s: ` +
      `${tables} tables, ${rows} rows, ${megabytes} MB of images.`,
    "Checked: the rows of every table, the images' bytes, and the follower, following, post, like, comment and vote counts.",
    summary.secretKept
      ? `Sessions are signed with ${join(dataDir, SECRET_FILE)}, which stays in the data folder: start the server on PostgreSQL with the same --data (or that secret) and everyone stays signed in:`
      : `The data folder has no ${SECRET_FILE}: the server on PostgreSQL makes a new one, and everyone signs in again. Start it with:`,
    `  npm run serve -- --data ${dataDir} --database <the same postgres:// address>`,
    `${join(dataDir, DATABASE_FILE)} is left as it was; a server started without --database still uses it.`,
  ]
}
