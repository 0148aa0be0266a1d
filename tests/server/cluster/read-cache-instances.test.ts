/**
 * What reads keep ready (services/read-cache.ts) across two instances of one community: one
 * PostgreSQL database, one Redis. A change made through A reaches B's kept summaries through the
 * event stream, as it reaches B's live clients; a logout through A is refused on B at once (B
 * keeps no sessions in a cluster).
 *
 * PostgreSQL only (`npm run test:pg`), as redis-cluster.test.ts.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostResponse, SignupResponse } from '../../../src/shared/api-types'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { startServer, type RunningServer } from '../../../src/server/server'
import { startTestRedis, type TestRedis } from '../../helpers/redis'
import { createTestPostgresDatabase } from '../../helpers/test-store'

const PASSWORD = 'correct horse battery'
const SECRET = new Uint8Array(randomBytes(32))

let redis: TestRedis
let database: { url: string; drop(): Promise<void> }
let a: RunningServer
let b: RunningServer
const folders: string[] = []

async function startInstance(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-cache-cluster-'))
  folders.push(dataDir)
  return startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    demo: false,
    database: database.url,
    redis: redis.url,
    redisKeyPrefix: redis.prefix,
    secret: SECRET,
    passwordCost: TEST_SCRYPT_PARAMS,
  })
}

beforeAll(async () => {
  redis = await startTestRedis()
  database = await createTestPostgresDatabase()
  a = await startInstance()
  b = await startInstance()
})

afterAll(async () => {
  await Promise.allSettled([a?.close(), b?.close()])
  await database?.drop()
  await redis?.stop()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

function send(server: RunningServer, path: string, body: unknown, token?: string) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      prefer: 'return=minimal',
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(body),
  })
}

async function signup(server: RunningServer, username: string): Promise<string> {
  const response = await send(server, '/api/auth/signup', { username, password: PASSWORD })
  expect(response.status).toBe(201)
  return ((await response.json()) as SignupResponse).encodedToken
}

/** Asks until `test` holds (the event stream's delivery), for at most five seconds. */
async function eventually(test: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 5000
  while (!(await test())) {
    if (Date.now() > until) throw new Error('B never saw the change')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the read cache across instances', () => {
  it("a profile edit through A reaches B's kept author summaries through the event stream", async () => {
    const token = await signup(a, 'cachedwriter')
    const made = await send(a, '/api/posts', { postData: { content: 'kept on B' } }, token)
    const postId = ((await made.json()) as PostResponse).post._id
    const authorOnB = async () => {
      const response = await fetch(`${b.url}/api/posts/${postId}`, {
        headers: { prefer: 'return=minimal' },
      })
      return ((await response.json()) as PostResponse).post.author.firstName
    }
    // Read twice on B: its summary of the author is kept.
    await authorOnB()
    expect(await authorOnB()).toBe('')
    const edited = await send(a, '/api/users/edit', { userData: { firstName: 'Renamed' } }, token)
    expect(edited.status).toBe(200)
    await eventually(async () => (await authorOnB()) === 'Renamed')
    // And the page B answers now is the one a fresh read gives.
    const feedOnB = await fetch(`${b.url}/api/posts/user/cachedwriter?limit=20`)
    const feedOnA = await fetch(`${a.url}/api/posts/user/cachedwriter?limit=20`)
    expect(await feedOnB.text()).toBe(await feedOnA.text())
  })

  it('a logout and a password change through A are refused on B at once', async () => {
    const token = await signup(a, 'cachedleaver')
    const session = () =>
      fetch(`${b.url}/api/auth/session`, { headers: { authorization: token } }).then(
        (response) => response.status,
      )
    expect(await session()).toBe(200)
    expect(await session()).toBe(200)
    expect((await send(a, '/api/auth/logout', {}, token)).status).toBe(200)
    expect(await session()).toBe(401)

    const other = await signup(a, 'cachedchanger')
    const otherSession = () =>
      fetch(`${b.url}/api/auth/session`, { headers: { authorization: other } }).then(
        (response) => response.status,
      )
    expect(await otherSession()).toBe(200)
    const changed = await send(
      a,
      '/api/auth/password',
      { currentPassword: PASSWORD, newPassword: 'another horse battery' },
      other,
    )
    expect(changed.status).toBe(200)
    expect(await otherSession()).toBe(401)
  })
})
