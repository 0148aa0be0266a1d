/**
 * Backups of a data folder's SQLite database through SQLite's online backup API (better-sqlite3's
 * `backup()`): consistent even while the server goes on writing. A whole community's backup, on
 * either database and with the images of a bucket, is data/community-backup.ts; the restore is
 * data/restore.ts.
 */
import Database from 'better-sqlite3'
import { closeSync, existsSync, openSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { SqliteStore } from '../db/sqlite'
import { DATABASE_FILE } from '../startup/data-folder'
import { StartError } from '../start-error'

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
