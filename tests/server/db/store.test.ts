/**
 * The store contract (src/server/db/store.ts, README.md beside it) on both databases: SQLite
 * always, PostgreSQL in `npm run test:pg` (tests/helpers/test-store.ts). The same SQL text,
 * with `?` parameters and the fragments of `store.sql`, answers the same rows; a transaction whose
 * async work throws leaves nothing behind, a nested one is a savepoint, and a statement through the
 * outer store inside the work is refused in tests.
 */
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { readRow } from '../../../src/server/db/raw'
import { notifications } from '../../../src/server/db/schema'
import { openSqliteStore } from '../../../src/server/db/sqlite'
import type { PostgresStore } from '../../../src/server/db/postgres'
import type { Dialect, OpenStore, Store } from '../../../src/server/db/store'
import { sqliteConnectionOf } from '../../helpers/sqlite-connection'
import { openTestPostgresStore, testsOnPostgres } from '../../helpers/test-store'

const opened: OpenStore[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()))
})

const openers: Record<Dialect, () => Promise<OpenStore>> = {
  sqlite: async () => openSqliteStore({ file: ':memory:' }),
  postgres: () => openTestPostgresStore(),
}
const dialects: Dialect[] = testsOnPostgres ? ['sqlite', 'postgres'] : ['sqlite']

async function open(dialect: Dialect): Promise<OpenStore> {
  const store = await openers[dialect]()
  opened.push(store)
  return store
}

/** A time in milliseconds past 2^32, so that a 32-bit column or a string would show. */
const NOW = 1_767_225_600_000

async function addUser(db: Store, username: string): Promise<number> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO users (username, username_key, password_hash, profile_img, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
    username,
    username.toLowerCase(),
    'hash',
    '/img.png',
    NOW,
    NOW,
  )
  if (!row) throw new Error('no id returned')
  return row.id
}

const countUsers = async (db: Store) => (await db.ids('SELECT count(*) FROM users'))[0]

/**
 * Every message a PostgreSQL store's connections send from now on, as SQL text, BEGIN, COMMIT and
 * savepoints included (`onStatement` sees only the statements of the work).
 */
function messagesSentBy(db: OpenStore): string[] {
  const sent: string[] = []
  const wrapped = new WeakSet<object>()
  ;(db as PostgresStore).pool.on('acquire', (client) => {
    if (wrapped.has(client)) return
    wrapped.add(client)
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const first = args[0] as string | { text: string }
        sent.push(typeof first === 'string' ? first : first.text)
        return query(...args)
      },
    })
  })
  return sent
}

/** Settles after the promises already queued have run (and a timer turn, for pg's sockets). */
const aMoment = () => new Promise((resolve) => setTimeout(resolve, 20))

describe.each(dialects)('the %s store', (dialect) => {
  it('answers rows, one row, ids and changes for the same SQL text', async () => {
    const db = await open(dialect)
    const ada = await addUser(db, 'Ada')
    const bob = await addUser(db, 'Bob')

    const rows = await db.all<{ id: number; usernameKey: string; createdAt: number }>(
      'SELECT id, username_key AS "usernameKey", created_at AS "createdAt" FROM users ORDER BY id',
    )
    expect(rows).toEqual([
      { id: ada, usernameKey: 'ada', createdAt: NOW },
      { id: bob, usernameKey: 'bob', createdAt: NOW },
    ])
    expect(await db.get('SELECT id FROM users WHERE username = ?', 'Bob')).toEqual({ id: bob })
    expect(await db.get('SELECT id FROM users WHERE username = ?', 'nobody')).toBeUndefined()
    // A `?` inside a string literal is text, not a parameter.
    expect(
      await db.ids("SELECT id FROM users WHERE username = ? OR username = '?'", 'Ada'),
    ).toEqual([ada])
    // Counts and sums are numbers on both (PostgreSQL answers bigint and numeric as text).
    expect(await countUsers(db)).toBe(2)
    expect(await db.get('SELECT sum(created_at) AS "total" FROM users')).toEqual({
      total: 2 * NOW,
    })
    expect(await db.run('UPDATE users SET post_count = post_count + ? WHERE id > ?', 1, 0)).toBe(2)
    expect(await db.run('DELETE FROM users WHERE id = ?', -1)).toBe(0)
  })

  it('binds booleans as booleans and reads them back through readRow', async () => {
    const db = await open(dialect)
    const ada = await addUser(db, 'Ada')
    const bob = await addUser(db, 'Bob')
    for (const read of [false, true, false]) {
      await db.run(
        `INSERT INTO notifications (recipient_id, actor_id, type, read, created_at)
         VALUES (?, ?, ?, ?, ?)`,
        ada,
        bob,
        'follow',
        read,
        NOW,
      )
    }
    expect(await db.ids('SELECT count(*) FROM notifications WHERE read = ?', false)).toEqual([2])
    expect(await db.run('UPDATE notifications SET read = ? WHERE read = ?', true, false)).toBe(2)
    const row = await db.get<Record<string, unknown>>(
      'SELECT id, read FROM notifications ORDER BY id LIMIT 1',
    )
    expect(row && readRow(notifications, row).read).toBe(true)
  })

  it('takes a list of ids or of texts as one parameter, in and not in, empty or with repeats', async () => {
    const db = await open(dialect)
    const [a, b, c] = [await addUser(db, 'a'), await addUser(db, 'b'), await addUser(db, 'c')]
    const inSet = `SELECT id FROM users WHERE id IN ${db.sql.idSet} ORDER BY id`
    const notInSet = `SELECT id FROM users WHERE id NOT IN ${db.sql.idSet} ORDER BY id`

    expect(await db.ids(inSet, db.sql.ids([c, a, c, 999_999]))).toEqual([a, c])
    expect(await db.ids(inSet, db.sql.ids([]))).toEqual([])
    expect(await db.ids(notInSet, db.sql.ids([b]))).toEqual([a, c])
    expect(await db.ids(notInSet, db.sql.ids([]))).toEqual([a, b, c])
    // Ids from outside may be past 2^31 (a 16-digit path): they name nothing, never an error.
    expect(await db.ids(inSet, db.sql.ids([2 ** 40, 2 ** 53 - 1]))).toEqual([])
    expect(await db.ids('SELECT id FROM users WHERE id < ? ORDER BY id', 2 ** 53 - 1)).toEqual([
      a,
      b,
      c,
    ])

    const byName = `SELECT id FROM users WHERE username_key IN ${db.sql.textSet} ORDER BY id`
    expect(await db.ids(byName, db.sql.texts(['c', 'a', 'c', 'nobody', "o'brien"]))).toEqual([a, c])
    expect(await db.ids(byName, db.sql.texts([]))).toEqual([])
    expect(
      await db.ids(
        `SELECT ${db.sql.greatest('follower_count', '?')} FROM users${db.sql.indexedBy('users_popular_idx')} WHERE id = ?`,
        5,
        a,
      ),
    ).toEqual([5])
  })

  it('stores image bytes as they were given', async () => {
    const db = await open(dialect)
    const owner = await addUser(db, 'Ada')
    const bytes = Buffer.from([0, 1, 2, 255, 0, 128])
    await db.run(
      'INSERT INTO media (id, owner_id, content_type, bytes, created_at) VALUES (?, ?, ?, ?, ?)',
      'm1',
      owner,
      'image/png',
      bytes,
      NOW,
    )
    const row = await db.get<{ bytes: Buffer }>('SELECT bytes FROM media WHERE id = ?', 'm1')
    expect(Buffer.isBuffer(row?.bytes)).toBe(true)
    expect(row?.bytes.equals(bytes)).toBe(true)
  })

  it('rolls a transaction back when its async work throws after awaiting', async () => {
    const db = await open(dialect)
    await addUser(db, 'kept')
    const failing = db.transaction(async (tx) => {
      await addUser(tx, 'first')
      await aMoment()
      await tx.run('UPDATE users SET bio = ?', 'changed')
      throw new Error('the work failed')
    })
    await expect(failing).rejects.toThrow('the work failed')
    expect(await db.all('SELECT username, bio FROM users')).toEqual([{ username: 'kept', bio: '' }])
  })

  it('commits what the work did and answers its result', async () => {
    const db = await open(dialect)
    const id = await db.transaction(async (tx) => {
      const made = await addUser(tx, 'Ada')
      await aMoment()
      await tx.run('UPDATE users SET bio = ? WHERE id = ?', 'hi', made)
      return made
    })
    expect(await db.get('SELECT bio FROM users WHERE id = ?', id)).toEqual({ bio: 'hi' })
  })

  it('commits a write kept for the COMMIT with its transaction, and rolls it back with it', async () => {
    const db = await open(dialect)
    const bio = 'UPDATE users SET bio = ? WHERE username = ?'
    await db.transaction(async (tx) => {
      await addUser(tx, 'Kept')
      await tx.runAtCommit(bio, 'with its row', 'Kept')
    })
    await expect(
      db.transaction(async (tx) => {
        await addUser(tx, 'Lost')
        await tx.runAtCommit(bio, 'never', 'Lost')
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await db.all('SELECT username, bio FROM users ORDER BY username')).toEqual([
      { username: 'Kept', bio: 'with its row' },
    ])
  })

  it('rolls back only the savepoint of a nested transaction that throws', async () => {
    const db = await open(dialect)
    await db.transaction(async (tx) => {
      await addUser(tx, 'outer')
      await expect(
        tx.transaction(async (inner) => {
          await addUser(inner, 'inner')
          await aMoment()
          throw new Error('inner failed')
        }),
      ).rejects.toThrow('inner failed')
      // The transaction goes on after the savepoint's rollback, on both databases.
      await tx.transaction(async (inner) => {
        await addUser(inner, 'second inner')
      })
    })
    expect(await db.all('SELECT username FROM users ORDER BY id')).toEqual([
      { username: 'outer' },
      { username: 'second inner' },
    ])

    // A savepoint released inside a transaction that then fails goes with it.
    await expect(
      db.transaction(async (tx) => {
        await tx.transaction((inner) => addUser(inner, 'released'))
        throw new Error('outer failed')
      }),
    ).rejects.toThrow('outer failed')
    expect(await countUsers(db)).toBe(2)
  })

  it('rolls back only what a failed nested transaction did, after siblings that succeeded', async () => {
    const db = await open(dialect)
    await db.transaction(async (tx) => {
      // Siblings that succeed one after another (PostgreSQL leaves each savepoint to the next).
      for (const name of ['first', 'second']) await tx.transaction((inner) => addUser(inner, name))
      await expect(
        tx.transaction(async (inner) => {
          await inner.transaction((deepest) => addUser(deepest, 'deepest'))
          await addUser(inner, 'middle')
          throw new Error('middle failed')
        }),
      ).rejects.toThrow('middle failed')
      await tx.transaction(async (inner) => {
        await inner.transaction((deepest) => addUser(deepest, 'deep kept'))
        await expect(
          inner.transaction(async (deepest) => {
            await addUser(deepest, 'deep dropped')
            throw new Error('deepest failed')
          }),
        ).rejects.toThrow('deepest failed')
      })
      await tx.transaction((inner) => addUser(inner, 'last'))
    })
    expect(await db.all('SELECT username FROM users ORDER BY id')).toEqual([
      { username: 'first' },
      { username: 'second' },
      { username: 'deep kept' },
      { username: 'last' },
    ])
  })

  it('refuses, in tests, a statement through the outer store inside the work', async () => {
    const db = await open(dialect)
    await expect(
      db.transaction(async (tx) => {
        await addUser(tx, 'through the handle')
        await db.run('UPDATE users SET bio = ?', 'through the outer store')
      }),
    ).rejects.toThrow('went through the outer store')
    expect(await countUsers(db)).toBe(0)
  })

  it('refuses a transaction’s handle once the transaction ended', async () => {
    const db = await open(dialect)
    let kept: Store | undefined
    await db.transaction(async (tx) => {
      kept = tx
    })
    if (!kept) throw new Error('the work did not run')
    await expect(countUsers(kept)).rejects.toThrow('after the transaction ended')
  })
})

describe('the SQLite store', () => {
  it('keeps a statement from outside waiting until the open transaction commits', async () => {
    const db = await open('sqlite')
    let finish = () => {}
    const workWaits = new Promise<void>((resolve) => (finish = resolve))
    let inside = () => {}
    const workStarted = new Promise<void>((resolve) => (inside = resolve))
    const transaction = db.transaction(async (tx) => {
      await addUser(tx, 'Ada')
      inside()
      await workWaits
      await tx.run('UPDATE users SET bio = ?', 'done')
    })
    await workStarted

    let seen: unknown
    const outside = db.all('SELECT username, bio FROM users').then((rows) => (seen = rows))
    await aMoment()
    expect(seen).toBeUndefined()

    finish()
    await transaction
    await outside
    expect(seen).toEqual([{ username: 'Ada', bio: 'done' }])
  })

  it('commits transactions started together once, each failing or succeeding on its own', async () => {
    const statements: string[] = []
    const db = openSqliteStore({ file: ':memory:', onStatement: (text) => statements.push(text) })
    opened.push(db)
    statements.length = 0
    const connection = sqliteConnectionOf(db)
    const committedWhenAnswered: boolean[] = []
    const writes = ['a', 'b', 'fails', 'c'].map((name) =>
      db
        .transaction(async (tx) => {
          await addUser(tx, name)
          if (name === 'fails') throw new Error('this one failed')
          return name
        })
        .then((answer) => {
          // Answered only once its writes are committed (crash tests: acknowledged is kept).
          committedWhenAnswered.push(!connection.inTransaction)
          return answer
        }),
    )
    const settled = await Promise.allSettled(writes)
    expect(settled.map((one) => one.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ])
    expect(committedWhenAnswered).toEqual([true, true, true])
    expect(await db.all('SELECT username FROM users ORDER BY id')).toEqual([
      { username: 'a' },
      { username: 'b' },
      { username: 'c' },
    ])
    // One BEGIN and one COMMIT for the four.
    expect(statements.filter((text) => /^(BEGIN|COMMIT)/.test(text))).toEqual([
      'BEGIN IMMEDIATE',
      'COMMIT',
    ])
  })

  it('runs the writes kept for the COMMIT after every work of the group, dropping those of works and savepoints that rolled back', async () => {
    const statements: string[] = []
    const db = openSqliteStore({ file: ':memory:', onStatement: (text) => statements.push(text) })
    opened.push(db)
    const note = 'INSERT INTO notes (text) VALUES (?)'
    await db.run('CREATE TABLE notes (text TEXT NOT NULL)')
    statements.length = 0
    const work = (name: string, fails = false) =>
      db.transaction(async (tx) => {
        await addUser(tx, name)
        await tx.runAtCommit(note, name)
        await tx
          .transaction(async (nested) => {
            await nested.runAtCommit(note, `${name}, nested and rolled back`)
            throw new Error('the savepoint rolls back')
          })
          .catch(() => {})
        // Nothing kept for the COMMIT has run yet, inside the work.
        expect(await tx.all('SELECT text FROM notes')).toEqual([])
        if (fails) throw new Error(`${name} failed`)
        return name
      })
    const settled = await Promise.allSettled([work('a'), work('fails', true), work('b')])
    expect(settled.map((one) => one.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(await db.all('SELECT text FROM notes ORDER BY rowid')).toEqual([
      { text: 'a' },
      { text: 'b' },
    ])
    // Both after the last work's savepoint, before the one COMMIT.
    const kept = statements.filter((text) => text.startsWith('INSERT INTO notes'))
    expect(kept).toHaveLength(2)
    const lastRelease = statements.lastIndexOf('RELEASE work')
    expect(statements.indexOf(kept[0] ?? '')).toBeGreaterThan(lastRelease)
    expect(statements.indexOf('COMMIT')).toBe(statements.lastIndexOf(kept[1] ?? '') + 1)

    // Outside a transaction, at once.
    await db.runAtCommit(note, 'alone')
    expect(await db.ids("SELECT count(*) FROM notes WHERE text = 'alone'")).toEqual([1])
  })

  it('fails the whole group when a write kept for its COMMIT fails, and keeps none of its works', async () => {
    const db = await open('sqlite')
    await db.run('CREATE TABLE notes (text TEXT NOT NULL)')
    const first = db.transaction((tx) => addUser(tx, 'first'))
    const second = db.transaction(async (tx) => {
      await addUser(tx, 'second')
      await tx.runAtCommit('INSERT INTO notes (text) VALUES (?)', null)
    })
    await expect(second).rejects.toThrow(/NOT NULL/)
    await expect(first).rejects.toThrow(/NOT NULL/)
    expect(await countUsers(db)).toBe(0)
    await db.transaction((tx) => addUser(tx, 'after'))
    expect(await countUsers(db)).toBe(1)
  })

  it('fails every work of a group whose transaction SQLite ended, and keeps none of them', async () => {
    const db = await open('sqlite')
    const first = db.transaction((tx) => addUser(tx, 'before'))
    // Ends the whole SQLite transaction under the group, as a full disk would.
    const second = db.transaction(async (tx) => {
      await addUser(tx, 'lost')
      sqliteConnectionOf(db).exec('ROLLBACK')
      throw new Error('disk full')
    })
    await expect(second).rejects.toThrow('disk full')
    await expect(first).rejects.toThrow()
    expect(await countUsers(db)).toBe(0)
    // The store goes on.
    await db.transaction((tx) => addUser(tx, 'after'))
    expect(await countUsers(db)).toBe(1)
  })

  it('shows why it owns its transactions: an async callback handed to drizzle is not rolled back', async () => {
    const store = await open('sqlite')
    const connection = sqliteConnectionOf(store)
    const db = drizzle({ client: connection })
    let work: Promise<void> | undefined
    // better-sqlite3 runs the callback up to its first await, refuses the promise it answers
    // and rolls that part back; what the work does after the await runs outside any transaction
    // and stays, although the work fails.
    expect(() =>
      db.transaction(
        (tx) =>
          (work = (async () => {
            tx.run(sql`INSERT INTO settings (key, value) VALUES ('before', 'await')`)
            await aMoment()
            tx.run(sql`INSERT INTO settings (key, value) VALUES ('after', 'await')`)
            throw new Error('the work failed')
          })()),
      ),
    ).toThrow('Transaction function cannot return a promise')
    await expect(work).rejects.toThrow('the work failed')
    expect(connection.prepare('SELECT key FROM settings').all()).toEqual([{ key: 'after' }])

    // The same work through the store leaves nothing.
    await expect(
      store.transaction(async (tx) => {
        await tx.run("INSERT INTO settings (key, value) VALUES ('store before', 'await')")
        await aMoment()
        await tx.run("INSERT INTO settings (key, value) VALUES ('store after', 'await')")
        throw new Error('the work failed')
      }),
    ).rejects.toThrow('the work failed')
    expect(await store.all('SELECT key FROM settings')).toEqual([{ key: 'after' }])
  })
})

describe.runIf(testsOnPostgres)(
  'the PostgreSQL store (on PostgreSQL only: npm run test:pg)',
  () => {
    it('runs a statement from outside at once, outside the open transaction', async () => {
      const db = await open('postgres')
      let finish = () => {}
      const workWaits = new Promise<void>((resolve) => (finish = resolve))
      let inside = () => {}
      const workStarted = new Promise<void>((resolve) => (inside = resolve))
      const transaction = db.transaction(async (tx) => {
        await addUser(tx, 'Ada')
        inside()
        await workWaits
      })
      await workStarted
      // Another connection: it does not wait, and does not see what is not committed yet.
      expect(await countUsers(db)).toBe(0)
      finish()
      await transaction
      expect(await countUsers(db)).toBe(1)
    })

    it('sends BEGIN with the first savepoint and leaves each succeeded savepoint to the next one or the COMMIT', async () => {
      const db = await open('postgres')
      const sent = messagesSentBy(db)
      await db.transaction(async (tx) => {
        for (const name of ['a', 'b']) await tx.transaction((inner) => addUser(inner, name))
        await tx.transaction(async (inner) => {
          await inner.transaction((deepest) => addUser(deepest, 'c'))
          await addUser(inner, 'd')
        })
        await tx.run('UPDATE users SET bio = ?', 'done')
      })
      const insert = expect.stringContaining('INSERT INTO users')
      // No round trip of its own for BEGIN or RELEASE (a new post's round trips,
      // docs/PERFORMANCE.md), and the savepoints never stack inside each other (each is released
      // with the next's SAVEPOINT).
      expect(sent).toEqual([
        'BEGIN; SAVEPOINT nested_1',
        insert,
        'RELEASE SAVEPOINT nested_1; SAVEPOINT nested_1',
        insert,
        'RELEASE SAVEPOINT nested_1; SAVEPOINT nested_1',
        'SAVEPOINT nested_2',
        insert,
        insert,
        expect.stringContaining('UPDATE users SET bio'),
        'COMMIT',
      ])
      expect(await db.ids("SELECT count(*) FROM users WHERE bio = 'done'")).toEqual([4])

      // A transaction that opens with a statement sends BEGIN just before it; one that runs no
      // statement sends nothing.
      sent.length = 0
      await db.transaction((tx) => addUser(tx, 'e'))
      await db.transaction(async () => {})
      expect(sent).toEqual(['BEGIN', insert, 'COMMIT'])
    })

    it('compares usernames by their bytes, as SQLite does, whatever the database’s locale', async () => {
      const db = await open('postgres')
      for (const name of ['b', 'a_', 'A', 'ä', 'z', '~']) await addUser(db, name)
      // username_key is COLLATE "C": the prefix search's range and its order are SQLite's.
      expect(
        await db.ids(
          'SELECT id FROM users WHERE username_key >= ? AND username_key < ? ORDER BY username_key',
          'a',
          'a\uffff',
        ),
      ).toHaveLength(2)
      const keys = await db.all<{ key: string }>(
        'SELECT username_key AS "key" FROM users ORDER BY username_key',
      )
      expect(keys.map((row) => row.key)).toEqual(['a', 'a_', 'b', 'z', '~', 'ä'])
    })
  },
)
