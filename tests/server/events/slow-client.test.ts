/**
 * The event stream over real sockets, on loopback only. A client that stops reading the event stream must not grow the server's memory: over a real
 * socket (loopback only), the bytes the server holds for it stay under its buffer and it is cut
 * off, while a client that reads keeps its stream.
 */
import { get as httpGet, type IncomingMessage } from 'node:http'
import { connect as connectTcp, type Socket } from 'node:net'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { afterEach } from 'vitest'
import type { SignupResponse } from '../../../src/shared/api-types'
import { STREAM_MESSAGES } from '../../../src/server/errors/messages'
import { startServer, type RunningServer } from '../../../src/server/server'
import { readEvents } from '../../helpers/sse'
import { describe, expect, it } from '../../helpers/fixtures'

const CLIENT_BUFFER = 64 * 1024
/** Enough to fill loopback's socket buffers (a few MB) many times over; the loop stops sooner. */
const MAX_EVENTS = 3000
const BIO = 'x'.repeat(16 * 1024)

let server: RunningServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function signup(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'correct horse battery' }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as SignupResponse).encodedToken
}

/** Opens the stream on a raw socket, waits until it is live, then never reads again. */
function stalledClient(port: number, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp({ host: '127.0.0.1', port }, () => {
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${token}\r\n\r\n`,
      )
    })
    let head = ''
    const onData = (chunk: Buffer) => {
      head += chunk.toString()
      if (head.includes('event: ready')) {
        socket.off('data', onData)
        socket.pause()
        resolve(socket)
      }
    }
    socket.on('data', onData)
    socket.once('error', reject)
  })
}

describe('a client that stops reading', () => {
  it('is dropped once its buffer is full, and the server never holds more than that for it', async ({
    tempDir,
  }) => {
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir: tempDir,
      demo: false,
      events: { clientBufferBytes: CLIENT_BUFFER, heartbeatMs: 60_000 },
    })
    const token = await signup(server.url, 'stalled')
    const reading = await fetch(`${server.url}/api/events`, {
      headers: { authorization: await signup(server.url, 'reader') },
    })
    const reader = readEvents(reading)
    await reader.next('ready')
    const stalled = await stalledClient(server.port, token)
    expect(server.events.clientCount).toBe(2)

    const stalledQueue = () =>
      server?.events.clientStats().find((client) => client.userId === 1)?.queuedBytes ?? 0
    let maxQueued = 0
    let published = 0
    while (server.events.droppedSlowClients === 0 && published < MAX_EVENTS) {
      server.events.publish('user', {
        user: {
          _id: '9',
          id: '9',
          username: 'big',
          firstName: '',
          lastName: '',
          profileImg: '',
          bio: BIO,
          followerCount: 0,
          followingCount: 0,
        },
      })
      published += 1
      maxQueued = Math.max(maxQueued, stalledQueue())
      // Lets the sockets move data between publishes.
      await nextTurn()
    }

    expect(server.events.droppedSlowClients).toBe(1)
    expect(maxQueued).toBeGreaterThan(0)
    expect(maxQueued).toBeLessThanOrEqual(CLIENT_BUFFER)
    expect(server.events.clientStats().map((client) => client.userId)).toEqual([2])

    // The server cut the connection: once the client reads again, its stream ends.
    const closed = new Promise<void>((resolve) => stalled.once('close', () => resolve()))
    stalled.on('data', () => undefined)
    stalled.resume()
    await closed

    // The reading client kept its stream and got every event.
    const lastBig = await reader.next('user', 5000)
    expect(lastBig.data.user.bio).toHaveLength(BIO.length)
    await reader.settle(200)
    expect(reader.events.filter((event) => event.type === 'user')).toHaveLength(published)
    await reader.close()
  }, 60_000)
})

/** Opens the stream from a given loopback source address; answers the response (not read). */
function streamFrom(port: number, token: string, localAddress: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpGet(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        localAddress,
        headers: { authorization: token },
      },
      resolve,
    )
    request.once('error', reject)
  })
}

async function bodyOf(response: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of response) text += String(chunk)
  return text
}

describe('connections per address', () => {
  it('are capped with a 429 naming the address, whoever signs in; other addresses go on', async ({
    tempDir,
  }) => {
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir: tempDir,
      demo: false,
      events: { maxPerAddress: 2 },
    })
    const tokens = [
      await signup(server.url, 'one_1'),
      await signup(server.url, 'two_2'),
      await signup(server.url, 'three'),
    ]
    const open = [
      await streamFrom(server.port, tokens[0] ?? '', '127.0.0.1'),
      await streamFrom(server.port, tokens[1] ?? '', '127.0.0.1'),
    ]
    expect(open.map((response) => response.statusCode)).toEqual([200, 200])
    const refused = await streamFrom(server.port, tokens[2] ?? '', '127.0.0.1')
    expect(refused.statusCode).toBe(429)
    expect(JSON.parse(await bodyOf(refused))).toEqual({
      errors: [STREAM_MESSAGES.addressCap],
      code: 'RATE_LIMITED',
    })
    // Another computer (here another loopback source address) is not affected.
    const elsewhere = await streamFrom(server.port, tokens[2] ?? '', '127.0.0.2')
    expect(elsewhere.statusCode).toBe(200)
    expect(
      server.events
        .clientStats()
        .map((client) => client.address)
        .sort(),
    ).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.2'])
    for (const response of [...open, elsewhere]) response.destroy()
  }, 30_000)
})
