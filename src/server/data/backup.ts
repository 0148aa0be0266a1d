/**
 * Backups of a data folder's database through SQLite's online backup API (better-sqlite3's
 * `backup()`): consistent even while the server goes on writing, and restorable into a running
 * server, whose connections see the restored data from their next query.
 */
import Database from 'better-sqlite3'
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { verifyPassword } from '../auth/password'
import { DEFAULT_MIGRATIONS_DIR, openSqliteStore, type SqliteStore } from '../db/sqlite'
import type { Store } from '../db/store'
import { clearOwner } from '../services/writes/hosting'
import { reindexAllPosts } from '../services/writes/search-index'
import { DEMO_ACCOUNT, SEED_USERS, isInitialized } from '../services/writes/seed'
import { getSetting } from '../services/reads/settings'
import { setDemoUserIds } from '../services/writes/settings'
import { setDemoAccount } from '../services/writes/settings'
import { setSetting } from '../services/writes/settings'
import { DATABASE_FILE, SECRET_FILE, StartError } from '../server'

/** Copies the database of `dataDir` into a new file `target`. */
export async function backupDataFolder(dataDir: string, target: string): Promise<void> {
  const source = join(dataDir, DATABASE_FILE)
  if (!existsSync(source)) throw new StartError(`There is no Gamerstage database in ${dataDir}.`)
  if (existsSync(target)) {
    throw new StartError(`${target} already exists: choose a new file name for the backup.`)
  }
  const db = new Database(source, { readonly: true, fileMustExist: true })
  try {
    // The copy holds what the data folder keeps to its owner (password hashes): so does the file.
    closeSync(openSync(target, 'wx', 0o600))
    await backupOneSnapshot(db, target)
  } catch (error) {
    throw new StartError(`Could not write the backup to ${target}: ${(error as Error).message}`)
  } finally {
    db.close()
  }
}

/**
 * Copies what `db` sees at one moment into `target`, while other connections (a running server)
 * go on writing: the read transaction pins one WAL snapshot for all of the backup's steps.
 */
async function backupOneSnapshot(db: Database.Database, target: string): Promise<void> {
  db.exec('BEGIN')
  try {
    db.prepare('SELECT count(*) FROM sqlite_schema').get()
    await db.backup(target)
  } finally {
    db.exec('COMMIT')
  }
}

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
 * Sets each sequence that runs beyond its table's largest id back to that id. Ids of rows deleted
 * before the backup may be given again; every session ends with the restore, so no client still
 * holds one.
 */
function lowerSequences(sqlite: Database.Database): void {
  const names = sqlite.prepare('SELECT name FROM sqlite_sequence').pluck().all() as string[]
  for (const name of names) {
    // `name` is a table of our schema (checkSequences), so it may stand in the SQL text.
    sqlite
      .prepare(
        `UPDATE sqlite_sequence SET seq = (SELECT coalesce(max(rowid), 0) FROM "${name}")
         WHERE name = ? AND seq > (SELECT coalesce(max(rowid), 0) FROM "${name}")`,
      )
      .run(name)
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

/**
 * Writes a backup of an open database into `target`, replacing that file (the dialog asked).
 * SQLite only: a PostgreSQL server is backed up with pg_dump.
 */
export async function backupOpenDatabase(
  db: SqliteStore,
  target: string,
  nativeBinding?: string,
): Promise<void> {
  rmSync(target, { force: true })
  let snapshot: Database.Database | undefined
  try {
    closeSync(openSync(target, 'wx', 0o600))
    // The backup copies what is committed: works waiting for their group's COMMIT go in first.
    await db.settled()
    if (db.connection.memory) {
      await db.connection.backup(target)
      return
    }
    // SQLite's backup steps over the pages across turns of the event loop. Stepping on the
    // server's own connection would read the pages of a transaction that begins between two
    // steps (group commit keeps one open while requests write), giving a file that is neither the
    // old state nor the new one. A second connection copies one snapshot instead.
    snapshot = new Database(db.connection.name, {
      readonly: true,
      fileMustExist: true,
      ...(nativeBinding ? { nativeBinding } : {}),
    })
    await backupOneSnapshot(snapshot, target)
  } catch (error) {
    throw new StartError(`Could not write the backup to ${target}: ${(error as Error).message}`)
  } finally {
    snapshot?.close()
  }
}

export interface RestoreOptions {
  migrationsDir?: string
  nativeBinding?: string
}

/**
 * Replaces the database of `dataDir` with the backup `file`, trusting nothing in it:
 * 1. the backup is copied to a scratch file next to the database, and only that copy is used
 *    from then on (the original may change under us);
 * 2. the copy's schema is checked (checkBackup);
 * 3. the copy is brought up to date with our migrations, every session in it is ended (token
 *    versions move on, so even a server still holding the old secret refuses old tokens),
 *    the demo accounts are worked out again from the password hashes (an edited list must not
 *    let a published password in while shared), and the owner is forgotten (docs/features.md, "Sessions, accounts and moderation");
 * 4. it replaces the database, and a new token secret replaces `secret.key`.
 * Answers the new secret, for a running server to sign and check tokens with (server.ts).
 */
export async function restoreDataFolder(
  dataDir: string,
  file: string,
  options: RestoreOptions = {},
): Promise<Uint8Array> {
  if (!existsSync(file)) throw new StartError(`There is no backup file ${file}.`)
  // A new data folder (e.g. on another computer) is made as the server makes it: owner only.
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    chmodSync(dataDir, 0o700)
  }
  const scratch = join(dataDir, `restore-${process.pid}-${Date.now()}.db`)
  try {
    await copyDatabase(file, scratch)
    checkBackup(scratch, options.migrationsDir, file)
    await prepareRestoredDatabase(scratch, options)
    const prepared = new Database(scratch, { readonly: true, fileMustExist: true })
    try {
      await prepared.backup(join(dataDir, DATABASE_FILE))
    } finally {
      prepared.close()
    }
    return replaceSecret(dataDir)
  } catch (error) {
    if (error instanceof StartError) throw error
    throw new StartError(`Could not restore into ${dataDir}: ${(error as Error).message}`)
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(scratch + suffix, { force: true })
  }
}

async function copyDatabase(source: string, target: string): Promise<void> {
  let db: Database.Database | undefined
  try {
    db = new Database(source, { readonly: true, fileMustExist: true })
    db.pragma('trusted_schema = OFF')
    closeSync(openSync(target, 'wx', 0o600))
    await db.backup(target)
  } catch (error) {
    throw new StartError(`${source} cannot be restored: ${(error as Error).message}.`)
  } finally {
    db?.close()
  }
}

async function prepareRestoredDatabase(file: string, options: RestoreOptions): Promise<void> {
  const db = openSqliteStore({
    file,
    migrationsDir: options.migrationsDir,
    nativeBinding: options.nativeBinding,
  })
  try {
    const sqlite = db.connection
    // The planner's statistics are ours to make, not the backup's.
    for (const table of ['sqlite_stat1', 'sqlite_stat4']) {
      sqlite.exec(`DROP TABLE IF EXISTS ${table}`)
    }
    const demoIds = await recomputeDemoUsers(db)
    await db.transaction(async (tx) => {
      // A version no token of the backup's time carries: every session of the backup ends.
      await tx.run('UPDATE users SET token_version = ?', Date.now() % 2 ** 31)
      await tx.run('DELETE FROM revoked_tokens')
      await setDemoUserIds(tx, demoIds.ids)
      await setDemoAccount(tx, demoIds.account)
      await clearOwner(tx)
      // Straight on the connection, which the transaction holds: SQLite's own sequence table.
      lowerSequences(sqlite)
      // The search index is made anew from the posts: the backup's own is not to be trusted.
      await reindexAllPosts(tx)
      // A backup without the "set up" mark would be seeded again on the next start.
      if (!(await isInitialized(tx))) await setSetting(tx, 'seeded', 'restored')
    })
    sqlite.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    await db.close()
  }
}

/** How many listed demo ids are looked at: each costs a password check. */
const MAX_DEMO_CANDIDATES = 16

/**
 * The demo accounts are the accounts whose password is the published demo password. Only the
 * seed's usernames and the ids the backup lists are checked (a password check is slow), and
 * each distinct hash once; the list the backup carries is never taken as it is.
 */
async function recomputeDemoUsers(
  db: Store,
): Promise<{ ids: number[]; account: typeof DEMO_ACCOUNT | null }> {
  let listed: unknown
  try {
    listed = JSON.parse((await getSetting(db, 'demoUserIds')) ?? '[]')
  } catch {
    listed = []
  }
  const listedIds = (Array.isArray(listed) ? listed : [])
    .filter((id): id is number => Number.isSafeInteger(id) && id > 0)
    .slice(0, MAX_DEMO_CANDIDATES)
  const seedKeys = SEED_USERS.map((user) => user.username.toLowerCase())
  const candidates = await db.all<{ id: number; key: string; hash: string }>(
    `SELECT id, username_key AS "key", password_hash AS hash FROM users
     WHERE username_key IN (${seedKeys.map(() => '?').join(', ')}) OR id IN ${db.sql.idSet}`,
    ...seedKeys,
    db.sql.ids(listedIds),
  )
  const verdicts = new Map<string, boolean>()
  for (const hash of new Set(candidates.map((row) => row.hash))) {
    verdicts.set(hash, await verifyPassword(DEMO_ACCOUNT.password, hash).catch(() => false))
  }
  const demo = candidates.filter((row) => verdicts.get(row.hash))
  const ids = demo.map((row) => row.id).sort((a, b) => a - b)
  const account = demo.some((row) => row.key === DEMO_ACCOUNT.username.toLowerCase())
    ? DEMO_ACCOUNT
    : null
  return { ids, account }
}

/** Writes a new token secret (owner only), replacing the old file in one step. */
function replaceSecret(dataDir: string): Uint8Array {
  const secret = randomBytes(32)
  const target = join(dataDir, SECRET_FILE)
  const next = `${target}.new`
  rmSync(next, { force: true })
  writeFileSync(next, secret, { mode: 0o600, flag: 'wx' })
  renameSync(next, target)
  return secret
}
