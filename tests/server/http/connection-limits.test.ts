/**
 * The caps on what clients can hold open (docs/security.md), over real sockets on loopback: a
 * slowloris is cut after the headers timeout, a connection past the cap is closed while those
 * already open go on working, and a live stream past the server's cap is a 503 that says so.
 * Every wait is for an event, bounded; nothing here asserts how long anything took.
 */
import { connect as connectTcp, type Socket } from 'node:net'
import { afterEach } from 'vitest'
import type { LoginResponse } from '../../../src/shared/api-types'
import { STREAM_MESSAGES } from '../../../src/server/errors/messages'
import { DEMO_ACCOUNT } from '../../../src/server/services/writes/seed'
import { startServer, type RunningServer } from '../../../src/server/server'
import { expectError } from '../../helpers/api'
import { readEvents, type EventReader } from '../../helpers/sse'
import { describe, expect, it } from '../../helpers/fixtures'

/** Longest a test waits for any one thing to happen. */
const WAIT_MS = 10_000

const servers: RunningServer[] = []
const sockets: Socket[] = []
const readers: EventReader[] = []
afterEach(async () => {
  for (const reader of readers.splice(0)) await reader.close()
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const server of servers.splice(0)) await server.close()
})

/** Resolves with `value` once `event` happens, or rejects after WAIT_MS saying what it awaited. */
function within<T>(what: string, event: (done: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), WAIT_MS)
    event((value) => {
      clearTimeout(timer)
      resolve(value)
    })
  })
}

/** A raw TCP connection to the server, kept in `sockets` for the cleanup. */
function openSocket(server: RunningServer): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp({ host: '127.0.0.1', port: server.port }, () => resolve(socket))
    sockets.push(socket)
    socket.once('error', reject)
  })
}

/** Everything the socket receives until it closes (with or without an error). */
function receivedUntilClosed(socket: Socket): Promise<string> {
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
  socket.on('error', () => undefined)
  return within('the server to close the socket', (done) =>
    socket.once('close', () => done(received)),
  )
}

/** Sends GET /api/health on a kept-alive socket and waits for its answer. */
function health(socket: Socket, port: number): Promise<string> {
  let received = ''
  const answered = within<string>('the /api/health answer', (done) => {
    const onData = (chunk: Buffer) => {
      received += chunk.toString()
      if (received.includes('{"status":"ok"}')) {
        socket.off('data', onData)
        done(received)
      }
    }
    socket.on('data', onData)
  })
  socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)
  return answered
}

describe('a client that sends its headers slowly (slowloris)', () => {
  it('is cut after the headers timeout, however it trickles', async ({ tempDir }) => {
    const server = await startServer({
      port: 0,
      dataDir: tempDir,
      demo: false,
      connectionLimits: { headersTimeoutMs: 1000, requestTimeoutMs: 2000 },
    })
    servers.push(server)
    const socket = await openSocket(server)
    const closed = receivedUntilClosed(socket)
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`)
    // One more header line every 200 ms, never the blank line that ends them (bounded: the
    // timer stops with the socket, or after WAIT_MS at the latest).
    let lines = 0
    const trickle = setInterval(() => {
      if (socket.destroyed || lines * 200 > WAIT_MS) clearInterval(trickle)
      else socket.write(`X-Trickle-${(lines += 1)}: still here\r\n`)
    }, 200)
    try {
      const received = await closed
      // Node answers 408 where it still can; never the health answer.
      expect(received === '' || received.startsWith('HTTP/1.1 408')).toBe(true)
    } finally {
      clearInterval(trickle)
    }
  })
})

describe('the connection cap', () => {
  it('closes connections past the cap while the open ones still work', async ({ tempDir }) => {
    const server = await startServer({
      port: 0,
      dataDir: tempDir,
      demo: false,
      connectionLimits: { maxConnections: 3 },
    })
    servers.push(server)
    const open = [await openSocket(server), await openSocket(server), await openSocket(server)]
    // The three are accepted: each answers.
    for (const socket of open) expect(await health(socket, server.port)).toContain('200 OK')

    const extra = await openSocket(server)
    const refused = receivedUntilClosed(extra)
    extra.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`)
    expect(await refused).toBe('')

    // Those already open go on working, on the same sockets.
    for (const socket of open) expect(await health(socket, server.port)).toContain('200 OK')
  })
})

describe('the live streams cap', () => {
  it('answers the stream past the server’s cap with a 503 that says so', async ({ tempDir }) => {
    const server = await startServer({
      port: 0,
      dataDir: tempDir,
      demo: true,
      events: { maxStreams: 2 },
    })
    servers.push(server)
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ACCOUNT),
    })
    const { encodedToken: token } = (await login.json()) as LoginResponse
    const stream = async () =>
      fetch(`${server.url}/api/events`, { headers: { authorization: token } })
    for (let index = 0; index < 2; index += 1) {
      const reader = readEvents(await stream())
      readers.push(reader)
      await reader.next('ready', WAIT_MS)
    }

    const refused = await stream()
    expect(refused.headers.get('Retry-After')).toBe('30')
    await expectError(refused, 503, STREAM_MESSAGES.serverCap, 'SERVER_BUSY')

    // A stream that ends frees its place.
    await readers.shift()?.close()
    await within('the hub to let the stream go', (done) => {
      const poll = setInterval(() => {
        if (server.events.clientCount < 2) {
          clearInterval(poll)
          done(undefined)
        }
      }, 20)
      setTimeout(() => clearInterval(poll), WAIT_MS)
    })
    const again = readEvents(await stream())
    readers.push(again)
    await again.next('ready', WAIT_MS)
  })
})
