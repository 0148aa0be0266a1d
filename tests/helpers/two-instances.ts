/**
 * Two server instances of one community for the cluster tests (vitest.pg.config.ts's
 * CLUSTER_TESTS, PostgreSQL only): `startServer` twice in the test file's process, on 127.0.0.1
 * with ports of their own, one fresh PostgreSQL database (test-store.ts), one Redis (redis.ts:
 * the run's, or one of the file's own) with a key prefix of their own, one shared token secret,
 * and a data folder each. `twoInstances()` at the top of a test file starts them before its
 * tests and stops them, drops the database and removes the folders after them, even when a
 * test failed; the file's own `afterAll` hooks, registered after the call, run before that.
 * With `ownRedis`, the Redis is the file's own (which a test may restart), and B reaches it through
 * a proxy that can cut B off from it (redis-partition.ts).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { SignupResponse } from '../../src/shared/api-types'
import { TEST_SCRYPT_PARAMS } from '../../src/server/auth/password'
import { startServer, type RunningServer, type StartServerOptions } from '../../src/server/server'
import { startOwnRedis, startTestRedis, type OwnRedis, type TestRedis } from './redis'
import { startRedisPartition, type RedisPartition } from './redis-partition'
import { createTestPostgresDatabase } from './test-store'

/** Every account the cluster tests make has this password. */
export const CLUSTER_PASSWORD = 'correct horse battery'

export interface TwoInstancesOptions {
  /** The start of the data folders' names under the system's temporary folder. */
  folderPrefix: string
  /** Per-hour rate limits of both instances (StartServerOptions.limits). */
  limits?: StartServerOptions['limits']
  /** A redis-server of the file's own, and B behind a proxy to it (`ownRedis`, `partition`). */
  ownRedis?: boolean
}

/** The running pair, read inside tests (before `beforeAll` has run, reading throws). */
export interface TwoInstances {
  readonly a: RunningServer
  readonly b: RunningServer
  readonly redis: TestRedis
  /** With `ownRedis`: the file's own Redis. */
  readonly ownRedis: OwnRedis
  /** With `ownRedis`: what stands between B and Redis. */
  readonly partition: RedisPartition
}

export function twoInstances(options: TwoInstancesOptions): TwoInstances {
  const secret = new Uint8Array(randomBytes(32))
  const folders: string[] = []
  let redis: TestRedis | undefined
  let ownRedis: OwnRedis | undefined
  let partition: RedisPartition | undefined
  let database: { url: string; drop(): Promise<void> } | undefined
  let a: RunningServer | undefined
  let b: RunningServer | undefined

  const startInstance = (
    url: string,
    shared: TestRedis,
    redisUrl = shared.url,
  ): Promise<RunningServer> => {
    const dataDir = mkdtempSync(join(tmpdir(), options.folderPrefix))
    folders.push(dataDir)
    return startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      demo: false,
      database: url,
      redis: redisUrl,
      redisKeyPrefix: shared.prefix,
      secret,
      passwordCost: TEST_SCRYPT_PARAMS,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    })
  }

  beforeAll(async () => {
    if (options.ownRedis) {
      redis = ownRedis = await startOwnRedis()
      partition = await startRedisPartition(ownRedis.port)
    } else {
      redis = await startTestRedis()
    }
    database = await createTestPostgresDatabase()
    a = await startInstance(database.url, redis)
    b = await startInstance(database.url, redis, partition?.url)
  })

  // A test that failed with B cut off leaves the next tests, and the instances' close, a Redis
  // they cannot reach: one failure then reads as four and a hook timeout (CI saw it).
  afterEach(() => partition?.heal())

  afterAll(async () => {
    partition?.heal()
    await Promise.allSettled([a?.close(), b?.close()])
    await database?.drop()
    await partition?.close()
    await redis?.stop()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  const started = <Value>(value: Value | undefined, name: string): Value => {
    if (value === undefined) throw new Error(`The cluster's ${name} has not started yet`)
    return value
  }
  return {
    get a() {
      return started(a, 'instance A')
    },
    get b() {
      return started(b, 'instance B')
    },
    get redis() {
      return started(redis, 'Redis')
    },
    get ownRedis() {
      return started(ownRedis, 'own Redis (ownRedis)')
    },
    get partition() {
      return started(partition, 'Redis proxy (ownRedis)')
    },
  }
}

/** A JSON POST to one instance, as `token` when given, with any further headers. */
export function send(
  server: RunningServer,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...headers,
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(body),
  })
}

/** Signs `username` up through one instance; answers the token. */
export async function signup(
  server: RunningServer,
  username: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await send(
    server,
    '/api/auth/signup',
    { username, password: CLUSTER_PASSWORD },
    undefined,
    headers,
  )
  expect(response.status).toBe(201)
  return ((await response.json()) as SignupResponse).encodedToken
}
