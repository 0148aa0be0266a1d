/**
 * What a command touched (caches/touched.ts) across two instances of one community: A's commands
 * carry their touches to B through the events' stream, and B changes its kept post rows, viewer
 * states and whole answers with them; the home timelines are one list per player in Redis,
 * changed by A alone (caches/redis-timelines.ts), whose versions B moves with the same touches. After every kind of write through A, every
 * read through B answers byte for byte what B answers with its caches off, and every part B keeps
 * is the database's. B cut off from Redis, or Redis restarted empty, leaves B nothing stale: it
 * keeps nothing touched while it does not follow the stream, and drops all it kept.
 *
 * PostgreSQL only (`npm run test:pg`), as every cluster test. The file's own redis-server, which
 * a test restarts; the waits are bounds for a busy machine, not timings.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PostResponse } from '../../../src/shared/api-types'
import type { RunningServer } from '../../../src/server/server'
import { type ReadCache } from '../../../src/server/caches/read-cache'
import { cacheOfStore } from '../../../src/server/caches/store-caches'
import { expectKeptAsInDatabase } from '../../helpers/kept-caches'
import { readEvents, type EventReader } from '../../helpers/sse'
import { CLUSTER_PASSWORD, send, signup, twoInstances } from '../../helpers/two-instances'

const cluster = twoInstances({ folderPrefix: 'gamerstage-touches-', ownRedis: true, limits: false })

const readers: EventReader[] = []

afterEach(async () => {
  vi.useRealTimers()
  for (const reader of readers.splice(0)) await reader.close().catch(() => {})
})

async function stream(server: RunningServer, token: string, lastEventId?: string) {
  const response = await fetch(`${server.url}/api/events`, {
    headers: { authorization: token, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  })
  expect(response.status).toBe(200)
  const reader = readEvents(response)
  readers.push(reader)
  await reader.next('ready', 20_000)
  return reader
}

/** What a stream was sent of the writes (presence comes in batches of its own time). */
const writesIn = (reader: EventReader) =>
  reader.events
    .filter((event) => !['ready', 'presence', 'presences', 'status'].includes(event.type))
    .map((event) => `${event.id ?? ''} ${event.type}`)

const MINIMAL = { prefer: 'return=minimal' }

function cacheOf(server: RunningServer): ReadCache {
  const cache = cacheOfStore(server.db)
  if (!cache) throw new Error('The instance has no read cache')
  return cache
}

/** The owners whose home timelines the cluster keeps in Redis (caches/redis-timelines.ts). */
async function sharedOwners(server: RunningServer): Promise<number[]> {
  const shared = cacheOf(server).sharedTimelines
  if (!shared) throw new Error('The instance keeps no shared timelines')
  return shared.owners()
}

async function call(server: RunningServer, path: string, token?: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: token } : {},
  })
  return `${response.status} ${await response.text()}`
}

async function write(
  server: RunningServer,
  path: string,
  body: unknown,
  token: string,
  method = 'POST',
): Promise<Response> {
  const response =
    method === 'POST'
      ? await send(server, path, body, token, MINIMAL)
      : await fetch(`${server.url}${path}`, {
          method,
          headers: { authorization: token, 'content-type': 'application/json', ...MINIMAL },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
  if (response.status >= 300) expect(`${method} ${path}: ${await response.text()}`).toBe('a 2xx')
  return response
}

async function idOf(server: RunningServer, username: string): Promise<string> {
  const response = await fetch(`${server.url}/api/users/${username}`)
  return ((await response.json()) as { user: { _id: string } }).user._id
}

/** Resolves once `test` holds, polled every 20 ms, for `ms` at most (a bound, not a timing). */
async function until(test: () => boolean, what: string, ms = 25_000): Promise<void> {
  for (let waited = 0; !test(); waited += 20) {
    if (waited > ms) throw new Error(`Never: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

let marks = 0

/**
 * Resolves once B has read everything A appended to the stream so far: A publishes a marker
 * after it (one connection keeps A's appends in order), and B's hub hears of the marker.
 */
async function bCaughtUp(): Promise<void> {
  const { a, b } = cluster
  const mark = `mark-${++marks}`
  let heard = false
  const stop = b.events.onChange((change) => {
    if (change.kind === 'event' && (change.data as { userId?: string }).userId === mark) {
      heard = true
    }
  })
  // For nobody (no account has id -1), and of a kind that drops nothing kept.
  a.events.publish('presence', { userId: mark, presence: 'offline' }, { to: -1 })
  try {
    await until(() => heard, `B read the marker ${mark}`)
  } finally {
    stop()
  }
}

describe('touches across instances', () => {
  it("every kind of write through A changes B's kept parts as the database changed", async () => {
    const { a, b } = cluster
    // One clock: an answer B kept before a write is still in its time after it (only the
    // write may end it), and a feed page's cursor, which carries the time, is the same.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const reader = await signup(a, 'touch_reader', MINIMAL)
    const writer = await signup(a, 'touch_writer', MINIMAL)
    const friend = await signup(a, 'touch_friend', MINIMAL)
    const leaver = await signup(a, 'touch_leaver', MINIMAL)
    const [writerId, friendId, leaverId] = await Promise.all(
      ['touch_writer', 'touch_friend', 'touch_leaver'].map((name) => idOf(a, name)),
    )
    await write(a, `/api/users/follow/${writerId}`, {}, reader)
    await write(a, `/api/users/follow/${leaverId}`, {}, reader)
    const post = async (token: string, postData: unknown) =>
      ((await (await write(a, '/api/posts', { postData }, token)).json()) as PostResponse).post._id
    const first = await post(writer, { content: 'first from the writer' })
    const leaverPost = await post(leaver, { content: 'soon gone with its author' })
    const poll = await post(writer, {
      content: 'Saturday?',
      poll: { options: ['Yes', 'No'], durationMinutes: 1440 },
    })
    const friendPost = await post(friend, { content: 'from a friend' })

    const cacheB = cacheOf(b)
    let posts = [first, poll, friendPost, leaverPost]
    const reads = () => [
      '/api/feed?limit=20',
      '/api/feed?limit=2',
      '/api/posts?limit=20',
      '/api/posts/user/touch_writer?limit=20',
      '/api/posts/user/touch_friend?limit=20',
      ...posts.map((id) => `/api/posts/${id}`),
    ]
    const viewers = [reader, writer, friend]
    let compared = 0
    const expectSameOnB = async (after: string) => {
      await bCaughtUp()
      for (const token of viewers) {
        for (const path of reads()) {
          // What B kept from before the write, then B's answer now, then the database's.
          const kept = await call(b, path, token)
          const again = await call(b, path, token)
          cacheB.enabled = false
          const fresh = await call(b, path, token)
          cacheB.enabled = true
          expect({ after, path, kept, again }).toEqual({ after, path, kept: fresh, again: fresh })
          compared++
        }
      }
      await expectKeptAsInDatabase(cacheB, b.db, after)
    }

    // The reader's live stream on B: it is sent the writes' events, never a touch.
    const liveOnB = await stream(b, reader)
    // The setup's last events may still be on their way to B: once they came, the stream's
    // latest id is where the writes below begin, for the live stream and the replays alike.
    await liveOnB.settle(500)
    const from = liveOnB.lastEventId()
    const before = liveOnB.events.length
    await expectSameOnB('start')
    // B keeps what the touches change: rows, states; the timelines are the cluster's, in Redis.
    expect(cacheB.keepsTouched()).toBe(true)
    expect(await sharedOwners(b)).not.toEqual([])
    expect(cacheB.timelines.size).toBe(0)
    expect(cacheB.postRows.size).toBeGreaterThan(0)

    const second = await post(writer, { content: 'a new post through A' })
    posts = [second, ...posts]
    await expectSameOnB('new post')
    await write(a, `/api/posts/${friendPost}/repost`, {}, writer)
    await expectSameOnB('repost')
    await write(
      a,
      `/api/posts/edit/${first}`,
      { postData: { content: 'edited through A' } },
      writer,
    )
    await expectSameOnB('edit')
    await write(a, `/api/posts/like/${first}`, {}, reader)
    await expectSameOnB('like')
    await write(a, `/api/posts/${second}/reactions/fire`, {}, reader, 'PUT')
    await expectSameOnB('emoji reaction')
    const pollAnswer = await call(a, `/api/posts/${poll}`, reader)
    const optionId = (JSON.parse(pollAnswer.slice(4)) as PostResponse).post.poll?.options[0]?.id
    await write(a, `/api/posts/${poll}/poll/vote`, { optionId }, reader)
    await expectSameOnB('poll vote')
    await write(a, `/api/users/follow/${friendId}`, {}, reader)
    await expectSameOnB('follow')
    await write(a, `/api/users/unfollow/${writerId}`, {}, reader)
    await expectSameOnB('unfollow')
    await write(a, `/api/users/follow/${writerId}`, {}, reader)
    await expectSameOnB('follow again')
    await write(a, `/api/users/me/mute/${friendId}`, { duration: '1h' }, reader)
    await expectSameOnB('mute')
    await write(a, `/api/users/me/unmute/${friendId}`, {}, reader)
    await write(a, `/api/users/me/block/${writerId}`, {}, reader)
    await expectSameOnB('block')
    await write(a, `/api/users/me/unblock/${writerId}`, {}, reader)
    await write(a, `/api/users/follow/${writerId}`, {}, reader)
    await expectSameOnB('unblock and follow')
    await write(a, `/api/posts/${friendPost}/repost`, undefined, writer, 'DELETE')
    await expectSameOnB('repost undone')
    await write(a, `/api/posts/${second}`, undefined, writer, 'DELETE')
    await expectSameOnB('delete')
    await write(a, '/api/users/me', { password: CLUSTER_PASSWORD }, leaver, 'DELETE')
    await expectSameOnB('account deleted')
    expect(compared).toBeGreaterThan(200)
    // Coming back from before every write, to either instance, it is replayed just what the
    // live stream was sent: the touches between the events are passed over, ids unchanged.
    const sent = writesIn({ ...liveOnB, events: liveOnB.events.slice(before) })
    expect(sent.length).toBeGreaterThan(5)
    for (const server of [a, b]) expect(writesIn(await stream(server, reader, from))).toEqual(sent)
    // Some 800 requests: seconds alone, minutes on a machine the whole suite loads.
  }, 240_000)

  it('B cut off from Redis keeps nothing touched meanwhile, and reads what A wrote', async () => {
    const { a, b, partition } = cluster
    const reader = await signup(a, 'cut_reader', MINIMAL)
    const writer = await signup(a, 'cut_writer', MINIMAL)
    await write(a, `/api/users/follow/${await idOf(a, 'cut_writer')}`, {}, reader)
    await bCaughtUp()
    const feedOnB = () => call(b, '/api/feed?limit=20', reader)
    // Kept on B: its timeline of the reader.
    expect(await feedOnB()).toBe(await feedOnB())
    const cacheB = cacheOf(b)
    partition.cut()
    await until(() => !b.events.followsOthers, 'B noticed it lost Redis')
    expect(cacheB.keepsTouched()).toBe(false)
    await write(a, '/api/posts', { postData: { content: 'while B is cut off' } }, writer)
    // B hears nothing of it, yet answers it: it reads the database.
    expect(await feedOnB()).toContain('while B is cut off')

    partition.heal()
    await until(() => b.events.followsOthers, 'B follows the stream again')
    await bCaughtUp()
    await write(a, '/api/posts', { postData: { content: 'after B is back' } }, writer)
    await bCaughtUp()
    const kept = await feedOnB()
    cacheB.enabled = false
    const fresh = await feedOnB()
    cacheB.enabled = true
    expect(kept).toBe(fresh)
    expect(kept).toContain('after B is back')
    await expectKeptAsInDatabase(cacheB, b.db, 'after the partition')
  })

  it('Redis restarted empty: B drops what it kept and reads what A wrote meanwhile', async () => {
    const { a, b } = cluster
    const reader = await signup(a, 'empty_reader', MINIMAL)
    const writer = await signup(a, 'empty_writer', MINIMAL)
    await write(a, `/api/users/follow/${await idOf(a, 'empty_writer')}`, {}, reader)
    await bCaughtUp()
    const feedOnB = () => call(b, '/api/feed?limit=20', reader)
    expect(await feedOnB()).toBe(await feedOnB())
    const cacheB = cacheOf(b)
    expect(await sharedOwners(b)).not.toEqual([])
    await cluster.ownRedis.restart({
      whileDown: async () => {
        await write(a, '/api/posts', { postData: { content: 'while Redis is away' } }, writer)
      },
    })
    await until(() => b.events.followsOthers, 'B follows the new stream')
    await bCaughtUp()
    const kept = await feedOnB()
    cacheB.enabled = false
    const fresh = await feedOnB()
    cacheB.enabled = true
    expect(kept).toBe(fresh)
    expect(kept).toContain('while Redis is away')
    await expectKeptAsInDatabase(cacheB, b.db, 'after the restart')
  })
})
