/**
 * No single address holds the server (http/connection-guard.ts), over real
 * sockets on loopback, on both kinds of listener: one address past its cap is closed while
 * another is served, and a socket that stays silent, sends one byte or stalls its TLS handshake
 * is closed after the first-byte timeout, long before the headers timeout. Computers are
 * loopback source addresses (127.0.0.2, .3, …). Every wait is for an event, bounded by a time
 * shorter than the headers timeout these servers run with: what is asserted is which rule closed
 * a socket, never how fast.
 */
import { spawn } from 'node:child_process'
import { createServer as createHttpServer } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { guardConnections } from '../../../src/server/http/connection-guard'
import { startServer, type RunningServer } from '../../../src/server/server'
import { loadOrCreateLanCertificate } from '../../../src/server/tls/lan-certificate'
import { describe, expect, it } from '../../helpers/fixtures'

/** Longest a test waits for a socket to close: far below HEADERS_TIMEOUT_MS. */
const WAIT_MS = 8_000
/** The headers timeout of these servers: what would close a socket without the guard. */
const HEADERS_TIMEOUT_MS = 30_000

const servers: RunningServer[] = []
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const server of servers.splice(0)) await server.close()
})

/** A raw TCP connection from the computer at `localAddress`, once it is connected. */
function openFrom(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve(socket))
    sockets.push(socket)
    socket.once('error', reject)
  })
}

/** Everything the socket receives until the server closes it; rejects after WAIT_MS. */
function closedWith(socket: Socket): Promise<string> {
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  socket.on('error', () => undefined)
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return resolve(received)
    const timer = setTimeout(() => reject(new Error('The server kept the socket open')), WAIT_MS)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(received)
    })
  })
}

/** GET /api/health from `localAddress` on a socket of its own: the whole answer. */
async function healthFrom(port: number, localAddress: string): Promise<string> {
  const socket = await openFrom(port, localAddress)
  const answer = closedWith(socket)
  socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)
  return answer
}

const limits = (more: Record<string, number>) => ({
  headersTimeoutMs: HEADERS_TIMEOUT_MS,
  requestTimeoutMs: HEADERS_TIMEOUT_MS,
  ...more,
})

describe('the per-address connection cap', () => {
  it('keeps one address from holding every place: another is still served', async ({ tempDir }) => {
    const server = await startServer({
      port: 0,
      dataDir: tempDir,
      demo: false,
      connectionLimits: limits({ maxConnections: 8, maxConnectionsPerAddress: 4 }),
    })
    servers.push(server)
    // As many sockets as the whole server takes, and two more, all from 127.0.0.2, all idle.
    const held: Socket[] = []
    for (let index = 0; index < 10; index++) held.push(await openFrom(server.port, '127.0.0.2'))
    const refused = held.slice(4)
    for (const socket of refused) expect(await closedWith(socket)).toBe('')
    // Its first four are still open, and a friend at 127.0.0.3 gets in.
    expect(held.slice(0, 4).every((socket) => !socket.destroyed)).toBe(true)
    expect(await healthFrom(server.port, '127.0.0.3')).toMatch(/^HTTP\/1\.1 200 OK/)
    // One of 127.0.0.2's own that closes frees its place for it.
    const closing = new Promise((resolve) => held[0]?.once('close', resolve))
    held[0]?.destroy()
    await closing
    let answer = ''
    for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline;) {
      answer = await healthFrom(server.port, '127.0.0.2')
      if (answer !== '') break
    }
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/)
  })

  it('does not cap a trusted proxy, which carries everyone’s connections', async ({ tempDir }) => {
    const server = await startServer({
      port: 0,
      dataDir: tempDir,
      demo: false,
      trustedProxies: ['127.0.0.4'],
      connectionLimits: limits({ maxConnections: 8, maxConnectionsPerAddress: 2 }),
    })
    servers.push(server)
    const proxied = [1, 2, 3, 4].map(() => openFrom(server.port, '127.0.0.4'))
    for (const socket of await Promise.all(proxied)) expect(socket.destroyed).toBe(false)
    expect(await healthFrom(server.port, '127.0.0.4')).toMatch(/^HTTP\/1\.1 200 OK/)
    // Anyone else is capped as before.
    const others = [
      await openFrom(server.port, '127.0.0.5'),
      await openFrom(server.port, '127.0.0.5'),
    ]
    const third = await openFrom(server.port, '127.0.0.5')
    expect(await closedWith(third)).toBe('')
    expect(others.every((socket) => !socket.destroyed)).toBe(true)
  })
})

describe('the first-byte timeout, plain HTTP', () => {
  it('closes a socket that sends nothing, and serves one that speaks', async ({ tempDir }) => {
    const server = await startServer({
      port: 0,
      dataDir: tempDir,
      demo: false,
      connectionLimits: limits({ firstByteTimeoutMs: 300 }),
    })
    servers.push(server)
    const silent = await openFrom(server.port, '127.0.0.2')
    expect(await closedWith(silent)).toBe('')
    expect(await healthFrom(server.port, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200 OK/)
  })
})

describe('the first-byte timeout, HTTPS with its plain door', () => {
  /** The real server on 127.0.0.1 with the data folder's LAN certificate, as a shared one. */
  async function sharedServer(dataDir: string) {
    const first = await startServer({ port: 0, dataDir, demo: false })
    await first.close()
    const tls = await loadOrCreateLanCertificate(dataDir, { log: () => undefined })
    const server = await startServer({
      port: 0,
      dataDir,
      demo: false,
      tls,
      connectionLimits: limits({ firstByteTimeoutMs: 300 }),
    })
    servers.push(server)
    return server
  }

  it.for<[string, string]>([
    ['sends nothing', ''],
    ['sends one byte of a TLS handshake', '\x16'],
    ['sends one byte of a plain request', 'G'],
    // A TLS record header and the start of a ClientHello, then nothing.
    ['stalls its TLS handshake', '\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03'],
    ['stalls a plain request’s head', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'],
  ])('closes a socket that %s', async ([, bytes], { tempDir }) => {
    const server = await sharedServer(join(tempDir, 'data'))
    const socket = await openFrom(server.port, '127.0.0.2')
    const closed = closedWith(socket)
    if (bytes !== '') socket.write(Buffer.from(bytes, 'latin1'))
    // Closed without an answer (a TLS alert at most), long before the headers timeout.
    expect(await closed).not.toMatch(/^HTTP\/1\.1 [23]/)
  })
})

describe('the first-byte timeout on a busy server', () => {
  it('spares a client whose first bytes arrived while the loop was busy past the timeout', async () => {
    const server = createHttpServer((_request, response) => response.end('ok'))
    // The server is busy for longer than the timeout right after it accepts (thousands
    // connecting at once): the client's request arrives meanwhile, unread.
    server.on('connection', () => {
      const until = Date.now() + 400
      while (Date.now() < until) {
        // Busy, as a loop serving a storm is.
      }
    })
    guardConnections(server, { maxPerAddress: 10, firstByteTimeoutMs: 100 })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      // The client in a process of its own, so that it sends while this one is busy.
      const client = spawn(
        process.execPath,
        [
          '-e',
          `const s = require('node:net').connect(${port}, '127.0.0.1');
           s.write('GET / HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n');
           let got = ''; s.on('data', (d) => (got += d)); s.on('error', () => {});
           s.on('close', () => process.stdout.write(got || 'closed without an answer'));`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      )
      let output = ''
      client.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      await new Promise((resolve) => client.once('exit', resolve))
      expect(output).toMatch(/^HTTP\/1\.1 200/)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
