/**
 * Whole lists share the server, over real sockets on loopback: another
 * request is answered while a large whole list streams, and one computer may have at most
 * `wholeListsAtOnce` of them under way, mutations' whole answers included, while others are
 * served. Computers are loopback source addresses (127.0.0.2, .3, …). Every wait is for an
 * event, bounded; nothing here asserts how long anything took.
 */
import { request, type IncomingMessage } from 'node:http'
import { connect as connectTcp } from 'node:net'
import { Worker } from 'node:worker_threads'
import { afterEach } from 'vitest'
import type { LoginResponse } from '../../../src/shared/api-types'
import { startServer, type RunningServer } from '../../../src/server/server'
import type { SqliteStore } from '../../../src/server/db/sqlite'
import { DEMO_ACCOUNT } from '../../../src/server/services/writes/seed'
import { WHOLE_LIST_RETRY_AFTER_SECONDS } from '../../../src/server/http/whole-list-limit'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { describe, expect, it } from '../../helpers/fixtures'

const WAIT_MS = 15_000

const servers: RunningServer<SqliteStore>[] = []
const open: IncomingMessage[] = []
afterEach(async () => {
  for (const response of open.splice(0)) response.destroy()
  for (const server of servers.splice(0)) await server.close()
})

/** A server on 127.0.0.1 whose post list is `posts` posts of `length` characters (plus the demo's). */
async function serverWithPosts(dataDir: string, posts: number, length: number) {
  const server = await startServer({
    port: 0,
    dataDir,
    demo: true,
    passwordCost: TEST_SCRYPT_PARAMS,
  })
  servers.push(server)
  // Straight into SQLite: thousands of posts in a moment (their words stay out of the search).
  const sqlite = server.db.connection
  const insert = sqlite.prepare(
    'INSERT INTO posts (author_id, content, created_at, updated_at) VALUES (1, ?, ?, ?)',
  )
  const start = Date.now() - posts * 1000
  sqlite.transaction(() => {
    for (let index = 0; index < posts; index++) {
      const at = start + index * 1000
      insert.run(`${index} `.padEnd(length, 'x'), at, at)
    }
  })()
  return server
}

interface Answer {
  status: number
  headers: IncomingMessage['headers']
  text: string
}

interface Call {
  method?: string
  headers?: Record<string, string>
  body?: string
}

/** One request from the computer at `localAddress`, read to its end. */
function call(port: number, localAddress: string, path: string, init: Call = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path, localAddress, agent: false, method: init.method ?? 'GET' },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        )
        response.on('error', reject)
      },
    )
    for (const [name, value] of Object.entries(init.headers ?? {})) outgoing.setHeader(name, value)
    outgoing.setTimeout(WAIT_MS, () => outgoing.destroy(new Error(`${path}: no answer`)))
    outgoing.on('error', reject)
    outgoing.end(init.body)
  })
}

/** Asks `path` from `localAddress` until it is not refused 429 (bounded by WAIT_MS): the last answer. */
async function onceServed(port: number, localAddress: string, path: string): Promise<Answer> {
  let answer = await call(port, localAddress, path)
  for (const deadline = Date.now() + WAIT_MS; answer.status === 429 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    answer = await call(port, localAddress, path)
  }
  return answer
}

/** A whole-list download from `localAddress` that takes its first bytes and then stops reading. */
function stalledList(port: number, localAddress: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request(
      { host: '127.0.0.1', port, path: '/api/posts', localAddress, agent: false },
      (response) => {
        open.push(response)
        expect(response.statusCode).toBe(200)
        response.once('data', () => {
          response.pause()
          resolve(response)
        })
      },
    )
      .on('error', reject)
      .end()
  })
}

/**
 * In a worker thread (a computer of its own, reading as fast as it can): downloads the whole
 * post list and, once its first bytes are in, asks /api/health; answers which answer ended first.
 */
const RACE = `
const { workerData, parentPort } = require('node:worker_threads')
const http = require('node:http')
const { port } = workerData
const ended = []
const get = (path, onFirst) =>
  http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
    let first = true
    response.on('data', () => {
      if (first && onFirst) onFirst()
      first = false
    })
    response.on('end', () => {
      ended.push(path + ' ' + response.statusCode)
      if (ended.length === 2) parentPort.postMessage(ended)
    })
  })
get('/api/posts', () => get('/api/health'))
`

describe('a whole list under way, over sockets', () => {
  it('leaves the server answering others while it streams', async ({ tempDir }) => {
    // About 3 MB of posts: hundreds of steps.
    const server = await serverWithPosts(tempDir, 3000, 1000)
    const worker = new Worker(RACE, { eval: true, workerData: { port: server.port } })
    try {
      const order = await new Promise<string[]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('The downloads did not end')), WAIT_MS)
        worker.once('message', (ended: string[]) => {
          clearTimeout(timer)
          resolve(ended)
        })
        worker.once('error', reject)
      })
      // Without turns between batches, the health answer waited for the last post.
      expect(order).toEqual(['/api/health 200', '/api/posts 200'])
    } finally {
      await worker.terminate()
    }
  })
})

describe('whole lists per computer', () => {
  it('answers a computer past its whole lists 429, serves the others, and counts its mutations', async ({
    tempDir,
  }) => {
    // About 8 MB: more than loopback's buffers take from a client that stops reading.
    const server = await serverWithPosts(tempDir, 8000, 1000)
    const { port } = server
    const login = await call(port, '127.0.0.5', '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ACCOUNT),
    })
    const { encodedToken: token } = JSON.parse(login.text) as LoginResponse
    const like = (prefer?: string) =>
      call(port, '127.0.0.2', '/api/posts/like/6', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: token,
          ...(prefer ? { prefer } : {}),
        },
        body: '{}',
      })

    // Two lists under way from 127.0.0.2, its client reading none of them further.
    const stalled = [await stalledList(port, '127.0.0.2'), await stalledList(port, '127.0.0.2')]

    const third = await call(port, '127.0.0.2', '/api/posts')
    expect(third.status).toBe(429)
    expect(third.headers['retry-after']).toBe(String(WHOLE_LIST_RETRY_AFTER_SECONDS))
    expect(JSON.parse(third.text)).toEqual({
      code: 'RATE_LIMITED',
      errors: [
        `Too many whole lists at once from this computer. Try again in ${WHOLE_LIST_RETRY_AFTER_SECONDS} seconds.`,
      ],
    })
    // A like answered with the whole list costs its sender too: refused before it is made...
    expect((await like()).status).toBe(429)
    const post = await call(port, '127.0.0.3', '/api/posts/6', {
      headers: { prefer: 'return=minimal' },
    })
    expect(
      (JSON.parse(post.text) as { post: { likes: { likeCount: number } } }).post.likes.likeCount,
    ).toBe(0)
    // ...while its minimal answer is not a whole list, and goes through.
    expect((await like('return=minimal')).status).toBe(200)

    // Another computer is served, whole list and all.
    const other = await call(port, '127.0.0.3', '/api/posts')
    expect(other.status).toBe(200)
    expect((JSON.parse(other.text) as { posts: unknown[] }).posts.length).toBeGreaterThan(8000)

    // A list that ends (its client goes away) frees its place.
    stalled[0]?.destroy()
    expect((await onceServed(port, '127.0.0.2', '/api/users')).status).toBe(200)
  })

  it('gives back the place of a list queued behind another answer and cut before its turn', async ({
    tempDir,
  }) => {
    const server = await serverWithPosts(tempDir, 8000, 1000)
    const { port } = server
    const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`
    // Two lists asked for in one write: Node answers the second only after the first, which this
    // client never reads to its end, so the second waits in Node's queue when the cut comes.
    await new Promise<void>((resolve, reject) => {
      const socket = connectTcp({ host: '127.0.0.1', port, localAddress: '127.0.0.4' }, () =>
        socket.write(get('/api/posts') + get('/api/users')),
      )
      socket.once('data', () => {
        socket.destroy()
        resolve()
      })
      socket.once('error', reject)
    })

    // Both places are free again: a stalled list and another whole list are served at once.
    open.push(await stalledList(port, '127.0.0.4'))
    expect((await onceServed(port, '127.0.0.4', '/api/users')).status).toBe(200)
  })
})
