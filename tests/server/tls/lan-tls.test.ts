/**
 * The LAN share is encrypted by default (docs/security.md): a server shared beyond loopback
 * makes its own certificate (ECDSA P-256, kept in the data folder readable by its owner only,
 * renewed well before it runs out), speaks HTTPS with it, and answers plain HTTP on the same port
 * only with the way to HTTPS. Everything runs on 127.0.0.1; the certificate is handed to a
 * loopback listener the way a LAN listener gets it.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { describeEncryption } from '../../../src/server/cli/describe'
import { certificateFor, startServer, type RunningServer } from '../../../src/server/server'
import {
  LAN_CERT_FILE,
  LAN_CERT_RENEW_DAYS,
  LAN_KEY_FILE,
  loadOrCreateLanCertificate,
  replaceLanCertificate,
} from '../../../src/server/tls/lan-certificate'
import { fingerprintCode } from '../../../src/shared/fingerprint-code'
import { describe, expect, it } from '../../helpers/fixtures'

const servers: RunningServer[] = []
const relays: Server[] = []
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const relay of relays.splice(0)) await new Promise((resolve) => relay.close(resolve))
  for (const server of servers.splice(0)) await server.close()
})

const DAY_MS = 24 * 60 * 60_000
const quiet = () => undefined

/** The real server on 127.0.0.1 with the data folder's LAN certificate, as a shared one gets it. */
async function startSharedServer(
  dataDir: string,
  headersTimeoutMs?: number,
  allowedHosts: string[] = [],
) {
  // The folder must exist and be a data folder first: a plain server makes it.
  const first = await startServer({ host: '127.0.0.1', port: 0, dataDir, demo: false })
  await first.close()
  const tls = await loadOrCreateLanCertificate(dataDir, { log: quiet })
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    demo: false,
    passwordCost: TEST_SCRYPT_PARAMS,
    tls,
    connectionLimits: headersTimeoutMs ? { headersTimeoutMs } : {},
    allowedHosts,
  })
  servers.push(server)
  return { server, tls }
}

/** Sends raw bytes and reads everything until the server closes the connection. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    sockets.push(socket)
    let text = ''
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')))
    socket.on('close', () => resolve(text))
    socket.on('error', reject)
    socket.write(bytes)
  })
}

interface Answer {
  status: number
  text: string
  headers: Record<string, string | string[] | undefined>
}

/** HTTPS to 127.0.0.1:`port`, trusting only `ca` (the pinned certificate). */
function secure(
  port: number,
  path: string,
  ca: string,
  options: { body?: unknown; token?: string; method?: string; host?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    const request = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        agent: false,
        ca,
        // A Host of its own would be checked against the certificate: the name in it is checked.
        ...(options.host ? { servername: 'localhost' } : {}),
        timeout: 5000,
        headers: {
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          ...(options.host ? { Host: options.host } : {}),
        },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text, headers: response.headers }),
        )
      },
    )
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
    request.end(payload)
  })
}

describe('the LAN certificate', () => {
  it('is an ECDSA P-256 certificate made once, kept readable by its owner only', async ({
    tempDir,
  }) => {
    const made = await loadOrCreateLanCertificate(tempDir, { log: quiet })
    const certificate = new X509Certificate(made.cert)
    const key = createPrivateKey(made.key)
    expect(key.asymmetricKeyType).toBe('ec')
    expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1')
    expect(certificate.checkPrivateKey(key)).toBe(true)
    expect(certificate.subjectAltName).toContain('IP Address:127.0.0.1')
    expect(made.fingerprint).toMatch(/^[0-9a-f]{64}$/)
    expect(made.fingerprint).toBe(certificate.fingerprint256.replace(/:/g, '').toLowerCase())
    for (const file of [LAN_CERT_FILE, LAN_KEY_FILE]) {
      expect(statSync(join(tempDir, file)).mode & 0o777).toBe(0o600)
    }
    expect(readFileSync(join(tempDir, LAN_KEY_FILE), 'utf8')).toBe(made.key)
    // The next start takes the same one: friends' pins stay valid.
    const again = await loadOrCreateLanCertificate(tempDir, { log: quiet })
    expect(again.fingerprint).toBe(made.fingerprint)
  })

  it('is renewed when fewer than the renewal days are left, and replaced on request', async ({
    tempDir,
  }) => {
    const made = await loadOrCreateLanCertificate(tempDir, { log: quiet })
    const days = (made.notAfter.getTime() - Date.now()) / DAY_MS
    expect(days).toBeGreaterThan(LAN_CERT_RENEW_DAYS * 2)
    const justBefore = new Date(made.notAfter.getTime() - (LAN_CERT_RENEW_DAYS + 1) * DAY_MS)
    const kept = await loadOrCreateLanCertificate(tempDir, { log: quiet, now: () => justBefore })
    expect(kept.fingerprint).toBe(made.fingerprint)
    const inside = new Date(made.notAfter.getTime() - (LAN_CERT_RENEW_DAYS - 1) * DAY_MS)
    const logged: string[] = []
    const renewed = await loadOrCreateLanCertificate(tempDir, {
      log: (line) => logged.push(line),
      now: () => inside,
    })
    expect(renewed.fingerprint).not.toBe(made.fingerprint)
    expect(renewed.notAfter.getTime()).toBeGreaterThan(made.notAfter.getTime())
    expect(logged.join('\n')).toMatch(/^Renewed the LAN certificate/)

    const replaced = await replaceLanCertificate(tempDir)
    expect(replaced.fingerprint).not.toBe(renewed.fingerprint)
    expect((await loadOrCreateLanCertificate(tempDir, { log: quiet })).fingerprint).toBe(
      replaced.fingerprint,
    )
  })

  it('is made anew when the files are damaged', async ({ tempDir }) => {
    const made = await loadOrCreateLanCertificate(tempDir, { log: quiet })
    writeFileSync(join(tempDir, LAN_KEY_FILE), 'not a key')
    const logged: string[] = []
    const next = await loadOrCreateLanCertificate(tempDir, { log: (line) => logged.push(line) })
    expect(next.fingerprint).not.toBe(made.fingerprint)
    expect(logged[0]).toMatch(/damaged: making a new one/)
  })

  it('is used beyond loopback unless the host chose plain HTTP or brought one', async ({
    tempDir,
  }) => {
    expect(await certificateFor('127.0.0.1', {}, tempDir)).toBeUndefined()
    expect(await certificateFor('0.0.0.0', { plainHttp: true }, tempDir)).toBeUndefined()
    const own = { cert: 'own', key: 'own' }
    expect(await certificateFor('0.0.0.0', { tls: own }, tempDir)).toBe(own)
    const made = await certificateFor('0.0.0.0', {}, tempDir, quiet)
    expect(made?.cert).toBe(readFileSync(join(tempDir, LAN_CERT_FILE), 'utf8'))
    expect((await certificateFor('192.168.1.20', {}, tempDir, quiet))?.cert).toBe(made?.cert)
  })

  it('gives the host the code to compare, or says what plain HTTP costs', () => {
    const fingerprint = '5d12a501faaa2690'.padEnd(64, '0')
    expect(describeEncryption({ host: '0.0.0.0', fingerprint })[0]).toBe(
      'Certificate code: 5D12-A501-FAAA-2690 (friends compare it when they join by address)',
    )
    expect(describeEncryption({ host: '0.0.0.0', fingerprint: null })[0]).toMatch(
      /^Warning: --plain-http: nothing is encrypted\. Anyone on this network can read passwords/,
    )
    expect(describeEncryption({ host: '127.0.0.1', fingerprint: null })).toEqual([])
  })
})

describe('a shared server speaking HTTPS', () => {
  it('serves the API over HTTPS to a client that pins its certificate', async ({ tempDir }) => {
    const { server, tls } = await startSharedServer(join(tempDir, 'data'))
    expect(server.url).toBe(`https://127.0.0.1:${server.port}`)
    expect(server.fingerprint).toBe(tls.fingerprint)
    const health = await secure(server.port, '/api/health', tls.cert)
    expect(health.status).toBe(200)
    expect(JSON.parse(health.text)).toEqual({ status: 'ok' })
  })

  it('answers plain HTTP with the way to HTTPS and never with API data', async ({ tempDir }) => {
    const { server } = await startSharedServer(join(tempDir, 'data'))
    const host = `127.0.0.1:${server.port}`
    const page = await raw(server.port, `GET /post/12 HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
    expect(page).toMatch(/^HTTP\/1\.1 301 Moved Permanently\r\n/)
    expect(page).toContain(`\r\nLocation: https://${host}/post/12\r\n`)

    const api = await raw(server.port, `GET /api/posts HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
    expect(api).toMatch(/^HTTP\/1\.1 301 /)
    expect(api).toContain(`Location: https://${host}/api/posts`)
    expect(api).not.toContain('"posts"')

    // A write is refused, and what it carried is not used: this sign-up makes no account.
    const body = JSON.stringify({ username: 'cleartext', password: 'sent-in-clear-123' })
    const signup = await raw(
      server.port,
      `POST /api/auth/signup HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    )
    expect(signup).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/)
    const refusal = JSON.parse(signup.slice(signup.indexOf('\r\n\r\n') + 4)) as {
      errors: string[]
      code: string
    }
    expect(refusal).toEqual({
      code: 'HTTPS_REQUIRED',
      errors: [
        `This server only answers over HTTPS: use https://${host}. Nothing sent in plain text was used.`,
      ],
    })
    const { tls } = { tls: readFileSync(join(tempDir, 'data', LAN_CERT_FILE), 'utf8') }
    const login = await secure(server.port, '/api/auth/login', tls, {
      body: { username: 'cleartext', password: 'sent-in-clear-123' },
    })
    expect(login.status).toBe(404)

    // An allowed name that is not safe to write falls back to the address the request reached.
    const odd = await raw(server.port, 'GET / HTTP/1.1\r\nHost: localhost:1/x?\r\n\r\n')
    expect(odd).toContain(`Location: https://127.0.0.1:${server.port}/\r\n`)
    expect(await raw(server.port, 'hello\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request/)
  })

  it('answers plain HTTP only for the Host names the HTTPS side allows, never sending anyone to a foreign name', async ({
    tempDir,
  }) => {
    const { server } = await startSharedServer(join(tempDir, 'data'), undefined, ['party.lan'])
    const foreign = (request: string) => raw(server.port, request)
    for (const request of [
      'GET /post/12 HTTP/1.1\r\nHost: evil.example\r\n\r\n',
      'GET /join HTTP/1.1\r\nHost: evil.example:4567\r\n\r\n',
      'HEAD /join?from=qr HTTP/1.1\r\nHost: evil.example\r\n\r\n',
      'POST /api/auth/login HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 2\r\n\r\n{}',
      'GET / HTTP/1.1\r\nHost: evil.example/x?\r\n\r\n',
    ]) {
      const answer = await foreign(request)
      expect(answer).toMatch(/^HTTP\/1\.1 421 Misdirected Request\r\n/)
      expect(answer).not.toMatch(/Location:/i)
      expect(answer).not.toContain('https://evil.example')
      if (!request.startsWith('HEAD')) {
        expect(answer).toContain(
          'This server does not answer to the name "evil.example". Open it by its address, or start it with --allow-host evil.example.',
        )
      }
    }
    // A name given with --allow-host is answered as the HTTPS side answers it.
    const host = `party.lan:${server.port}`
    const page = await raw(server.port, `GET /post/12 HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
    expect(page).toContain(`\r\nLocation: https://${host}/post/12\r\n`)
    const join_ = await raw(server.port, `GET /join HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
    expect(join_).toContain(`href="https://${host}/"`)
    // The HTTPS side refuses the same name the door refuses.
    const { tls } = { tls: readFileSync(join(tempDir, 'data', LAN_CERT_FILE), 'utf8') }
    const https = await secure(server.port, '/api/health', tls, { host: 'evil.example' })
    expect(https.status).toBe(421)
  })

  it('explains the certificate warning at /join, over plain HTTP, with the code', async ({
    tempDir,
  }) => {
    const { server, tls } = await startSharedServer(join(tempDir, 'data'))
    const host = `127.0.0.1:${server.port}`
    const page = await raw(server.port, `GET /join HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
    expect(page).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(page).toContain('Content-Type: text/html; charset=utf-8')
    expect(page).toContain(fingerprintCode(tls.fingerprint).split('-').join(' '))
    expect(page).toContain(`href="https://${host}/"`)
    expect(page).toContain('warn')
    const head = await raw(server.port, `HEAD /join?from=qr HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(head.endsWith('\r\n\r\n')).toBe(true)
  })

  it('closes a connection that sends nothing within the headers timeout', async ({ tempDir }) => {
    const { server } = await startSharedServer(join(tempDir, 'data'), 300)
    const socket = connect(server.port, '127.0.0.1')
    sockets.push(socket)
    const started = Date.now()
    await new Promise((resolve) => socket.on('close', resolve))
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('closes at once, even with a connection that has sent nothing yet', async ({ tempDir }) => {
    const { server } = await startSharedServer(join(tempDir, 'data'))
    const silent = connect(server.port, '127.0.0.1')
    sockets.push(silent)
    await new Promise((resolve) => silent.once('connect', resolve))
    const closed = new Promise((resolve) => silent.once('close', resolve))
    servers.splice(servers.indexOf(server), 1)
    const started = Date.now()
    await server.close()
    await closed
    // Far below the 10 s a silent client may otherwise wait for its first byte.
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('shows a sniffer between client and server no password, token or Authorization', async ({
    tempDir,
  }) => {
    const { server, tls } = await startSharedServer(join(tempDir, 'data'))
    const seen: Buffer[] = []
    const relay = createServer((client) => {
      const upstream = connect(server.port, '127.0.0.1')
      sockets.push(client, upstream)
      client.on('data', (chunk: Buffer) => seen.push(chunk))
      upstream.on('data', (chunk: Buffer) => seen.push(chunk))
      client.pipe(upstream).pipe(client)
      client.on('error', () => upstream.destroy())
      upstream.on('error', () => client.destroy())
    })
    relays.push(relay)
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
    const port = (relay.address() as AddressInfo).port

    const password = 'party-wifi-secret-9137'
    const account = { username: 'sniffed', password }
    expect((await secure(port, '/api/auth/signup', tls.cert, { body: account })).status).toBe(201)
    const login = await secure(port, '/api/auth/login', tls.cert, { body: account })
    expect(login.status).toBe(200)
    const token = (JSON.parse(login.text) as { encodedToken: string }).encodedToken
    expect(token.length).toBeGreaterThan(20)
    const post = await secure(port, '/api/posts', tls.cert, {
      token,
      body: { postData: { content: 'private words of the party' } },
    })
    expect(post.status).toBe(201)

    const wire = Buffer.concat(seen).toString('latin1')
    expect(wire.length).toBeGreaterThan(1000)
    for (const secret of [
      password,
      token,
      'Bearer',
      'authorization',
      'Authorization',
      'private words',
    ]) {
      expect(wire).not.toContain(secret)
    }
  })
})
