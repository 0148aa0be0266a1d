/**
 * `--redis` and the shared token secret on one instance (the data folder's SQLite file): what is
 * refused at start and how, that a server without `--redis` never speaks to Redis, and that the
 * live events' reader comes back after Redis goes away. Two instances together:
 * tests/server/cluster (PostgreSQL).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { SignupResponse } from '../../../src/shared/api-types'
import { parseCliArgs } from '../../../src/server/cli'
import { StartError, type RunningServer } from '../../../src/server/server'
import { freePort, startOwnRedis, type OwnRedis } from '../../helpers/redis'
import { readEvents, type EventReader } from '../../helpers/sse'
import { describe, expect, it } from '../../helpers/fixtures'

const SECRET = new Uint8Array(32).fill(7)
const PASSWORD = 'correct horse battery'

let redis: OwnRedis
beforeAll(async () => {
  redis = await startOwnRedis()
})
afterAll(async () => {
  await redis?.stop()
})

async function signup(server: RunningServer, username: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as SignupResponse).encodedToken
}

async function post(server: RunningServer, token: string, content: string): Promise<number> {
  const response = await fetch(`${server.url}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ postData: { content } }),
  })
  return response.status
}

async function stream(server: RunningServer, token: string, lastEventId?: string) {
  const response = await fetch(`${server.url}/api/events`, {
    headers: { authorization: token, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  })
  expect(response.status).toBe(200)
  return readEvents(response)
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what)), ms)),
  ])
}

describe('the command line', () => {
  it('refuses --redis without a shared secret, with a message saying why', () => {
    expect(() => parseCliArgs(['--redis', redis.url], {})).toThrow(
      /instances.*one shared token secret.*--secret-file.*GAMERSTAGE_SECRET/,
    )
  })

  it('takes the secret from --secret-file or GAMERSTAGE_SECRET, at least 32 bytes', ({
    tempDir,
  }) => {
    const file = join(tempDir, 'secret')
    writeFileSync(file, `${'k'.repeat(40)}\n`)
    const options = parseCliArgs(['--redis', redis.url, '--secret-file', file], {})
    expect(options !== 'help' && Buffer.from(options.secret ?? []).toString()).toBe('k'.repeat(40))
    const fromEnv = parseCliArgs(['--redis', redis.url], { GAMERSTAGE_SECRET: 'e'.repeat(32) })
    expect(fromEnv !== 'help' && fromEnv.secret?.byteLength).toBe(32)

    writeFileSync(file, 'too short\n')
    expect(() => parseCliArgs(['--secret-file', file], {})).toThrow(
      /holds 9 bytes: a token secret needs at least 32/,
    )
    expect(() => parseCliArgs([], { GAMERSTAGE_SECRET: 'short' })).toThrow(/at least 32/)
    expect(() => parseCliArgs(['--secret-file', join(tempDir, 'none')], {})).toThrow(
      /Cannot read --secret-file .*: no such file\./,
    )
    expect(() =>
      parseCliArgs(['--secret-file', file], { GAMERSTAGE_SECRET: 'e'.repeat(32) }),
    ).toThrow(/not both/)
  })

  it('refuses an address that is not redis:// without echoing it', () => {
    let message = ''
    try {
      parseCliArgs(['--redis', 'http://user:hunter2@cache:6379'], {
        GAMERSTAGE_SECRET: 'e'.repeat(32),
      })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/--redis takes a Redis address: redis:\/\/host:6379/)
    expect(message).not.toContain('hunter2')
  })
})

describe('starting with --redis', () => {
  it('refuses to start without a shared secret', async ({ tempDir, loopbackServer }) => {
    await expect(loopbackServer(tempDir, { redis: redis.url })).rejects.toThrow(
      /one shared token secret/,
    )
  })

  it('names host:port and the reason when Redis cannot be reached, never the password', async ({
    tempDir,
    loopbackServer,
  }) => {
    const port = await freePort()
    const started = loopbackServer(tempDir, {
      redis: `redis://:hunter2@127.0.0.1:${port}`,
      secret: SECRET,
    })
    await expect(started).rejects.toBeInstanceOf(StartError)
    await expect(started).rejects.toThrow(
      new RegExp(`^Cannot reach Redis at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
    )
    await started.catch((error: Error) => expect(error.message).not.toContain('hunter2'))
  })
})

describe('without --redis', () => {
  it('never speaks to Redis', async ({ tempDir, loopbackServer }) => {
    const probe = redis.client()
    const connectionsBefore = async () =>
      Number(/total_connections_received:(\d+)/.exec(await probe.info('stats'))?.[1])
    const before = await connectionsBefore()
    // Even with a Redis address in the environment, as some hosts set one.
    process.env.REDIS_URL = redis.url
    try {
      const server = await loopbackServer(tempDir, { demo: false })
      const token = await signup(server, 'alone')
      const events = await stream(server, token)
      await events.next('ready')
      expect(await post(server, token, 'no redis here')).toBe(201)
      const event = await events.next('post')
      expect(event.id).toMatch(/^[0-9a-f]{8}-\d+$/)
      await events.close()
    } finally {
      delete process.env.REDIS_URL
    }
    expect(await connectionsBefore()).toBe(before)
    expect(await probe.dbsize()).toBe(0)
  })
})

describe('the live events reader', () => {
  let readers: EventReader[] = []
  afterAll(async () => {
    for (const reader of readers) await reader.close().catch(() => {})
    readers = []
  })

  it('comes back after its connection is cut, and loses no event still in the stream', async ({
    tempDir,
    loopbackServer,
  }) => {
    const server = await loopbackServer(tempDir, {
      demo: false,
      redis: redis.url,
      redisKeyPrefix: `${redis.prefix}cut:`,
      secret: SECRET,
    })
    const token = await signup(server, 'steady')
    const events = await stream(server, token)
    readers.push(events)
    await events.next('ready')
    const admin = redis.client()
    expect(await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes')).toBeGreaterThan(0)
    expect(await post(server, token, 'while the reader was away')).toBe(201)
    expect((await events.next('post', 5000)).data.post.content).toBe('while the reader was away')
    expect(events.events.map((event) => event.type)).toEqual(['ready', 'post'])
  })

  it(
    'after Redis restarts without its data, tells its clients to resync in their streams, then goes on',
    { timeout: 90_000 },
    async ({ tempDir, loopbackServer }) => {
      const server = await loopbackServer(tempDir, {
        demo: false,
        redis: redis.url,
        redisKeyPrefix: `${redis.prefix}restart:`,
        secret: SECRET,
      })
      const token = await signup(server, 'survivor')
      const events = await stream(server, token)
      readers.push(events)
      expect(await post(server, token, 'before the restart')).toBe(201)
      const seen = await events.next('post', 5000)

      await redis.restart()
      // Reconnects are tried every 2 s at most (redis/connection.ts); a busy machine restarting
      // redis-server takes seconds more: the bound is for a reset that never comes.
      const reset = await events.next('reset', 25_000)
      expect(reset.data).toEqual({ reason: 'unknown-id' })
      // A new epoch of the stream: ids of the old one are unknown now.
      expect(reset.id?.slice(0, 8)).not.toBe(seen.id?.slice(0, 8))

      await within(
        (async () => {
          while ((await post(server, token, 'after the restart')) !== 201) {
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
        })(),
        25_000,
        'no post went through after the restart',
      )
      expect((await events.next('post', 5000)).data.post.content).toBe('after the restart')
      // Presence comes and goes with Redis too (presence/redis-backend.ts): not what is asked here.
      const types = events.events
        .map((event) => event.type)
        .filter((type) => type !== 'presence' && type !== 'presences')
      expect(types).toEqual(['ready', 'post', 'reset', 'post'])

      const again = await stream(server, token, seen.id)
      readers.push(again)
      expect((await again.next('reset', 5000)).data).toEqual({ reason: 'unknown-id' })
      await again.next('ready')
      expect(await post(server, token, 'live again')).toBe(201)
      expect((await again.next('post', 5000)).data.post.content).toBe('live again')
    },
  )
})
