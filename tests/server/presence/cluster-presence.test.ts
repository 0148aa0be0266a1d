/**
 * Presence across two instances of a cluster (`--redis`), in this process: two apps on one
 * database, each with its own hub reading the one Redis Stream and its own presence kept in
 * Redis. A stream on one instance makes the user online for the other's viewers; idle said to
 * either instance counts; the last stream closing anywhere makes them offline; and the users of
 * an instance that stopped its heartbeat (crashed) go offline through the other's heartbeat.
 */
import { afterAll, beforeAll } from 'vitest'
import type {
  LiveEventMap,
  PresenceListResponse,
  PresenceLookupResponse,
} from '../../../src/shared/api-types'
import { EventHub } from '../../../src/server/events/hub'
import { RedisEventTransport } from '../../../src/server/events/redis-transport'
import { RedisPresenceBackend } from '../../../src/server/presence/redis-backend'
import { openRedis, type RedisConnections } from '../../../src/server/redis/connection'
import { ok, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import { nextPresence } from '../../helpers/presence-events'
import { startTestRedis, type TestRedis } from '../../helpers/redis'
import type { TestApp, TestAppOptions } from '../../helpers/server-app'
import type { EventReader } from '../../helpers/sse'
import { openSharedTestStores } from '../../helpers/test-store'

const connect = liveStreams()
const GRACE_MS = 150
const DEAD_AFTER_MS = 1000

let redis: TestRedis
beforeAll(async () => {
  redis = await startTestRedis()
})
afterAll(async () => {
  await redis?.stop()
})

interface Instance {
  app: TestApp
  backend: RedisPresenceBackend
}

async function twoInstances(
  makeApp: (options: TestAppOptions) => Promise<TestApp>,
  tempDir: string,
  onTeardown: (work: () => Promise<void>) => void,
  /** Presence's batch on each instance (presence/announcer.ts); none (told at once) otherwise. */
  batchMs?: number,
): Promise<[Instance, Instance]> {
  const stores = await openSharedTestStores(tempDir)
  const instances: Instance[] = []
  for (const store of stores) {
    const connections: RedisConnections = await openRedis(redis.url, redis.prefix)
    const transport = new RedisEventTransport(connections, { maxLength: 1000, replayLimit: 1000 })
    const events = new EventHub()
    await events.useTransport(transport)
    const backend = new RedisPresenceBackend(connections.commands, redis.prefix, {
      deadAfterMs: DEAD_AFTER_MS,
    })
    const app = await makeApp({
      store,
      events,
      demo: false,
      presence: {
        backend,
        graceMs: GRACE_MS,
        heartbeatMs: 60_000,
        ...(batchMs === undefined ? {} : { batchMs }),
      },
    })
    onTeardown(async () => {
      await app.close()
      await transport.close()
      await connections.close()
    })
    instances.push({ app, backend })
  }
  return instances as [Instance, Instance]
}

async function about<Type extends 'presence' | 'status'>(
  stream: EventReader,
  type: Type,
  userId: string,
): Promise<LiveEventMap[Type]> {
  // Presence may come in a batch with others' (`presences`).
  if (type === 'presence') return (await nextPresence(stream, userId, 3000)) as LiveEventMap[Type]
  for (;;) {
    const event = await stream.next(type, 3000)
    if (event.data.userId === userId) return event.data
  }
}

/**
 * Waits until `userId`'s presence is announced as `presence`. An instance may repeat a state
 * another one announced already (each knows only what it sent itself): repeats are harmless,
 * the renderer sets the state it is told.
 */
async function becomes(stream: EventReader, userId: string, presence: string) {
  for (;;) {
    const data = await about(stream, 'presence', userId)
    if (data.presence === presence) return data
  }
}

const lookup = async (app: TestApp, token: string, id: string) =>
  (await ok<PresenceLookupResponse>(app.get(`/api/presence/users?ids=${id}`, token))).users[id]

describe('presence in a cluster', () => {
  it('is the same on both instances, through connect, idle, disconnect and a crash', async ({
    makeApp,
    tempDir,
    onTestFinished,
  }) => {
    const [one, two] = await twoInstances(makeApp, tempDir, (work) => onTestFinished(work))
    const alice = await quickUser(one.app, 'alice')
    const bob = await quickUser(one.app, 'bob')
    const aliceStream = await connect(one.app, alice)

    // Bob opens the app on instance two: Alice, on instance one, sees him come.
    const bobStream = await connect(two.app, bob)
    expect(await about(aliceStream, 'presence', bob.id)).toEqual({
      userId: bob.id,
      presence: 'online',
    })
    expect((await lookup(one.app, alice.token, bob.id))?.presence).toBe('online')
    const here = await ok<PresenceListResponse>(one.app.get('/api/presence', alice.token))
    expect(here.users.map((entry) => entry.user.username)).toEqual(['bob'])

    // Idle told to instance one, where Bob has no stream, counts.
    await ok(one.app.send('/api/me/presence', { idle: true }, { token: bob.token, method: 'PUT' }))
    expect(await about(aliceStream, 'presence', bob.id)).toEqual({
      userId: bob.id,
      presence: 'idle',
    })
    expect((await lookup(two.app, alice.token, bob.id))?.presence).toBe('idle')
    await ok(two.app.send('/api/me/presence', { idle: false }, { token: bob.token, method: 'PUT' }))
    expect(await about(aliceStream, 'presence', bob.id)).toEqual({
      userId: bob.id,
      presence: 'online',
    })

    // A status set on one instance reaches the other's streams.
    await ok(
      one.app.send(
        '/api/me/status',
        { game: 'Deep Rock Galactic', expiresIn: '2h' },
        { token: bob.token, method: 'PUT' },
      ),
    )
    expect((await about(aliceStream, 'status', bob.id)).status?.game).toBe('Deep Rock Galactic')

    // A second stream on instance one, then the one on two closes: still online.
    const bobOnOne = await connect(one.app, bob)
    await bobStream.close()
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS * 3))
    await two.app.presence.settled()
    expect((await lookup(two.app, alice.token, bob.id))?.presence).toBe('online')

    expect(
      aliceStream.events.some(
        (event) => event.type === 'presence' && JSON.stringify(event.data).includes('offline'),
      ),
    ).toBe(false)

    // The last one closes: offline after the grace, on both.
    await bobOnOne.close()
    await becomes(aliceStream, bob.id, 'offline')
    expect((await lookup(two.app, alice.token, bob.id))?.presence).toBe('offline')

    // Bob comes back on instance two, which then crashes: its heartbeat stops.
    await connect(two.app, bob)
    expect(await about(aliceStream, 'presence', bob.id)).toEqual({
      userId: bob.id,
      presence: 'online',
    })
    const client = redis.client()
    await client.zadd(
      `${redis.prefix}presence:alive`,
      Date.now() - DEAD_AFTER_MS * 2,
      two.backend.instanceId,
    )
    // Readers leave the silent instance out at once…
    expect((await lookup(one.app, alice.token, bob.id))?.presence).toBe('offline')
    // …and the next heartbeat of a live one tells everyone.
    await one.app.presence.beatNow()
    expect(await about(aliceStream, 'presence', bob.id)).toEqual({
      userId: bob.id,
      presence: 'offline',
    })
    expect(await client.exists(`${redis.prefix}presence:at:${two.backend.instanceId}`)).toBe(0)
  })

  it('tells a batch through Redis as each viewer may see it, blocks either way left out', async ({
    makeApp,
    tempDir,
    onTestFinished,
  }) => {
    // One batch for every arrival of the test; `settled()` tells it.
    const [one, two] = await twoInstances(makeApp, tempDir, (work) => onTestFinished(work), 60_000)
    const alice = await quickUser(one.app, 'alice')
    const bob = await quickUser(one.app, 'bob')
    const carol = await quickUser(one.app, 'carol')
    const dave = await quickUser(one.app, 'dave')
    await ok(one.app.send(`/api/users/me/block/${alice.id}`, {}, { token: bob.token }))
    const aliceStream = await connect(one.app, alice)
    const daveStream = await connect(one.app, dave)
    await one.app.presence.settled()
    const aliceFrom = aliceStream.events.length
    const daveFrom = daveStream.events.length
    // Bob and Carol arrive on instance two, in one batch.
    const bobStream = await connect(two.app, bob)
    const carolStream = await connect(two.app, carol)
    await two.app.presence.settled()
    const heard = async (stream: EventReader, since: number) => {
      await stream.settle(200)
      return stream.events
        .slice(since)
        .filter((event) => event.type === 'presence' || event.type === 'presences')
        .map((event) => [event.type, event.data])
    }
    // Alice, whom Bob blocks, hears of Carol alone; Dave of both, in one event.
    expect(await heard(aliceStream, aliceFrom)).toEqual([
      ['presence', { userId: carol.id, presence: 'online' }],
    ])
    expect(await heard(daveStream, daveFrom)).toEqual([
      ['presences', { users: { [bob.id]: 'online', [carol.id]: 'online' } }],
    ])
    expect((await heard(carolStream, 0)).at(-1)).toEqual([
      'presences',
      { users: { [bob.id]: 'online', [carol.id]: 'online' } },
    ])
    expect(JSON.stringify(await heard(bobStream, 0))).not.toContain(`"${alice.id}"`)
  })
})
