/**
 * The copy of a SQLite community into a PostgreSQL transaction (data/move.ts, and a restore into
 * PostgreSQL, data/postgres-restore.ts): each table in foreign-key order in batches, the identity
 * sequences set past the largest ids, then the rows, counts, likes and image bytes checked against
 * what the source holds. The caller's transaction undoes all of it when anything throws.
 */
import type Database from 'better-sqlite3'
import { sqliteStoreOn } from '../db/sqlite'
import type { SqlParam, Store } from '../db/store'
import { COUNTERS, countersAgainstRows } from '../db/counters'
import type { Kind, MovedTable } from './move-plan'

/** Where a stored count disagrees with its rows, as readable lines (at most `limit`). */
export async function countsAgainstRows(db: Store, limit = 5): Promise<string[]> {
  return (await countersAgainstRows(db, limit)).map(
    ({ label, id, stored, actual }) =>
      `${label} of ${id} is ${stored} where the rows say ${actual}`,
  )
}

/** Each table's rows, each counter's total and the images' bytes: what must come out equal. */
export async function tally(db: Store, plan: MovedTable[]): Promise<Map<string, number>> {
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

/** What the source holds, read before the copy, in the read transaction the copy reads in. */
export interface SourceTally {
  totals: Map<string, number>
  likes: { id: number; likes: number }[]
  /** SQLite's AUTOINCREMENT record (`sqlite_sequence`), table by table. */
  sequences: Map<string, number>
}

export async function tallySource(
  source: Database.Database,
  plan: MovedTable[],
): Promise<SourceTally> {
  const reader = sqliteStoreOn(source)
  const sequences = source.prepare('SELECT name, seq FROM sqlite_sequence').all() as {
    name: string
    seq: number
  }[]
  return {
    totals: await tally(reader, plan),
    likes: await likeCounts(reader),
    sequences: new Map(sequences.map((row) => [row.name, row.seq])),
  }
}

/**
 * Copies every table of `plan` from `source` into the transaction `tx`, sets the identity
 * sequences, and throws unless the copy holds what `expected` says the source does. Answers the
 * rows copied, per table.
 */
export async function copyCommunity(
  source: Database.Database,
  tx: Store,
  plan: MovedTable[],
  expected: SourceTally,
  options: { batchRows?: number; onTable?: (table: string, rows: number) => void } = {},
): Promise<Record<string, number>> {
  const rows: Record<string, number> = {}
  for (const table of plan) {
    rows[table.name] = await copyTable(source, tx, table, options.batchRows ?? BATCH_ROWS)
    options.onTable?.(table.name, rows[table.name] ?? 0)
  }
  for (const table of plan) {
    if (table.identity) {
      await setSequence(tx, source, table, expected.sequences.get(table.name) ?? 0)
    }
  }
  // Statistics of the rows just copied: without them the planner takes the tables for as small
  // as before the copy (empty), and checks each count by a scan of its whole table per row (at
  // 200k posts, the restore's check ran for more than ten minutes before it was stopped).
  await tx.run(`ANALYZE ${plan.map((table) => table.name).join(', ')}`)
  // No index of the schema serves the quote counts' check (posts by quote_of_id): one for the
  // check alone, dropped before the commit. Without it the check reads every post once per post
  // (20,000 posts: a minute; 200,000: hours).
  await tx.run('CREATE INDEX copy_check_quotes ON posts (quote_of_id)')
  await checkCopy(tx, plan, expected.totals, expected.likes)
  await tx.run('DROP INDEX copy_check_quotes')
  return rows
}
