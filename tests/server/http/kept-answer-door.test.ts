/**
 * The door of kept answers (http/kept-answer-door.ts), on a real listener: what it answers is
 * what the app answered, byte for byte and header for header (but the request's id and date),
 * and whatever the app would answer otherwise (a foreign Host, an ended session, a write since)
 * goes on to the app.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { listen, type Listener } from '../../../src/server/http/listener'
import { metricsRegistry } from '../../../src/server/observability/metrics'
import { openServerCore, type ServerCore } from '../../../src/server/server'
import type { SignupResponse } from '../../../src/shared/api-types'
import { captureLog } from '../../helpers/log-capture'

let core: ServerCore
let listener: Listener
let dataDir: string
/** Requests the door answered itself. */
let answeredAtDoor = 0

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-door-'))
  core = await openServerCore({ dataDir, demo: false, passwordCost: TEST_SCRYPT_PARAMS })
  const door = core.door
  listener = await listen(
    {
      ...core,
      door: (request, response) => {
        const answered = door(request, response)
        if (answered) answeredAtDoor++
        return answered
      },
    },
    '127.0.0.1',
    0,
  )
})

afterAll(async () => {
  await listener.close()
  await core.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function call(
  path: string,
  { token, method = 'GET', body, headers = {} }: CallOptions = {},
): Promise<{ status: number; headers: Record<string, string>; body: string; atDoor: boolean }> {
  const before = answeredAtDoor
  const response = await fetch(`${listener.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
    atDoor: answeredAtDoor > before,
  }
}

interface CallOptions {
  token?: string
  method?: string
  body?: unknown
  headers?: Record<string, string>
}

async function signup(username: string): Promise<{ token: string; id: string }> {
  const made = await call('/api/auth/signup', {
    method: 'POST',
    body: { username, password: 'door password 1' },
  })
  expect(made.status).toBe(201)
  const answer = JSON.parse(made.body) as SignupResponse
  return { token: answer.encodedToken, id: answer.createdUser._id }
}

/** A GET with a Host header of its own (fetch sends the URL's): answers its status. */
function getWithHost(path: string, token: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet(
      `${listener.url}${path}`,
      { headers: { host, authorization: token } },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    request.on('error', reject)
  })
}

/** Two answers alike but for what every request has of its own. */
function withoutOwn(headers: Record<string, string>): Record<string, string> {
  const { 'x-request-id': id, date, ...rest } = headers
  expect(id).toMatch(/^[0-9a-f]{16}$/)
  expect(date).toBeTruthy()
  return rest
}

describe('the door of kept answers', () => {
  let reader = ''
  let writer = ''

  beforeAll(async () => {
    reader = (await signup('door_reader')).token
    const made = await signup('door_writer')
    writer = made.token
    const followed = await call(`/api/users/follow/${made.id}`, {
      token: reader,
      method: 'POST',
      headers: { prefer: 'return=minimal' },
    })
    expect(followed.status).toBe(200)
    const posted = await call('/api/posts', {
      token: writer,
      method: 'POST',
      body: { postData: { content: 'through the door' } },
      headers: { prefer: 'return=minimal' },
    })
    expect(posted.status).toBe(201)
  })

  it('answers a kept page as the app did, from a trusted origin, a foreign one or none', async () => {
    const origins: Record<string, string>[] = [
      {},
      { origin: listener.url },
      { origin: 'https://evil.example' },
    ]
    for (const [index, headers] of origins.entries()) {
      // A page of its own for each: the first read is the app's, the second the door's.
      const path = `/api/feed?limit=${20 - index}`
      const made = await call(path, { token: reader, headers })
      const kept = await call(path, { token: reader, headers })
      expect(made.atDoor).toBe(false)
      expect(kept.atDoor).toBe(true)
      expect(kept.status).toBe(200)
      expect(kept.body).toBe(made.body)
      expect(withoutOwn(kept.headers)).toEqual(withoutOwn(made.headers))
      expect(kept.body).toContain('through the door')
    }
  })

  it('answers a page read without a token, and one asked for with return=minimal', async () => {
    const id = (JSON.parse((await call('/api/posts?limit=1')).body) as { posts: { _id: string }[] })
      .posts[0]?._id
    expect(id).toBeTruthy()
    for (const options of [{}, { token: reader, headers: { prefer: 'return=minimal' } }]) {
      const made = await call(`/api/posts/${id}`, options)
      const kept = await call(`/api/posts/${id}`, options)
      expect(kept.atDoor).toBe(true)
      expect(kept.body).toBe(made.body)
      expect(withoutOwn(kept.headers)).toEqual(withoutOwn(made.headers))
    }
  })

  it('writes the line and the metrics the app writes, with the route', async () => {
    await call('/api/feed?limit=5', { token: reader })
    const logged = captureLog()
    try {
      const kept = await call('/api/feed?limit=5', { token: reader })
      expect(kept.atDoor).toBe(true)
      const line = logged.lines.find((entry) => entry.msg === 'request')
      expect(line).toMatchObject({
        requestId: kept.headers['x-request-id'],
        method: 'GET',
        route: '/api/feed',
        status: 200,
      })
      expect(typeof line?.['user']).toBe('number')
    } finally {
      logged.restore()
    }
  })

  it('counts each lookup of a kept answer once: a hit at the door, a miss in the route', async () => {
    const answers = async () => {
      const text = await metricsRegistry.getSingleMetricAsString('gamerstage_cache_lookups_total')
      const count = (result: string) =>
        Number(new RegExp(`cache="answers",result="${result}"} (\\d+)`).exec(text)?.[1] ?? 0)
      return { hit: count('hit'), miss: count('miss') }
    }
    const before = await answers()
    // A page no one read yet: a miss (the route's), then a hit (the door's).
    await call('/api/posts?limit=7', { token: reader })
    expect((await call('/api/posts?limit=7', { token: reader })).atDoor).toBe(true)
    // A read whose route keeps no answer: no lookup at all.
    await call('/api/notifications', { token: reader })
    const after = await answers()
    expect({ hit: after.hit - before.hit, miss: after.miss - before.miss }).toEqual({
      hit: 1,
      miss: 1,
    })
  })

  it('passes on a foreign Host, a new post and an ended session, which the app answers', async () => {
    await call('/api/feed?limit=20', { token: reader })
    expect((await call('/api/feed?limit=20', { token: reader })).atDoor).toBe(true)

    // A name this server does not answer to: refused by the app, never answered from a page kept.
    const before = answeredAtDoor
    const foreign = await getWithHost('/api/feed?limit=20', reader, 'rebound.example')
    expect(answeredAtDoor).toBe(before)
    expect(foreign).toBe(421)

    // A post by someone the reader follows: the page kept no longer holds.
    await call('/api/posts', {
      token: writer,
      method: 'POST',
      body: { postData: { content: 'a new one' } },
      headers: { prefer: 'return=minimal' },
    })
    const after = await call('/api/feed?limit=20', { token: reader })
    expect(after.atDoor).toBe(false)
    expect(after.body).toContain('a new one')
    expect((await call('/api/feed?limit=20', { token: reader })).atDoor).toBe(true)

    // Logged out: the token is refused with its reason, at once.
    expect(
      (await call('/api/auth/logout', { token: reader, method: 'POST', body: {} })).status,
    ).toBe(200)
    const ended = await call('/api/feed?limit=20', { token: reader })
    expect(ended.atDoor).toBe(false)
    expect(ended.status).toBe(401)
    expect(JSON.parse(ended.body)).toMatchObject({ code: 'INVALID_TOKEN', reason: 'logged-out' })
  })
})
