/**
 * How long `--backup` and `--restore` take on the bench's community (docs/hosting.md, "Backups"):
 * `npm run bench:backup [-- --users N --posts N --likes N --comments N --follows N --images N
 * --image-kb K]`, the generated dataset (bench/generate.ts, 200k posts by default) plus N images of
 * K KB each.
 *
 * - SQLite, images in the database: backup of the data folder, restore into a new one;
 * - PostgreSQL (a throwaway cluster, bench/postgres.ts) with the images in a bucket (s3rver on
 *   loopback, tests/helpers/s3.ts): backup of one snapshot with the bucket's bytes, restore over
 *   the same database into a new bucket.
 *
 * Prints each step's seconds, the file's size and the machine's load (shared machines are
 * noisy: compare runs of the same minute).
 */
import Database from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { checkBackup } from '../src/server/data/backup-check'
import { backupCommunity, restoreCommunity } from '../src/server/data/community-backup'
import { DATABASE_FILE } from '../src/server/server'
import { openS3Storage } from '../src/server/storage/s3'
import { startS3Server } from '../tests/helpers/s3'
import { DEFAULT_SIZE, generateDataset, type DatasetSize } from './generate'
import { preparePostgres } from './postgres'
import { databaseUrl, onCluster, startTestCluster } from '../tests/helpers/postgres'

const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    posts: { type: 'string' },
    likes: { type: 'string' },
    comments: { type: 'string' },
    follows: { type: 'string' },
    images: { type: 'string', default: '200' },
    'image-kb': { type: 'string', default: '200' },
    /** Only the SQLite backup restored into a new PostgreSQL database (a restore across them). */
    'restore-into-postgres': { type: 'boolean', default: false },
  },
})
const size: DatasetSize = {
  users: Number(values.users ?? DEFAULT_SIZE.users),
  posts: Number(values.posts ?? DEFAULT_SIZE.posts),
  likes: Number(values.likes ?? DEFAULT_SIZE.likes),
  comments: Number(values.comments ?? DEFAULT_SIZE.comments),
  follows: Number(values.follows ?? DEFAULT_SIZE.follows),
}
const images = Number(values.images)
const imageBytes = Number(values['image-kb']) * 1024

/** The steps asked for are done (`--restore-into-postgres`). */
class Done extends Error {}

const root = mkdtempSync(join(tmpdir(), 'gamerstage-backup-bench-'))
const results: [string, string][] = []
const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now()
  const result = await work()
  results.push([label, `${((performance.now() - started) / 1000).toFixed(1)} s`])
  console.log(`${label}: ${results.at(-1)?.[1]}`)
  return result
}
const megabytes = (file: string) => `${(statSync(file).size / (1024 * 1024)).toFixed(0)} MB`

/** Images as the server keeps them in the database: random bytes (a backup never decodes them). */
function addImages(file: string): void {
  const db = new Database(file)
  const insert = db.prepare(
    "INSERT INTO media (id, owner_id, content_type, bytes, size, created_at) VALUES (?, 1, 'image/webp', ?, ?, ?)",
  )
  db.transaction(() => {
    for (let index = 0; index < images; index++) {
      insert.run(randomBytes(12).toString('base64url'), randomBytes(imageBytes), imageBytes, 1)
    }
  })()
  db.close()
}

const s3 = await startS3Server()
try {
  const dataDir = join(root, 'data')
  mkdirSync(dataDir)
  await timed(`generate ${size.posts} posts`, async () => generateDataset(dataDir, size))
  addImages(join(dataDir, DATABASE_FILE))

  const sqliteFile = join(root, 'sqlite-backup.db')
  await timed('SQLite: --backup', () => backupCommunity({ dataDir }, sqliteFile))
  results.push(['SQLite: backup file', megabytes(sqliteFile)])
  // Part of both: the check a restore makes, which a backup also makes before it is kept.
  await timed('  of which: the check of the file alone', async () => checkBackup(sqliteFile))
  if (values['restore-into-postgres']) {
    const cluster = await startTestCluster({ durability: 'sqlite-like' })
    try {
      await onCluster(cluster.url, 'CREATE DATABASE gamerstage_restored')
      await timed('SQLite backup: --restore into a new PostgreSQL database', () =>
        restoreCommunity(
          {
            dataDir: join(root, 'pg-data'),
            database: databaseUrl(cluster.url, 'gamerstage_restored'),
          },
          sqliteFile,
        ),
      )
    } finally {
      await cluster.stop()
    }
    process.exitCode = 0
  } else
    await timed('SQLite: --restore into a new data folder', () =>
      restoreCommunity({ dataDir: join(root, 'restored') }, sqliteFile),
    )

  if (values['restore-into-postgres']) throw new Done()
  const postgres = await timed('PostgreSQL: cluster and copy (bench/postgres.ts)', () =>
    preparePostgres(join(dataDir, DATABASE_FILE), undefined),
  )
  try {
    // The images go to a bucket, as a cluster keeps them.
    const bucket = await s3.newBucket()
    const storage = await openS3Storage(bucket)
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    const { rows } = await client.query<{ id: string; bytes: Buffer }>(
      'SELECT id, bytes FROM media WHERE bytes IS NOT NULL',
    )
    for (const row of rows) await storage.put(row.id, row.bytes, 'image/webp')
    await client.query('UPDATE media SET bytes = NULL')
    await client.end()
    storage.close()

    const pgFile = join(root, 'postgres-backup.db')
    const pgOptions = { dataDir: join(root, 'pg-data'), database: postgres.url }
    await timed(`PostgreSQL + bucket: --backup (${images} images in the bucket)`, () =>
      backupCommunity({ ...pgOptions, s3: bucket }, pgFile),
    )
    results.push(['PostgreSQL: backup file', megabytes(pgFile)])
    await timed(
      'PostgreSQL + bucket: --restore over the same database, into a new bucket',
      async () => restoreCommunity({ ...pgOptions, s3: await s3.newBucket() }, pgFile),
    )
  } finally {
    await postgres.drop()
  }
} catch (error) {
  if (!(error instanceof Done)) throw error
} finally {
  await s3.close()
  rmSync(root, { recursive: true, force: true })
}
console.log('\n| step | time or size |\n| --- | --- |')
for (const [label, value] of results) console.log(`| ${label} | ${value} |`)
console.log(
  `load average: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
)
