/**
 * A cluster's home timelines, one list per player in Redis (caches/redis-timelines.ts): changed
 * once, by the instance whose command touched it, and read by every instance; a build that a
 * write overtook is not kept; a change Redis refused, or Redis back from an older snapshot, ends
 * every list of before (read from the database meanwhile, rebuilt after); a list and its keys
 * expire. Every feed B answers is compared with the one it answers with its caches off.
 * (tests/server/cluster/touches-instances.test.ts runs every kind of command through A.)
 *
 * PostgreSQL only (`npm run test:pg`), as every cluster test. The file's own redis-server, which
 * a test restarts; the waits are bounds for a busy machine, not timings.
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { Redis } from 'ioredis'
import type { PostResponse } from '../../../src/shared/api-types'
import type { RunningServer } from '../../../src/server/server'
import type { SqlParam, Store } from '../../../src/server/db/store'
import { cacheOfStore } from '../../../src/server/caches/store-caches'
import type { ReadCache } from '../../../src/server/caches/read-cache'
import { LIST_LIFE_MS, RedisTimelines } from '../../../src/server/caches/redis-timelines'
import { openRedis } from '../../../src/server/redis/connection'
import { expectKeptAsInDatabase } from '../../helpers/kept-caches'
import { send, signup, twoInstances } from '../../helpers/two-instances'

const cluster = twoInstances({
  folderPrefix: 'gamerstage-tl-redis-',
  ownRedis: true,
  limits: false,
})

const MINIMAL = { prefer: 'return=minimal' }

let admin: Redis | undefined
/** A plain client of the cluster's Redis, to look at the lists. */
const redis = () => (admin ??= cluster.redis.client())

afterAll(() => {
  admin?.disconnect()
})

function cacheOf(server: RunningServer): ReadCache {
  const cache = cacheOfStore(server.db)
  if (!cache) throw new Error('The instance has no read cache')
  return cache
}

function sharedOf(server: RunningServer): RedisTimelines {
  const shared = cacheOf(server).sharedTimelines
  if (!shared) throw new Error('The instance keeps no shared timelines')
  return shared as RedisTimelines
}

const prefix = () => sharedOf(cluster.a).keyPrefix
const epochNow = () => redis().get(`${prefix()}epoch`)
const genNow = async () => Number((await redis().get(`${prefix()}gen`)) ?? '0')

/** The owner's list in Redis now, newest first (its members), or null when it has none. */
async function listOf(owner: number): Promise<string[] | null> {
  const epoch = await epochNow()
  if (!epoch) return null
  if (!(await redis().exists(`${prefix()}${epoch}:m:${owner}`))) return null
  return redis().zrevrange(`${prefix()}${epoch}:l:${owner}`, 0, -1)
}

const memberOf = (postId: string, authorId: number) =>
  `${postId.padStart(12, '0')}:${'0'.padStart(12, '0')}:${authorId}`

async function idOf(server: RunningServer, username: string): Promise<number> {
  const response = await fetch(`${server.url}/api/users/${username}`)
  return Number(((await response.json()) as { user: { _id: string } }).user._id)
}

async function post(server: RunningServer, token: string, content: string): Promise<string> {
  const response = await send(server, '/api/posts', { postData: { content } }, token, MINIMAL)
  if (response.status !== 201) expect(await response.text()).toBe('a 201')
  return ((await response.json()) as PostResponse).post._id
}

async function follow(server: RunningServer, token: string, userId: number): Promise<void> {
  const response = await send(server, `/api/users/follow/${userId}`, {}, token, MINIMAL)
  if (response.status >= 300) expect(await response.text()).toBe('a 2xx')
}

/** Resolves once `test` holds, polled every 20 ms, for `ms` at most (a bound, not a timing). */
async function until(test: () => Promise<boolean>, what: string, ms = 25_000): Promise<void> {
  for (let waited = 0; !(await test()); waited += 20) {
    if (waited > ms) throw new Error(`Never: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

let marks = 0

/** Resolves once B has read everything A appended to the stream so far (a marker after it). */
async function bCaughtUp(): Promise<void> {
  const { a, b } = cluster
  const mark = `tl-mark-${++marks}`
  let heard = false
  const stop = b.events.onChange((change) => {
    if (change.kind === 'event' && (change.data as { userId?: string }).userId === mark) {
      heard = true
    }
  })
  a.events.publish('presence', { userId: mark, presence: 'offline' }, { to: -1 })
  try {
    await until(() => Promise.resolve(heard), `B read the marker ${mark}`)
  } finally {
    stop()
  }
}

/** An instance's feed for `token`, the same as it answers with its caches off. */
async function feedOn(server: RunningServer, token: string): Promise<string> {
  const read = async () => {
    const response = await fetch(`${server.url}/api/feed?limit=20`, {
      headers: { authorization: token },
    })
    return `${response.status} ${await response.text()}`
  }
  const kept = await read()
  const cache = cacheOf(server)
  cache.enabled = false
  const fresh = await read()
  cache.enabled = true
  expect(kept).toBe(fresh)
  return kept
}

const feedOnB = (token: string) => feedOn(cluster.b, token)

/** Reads B's feed until the list is in Redis again (an end of the epoch may follow a build). */
async function builtAgain(token: string, owner: number): Promise<void> {
  await until(async () => {
    await feedOnB(token)
    return (await listOf(owner)) !== null
  }, 'the list is built again')
}

/** A reader following a writer, both signed up through A; the reader's list built through B. */
async function readerOfWriter(name: string) {
  const { a } = cluster
  const reader = await signup(a, `${name}_reader`, MINIMAL)
  const writer = await signup(a, `${name}_writer`, MINIMAL)
  const readerId = await idOf(a, `${name}_reader`)
  const writerId = await idOf(a, `${name}_writer`)
  await follow(a, reader, writerId)
  const first = await post(a, writer, `${name}: the first`)
  await bCaughtUp()
  expect(await feedOnB(reader)).toContain(`${name}: the first`)
  expect(await listOf(readerId)).toContain(memberOf(first, writerId))
  return { reader, writer, readerId, writerId }
}

describe('home timelines shared in Redis', () => {
  it('a post through A changes the one shared list once; B reads it without a rebuild', async () => {
    const { a } = cluster
    const { reader, writer, readerId, writerId } = await readerOfWriter('once')
    const epoch = await epochNow()
    const listKey = `${prefix()}${epoch}:l:${readerId}`
    const builtUntil = await redis().pexpiretime(listKey)
    expect(builtUntil).toBeGreaterThan(Date.now())
    const gen = await genNow()
    const second = await post(a, writer, 'once: the second')
    await bCaughtUp()
    // One change of the lists for one command, by A (B applies the carried touch to its
    // versions only): the list took the post where it was, not rebuilt (the same expiry).
    expect(await genNow()).toBe(gen + 1)
    expect((await listOf(readerId))?.[0]).toBe(memberOf(second, writerId))
    expect(await redis().pexpiretime(listKey)).toBe(builtUntil)
    expect(await feedOnB(reader)).toContain('once: the second')
    await expectKeptAsInDatabase(cacheOf(cluster.b), cluster.b.db, 'a post through A')
  })

  it('a build that a write overtook between its reads and its store is not kept', async () => {
    const { a, b } = cluster
    const reader = await signup(a, 'race_reader', MINIMAL)
    const writer = await signup(a, 'race_writer', MINIMAL)
    const readerId = await idOf(a, 'race_reader')
    await follow(a, reader, await idOf(a, 'race_writer'))
    await post(a, writer, 'race: before the build')
    await bCaughtUp()
    expect(await listOf(readerId)).toBeNull()
    // B's store, whose build's last statement (the reposts) is followed by a post through A.
    let overtaken = false
    const overtaking = new Proxy(b.db, {
      get(target, key) {
        if (key === 'all') {
          return async (sql: string, ...params: SqlParam[]) => {
            const rows = await target.all(sql, ...params)
            if (!overtaken && sql.includes('FROM reposts')) {
              overtaken = true
              const gen = await genNow()
              await post(a, writer, 'race: during the build')
              await until(async () => (await genNow()) > gen, "A's change reached Redis")
            }
            return rows
          }
        }
        const value: unknown = Reflect.get(target, key, target)
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value
      },
    }) as Store
    const built = await sharedOf(b).timelineOf(overtaking, readerId, () =>
      Promise.resolve('posts_author_recent_idx'),
    )
    expect(overtaken).toBe(true)
    // That read paged from its build, which the post missed; the build was not kept.
    expect(built?.entries).toHaveLength(1)
    expect(await listOf(readerId)).toBeNull()
    await bCaughtUp()
    expect(await feedOnB(reader)).toContain('race: during the build')
    expect(await listOf(readerId)).toHaveLength(2)
    await expectKeptAsInDatabase(cacheOf(b), b.db, 'a build overtaken')
  })

  it('a change Redis refused ends every list of before; the feeds read the database meanwhile', async () => {
    const { a, b } = cluster
    const { reader, writer, readerId } = await readerOfWriter('refused')
    const before = await epochNow()
    expect(before).not.toBeNull()
    // Redis refuses every write (out of memory) while the post commits: A's change of the
    // lists is refused, and A ends the epoch (a DEL, which Redis takes even then).
    await redis().config('SET', 'maxmemory', '1')
    try {
      await post(a, writer, 'refused: while Redis is full')
      await until(async () => (await epochNow()) === null, 'A ended the epoch')
      // A reads it from a build (which Redis does not take either). (B has not heard of the
      // post: its event was refused too, and B's whole answer of a moment ago may stand.)
      expect(await feedOn(a, reader)).toContain('refused: while Redis is full')
      expect(await epochNow()).toBeNull()
    } finally {
      await redis().config('SET', 'maxmemory', '0')
    }
    await post(a, writer, 'refused: after')
    await until(() => Promise.resolve(b.events.followsOthers), 'B follows the stream')
    await bCaughtUp()
    const feed = await feedOnB(reader)
    expect(feed).toContain('refused: while Redis is full')
    expect(feed).toContain('refused: after')
    await builtAgain(reader, readerId)
    expect(await epochNow()).not.toBe(before)
    expect(await listOf(readerId)).toHaveLength(3)
    await expectKeptAsInDatabase(cacheOf(b), b.db, 'after a refused change')
  })

  it('Redis back from an older snapshot: no list of before it is read', async () => {
    const { a, b } = cluster
    const { reader, writer, readerId } = await readerOfWriter('snapshot')
    await cluster.ownRedis.save()
    await post(a, writer, 'snapshot: after the save')
    await bCaughtUp()
    expect(await listOf(readerId)).toHaveLength(2)
    // Back with the list as it was at the save: without the post.
    await cluster.ownRedis.restart({ keepData: 'last-save' })
    admin?.disconnect()
    admin = undefined
    await until(() => Promise.resolve(b.events.followsOthers), 'B follows the stream again')
    await bCaughtUp()
    expect(await feedOnB(reader)).toContain('snapshot: after the save')
    await builtAgain(reader, readerId)
    expect(await listOf(readerId)).toHaveLength(2)
    await expectKeptAsInDatabase(cacheOf(b), b.db, 'after an older snapshot')
  })

  it('a list is trimmed to its length, and there are never more lists than the bound', async () => {
    const { a, b } = cluster
    // Lists of 4 entries (5 with the slack), 5 lists at most, under keys of their own.
    const connections = await openRedis(cluster.redis.url, `${cluster.redis.prefix}small:`)
    try {
      const small = new RedisTimelines(connections, { length: 4, timelines: 1 })
      const writer = await signup(a, 'bounded_writer', MINIMAL)
      const writerId = await idOf(a, 'bounded_writer')
      const ids: number[] = []
      for (let n = 1; n <= 6; n++) ids.push(Number(await post(a, writer, `bounded: ${n}`)))
      const index = () => Promise.resolve('posts_author_recent_idx')
      const built = await small.timelineOf(b.db, writerId, index)
      expect(built?.entries.map((entry) => entry.place[1])).toEqual(ids.slice(2).reverse())
      const epoch = await connections.commands.get(`${small.keyPrefix}epoch`)
      const head = `${small.keyPrefix}${epoch}`
      const size = () => connections.commands.zcard(`${head}:l:${writerId}`)
      const floor = () => connections.commands.hget(`${head}:m:${writerId}`, 'pf')
      expect(await size()).toBe(4)
      expect(await floor()).toBe(built?.entries[3]?.place.join(':'))
      // Two more (ids of the list's alone): past 5 entries it is cut back to 4, its floor rises.
      const now = Date.now()
      for (const postId of [9_000_001, 9_000_002]) {
        small.touched({ added: { postId, authorId: writerId, createdAt: now + postId } }, true)
      }
      // On the same connection: after both changes.
      expect(await small.owners()).toEqual([writerId])
      expect(await size()).toBe(4)
      const kept = await small.timelineOf(b.db, writerId, index)
      expect(kept?.entries.map((entry) => entry.place[1])).toEqual([
        9_000_002,
        9_000_001,
        ids[5],
        ids[4],
      ])
      expect(await floor()).toBe(kept?.entries[3]?.place.join(':'))
      // Six more lists: the two built first go.
      for (let owner = 1; owner <= 6; owner++) {
        await small.timelineOf(b.db, 8_000_000 + owner, index)
      }
      const owners = await small.owners()
      expect(owners).toHaveLength(5)
      expect(owners).not.toContain(writerId)
      expect(owners).not.toContain(8_000_001)
    } finally {
      await connections.close()
    }
  })

  it('a list expires with all its keys, and is built again at the next read', async () => {
    const { a, b } = cluster
    const { reader, writer, readerId, writerId } = await readerOfWriter('expiring')
    const epoch = await epochNow()
    // Every key of the lists has a life, none longer than a list's.
    const keys: string[] = []
    let cursor = '0'
    do {
      const [next, found] = await redis().scan(cursor, 'MATCH', `${prefix()}${epoch}:*`)
      keys.push(...found)
      cursor = next
    } while (cursor !== '0')
    expect(keys.length).toBeGreaterThan(3)
    for (const key of keys) {
      const life = await redis().pttl(key)
      expect({ key, alive: life > 0 && life <= LIST_LIFE_MS }).toEqual({ key, alive: true })
    }
    // Its end comes now rather than in 15 minutes: all four keys at the hash's time.
    const own = ['l', 'm', 'a', 'g'].map((kind) => `${prefix()}${epoch}:${kind}:${readerId}`)
    const end = Date.now() + 50
    for (const key of own) await redis().pexpireat(key, end)
    await until(async () => (await redis().exists(...own)) === 0, 'the list expired')
    const next = await post(a, writer, 'expiring: after its end')
    await bCaughtUp()
    expect(await feedOnB(reader)).toContain('expiring: after its end')
    expect((await listOf(readerId))?.[0]).toBe(memberOf(next, writerId))
    await expectKeptAsInDatabase(cacheOf(b), b.db, 'after a list expired')
  })
})
