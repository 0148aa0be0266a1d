/**
 * Backups of a whole community (src/server/data/community-backup.ts): on
 * PostgreSQL as on SQLite, with the images and clips wherever the server keeps them, here in a
 * bucket on a real S3-compatible server (s3rver, tests/helpers/s3.ts). A backup restores into a
 * new database and bucket, and over the community it was taken from; a broken or foreign backup,
 * or one whose copy fails half-way, is refused in one sentence and changes nothing.
 *
 * The PostgreSQL tests run in `npm run test:pg`, the SQLite ones in `npm run test:unit`.
 */
import Database from 'better-sqlite3'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { afterEach } from 'vitest'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { backupCommunity, restoreCommunity } from '../../../src/server/data/community-backup'
import {
  DATABASE_FILE,
  StartError,
  startServer,
  type RunningServer,
  type StartServerOptions,
} from '../../../src/server/server'
import type { S3StorageOptions } from '../../../src/server/storage/s3-options'
import { describe, expect, it } from '../../helpers/fixtures'
import { loginOver } from '../../helpers/real-login'
import { createTestPostgresDatabase, testsOnPostgres } from '../../helpers/test-store'
import { makeMp4 } from '../../helpers/videos'

const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined)
})

/** A server on `dataDir`, closed once the test ends unless the test closes it first. */
async function start(
  dataDir: string,
  options: Omit<StartServerOptions, 'dataDir'> = {},
): Promise<RunningServer> {
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    demo: true,
    limits: false,
    passwordCost: TEST_SCRYPT_PARAMS,
    ...options,
    dataDir,
  })
  let closed = false
  const close = server.close
  server.close = async () => {
    if (closed) return
    closed = true
    await close()
  }
  closers.push(() => server.close())
  return server
}

/** A new PostgreSQL database with the schema and nothing else; dropped after the test. */
async function newDatabase(): Promise<string> {
  const database = await createTestPostgresDatabase()
  closers.unshift(() => database.drop())
  return database.url
}

async function send(base: string, path: string, token: string, body: unknown) {
  const answer = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify(body),
  })
  expect(answer.status, await answer.clone().text()).toBeLessThan(300)
  return (await answer.json()) as { post?: { _id: string } }
}

/** Uploads a file as the app does; answers the media's id and address. */
async function uploadTo(
  base: string,
  token: string,
  route: string,
  bytes: Buffer,
  type: string,
): Promise<{ id: string; url: string }> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'upload')
  const answer = await fetch(`${base}/api${route}`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  })
  expect(answer.status, await answer.clone().text()).toBe(201)
  return ((await answer.json()) as { media: { id: string; url: string } }).media
}

/** A post with a new image, and another with a clip: answers what each served. */
async function postImageAndClip(base: string, token: string) {
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#a52' } })
    .png()
    .toBuffer()
  const image = await uploadTo(base, token, '/media/post-images', png, 'image/png')
  await send(base, '/posts', token, { postData: { content: 'a screenshot', media: [image] } })
  const clip = await uploadTo(base, token, '/media/clips', makeMp4(), 'video/mp4')
  await send(base, '/posts', token, { postData: { content: 'a clip', media: [{ id: clip.id }] } })
  return { image: await served(base, image.url), clip: await served(base, clip.url) }
}

async function served(base: string, url: string): Promise<{ url: string; bytes: Buffer }> {
  const answer = await fetch(`${base}${url}`)
  expect(answer.status).toBe(200)
  return { url, bytes: Buffer.from(await answer.arrayBuffer()) }
}

async function postContents(base: string): Promise<string[]> {
  const answer = await fetch(`${base}/api/posts`)
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { posts: { content: string }[] }).posts
    .map((post) => post.content)
    .sort()
}

/** The media rows of a backup or a data folder's database: id → whether its row holds bytes. */
function mediaRowsOf(file: string): Map<string, Buffer | null> {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const rows = db.prepare('SELECT id, bytes FROM media').all() as {
      id: string
      bytes: Buffer | null
    }[]
    return new Map(rows.map((row) => [row.id, row.bytes]))
  } finally {
    db.close()
  }
}

async function onDatabase<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows as T[]
  } finally {
    await client.end()
  }
}

async function rejection(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(StartError)
  const message = (error as Error).message
  expect(message).not.toContain('\n')
  return message
}

const idOf = (url: string) => url.slice('/api/media/'.length)

describe.runIf(testsOnPostgres)('backups of a PostgreSQL community with a bucket', () => {
  it('backs up one snapshot with every image and clip, and restores it into a new database and bucket, and over the old', async ({
    tempDir,
    s3Bucket,
    s3Server,
  }) => {
    const first = { database: await newDatabase(), s3: s3Bucket }
    const source = await start(join(tempDir, 'a'), first)
    const token = await loginOver(source.url)
    const { image, clip } = await postImageAndClip(source.url, token)
    const before = await postContents(source.url)

    const file = join(tempDir, 'community.db')
    const lines = await backupCommunity({ dataDir: join(tempDir, 'a'), ...first }, file)
    const [rowCount] = await onDatabase<{ n: string }>(
      first.database,
      'SELECT count(*) AS n FROM media',
    )
    expect(lines[0]).toMatch(/^Backed up the PostgreSQL database at 127\.0\.0\.1:\d+\/\w+ to /)
    expect(lines[1]).toMatch(new RegExp(`^${rowCount?.n} images and clips \\(\\d+\\.\\d MB\\)`))
    // The bucket's bytes are in the backup's rows, every one of them.
    // Password hashes are in it: for its owner only, as the data folder is.
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const rows = mediaRowsOf(file)
    expect(rows.size).toBe(Number(rowCount?.n))
    expect([...rows.values()].filter((bytes) => bytes === null)).toEqual([])
    expect(rows.get(idOf(image.url))?.equals(image.bytes)).toBe(true)
    expect(rows.get(idOf(clip.url))?.equals(clip.bytes)).toBe(true)

    // Written after the backup: a restore takes the community back to before it.
    await send(source.url, '/posts', token, { postData: { content: 'after the backup' } })
    await source.close()

    const second = { database: await newDatabase(), s3: await s3Server.newBucket() }
    const restored = await restoreCommunity({ dataDir: join(tempDir, 'b'), ...second }, file)
    expect(restored[0]).toMatch(/^Restored .* into the PostgreSQL database at /)
    expect(restored[1]).toMatch(new RegExp(`^${rows.size} images and clips .* went into`))
    // Back in the bucket, and out of the rows, as the server keeps its own uploads.
    expect(await s3Server.keys(second.s3.bucket)).toEqual(
      [...rows.keys()].map((id) => `media/${id}`).sort(),
    )
    expect(
      await onDatabase(second.database, 'SELECT id FROM media WHERE bytes IS NOT NULL'),
    ).toEqual([])

    const copy = await start(join(tempDir, 'b'), second)
    expect(await postContents(copy.url)).toEqual(before)
    expect((await served(copy.url, image.url)).bytes.equals(image.bytes)).toBe(true)
    expect((await served(copy.url, clip.url)).bytes.equals(clip.bytes)).toBe(true)
    // Every session ended; a new one posts, with an id after every restored one.
    const newToken = await loginOver(copy.url)
    const made = await send(copy.url, '/posts', newToken, { postData: { content: 'new here' } })
    const [largest] = await onDatabase<{ id: string }>(
      second.database,
      "SELECT max(id) AS id FROM posts WHERE content <> 'new here'",
    )
    expect(Number(made.post?._id)).toBeGreaterThan(Number(largest?.id))
    await copy.close()

    // Over the community it came from: what was written after the backup is gone.
    await restoreCommunity({ dataDir: join(tempDir, 'a'), ...first }, file)
    const back = await start(join(tempDir, 'a'), first)
    expect(await postContents(back.url)).toEqual(before)
    expect((await served(back.url, clip.url)).bytes.equals(clip.bytes)).toBe(true)
  })

  it('is one moment of the database, while a server goes on writing', async ({ tempDir }) => {
    const options = { dataDir: join(tempDir, 'data'), database: await newDatabase() }
    const server = await start(options.dataDir, options)
    const token = await loginOver(server.url)
    const file = join(tempDir, 'moment.db')
    const during = 'written while the backup ran'
    let written = false
    // A post (and its author's post count) committed after the users were copied, before posts.
    await backupCommunity(
      {
        ...options,
        onTable: async (table) => {
          if (table !== 'users') return
          await send(server.url, '/posts', token, { postData: { content: during } })
          written = true
        },
      },
      file,
    )
    expect(written).toBe(true)
    expect(await postContents(server.url)).toContain(during)
    const copy = new Database(file, { readonly: true })
    try {
      expect(copy.prepare('SELECT count(*) FROM posts WHERE content = ?').pluck().get(during)).toBe(
        0,
      )
      // Every author's count agrees with their posts: both are of the same moment.
      expect(
        copy
          .prepare(
            `SELECT id FROM users WHERE post_count <>
             (SELECT count(*) FROM posts WHERE posts.author_id = users.id)`,
          )
          .all(),
      ).toEqual([])
    } finally {
      copy.close()
    }
  })

  it('refuses a broken, foreign or inconsistent backup in one sentence, and changes nothing', async ({
    tempDir,
  }) => {
    const options = { dataDir: join(tempDir, 'data'), database: await newDatabase() }
    const server = await start(options.dataDir, options)
    const token = await loginOver(server.url)
    await send(server.url, '/posts', token, { postData: { content: 'kept whatever happens' } })
    const contents = await postContents(server.url)

    const good = join(tempDir, 'good.db')
    await backupCommunity(options, good)
    // Passes every check of the file, then fails inside the copy's transaction, after the
    // tables were emptied: a count that disagrees with its rows.
    const inconsistent = join(tempDir, 'inconsistent.db')
    await backupCommunity(options, inconsistent)
    const edit = new Database(inconsistent)
    edit.prepare('UPDATE users SET post_count = post_count + 7 WHERE id = 1').run()
    edit.close()
    const garbage = join(tempDir, 'garbage.db')
    writeFileSync(garbage, 'not a database '.repeat(100))
    const foreign = join(tempDir, 'foreign.db')
    const other = new Database(foreign)
    other.exec('CREATE TABLE recipes (name TEXT)')
    other.close()

    expect(await rejection(restoreCommunity(options, garbage))).toMatch(
      /^.*garbage\.db cannot be restored: /,
    )
    expect(await rejection(restoreCommunity(options, foreign))).toMatch(
      /foreign\.db cannot be restored: it is not a Gamerstage database\.$/,
    )
    expect(await rejection(restoreCommunity(options, inconsistent))).toMatch(
      /^Could not restore into the PostgreSQL database at .*: counts came out wrong: .*Nothing was changed: the restore runs in one transaction, which was undone\.$/,
    )
    // Nothing lost, nobody signed out.
    expect(await postContents(server.url)).toEqual(contents)
    const me = await fetch(`${server.url}/api/me/presence`, { headers: { authorization: token } })
    expect(me.status).toBe(200)
    // The good one still restores.
    await server.close()
    await restoreCommunity(options, good)
    const again = await start(options.dataDir, options)
    expect(await postContents(again.url)).toEqual(contents)
  })
})

describe.runIf(testsOnPostgres)('backups across the two databases', () => {
  it('restores a SQLite data folder’s backup into PostgreSQL, and a PostgreSQL one into a data folder', async ({
    tempDir,
  }) => {
    const sqliteDir = join(tempDir, 'sqlite')
    const onSqlite = await start(sqliteDir)
    const token = await loginOver(onSqlite.url)
    await send(onSqlite.url, '/posts', token, { postData: { content: 'from the laptop' } })
    const contents = await postContents(onSqlite.url)
    const fromSqlite = join(tempDir, 'from-sqlite.db')
    await backupCommunity({ dataDir: sqliteDir }, fromSqlite)
    await onSqlite.close()

    const intoPostgres = { dataDir: join(tempDir, 'pg'), database: await newDatabase() }
    await restoreCommunity(intoPostgres, fromSqlite)
    const onPostgres = await start(intoPostgres.dataDir, intoPostgres)
    expect(await postContents(onPostgres.url)).toEqual(contents)
    const fromPostgres = join(tempDir, 'from-postgres.db')
    await backupCommunity(intoPostgres, fromPostgres)
    await onPostgres.close()

    const backHome = join(tempDir, 'home')
    await restoreCommunity({ dataDir: backHome }, fromPostgres)
    const again = await start(backHome)
    expect(await postContents(again.url)).toEqual(contents)
    // Its search index is made anew from the posts, on SQLite's side.
    const found = await fetch(`${again.url}/api/search?q=laptop&type=posts`)
    expect(((await found.json()) as { posts?: { items: unknown[] } }).posts?.items).toHaveLength(1)
  })
})

describe.runIf(!testsOnPostgres)('backups of a SQLite community with a bucket', () => {
  it('holds the bucket’s images and clips, and restores them into a bucket or the database', async ({
    tempDir,
    s3Bucket,
    s3Server,
  }) => {
    const dataDir = join(tempDir, 'a')
    const source = await start(dataDir, { s3: s3Bucket })
    const token = await loginOver(source.url)
    const { image, clip } = await postImageAndClip(source.url, token)
    const before = await postContents(source.url)

    // Without the bucket's flags, the backup would miss them: refused, and no file is left.
    const refused = join(tempDir, 'refused.db')
    expect(await rejection(backupCommunity({ dataDir }, refused))).toMatch(
      /^\d+ images and clips of this community are kept in an S3 bucket: give the backup the server's --s3-endpoint and --s3-bucket/,
    )
    expect(readdirSync(tempDir).sort()).toEqual(['a'])
    expect(
      await rejection(backupCommunity({ dataDir, s3: s3Bucket }, join(tempDir, 'no', 'x.db'))),
    ).toBe(`There is no folder ${join(tempDir, 'no')} to write the backup into.`)

    // Taken while the server runs.
    const file = join(tempDir, 'community.db')
    const lines = await backupCommunity({ dataDir, s3: s3Bucket }, file)
    expect(lines[0]?.startsWith(`Backed up ${dataDir} to ${file} in `)).toBe(true)
    const rows = mediaRowsOf(file)
    expect([...rows.values()].filter((bytes) => bytes === null)).toEqual([])
    expect(rows.get(idOf(clip.url))?.equals(clip.bytes)).toBe(true)
    await source.close()

    const intoBucket: { dataDir: string; s3: S3StorageOptions } = {
      dataDir: join(tempDir, 'b'),
      s3: await s3Server.newBucket(),
    }
    await restoreCommunity(intoBucket, file)
    expect(await s3Server.keys(intoBucket.s3.bucket)).toEqual(
      [...rows.keys()].map((id) => `media/${id}`).sort(),
    )
    expect(
      [...mediaRowsOf(join(intoBucket.dataDir, DATABASE_FILE)).values()].filter(Boolean),
    ).toEqual([])
    const inBucket = await start(intoBucket.dataDir, { s3: intoBucket.s3 })
    expect(await postContents(inBucket.url)).toEqual(before)
    expect((await served(inBucket.url, image.url)).bytes.equals(image.bytes)).toBe(true)
    expect((await served(inBucket.url, clip.url)).bytes.equals(clip.bytes)).toBe(true)

    // Into a server without a bucket: the rows keep the bytes.
    const intoDatabase = { dataDir: join(tempDir, 'c') }
    await restoreCommunity(intoDatabase, file)
    const inDatabase = await start(intoDatabase.dataDir)
    expect((await served(inDatabase.url, clip.url)).bytes.equals(clip.bytes)).toBe(true)
    expect(existsSync(join(tempDir, `.community.db.${process.pid}.partial`))).toBe(false)
  })
})
