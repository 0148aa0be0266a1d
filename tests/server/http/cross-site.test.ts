/**
 * No cross-site or DNS-rebinding access (docs/security.md): a foreign Host is refused, a
 * foreign site may not change anything nor read answers, while the server's own pages, LAN
 * browsers and Gamerstage app windows (loopback origins, also on a friend's server) still work.
 */
import { request as httpRequest } from 'node:http'
import type { NetworkInterfaceInfo } from 'node:os'
import { afterEach } from 'vitest'
import { isTrustedOrigin } from '../../../src/server/http/api-headers'
import { createHostAllowList, hostnameOf } from '../../../src/server/http/host-allow-list'
import { MESSAGES, foreignHostMessage } from '../../../src/server/errors/messages'
import { startServer, type RunningServer } from '../../../src/server/server'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { DEMO_ACCOUNT } from '../../../src/server/services/writes/seed'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const servers: RunningServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

const FAKE_LAN = (): NodeJS.Dict<NetworkInterfaceInfo[]> => ({
  lo: [
    {
      address: '127.0.0.1',
      netmask: '255.0.0.0',
      family: 'IPv4' as const,
      mac: '00:00:00:00:00:00',
      internal: true,
      cidr: '127.0.0.1/8',
    },
  ],
  eth0: [
    {
      address: '192.168.1.20',
      netmask: '255.255.255.0',
      family: 'IPv4' as const,
      mac: '02:00:00:00:00:01',
      internal: false,
      cidr: '192.168.1.20/24',
    },
    {
      address: 'fe80::1%eth0',
      netmask: 'ffff:ffff:ffff:ffff::',
      family: 'IPv6' as const,
      mac: '02:00:00:00:00:01',
      internal: false,
      cidr: 'fe80::1/64',
      scopeid: 2,
    },
  ],
})

/** `app.request` takes the Host from the URL, as a Node server takes it from the header. */
const at = (app: TestApp, host: string, path: string, init?: RequestInit) =>
  app.request(`http://${host}${path}`, init)

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

describe('the Host allow-list', () => {
  it.each([
    ['localhost:4567', 'localhost'],
    ['LOCALHOST.:80', 'localhost'],
    ['[::1]:4567', '::1'],
    ['192.168.1.20', '192.168.1.20'],
    ['evil.example:4567', 'evil.example'],
  ])('reads the name of %j as %j', (header, name) => {
    expect(hostnameOf(header)).toBe(name)
  })

  it('answers to loopback, the machine’s addresses and names the host adds, nothing else', () => {
    const hosts = createHostAllowList(['party-box.lan', '10.9.8.7'], { interfaces: FAKE_LAN })
    for (const ok of [
      'localhost:4567',
      '127.0.0.1:4567',
      '127.3.2.1',
      '[::1]:4567',
      'app.localhost:5173',
      '192.168.1.20:4567',
      '[fe80::1]:4567',
      'party-box.lan:4567',
      'PARTY-BOX.LAN',
      '10.9.8.7:4567',
    ]) {
      expect(hosts.allows(ok), ok).toBe(true)
    }
    for (const refused of [
      'evil.example:4567',
      '127.0.0.1.nip.io:4567',
      'localhost.evil.example',
      '192.168.1.21:4567',
      '0.0.0.0:4567',
      '',
      'party-box.lan.evil.example',
    ]) {
      expect(hosts.allows(refused), refused).toBe(false)
    }
  })

  it('notices a LAN address the machine gained after it started', () => {
    let clock = 0
    let interfaces = FAKE_LAN()
    const wired = interfaces.eth0?.[0]
    if (!wired) throw new Error('The fake LAN has no eth0')
    const hosts = createHostAllowList([], { interfaces: () => interfaces, now: () => clock })
    expect(hosts.allows('10.0.0.5:4567')).toBe(false)
    interfaces = {
      ...interfaces,
      wlan0: [{ ...wired, address: '10.0.0.5', cidr: '10.0.0.5/24' }],
    }
    clock += 10_000
    expect(hosts.allows('10.0.0.5:4567')).toBe(true)
  })
})

describe('trusted origins', () => {
  it.each([
    ['http://192.168.1.20:4567', '192.168.1.20:4567', true, 'the server’s own page on the LAN'],
    ['http://127.0.0.1:51234', '192.168.1.20:4567', true, 'an app window joining a friend'],
    ['http://localhost:5173', 'localhost:4567', true, 'the app in development'],
    ['http://[::1]:4000', '127.0.0.1:4567', true, 'an IPv6 loopback window'],
    ['http://evil.example', '127.0.0.1:4567', false, 'a web site'],
    ['http://192.168.1.20:8080', '192.168.1.20:4567', false, 'another port of the same box'],
    ['http://192.168.1.99:4567', '192.168.1.20:4567', false, 'another LAN box'],
    ['null', '127.0.0.1:4567', false, 'a sandboxed frame or a file'],
    ['file://', '127.0.0.1:4567', false, 'a file'],
    ['http://127.0.0.1.evil.example', '127.0.0.1:4567', false, 'a look-alike name'],
  ])('%s calling %s: %s (%s)', (origin, host, trusted) => {
    expect(isTrustedOrigin(origin, host)).toBe(trusted)
  })
})

describe('requests', () => {
  it('refuses a foreign Host with 421 on the API, the pages and the event stream', async ({
    app,
  }) => {
    for (const path of ['/api/posts', '/api/health', '/', '/home', '/api/events']) {
      const response = await at(app, 'evil.example:4567', path)
      expect(response.status, path).toBe(421)
      expect(await response.json()).toEqual({
        errors: [foreignHostMessage('evil.example')],
        code: 'FOREIGN_HOST',
      })
    }
    // DNS rebinding: the attacker's name now points at 127.0.0.1, but the Host still says so.
    const rebound = await at(app, '127.0.0.1.nip.io:4567', '/api/auth/login', json(DEMO_ACCOUNT))
    expect(rebound.status).toBe(421)
  })

  it('answers names the host added with allowedHosts', async ({ makeApp }) => {
    const app = await makeApp({ allowedHosts: ['party-box.lan'] })
    expect((await at(app, 'party-box.lan:4567', '/api/health')).status).toBe(200)
    expect((await at(app, 'other-box.lan:4567', '/api/health')).status).toBe(421)
  })

  it('refuses a foreign site’s sign-up and login with 403, and changes nothing', async ({
    app,
  }) => {
    const evil = { Origin: 'http://evil.example' }
    const signup = await at(
      app,
      'localhost:4567',
      '/api/auth/signup',
      json({ username: 'csrf_victim', password: 'long enough' }, evil),
    )
    expect(signup.status).toBe(403)
    expect(await signup.json()).toEqual({
      errors: [MESSAGES.foreignOrigin],
      code: 'FOREIGN_ORIGIN',
    })
    expect(signup.headers.get('access-control-allow-origin')).toBeNull()
    expect((await app.get('/api/users/csrf_victim')).status).toBe(404)

    const login = await at(app, '127.0.0.1:4567', '/api/auth/login', json(DEMO_ACCOUNT, evil))
    expect(login.status).toBe(403)
    const nullOrigin = await at(
      app,
      '127.0.0.1:4567',
      '/api/auth/login',
      json(DEMO_ACCOUNT, { Origin: 'null' }),
    )
    expect(nullOrigin.status).toBe(403)
  })

  it('lets a foreign site’s GET through without CORS headers, so its page cannot read it', async ({
    app,
  }) => {
    const response = await at(app, '127.0.0.1:4567', '/api/users', {
      headers: { Origin: 'http://evil.example' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(response.headers.get('vary')).toContain('Origin')
  })

  it('refuses a foreign site’s preflight', async ({ app }) => {
    const response = await at(app, '127.0.0.1:4567', '/api/posts', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('serves a LAN browser on the server’s own page, and an app window joining from loopback', async ({
    makeApp,
  }) => {
    const app = await makeApp({ allowedHosts: ['192.168.1.20'] })
    const own = 'http://192.168.1.20:4567'
    const lanSignup = await at(
      app,
      '192.168.1.20:4567',
      '/api/auth/signup',
      json({ username: 'lan_browser', password: 'long enough' }, { Origin: own }),
    )
    expect(lanSignup.status).toBe(201)
    expect(lanSignup.headers.get('access-control-allow-origin')).toBe(own)

    const window = 'http://127.0.0.1:51234'
    const preflight = await at(app, '192.168.1.20:4567', '/api/auth/login', {
      method: 'OPTIONS',
      headers: { Origin: window, 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(window)
    const login = await at(
      app,
      '192.168.1.20:4567',
      '/api/auth/login',
      json({ username: 'lan_browser', password: 'long enough' }, { Origin: window }),
    )
    expect(login.status).toBe(200)
    expect(login.headers.get('access-control-allow-origin')).toBe(window)
  })

  it('checks the Host a real socket sends, not only the URL', async ({ tempDir }) => {
    const dataDir = tempDir
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      demo: false,
      passwordCost: TEST_SCRYPT_PARAMS,
    })
    servers.push(server)
    const send = (host: string, path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port: server.port, path, headers: { Host: host, ...headers } },
          (response) => {
            let body = ''
            response.on('data', (chunk: Buffer) => (body += chunk.toString()))
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
          },
        )
        request.on('error', reject)
        request.end()
      })
    expect((await send(`127.0.0.1:${server.port}`, '/api/health')).status).toBe(200)
    expect((await send(`localhost:${server.port}`, '/api/health')).status).toBe(200)
    const rebound = await send(`attacker.example:${server.port}`, '/api/health')
    expect(rebound.status).toBe(421)
    expect(JSON.parse(rebound.body)).toEqual({
      errors: [foreignHostMessage('attacker.example')],
      code: 'FOREIGN_HOST',
    })
    expect((await send(`attacker.example:${server.port}`, '/')).status).toBe(421)
  })
})
