/**
 * Backups of a data folder's database through SQLite's online backup API (better-sqlite3's
 * `backup()`): consistent even while the server goes on writing, and restorable into a running
 * server, whose connections see the restored data from their next query.
 */
import Database from 'better-sqlite3'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DATABASE_FILE, StartError } from './server'

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
    await db.backup(target)
  } catch (error) {
    throw new StartError(`Could not write the backup to ${target}: ${(error as Error).message}`)
  } finally {
    db.close()
  }
}

/** Checks that `file` is an intact Gamerstage database; throws a StartError saying why not. */
export function checkBackup(file: string): void {
  if (!existsSync(file)) throw new StartError(`There is no backup file ${file}.`)
  let db: Database.Database | undefined
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    const integrity = db.pragma('integrity_check', { simple: true })
    const tables = new Set(
      (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
          name: string
        }[]
      ).map((row) => row.name),
    )
    if (integrity !== 'ok') throw new Error('it is damaged')
    if (!['users', 'posts', 'comments', 'settings'].every((table) => tables.has(table))) {
      throw new Error('it is not a Gamerstage database')
    }
  } catch (error) {
    throw new StartError(`${file} cannot be restored: ${(error as Error).message}.`)
  } finally {
    db?.close()
  }
}

/** Writes a backup of an open database into `target`, replacing that file (the dialog asked). */
export async function backupOpenDatabase(db: Database.Database, target: string): Promise<void> {
  rmSync(target, { force: true })
  try {
    closeSync(openSync(target, 'wx', 0o600))
    await db.backup(target)
  } catch (error) {
    throw new StartError(`Could not write the backup to ${target}: ${(error as Error).message}`)
  }
}

/** Replaces the database of `dataDir` with the backup `file`, after checking the backup. */
export async function restoreDataFolder(dataDir: string, file: string): Promise<void> {
  checkBackup(file)
  const backup = new Database(file, { readonly: true, fileMustExist: true })
  try {
    // A new data folder (e.g. on another computer) is made as the server makes it: owner only.
    if (!existsSync(dataDir)) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 })
      chmodSync(dataDir, 0o700)
    }
    await backup.backup(join(dataDir, DATABASE_FILE))
  } catch (error) {
    throw new StartError(`Could not restore into ${dataDir}: ${(error as Error).message}`)
  } finally {
    backup.close()
  }
}
