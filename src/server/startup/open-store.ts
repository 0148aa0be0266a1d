/**
 * Opening what a server keeps its data in: the data folder's SQLite file, a PostgreSQL database
 * (its driver loaded only then), and an S3 bucket for uploads. Each failure is a StartError that
 * names the place and why, never a password.
 */
import { join } from 'node:path'
import type { PostgresStore } from '../db/postgres'
import { postgresReason } from '../db/postgres-reason'
import { openSqliteStore, type SqliteStore } from '../db/sqlite'
import { StartError } from '../start-error'
import { StorageUnavailableError, type MediaStorage } from '../storage/media-storage'
import type { S3StorageOptions } from '../storage/s3-options'
import { DATABASE_FILE, describeFsError } from './data-folder'

/** Where a `postgres://` address points, for messages: host:port/name, never the password. */
export function describePostgresUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'the address given'
  }
  // As the pg driver fills them in: a host in the query (a Unix socket's folder), then PGHOST…
  const host =
    parsed.searchParams.get('host') ||
    decodeURIComponent(parsed.hostname) ||
    process.env.PGHOST ||
    'localhost'
  const port = parsed.port || process.env.PGPORT || '5432'
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''))
  return `${host}:${port}${name ? `/${name}` : ''}`
}

/** True for the addresses `database` takes: `postgres://…` or `postgresql://…`. */
export const isPostgresUrl = (url: string) => /^postgres(?:ql)?:\/\//i.test(url)

/** Opens the PostgreSQL store at `url` (and migrates it); a failure is a StartError. */
export async function openPostgres(url: string): Promise<PostgresStore> {
  if (!isPostgresUrl(url)) {
    throw new StartError(
      'The database must be a postgres:// or postgresql:// address (without it, the data folder holds a SQLite file).',
    )
  }
  try {
    // Loaded here, not at start: a server on SQLite never loads pg or the PostgreSQL schema.
    const { openPostgresStore } = await import('../db/postgres')
    return await openPostgresStore({ url })
  } catch (error) {
    throw new StartError(
      `Cannot use the PostgreSQL database at ${describePostgresUrl(url)}: ${postgresReason(error)}.`,
    )
  }
}

/** Opens the data folder's SQLite file (and migrates it); a failure is a StartError. */
export function openSqlite(options: {
  dataDir: string
  migrationsDir?: string
  nativeBinding?: string
}): SqliteStore {
  const file = join(options.dataDir, DATABASE_FILE)
  try {
    return openSqliteStore({
      file,
      migrationsDir: options.migrationsDir,
      nativeBinding: options.nativeBinding,
    })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (code.startsWith('SQLITE_')) {
      throw new StartError(`The database ${file} cannot be opened (${(error as Error).message}).`)
    }
    throw describeFsError(error, options.dataDir)
  }
}

/**
 * Opens the S3 bucket (storage/s3.ts, loaded only then); a failure is a StartError naming the
 * bucket, its host:port and why.
 */
export async function openS3(options: S3StorageOptions): Promise<MediaStorage> {
  try {
    const { openS3Storage } = await import('../storage/s3')
    return await openS3Storage(options)
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw new StartError(error.message)
    throw error
  }
}
