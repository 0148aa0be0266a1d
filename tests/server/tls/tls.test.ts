/**
 * `--tls-cert` and `--tls-key` (docs/security.md): the server speaks HTTPS with a certificate
 * of its host's own, so that a password crossing the network cannot be read on the way. The
 * certificates are made here with `openssl`; without it on PATH the tests are skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { loadTlsCertificate } from '../../../src/server/cli/key-files'
import { StartError, startServer, type RunningServer } from '../../../src/server/server'
import { describe, expect, it } from '../../helpers/fixtures'

const hasOpenssl = spawnSync('openssl', ['version']).status === 0
if (!hasOpenssl) console.warn('tls.test.ts: skipped, no `openssl` on PATH to make a certificate')

const servers: RunningServer[] = []
const relays: Server[] = []
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const relay of relays.splice(0)) await new Promise((resolve) => relay.close(resolve))
  for (const server of servers.splice(0)) await server.close()
})

/** A throwaway self-signed certificate for 127.0.0.1 (P-256: quick to make), as PEM files. */
function makeCertificate(folder: string, name = 'server'): { certFile: string; keyFile: string } {
  const certFile = join(folder, `${name}.crt`)
  const keyFile = join(folder, `${name}.key`)
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore', timeout: 20_000 },
  )
  return { certFile, keyFile }
}

const startTestServer = async (dataDir: string, tls?: { certFile: string; keyFile: string }) => {
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    passwordCost: TEST_SCRYPT_PARAMS,
    tls: tls && loadTlsCertificate(tls.certFile, tls.keyFile),
  })
  servers.push(server)
  return server
}

/**
 * A TCP relay on loopback in front of `targetPort` that keeps every byte a client sends: what
 * someone watching the network between the client and the server would see.
 */
async function startSniffingRelay(
  targetPort: number,
): Promise<{ port: number; seen: () => string }> {
  const chunks: Buffer[] = []
  const relay = createServer((client) => {
    const server = connect(targetPort, '127.0.0.1')
    sockets.push(client, server)
    client.on('data', (chunk: Buffer) => chunks.push(chunk))
    client.pipe(server).pipe(client)
    client.on('error', () => server.destroy())
    server.on('error', () => client.destroy())
  })
  relays.push(relay)
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  return {
    port: (relay.address() as AddressInfo).port,
    seen: () => Buffer.concat(chunks).toString('latin1'),
  }
}

interface Answer {
  status: number
  text: string
}

/** A request to 127.0.0.1:`port`, over HTTPS trusting `ca` when given, else plain HTTP. */
function send(
  port: number,
  path: string,
  options: { ca?: Buffer; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    const request = (options.ca ? httpsRequest : httpRequest)(
      {
        host: '127.0.0.1',
        port,
        path,
        method: payload === undefined ? 'GET' : 'POST',
        agent: false,
        timeout: 5000,
        ...(options.ca ? { ca: options.ca } : {}),
        headers: payload === undefined ? {} : { 'Content-Type': 'application/json' },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      },
    )
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
    request.end(payload)
  })
}

const PASSWORD = 'sniff-me-if-you-can-4711'

describe.skipIf(!hasOpenssl)('--tls-cert and --tls-key', () => {
  it('answer over HTTPS only, at an https:// address', async ({ tempDir }) => {
    const files = makeCertificate(tempDir)
    const server = await startTestServer(join(tempDir, 'data'), files)
    expect(server.url).toBe(`https://127.0.0.1:${server.port}`)
    const ca = loadTlsCertificate(files.certFile, files.keyFile).cert as Buffer

    const health = await send(server.port, '/api/health', { ca })
    expect(health.status).toBe(200)
    expect(JSON.parse(health.text)).toEqual({ status: 'ok' })

    // Plain HTTP to the same port is sent to the https:// address: no API answer comes back.
    const plain = await send(server.port, '/api/health')
    expect(plain.status).toBe(301)
    expect(plain.text).not.toContain('"status"')
  })

  it('keep a password out of the bytes on the network, which plain HTTP shows', async ({
    tempDir,
  }) => {
    const files = makeCertificate(tempDir)
    const ca = loadTlsCertificate(files.certFile, files.keyFile).cert as Buffer
    const account = { username: 'sniffed', password: PASSWORD }

    const https = await startTestServer(join(tempDir, 'https'), files)
    const overTls = await startSniffingRelay(https.port)
    expect((await send(overTls.port, '/api/auth/signup', { ca, body: account })).status).toBe(201)
    expect((await send(overTls.port, '/api/auth/login', { ca, body: account })).status).toBe(200)
    expect(overTls.seen().length).toBeGreaterThan(0)
    expect(overTls.seen()).not.toContain(PASSWORD)

    const http = await startTestServer(join(tempDir, 'http'))
    const overHttp = await startSniffingRelay(http.port)
    expect((await send(overHttp.port, '/api/auth/signup', { body: account })).status).toBe(201)
    expect((await send(overHttp.port, '/api/auth/login', { body: account })).status).toBe(200)
    expect(overHttp.seen()).toContain(PASSWORD)
  })

  it('refuse a key of another certificate, and files that are not PEM', ({ tempDir }) => {
    const first = makeCertificate(tempDir, 'first')
    const second = makeCertificate(tempDir, 'second')
    const notPem = join(tempDir, 'not.pem')
    writeFileSync(notPem, 'hello')
    const refusal = (certFile: string, keyFile: string) => {
      try {
        loadTlsCertificate(certFile, keyFile)
      } catch (error) {
        expect(error).toBeInstanceOf(StartError)
        return (error as Error).message
      }
      return 'accepted'
    }
    expect(refusal(first.certFile, second.keyFile)).toBe(
      `--tls-key ${second.keyFile} is not the key of the certificate in ${first.certFile}.`,
    )
    expect(refusal(notPem, first.keyFile)).toBe(`--tls-cert ${notPem} is not a PEM certificate.`)
    expect(refusal(first.certFile, notPem)).toBe(
      `--tls-key ${notPem} is not a PEM private key (without a passphrase).`,
    )
    expect(refusal(first.certFile, join(tempDir, 'missing.key'))).toBe(
      `Cannot read --tls-key ${join(tempDir, 'missing.key')}: no such file.`,
    )
    expect(refusal(first.certFile, first.keyFile)).toBe('accepted')
  })
})
