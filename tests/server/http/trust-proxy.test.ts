/**
 * A hosted server behind a reverse proxy (docs/security.md, `--trust-proxy`): every client then
 * reaches the server from the proxy's address. With the proxy trusted, the login throttle and the
 * loopback checks see each client's own address from `X-Forwarded-For`; from anyone else that
 * header is ignored, since a client can write whatever it likes in it.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { UNKNOWN_ADDRESS, addressBehindProxies } from '../../../src/server/http/client-address'
import type { RunningServer } from '../../../src/server/server'
import { getOwnerId } from '../../../src/server/services/reads/hosting'
import { DEMO_ACCOUNT } from '../../../src/server/services/writes/seed'
import { describe, expect, it } from '../../helpers/fixtures'

const proxies: Server[] = []
afterEach(async () => {
  for (const proxy of proxies.splice(0)) {
    proxy.closeAllConnections()
    await new Promise((resolve) => proxy.close(resolve))
  }
})

/**
 * A reverse proxy on 127.0.0.1 in front of `target`, as nginx's
 * `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`: it appends the address the
 * client reached it from to whatever X-Forwarded-For the client sent. Every client here is on
 * loopback (127.0.0.x); `seenAs` lets the proxy stand in for one that LAN machines reach.
 */
async function startProxy(
  target: RunningServer,
  seenAs: (peer: string) => string = (peer) => peer,
): Promise<number> {
  const proxy = createServer((incoming, outgoing) => {
    const sent = incoming.headers['x-forwarded-for']
    const peer = seenAs(incoming.socket.remoteAddress ?? '')
    const forward = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': sent ? `${sent}, ${peer}` : peer },
        agent: false,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forward.on('error', () => outgoing.destroy())
    incoming.pipe(forward)
  })
  proxies.push(proxy)
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return (proxy.address() as AddressInfo).port
}

/** A POST of JSON from the machine at `localAddress` (127.0.0.x) to `port` on 127.0.0.1. */
function postFrom(
  port: number,
  localAddress: string,
  path: string,
  body: unknown,
  headers: IncomingHttpHeaders = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body)
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        path,
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

const { username, password } = DEMO_ACCOUNT

/** Five wrong passwords for the demo account from `localAddress`, each refused with 401. */
async function failFiveLogins(port: number, localAddress: string, forged?: (n: number) => string) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const status = await postFrom(
      port,
      localAddress,
      '/api/auth/login',
      { username, password: `guess number ${attempt}` },
      forged ? { 'x-forwarded-for': forged(attempt) } : {},
    )
    expect(status).toBe(401)
  }
}

const rightLoginFrom = (port: number, localAddress: string, headers?: IncomingHttpHeaders) =>
  postFrom(port, localAddress, '/api/auth/login', { username, password }, headers)

describe('--trust-proxy', () => {
  it('behind a trusted proxy, one client locked out leaves another signing in', async ({
    tempDir,
    loopbackServer,
  }) => {
    const server = await loopbackServer(tempDir, { trustedProxies: ['127.0.0.1'] })
    const proxyPort = await startProxy(server)

    // The stranger also writes a new X-Forwarded-For each time: the proxy appends the real
    // address after it, and only that right-hand end is believed.
    await failFiveLogins(proxyPort, '127.0.0.2', (attempt) => `10.0.0.${attempt + 1}`)
    expect(await rightLoginFrom(proxyPort, '127.0.0.2')).toBe(429)
    expect(await rightLoginFrom(proxyPort, '127.0.0.3')).toBe(200)
  })

  it('without --trust-proxy, every client behind the proxy is one address', async ({
    tempDir,
    loopbackServer,
  }) => {
    const server = await loopbackServer(tempDir)
    const proxyPort = await startProxy(server)

    await failFiveLogins(proxyPort, '127.0.0.2')
    // The stranger's failures hold back everyone: this is why a proxy needs --trust-proxy.
    expect(await rightLoginFrom(proxyPort, '127.0.0.3')).toBe(429)
  })

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async ({
    tempDir,
    loopbackServer,
  }) => {
    const server = await loopbackServer(tempDir, { trustedProxies: ['127.0.0.1'] })

    // Straight to the server: a different forged address each time is still one stranger.
    await failFiveLogins(server.port, '127.0.0.2', (attempt) => `10.0.0.${attempt + 1}`)
    expect(await rightLoginFrom(server.port, '127.0.0.2', { 'x-forwarded-for': '10.9.9.9' })).toBe(
      429,
    )
    // Nor can another client frame the stranger's address to be let through as someone else.
    expect(await rightLoginFrom(server.port, '127.0.0.3', { 'x-forwarded-for': '127.0.0.2' })).toBe(
      200,
    )
  })

  it('does not count a LAN client forwarded by a proxy on this computer as this computer', async ({
    tempDir,
    loopbackServer,
  }) => {
    // The desktop app's own server claims its owner from the first loopback sign-up.
    const server = await loopbackServer(join(tempDir, 'data'), {
      trustedProxies: ['127.0.0.1'],
      demo: false,
      claimOwnerFromLoopback: true,
    })
    // 127.0.0.2 plays a LAN machine at 192.168.1.2 reaching the proxy.
    const proxyPort = await startProxy(server, (peer) => peer.replace(/^127\.0\.0\./, '192.168.1.'))
    const signup = (name: string) => ({ username: name, password: 'correct horse battery' })

    // Through the proxy from another machine, even naming 127.0.0.1 itself in the header.
    expect(
      await postFrom(proxyPort, '127.0.0.2', '/api/auth/signup', signup('lanfriend'), {
        'x-forwarded-for': '127.0.0.1',
      }),
    ).toBe(201)
    expect(await getOwnerId(server.db)).toBeNull()

    // Someone at this computer, straight to the server, is still this computer.
    expect(await postFrom(server.port, '127.0.0.1', '/api/auth/signup', signup('hostplayer'))).toBe(
      201,
    )
    expect(await getOwnerId(server.db)).not.toBeNull()
  })
})

describe('addressBehindProxies', () => {
  const trusted = new Set(['127.0.0.1', '10.0.0.2'])
  it.each([
    // Not from a trusted proxy: the header is never read.
    ['192.168.1.7', '127.0.0.1', '192.168.1.7'],
    // From a trusted proxy: the right-most hop that is not one of ours.
    ['127.0.0.1', '192.168.1.9', '192.168.1.9'],
    ['127.0.0.1', '6.6.6.6, 192.168.1.9', '192.168.1.9'],
    ['127.0.0.1', '192.168.1.9, 10.0.0.2', '192.168.1.9'],
    ['127.0.0.1', '::ffff:192.168.1.9', '192.168.1.9'],
    // Only our proxies in the chain: the left-most is where the request began.
    ['127.0.0.1', '10.0.0.2, 127.0.0.1', '10.0.0.2'],
    // No header: a request made by the proxy's own machine.
    ['127.0.0.1', undefined, '127.0.0.1'],
    // A hop that is not an address: counted under a name that is never loopback.
    ['127.0.0.1', '127.0.0.1, unknown', UNKNOWN_ADDRESS],
  ])('peer %s with X-Forwarded-For %j is %s', (peer, forwardedFor, expected) => {
    expect(addressBehindProxies(peer, forwardedFor, trusted)).toBe(expected)
  })
})
