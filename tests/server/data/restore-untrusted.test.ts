/**
 * A restore trusts nothing in the backup (src/server/data/restore.ts, backup-check.ts): crafted files are refused and
 * leave the data as it was; an accepted one ends every session and gets its demo list recomputed.
 *
 * SQLite-only: backups and restores are of the data folder's SQLite file, crafted with SQLite's
 * own statements (sqlite_schema, sqlite_sequence, writable_schema).
 */
import Database from 'better-sqlite3'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { backupDataFolder } from '../../../src/server/data/backup'
import { restoreDataFolder } from '../../../src/server/data/restore'
import { DEFAULT_MIGRATIONS_DIR, openSqliteStore } from '../../../src/server/db/sqlite'
import {
  SECRET_FILE,
  StartError,
  openServerCore,
  listen,
  type Listener,
  type ServerCore,
} from '../../../src/server/server'
import { getDemoAccount, getDemoUserIds } from '../../../src/server/services/reads/settings'
import { describe, expect, it } from '../../helpers/fixtures'
import { sqliteConnectionOf } from '../../helpers/sqlite-connection'

interface Running {
  core: ServerCore
  listener: Listener
}
const running: Running[] = []

afterEach(async () => {
  for (const { core, listener } of running.splice(0)) {
    await listener.close().catch(() => undefined)
    await core.close()
  }
})

async function start(dataDir: string): Promise<Running & { url: string }> {
  const core = await openServerCore({ dataDir, demo: true })
  const listener = await listen(core, '127.0.0.1', 0)
  const entry = { core, listener }
  running.push(entry)
  return { ...entry, url: listener.url }
}

async function login(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
  return ((await response.json()) as { encodedToken: string }).encodedToken
}

const sessionStatus = async (url: string, token: string) =>
  (await fetch(`${url}/api/auth/session`, { headers: { authorization: token } })).status

/** A good backup of a demo server, then edited by `craft` as an attacker would. */
async function craftedBackup(
  root: string,
  craft: (db: Database.Database) => void,
): Promise<string> {
  const source = await start(join(root, 'source'))
  const file = join(root, 'crafted.db')
  await backupDataFolder(source.core.dataDir, file)
  const db = new Database(file)
  craft(db)
  db.close()
  return file
}

async function refused(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(StartError)
  return (error as StartError).message
}

describe('restoring a crafted backup', { timeout: 60_000 }, () => {
  it.for<[string, (db: Database.Database) => void, RegExp]>([
    [
      'a trigger',
      (db: Database.Database) =>
        db.exec(
          `CREATE TRIGGER leak AFTER INSERT ON users BEGIN
             UPDATE users SET bio = NEW.password_hash WHERE id = NEW.id; END`,
        ),
      /it holds a trigger \("leak"\), which a backup never has/,
    ],
    [
      'a view',
      (db: Database.Database) => db.exec('CREATE VIEW hashes AS SELECT password_hash FROM users'),
      /it holds a view \("hashes"\)/,
    ],
    [
      'a wrong column',
      (db: Database.Database) => db.exec("ALTER TABLE users ADD COLUMN note TEXT DEFAULT 'x'"),
      /its table "users" differs from the one Gamerstage makes/,
    ],
    [
      'an extra table',
      (db: Database.Database) => db.exec('CREATE TABLE loot (x)'),
      /it has a table "loot" that Gamerstage never makes/,
    ],
    [
      'a missing index',
      (db: Database.Database) => db.exec('DROP INDEX posts_likes_idx'),
      /its index "posts_likes_idx" is missing/,
    ],
    [
      'an index of its own',
      (db: Database.Database) => db.exec('CREATE INDEX sneaky ON users (bio)'),
      /it has a index "sneaky" that Gamerstage never makes/,
    ],
    [
      'an edited record of migrations',
      (db: Database.Database) => db.exec("UPDATE __drizzle_migrations SET hash = 'x'"),
      /its record of schema changes is not one Gamerstage wrote/,
    ],
    [
      'a UNIQUE index hidden under SQLite’s own names',
      (db: Database.Database) => {
        // One more post by anyone who posted breaks this index: posting would fail for good.
        const newest = Number(db.prepare('SELECT max(id) FROM posts').pluck().get())
        db.exec(`CREATE UNIQUE INDEX one_more_post ON posts (author_id) WHERE id > ${newest}`)
        // SQLite refuses the prefix in CREATE; an attacker edits the schema table instead.
        db.unsafeMode(true)
        db.pragma('writable_schema = ON')
        db.exec(
          `UPDATE sqlite_schema SET name = 'sqlite_one_more_post',
             sql = replace(sql, 'one_more_post', 'sqlite_one_more_post')
           WHERE name = 'one_more_post'`,
        )
      },
      /it has a index "sqlite_one_more_post" that Gamerstage never makes/,
    ],
    [
      'a sequence at the end of the ids',
      (db: Database.Database) =>
        db.exec(`UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = 'posts'`),
      /its next id for "posts" is beyond any id Gamerstage gives/,
    ],
    [
      'a sequence of a table that is not there',
      (db: Database.Database) => db.exec(`INSERT INTO sqlite_sequence (name, seq) VALUES ('x', 1)`),
      /it counts ids for "x", a table Gamerstage never makes/,
    ],
    [
      'rows pointing at nothing',
      (db: Database.Database) => {
        db.pragma('foreign_keys = OFF')
        db.exec('DELETE FROM users WHERE id = 2')
      },
      /points at something that is not there/,
    ],
  ])(
    'refuses %s and leaves data, secret and sessions as they were',
    async ([, craft, pattern], { tempDir }) => {
      const root = tempDir
      const file = await craftedBackup(root, craft)
      const target = await start(join(root, 'target'))
      const token = await login(target.url, 'nova_strike', 'gamerstage')
      const secretBefore = readFileSync(join(target.core.dataDir, SECRET_FILE))
      const message = await refused(restoreDataFolder(target.core.dataDir, file))
      expect(message).toMatch(pattern)
      expect(message).not.toContain('\n')
      expect(readFileSync(join(target.core.dataDir, SECRET_FILE))).toEqual(secretBefore)
      expect(await sessionStatus(target.url, token)).toBe(200)
      const triggers = sqliteConnectionOf(target.core.db)
        .prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type IN ('trigger', 'view')")
        .get() as { n: number }
      expect(triggers.n).toBe(0)
    },
  )

  it('recomputes an edited demo list: a public password stays locked out while shared', async ({
    tempDir,
  }) => {
    const root = tempDir
    const file = await craftedBackup(root, (db) => {
      // The attacker drops player1 from the list (so its public password would work while
      // shared) and adds an innocent account, and points the login page at it.
      db.prepare("UPDATE settings SET value = '[2, 5]' WHERE key = 'demoUserIds'").run()
      db.prepare(
        `UPDATE settings SET value = '{"username":"questlord","password":"guess"}' WHERE key = 'demoAccount'`,
      ).run()
    })
    const target = await start(join(root, 'target'))
    await restoreDataFolder(target.core.dataDir, file)
    expect(await getDemoUserIds(target.core.db)).toEqual([1, 2, 3, 4])
    expect(await getDemoAccount(target.core.db)).toEqual({
      username: 'player1',
      password: 'gamerstage',
    })
  })

  it('an accepted restore ends every session, even on a server still holding the old secret', async ({
    tempDir,
  }) => {
    const root = tempDir
    const source = await start(join(root, 'source'))
    const file = join(root, 'good.db')
    await backupDataFolder(source.core.dataDir, file)
    const target = await start(join(root, 'target'))
    const token = await login(target.url, 'nova_strike', 'gamerstage')
    const secretBefore = readFileSync(join(target.core.dataDir, SECRET_FILE))
    const secret = await restoreDataFolder(target.core.dataDir, file)
    expect(Buffer.from(secret)).not.toEqual(secretBefore)
    expect(readFileSync(join(target.core.dataDir, SECRET_FILE))).toEqual(Buffer.from(secret))
    // Not told of the new secret yet (a CLI restore beside a running server): still refused.
    expect(await sessionStatus(target.url, token)).toBe(401)
    target.core.replaceSecret(secret)
    expect(await sessionStatus(target.url, token)).toBe(401)
    const fresh = await login(target.url, 'nova_strike', 'gamerstage')
    expect(await sessionStatus(target.url, fresh)).toBe(200)
  })

  it('lowers a sequence beyond the ids in use, so posting goes on after the restore', async ({
    tempDir,
  }) => {
    const nearTheEnd = Number.MAX_SAFE_INTEGER - 1
    const file = await craftedBackup(tempDir, (db) =>
      db.exec(`UPDATE sqlite_sequence SET seq = ${nearTheEnd} WHERE name IN ('posts', 'comments')`),
    )
    const target = await start(join(tempDir, 'target'))
    await restoreDataFolder(target.core.dataDir, file)
    const sequences = sqliteConnectionOf(target.core.db)
      .prepare(
        `SELECT name, seq, (SELECT max(id) FROM posts) AS posts, (SELECT max(id) FROM comments) AS comments
         FROM sqlite_sequence WHERE name IN ('posts', 'comments') ORDER BY name`,
      )
      .all() as { name: string; seq: number; posts: number; comments: number }[]
    expect(sequences.map((row) => [row.name, row.seq])).toEqual([
      ['comments', sequences[0]?.comments],
      ['posts', sequences[0]?.posts],
    ])
    const token = await login(target.url, 'nova_strike', 'gamerstage')
    for (let index = 0; index < 3; index += 1) {
      const response = await fetch(`${target.url}/api/posts`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ postData: { content: `after the restore ${index}` } }),
      })
      expect(response.status, await response.clone().text()).toBe(201)
    }
  })

  it('brings an old backup up to date by running the migrations after it', async ({ tempDir }) => {
    const root = tempDir
    // A backup made before the sessions-and-moderation migration: only the first one applied.
    const oldMigrations = join(root, 'old-migrations')
    mkdirSync(join(oldMigrations, 'meta'), { recursive: true })
    const journal = JSON.parse(
      readFileSync(join(DEFAULT_MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string }[]
    }
    const first = journal.entries.slice(0, 1)
    writeFileSync(
      join(oldMigrations, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: first }),
    )
    copyFileSync(
      join(DEFAULT_MIGRATIONS_DIR, `${first[0]?.tag}.sql`),
      join(oldMigrations, `${first[0]?.tag}.sql`),
    )
    const file = join(root, 'old.db')
    const old = openSqliteStore({ file, migrationsDir: oldMigrations })
    old.connection
      .prepare(
        `INSERT INTO users (username, username_key, password_hash, profile_img, created_at, updated_at)
         VALUES ('veteran', 'veteran', 'x', '/api/media/default-avatar.svg', 1, 1)`,
      )
      .run()
    old.connection.prepare("INSERT INTO settings (key, value) VALUES ('seeded', 'empty')").run()
    old.connection.pragma('wal_checkpoint(TRUNCATE)')
    await old.close()

    const target = await start(join(root, 'target'))
    await restoreDataFolder(target.core.dataDir, file)
    const tables = sqliteConnectionOf(target.core.db)
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('blocks', 'reports')",
      )
      .pluck()
      .all()
    expect(tables.sort()).toEqual(['blocks', 'reports'])
    const veteran = await fetch(`${target.url}/api/users/veteran`)
    expect(veteran.status).toBe(200)
  })
})
