/**
 * The better-sqlite3 connection under a test's store, for the few tests that are about SQLite
 * itself (query plans, pragmas, WAL, triggers in SQLite's syntax, the file's backup and restore,
 * the statement log). Every other test reads and writes through the store in portable SQL, so
 * that it runs on PostgreSQL too; a file that calls this is SQLite-only and says so at its top.
 */
import type Database from 'better-sqlite3'
import type { SqliteStore } from '../../src/server/db/sqlite'
import type { Store } from '../../src/server/db/store'

export function sqliteConnectionOf(store: Store): Database.Database {
  if (store.dialect === 'sqlite' && 'connection' in store) {
    return (store as SqliteStore).connection
  }
  throw new Error('this test is about SQLite')
}
