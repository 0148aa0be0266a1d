/**
 * `--backup` and `--restore` of a whole community (docs/hosting.md, "Backups"), on either
 * database and wherever its images and clips are kept:
 *
 * - a backup is one SQLite file, whatever the database: the data folder's online backup
 *   (data/backup.ts) or one snapshot of PostgreSQL (data/postgres-backup.ts), with the bytes of
 *   every image and clip in their rows, read from the bucket when the server keeps them there
 *   (data/media-copy.ts). It is checked as a restore checks one (data/backup-check.ts), and
 *   appears under its name only once whole: a failed backup leaves no file behind.
 * - a restore goes through the same checks and preparation on both databases (data/restore.ts);
 *   into PostgreSQL it replaces the community in one transaction (data/postgres-restore.ts), and
 *   a bucket gets the images and clips back.
 *
 * Loaded for a backup or a restore only (cli.ts): it brings pg and the S3 client when asked.
 */
import { existsSync, linkSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { StartError } from '../start-error'
import { describePostgresUrl } from '../startup/open-store'
import { StorageUnavailableError, type MediaStorage } from '../storage/media-storage'
import type { S3StorageOptions } from '../storage/s3-options'
import { backupDataFolder } from './backup'
import { checkBackup } from './backup-check'
import { fillMediaFromStorage, type MediaCopied } from './media-copy'
import { restoreDataFolder } from './restore'

export interface CommunityBackupOptions {
  dataDir: string
  /** The PostgreSQL database (`--database`); unset, the data folder's SQLite file. */
  database?: string
  /** The bucket the server keeps images and clips in (`--s3-…`); unset, the database does. */
  s3?: S3StorageOptions
  migrationsDir?: string
  pgMigrationsDir?: string
  /** Told each table as it is copied, with its rows (PostgreSQL). */
  onTable?: (table: string, rows: number) => void | Promise<void>
}

/** Opens the bucket, if any; a failure is a StartError naming it and why. */
async function openBucket(s3: S3StorageOptions | undefined): Promise<MediaStorage | null> {
  if (!s3) return null
  try {
    const { openS3Storage } = await import('../storage/s3')
    return await openS3Storage(s3)
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw new StartError(error.message)
    throw error
  }
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1)
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1)
const where = (options: CommunityBackupOptions) =>
  options.database === undefined
    ? options.dataDir
    : `the PostgreSQL database at ${describePostgresUrl(options.database)}`

function describeMedia(copied: MediaCopied, doing: string): string[] {
  if (copied.count === 0 && copied.missing === 0) return []
  return [
    `${copied.count} images and clips (${megabytes(copied.bytes)} MB) ${doing}.`,
    ...(copied.missing > 0
      ? [
          `${copied.missing} were deleted while the backup ran: their rows are in it without their bytes.`,
        ]
      : []),
  ]
}

/**
 * Writes a backup of the community into the new file `target` (see the top of this file).
 * Answers the lines to print.
 */
export async function backupCommunity(
  options: CommunityBackupOptions,
  target: string,
): Promise<string[]> {
  const started = Date.now()
  if (existsSync(target)) {
    throw new StartError(`${target} already exists: choose a new file name for the backup.`)
  }
  if (!existsSync(dirname(target))) {
    throw new StartError(`There is no folder ${dirname(target)} to write the backup into.`)
  }
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}.partial`)
  const bucket = await openBucket(options.s3)
  try {
    if (options.database === undefined) await backupDataFolder(options.dataDir, partial)
    else {
      // Loaded for PostgreSQL only: it brings pg.
      const { backupPostgres } = await import('./postgres-backup')
      await backupPostgres(options.database, partial, options)
    }
    const media = await fillMediaFromStorage(partial, bucket)
    // What a restore would refuse is never left as a backup.
    checkBackup(partial, options.migrationsDir, target)
    // Under its name only now, and never over a file that appeared meanwhile.
    linkSync(partial, target)
    return [
      `Backed up ${where(options)} to ${target} in ${seconds(started)} s.`,
      ...describeMedia(media, `from ${bucket?.description ?? 'the database'} are in it`),
    ]
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(partial + suffix, { force: true })
    bucket?.close()
  }
}

/**
 * Replaces the community with the backup `file` (data/restore.ts says how it is checked and
 * prepared). Answers the lines to print.
 */
export async function restoreCommunity(
  options: CommunityBackupOptions,
  file: string,
): Promise<string[]> {
  const started = Date.now()
  const bucket = await openBucket(options.s3)
  let media: MediaCopied = { count: 0, bytes: 0, missing: 0 }
  try {
    const installInto =
      options.database === undefined
        ? undefined
        : (await import('./postgres-restore')).installIntoPostgres(options.database, options)
    await restoreDataFolder(options.dataDir, file, {
      migrationsDir: options.migrationsDir,
      ...(bucket ? { media: bucket } : {}),
      ...(installInto ? { installInto } : {}),
      onMediaMoved: (copied) => (media = copied),
    })
    return [
      `Restored ${file} into ${where(options)} in ${seconds(started)} s.`,
      ...describeMedia(media, `went into ${bucket?.description ?? 'the database'}`),
      'Every session has ended: everyone signs in again (restart every server running on it).',
    ]
  } finally {
    bucket?.close()
  }
}
