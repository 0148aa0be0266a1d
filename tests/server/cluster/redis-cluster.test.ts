/**
 * Two server instances of one community: on 127.0.0.1 with ports of
 * their own, one PostgreSQL database, one Redis, one shared token secret. Live events reach the
 * other instance's clients through the Redis Stream, a Last-Event-ID from one instance replays on
 * the other, and the rate limits, the login throttle and logouts count across both.
 *
 * PostgreSQL only (`npm run test:pg`): two instances cannot share the tests' in-memory SQLite.
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { LoginResponse } from '../../../src/shared/api-types'
import type { RunningServer } from '../../../src/server/server'
import { readEvents, type EventReader } from '../../helpers/sse'
import { CLUSTER_PASSWORD, send, signup, twoInstances } from '../../helpers/two-instances'

const POSTS_PER_HOUR = 4

const cluster = twoInstances({
  folderPrefix: 'gamerstage-cluster-',
  limits: { postsPerHour: POSTS_PER_HOUR },
})
const readers: EventReader[] = []

// Before the instances stop (hooks after all run last registered first).
afterAll(async () => {
  for (const reader of readers) await reader.close().catch(() => {})
})

/** Answered with just the post, as the app asks: no whole list left streaming unread. */
async function post(server: RunningServer, token: string, content: string): Promise<Response> {
  return send(server, '/api/posts', { postData: { content } }, token, { prefer: 'return=minimal' })
}

async function stream(
  server: RunningServer,
  token: string,
  lastEventId?: string,
): Promise<EventReader> {
  const response = await fetch(`${server.url}/api/events`, {
    headers: { authorization: token, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  })
  expect(response.status).toBe(200)
  const reader = readEvents(response)
  readers.push(reader)
  return reader
}

const streamKey = () => `${cluster.redis.prefix}events`

describe('live events across instances', () => {
  it('a post made through A reaches a live client on B, with an epoch and a stream id', async () => {
    const { a, b } = cluster
    const writer = await signup(a, 'writer1')
    const watcher = await signup(b, 'watcher1')
    const onB = await stream(b, watcher)
    await onB.next('ready')
    expect((await post(a, writer, 'hello from A')).status).toBe(201)
    const event = await onB.next('post', 5000)
    expect(event.data.post.content).toBe('hello from A')
    expect(event.id).toMatch(/^[0-9a-f]{8}-\d{13}-\d+$/)
    await onB.close()
  })

  it('a client that reconnects to B with the id it had from A gets what it missed', async () => {
    const { a, b } = cluster
    const writer = await signup(a, 'writer2')
    const watcher = await signup(a, 'watcher2')
    const onA = await stream(a, watcher)
    await onA.next('ready')
    expect((await post(a, writer, 'seen on A')).status).toBe(201)
    const seen = await onA.next('post', 5000)
    await onA.close()

    expect((await post(a, writer, 'missed 1')).status).toBe(201)
    expect((await post(a, writer, 'missed 2')).status).toBe(201)
    const onB = await stream(b, watcher, seen.id)
    const first = await onB.next('post', 5000)
    const second = await onB.next('post', 5000)
    expect([first.data.post.content, second.data.post.content]).toEqual(['missed 1', 'missed 2'])
    const ready = await onB.next('ready', 5000)
    // What came before is not sent again, and the next reconnect starts after it.
    expect(onB.events.filter((event) => event.type === 'post')).toHaveLength(2)
    expect(ready.id).toBe(second.id)
    await onB.close()
  })

  it('keeps the stream bounded (XADD MAXLEN ~)', async () => {
    const length = await cluster.redis.client().xlen(streamKey())
    expect(length).toBeGreaterThan(0)
    expect(length).toBeLessThan(1200)
  })

  it('an id older than the start of the stream, or unknown to it, gets a resync', async () => {
    const { a, b } = cluster
    const writer = await signup(b, 'writer3')
    const watcher = await signup(b, 'watcher3')
    const onB = await stream(b, watcher)
    const ready = await onB.next('ready')
    expect((await post(a, writer, 'trimmed away')).status).toBe(201)
    await onB.next('post', 5000)
    await onB.close()
    // The stream's head goes, as MAXLEN trimming does once the stream is long.
    await cluster.redis.client().xtrim(streamKey(), 'MAXLEN', 1)

    const tooOld = await stream(a, watcher, ready.id)
    expect((await tooOld.next('reset', 5000)).data).toEqual({ reason: 'too-old' })
    await tooOld.next('ready')
    expect(tooOld.events.map((event) => event.type)).toEqual(['reset', 'ready'])
    await tooOld.close()

    // This epoch's, but beyond the stream's end.
    const epoch = (ready.id ?? '').slice(0, 8)
    const unknown = await stream(b, watcher, `${epoch}-${Date.now() + 3_600_000}-0`)
    expect((await unknown.next('reset', 5000)).data).toEqual({ reason: 'unknown-id' })
    await unknown.close()
    const malformed = await stream(b, watcher, 'not-an-id')
    expect((await malformed.next('reset', 5000)).data).toEqual({ reason: 'unknown-id' })
    await malformed.close()
  })
})

describe('shared state across instances', () => {
  it('counts a rate limit across A and B', async () => {
    const { a, b } = cluster
    const writer = await signup(a, 'limited')
    for (let i = 0; i < POSTS_PER_HOUR; i++) {
      const server = i % 2 === 0 ? a : b
      expect((await post(server, writer, `post ${i}`)).status).toBe(201)
    }
    const refused = await post(b, writer, 'one too many')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await post(a, writer, 'still too many')).status).toBe(429)
  })

  it('counts wrong passwords across A and B (the login throttle)', async () => {
    const { a, b } = cluster
    await signup(a, 'guarded')
    // Five free failures per computer and username, whichever instance takes them.
    for (let i = 0; i < 5; i++) {
      const server = i % 2 === 0 ? a : b
      const answer = await send(server, '/api/auth/login', {
        username: 'guarded',
        password: `wrong ${i}`,
      })
      expect(answer.status).toBe(401)
    }
    const held = await send(b, '/api/auth/login', {
      username: 'guarded',
      password: CLUSTER_PASSWORD,
    })
    expect(held.status).toBe(429)
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0)
    const alsoHeld = await send(a, '/api/auth/login', {
      username: 'guarded',
      password: CLUSTER_PASSWORD,
    })
    expect(alsoHeld.status).toBe(429)
  })

  it('a token made on A works on B, and a logout on A is refused on B and ends its streams', async () => {
    const { a, b } = cluster
    await signup(a, 'leaver')
    const login = await send(a, '/api/auth/login', {
      username: 'leaver',
      password: CLUSTER_PASSWORD,
    })
    expect(login.status).toBe(200)
    const token = ((await login.json()) as LoginResponse).encodedToken
    const session = () => fetch(`${b.url}/api/auth/session`, { headers: { authorization: token } })
    expect((await session()).status).toBe(200)
    const onB = await stream(b, token)
    await onB.next('ready')

    expect((await send(a, '/api/auth/logout', {}, token)).status).toBe(200)
    expect((await session()).status).toBe(401)
    await expect(
      Promise.race([
        onB.ended,
        new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 5000)),
      ]),
    ).resolves.toBeUndefined()
  })
})
