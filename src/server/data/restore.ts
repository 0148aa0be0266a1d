/**
 * Restores of a backup (data/backup-check.ts says what one may hold) into a data folder's SQLite
 * database, restorable into a running server, whose connections see the restored data from their
 * next query. `prepareRestore` is also the first half of a restore into PostgreSQL
 * (data/postgres-restore.ts): everything but where the prepared copy goes.
 */
import Database from 'better-sqlite3'
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
import { openSqliteStore } from '../db/sqlite'
import type { Store } from '../db/store'
import { clearOwner } from '../services/writes/hosting'
import { reindexAllPosts } from '../services/writes/search-index'
import { DEMO_ACCOUNT, SEED_USERS, isInitialized } from '../services/writes/seed'
import { getSetting } from '../services/reads/settings'
import { setDemoAccount, setDemoUserIds, setSetting } from '../services/writes/settings'
import { DATABASE_FILE, SECRET_FILE } from '../startup/data-folder'
import { StartError } from '../start-error'
import type { MediaStorage } from '../storage/media-storage'
import { checkBackup } from './backup-check'
import { moveMediaIntoStorage, type MediaCopied } from './media-copy'

export interface RestoreOptions {
  migrationsDir?: string
  nativeBinding?: string
  /**
   * Where the server keeps images and clips: a bucket gets the restored ones' bytes, which then
   * leave their rows (data/media-copy.ts). Unset, or the database: the rows keep them.
   */
  media?: MediaStorage
  /** Told what went into the bucket. */
  onMediaMoved?: (copied: MediaCopied) => void
  /**
   * Puts the prepared copy in place of the community's database: by default the data folder's
   * SQLite file; a PostgreSQL database is data/postgres-restore.ts. Throws (a StartError) to
   * refuse, leaving the database as it was.
   */
  installInto?: (prepared: string) => Promise<void>
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
 * 4. the images and clips go to the bucket, if the server keeps them in one (`media`);
 * 5. it replaces the database (`installInto`), and a new token secret replaces `secret.key`.
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
    // PostgreSQL indexes the posts' words itself: SQLite's index is made for SQLite only.
    await prepareRestoredDatabase(scratch, options, !options.installInto)
    if (options.media && options.media.kind !== 'database') {
      options.onMediaMoved?.(await moveMediaIntoStorage(scratch, options.media))
    }
    await (options.installInto ?? installIntoDataFolder(dataDir))(scratch)
    return replaceSecret(dataDir)
  } catch (error) {
    if (error instanceof StartError) throw error
    throw new StartError(`Could not restore into ${dataDir}: ${(error as Error).message}`)
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(scratch + suffix, { force: true })
  }
}

/** Copies the prepared file over the data folder's database, as SQLite's backup API does. */
const installIntoDataFolder = (dataDir: string) => async (prepared: string) => {
  const db = new Database(prepared, { readonly: true, fileMustExist: true })
  try {
    await db.backup(join(dataDir, DATABASE_FILE))
  } finally {
    db.close()
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

async function prepareRestoredDatabase(
  file: string,
  options: RestoreOptions,
  searchIndex: boolean,
): Promise<void> {
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
      if (searchIndex) await reindexAllPosts(tx)
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
