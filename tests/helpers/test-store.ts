/**
 * The database a server test runs on: a fresh in-memory SQLite store, or, when the suite runs
 * against PostgreSQL (`GAMERSTAGE_TEST_DATABASE`), a fresh PostgreSQL database (the PostgreSQL
 * half is added with the PostgreSQL store).
 */
import { openSqliteStore } from '../../src/server/db/sqlite'
import type { OpenStore } from '../../src/server/db/store'

export interface TestStoreOptions {
  /** Called with every statement the database runs. */
  onStatement?: (sql: string) => void
}

export async function openTestStore(options: TestStoreOptions = {}): Promise<OpenStore> {
  return openSqliteStore({ file: ':memory:', onStatement: options.onStatement })
}
