/**
 * A cluster recovers as one: PostgreSQL shut down under load (sessions ended
 * with admin_shutdown, then connections refused) and started again. Meanwhile every answer is
 * either done or 503 with `Retry-After` and the app's error shape, never a 500; once the database
 * is back, requests succeed again without restarting the server (its pool keeps no dead
 * connection).
 *
 * PostgreSQL only (vitest.pg.config.ts's CLUSTER_TESTS), on a small cluster of its own: stopping
 * the run's would fail every other test.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ErrorResponse, SignupResponse } from '../../../src/shared/api-types'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { startServer, type RunningServer } from '../../../src/server/server'
import { databaseUrl, onCluster, startTestCluster, type TestCluster } from '../../helpers/postgres'

/** Clients sending at once, as the load the database goes away under. */
const CLIENTS = 6
/** How long the load runs with the database down. */
const DOWN_MS = 1_500
/** How long the server may take to serve again once the database is back. */
const RECOVERY_MS = 20_000

let cluster: TestCluster
let server: RunningServer
let dataDir: string

beforeAll(async () => {
  cluster = await startTestCluster()
  await onCluster(cluster.url, 'CREATE DATABASE restarted')
  dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-restart-'))
  server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    demo: false,
    database: databaseUrl(cluster.url, 'restarted'),
    secret: new Uint8Array(randomBytes(32)),
    passwordCost: TEST_SCRYPT_PARAMS,
    limits: false,
  })
}, 60_000)

afterAll(async () => {
  await server?.close()
  await cluster?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

interface Answer {
  status: number
  retryAfter: string | null
  body: string
}

it('a database restart under load answers 503 with Retry-After, never 500, then recovers', async () => {
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'steady', password: 'correct horse battery' }),
  })
  expect(signup.status).toBe(201)
  const { encodedToken: token } = (await signup.json()) as SignupResponse

  const post = async (): Promise<Answer> => {
    const response = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        prefer: 'return=minimal',
        authorization: token,
      },
      body: JSON.stringify({ postData: { content: 'still here?' } }),
    })
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    }
  }
  const read = async (): Promise<Answer> => {
    const response = await fetch(`${server.url}/api/posts?limit=5`)
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    }
  }

  const answers: Answer[] = []
  let loading = true
  const load = Promise.all(
    Array.from({ length: CLIENTS }, async (_, index) => {
      while (loading) answers.push(await (index % 2 === 0 ? post() : read()))
    }),
  )
  await delay(300)
  await cluster.pause()
  await delay(DOWN_MS)
  await cluster.resume()
  loading = false
  await load

  const unavailable = answers.filter((answer) => answer.status === 503)
  const others = answers.filter((answer) => answer.status !== 503 && answer.status >= 300)
  expect(others.map((answer) => `${answer.status} ${answer.body.slice(0, 200)}`)).toEqual([])
  expect(unavailable.length).toBeGreaterThan(0)
  for (const answer of unavailable) {
    expect(answer.retryAfter).toMatch(/^\d+$/)
    expect(JSON.parse(answer.body) as ErrorResponse).toEqual({
      errors: ["The server's database is not answering; try again in a moment."],
      code: 'SERVER_BUSY',
    })
  }

  // Back by itself: a write and a read succeed again within a few seconds.
  const deadline = Date.now() + RECOVERY_MS
  let last = await post()
  while (last.status !== 201 && Date.now() < deadline) {
    await delay(200)
    last = await post()
  }
  expect(last.status).toBe(201)
  expect((await read()).status).toBe(200)
})
