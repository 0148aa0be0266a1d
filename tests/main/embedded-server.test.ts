import type { Server } from 'node:net'
import { X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EmbeddedServer } from '../../src/main/embedded-server'
import { checkBackup } from '../../src/server/data/backup-check'
import { StartError } from '../../src/server/server'
import { LAN_CERT_FILE } from '../../src/server/tls/lan-certificate'
import { fingerprintCode } from '../../src/shared/fingerprint-code'
import {
  closeNet,
  freePort,
  get,
  health,
  holdPort,
  removeTempDirs,
  signUp,
  pinnedHealth,
  tempDir,
} from './helpers/net'

/** Health of the LAN listener at a port or address, trusting the share's own certificate. */
const lanHealth = (server: EmbeddedServer, at: number | string) =>
  pinnedHealth(
    typeof at === 'number' ? `https://127.0.0.1:${at}` : at,
    readFileSync(join(server.dataDir, LAN_CERT_FILE)),
  )

const IPV4_ADDRESS = /^https:\/\/\d{1,3}(\.\d{1,3}){3}:(\d+)$/

describe('EmbeddedServer', () => {
  const servers: EmbeddedServer[] = []
  const holders: Server[] = []

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()))
    await Promise.all(holders.splice(0).map(closeNet))
    removeTempDirs()
  })

  async function start(
    preferredPort: number | null = null,
    userData = tempDir(),
    rendererDir = join(userData, 'no-renderer'),
  ): Promise<EmbeddedServer> {
    const server = await EmbeddedServer.start(
      { userData, rendererDir, version: '9.9.9' },
      preferredPort,
    )
    servers.push(server)
    return server
  }

  /** Stops tracking a server that the test closes itself. */
  function forget(server: EmbeddedServer): void {
    servers.splice(servers.indexOf(server), 1)
  }

  async function hold(host: string, port = 0): Promise<number> {
    const held = await holdPort(host, port)
    holders.push(held.server)
    return held.port
  }

  // A restore checks the demo accounts' password hashes (scrypt): slower than the 5 s default on a busy machine.
  it(
    'backs up while writes go on and restores that state into the running server',
    { timeout: 30_000 },
    async () => {
      const server = await start()
      const token = await signUp(server.url, 'before_backup')
      const file = join(tempDir(), 'backup.db')
      // Minimal answers: twenty at once from one computer, each answered with every post, would
      // be past its whole lists at once (http/whole-list-limit.ts), as the app never is.
      const writes = Array.from({ length: 20 }, (_, index) =>
        fetch(`${server.url}/api/posts`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: token,
            prefer: 'return=minimal',
          },
          body: JSON.stringify({ postData: { content: `during backup ${index}` } }),
        }),
      )
      await server.backup(file)
      expect((await Promise.all(writes)).every((response) => response.status === 201)).toBe(true)
      const later = await signUp(server.url, 'after_backup')
      // Read just before the restore: its session and the profile are kept by the read cache.
      const session = () =>
        fetch(`${server.url}/api/auth/session`, { headers: { authorization: later } })
      expect((await session()).status).toBe(200)
      expect((await get(`${server.url}/api/users/after_backup`)).status).toBe(200)

      await server.restore(file)

      expect((await get(`${server.url}/api/users/before_backup`)).status).toBe(200)
      expect((await get(`${server.url}/api/users/after_backup`)).status).toBe(404)
      expect((await session()).status).toBe(401)
    },
  )

  // The server's connection keeps a transaction open while requests write (group commit); a
  // backup stepped on that connection once copied half of one, a file that could not be restored.
  it(
    'every backup taken while writes keep coming is a whole database that can be restored',
    { timeout: 30_000 },
    async () => {
      const server = await start()
      const token = await signUp(server.url, 'busy_writer')
      // Minimal answers, as the app sends them (see the test above).
      const post = (content: string) =>
        fetch(`${server.url}/api/posts`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: token,
            prefer: 'return=minimal',
          },
          body: JSON.stringify({ postData: { content } }),
        })
      for (let round = 0; round < 5; round++) {
        const file = join(tempDir(), `backup-${round}.db`)
        let writing = true
        const statuses: number[] = []
        const writer = (async () => {
          while (writing) {
            const batch = Array.from({ length: 10 }, (_, index) => post(`round ${round} ${index}`))
            for (const response of await Promise.all(batch)) statuses.push(response.status)
          }
        })()
        await server.backup(file)
        writing = false
        await writer
        expect(() => checkBackup(file)).not.toThrow()
        expect(statuses.length).toBeGreaterThan(0)
        expect(statuses.every((status) => status === 201)).toBe(true)
      }
    },
  )

  it('refuses to restore a file that is not a Gamerstage backup, changing nothing', async () => {
    const server = await start()
    await signUp(server.url, 'still_here')
    const junk = join(tempDir(), 'junk.db')
    writeFileSync(junk, 'not a database')

    await expect(server.restore(junk)).rejects.toThrow(StartError)
    expect((await get(`${server.url}/api/users/still_here`)).status).toBe(200)
  })

  it('listens on 127.0.0.1 only and answers /api/health', async () => {
    const server = await start()

    const url = new URL(server.url)
    expect(url.hostname).toBe('127.0.0.1')
    expect(Number(url.port)).toBe(server.port)
    expect(server.port).toBeGreaterThan(0)
    const response = await get(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
    expect(await server.lanStatus(4567)).toMatchObject({
      enabled: false,
      port: 4567,
      addresses: [],
    })
  })

  it('answers its version in /api/meta', async () => {
    const server = await start()

    const response = await get(`${server.url}/api/meta`)

    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ name: 'Gamerstage', version: '9.9.9' })
  })

  it('keeps its database and secret in the data folder of userData', async () => {
    const userData = tempDir()

    const server = await start(null, userData)

    expect(server.dataDir).toBe(join(userData, 'data'))
    expect(existsSync(join(userData, 'data', 'gamerstage.db'))).toBe(true)
    expect(existsSync(join(userData, 'data', 'secret.key'))).toBe(true)
  })

  it('serves the renderer folder at /', async () => {
    const userData = tempDir()
    const rendererDir = join(userData, 'renderer')
    mkdirSync(rendererDir)
    writeFileSync(join(rendererDir, 'index.html'), '<title>the app</title>')

    const server = await start(null, userData, rendererDir)

    const response = await get(`${server.url}/`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<title>the app</title>')
  })

  it('listens on the preferred port when it is free', async () => {
    const port = await freePort()

    const server = await start(port)

    expect(server.port).toBe(port)
    expect(server.url).toBe(`http://127.0.0.1:${port}`)
    expect(await health(server.url)).toBe(200)
  })

  it('falls back to another port when the preferred one is held by another program', async () => {
    const taken = await hold('127.0.0.1')

    const server = await start(taken)

    expect(server.port).not.toBe(taken)
    expect(await health(server.url)).toBe(200)
  })

  it('shares on 0.0.0.0 at the given port and reports the addresses', async () => {
    const server = await start()
    const port = await freePort()

    const status = await server.setLanSharing(true, port)

    expect(status.enabled).toBe(true)
    expect(status.port).toBe(port)
    expect(Array.isArray(status.addresses)).toBe(true)
    for (const address of status.addresses) {
      expect(address).toMatch(IPV4_ADDRESS)
      expect(address.endsWith(`:${port}`)).toBe(true)
    }
    expect(await server.lanStatus(1234)).toEqual(status)
    expect(await lanHealth(server, port)).toBe(200)
    // The window's loopback listener goes on answering beside the LAN one.
    expect(await health(server.url)).toBe(200)
  })

  it('answers on the LAN addresses it reports', async () => {
    const server = await start()
    const port = await freePort()

    const { addresses } = await server.setLanSharing(true, port)

    for (const address of addresses) expect(await lanHealth(server, address)).toBe(200)
  })

  it('rejects a LAN port in use with a StartError naming the port and stays unshared', async () => {
    const server = await start()
    const taken = await hold('0.0.0.0')

    const attempt = server.setLanSharing(true, taken)

    await expect(attempt).rejects.toBeInstanceOf(StartError)
    await expect(attempt).rejects.toThrow(String(taken))
    expect(await server.lanStatus(taken)).toMatchObject({
      enabled: false,
      port: taken,
      addresses: [],
    })
    expect(await health(server.url)).toBe(200)
  })

  it('rejects a move to a port in use and keeps sharing on the old port', async () => {
    const server = await start()
    const oldPort = await freePort()
    await server.setLanSharing(true, oldPort)
    const taken = await hold('0.0.0.0')

    await expect(server.setLanSharing(true, taken)).rejects.toThrow(
      new RegExp(`Port ${taken} is already in use`),
    )

    expect(await server.lanStatus(taken)).toMatchObject({ enabled: true, port: oldPort })
    expect(await lanHealth(server, oldPort)).toBe(200)
  })

  it('ends open event streams cleanly when it closes', async () => {
    const server = await start()
    const token = await signUp(server.url, 'stream_watcher')
    const response = await fetch(`${server.url}/api/events`, { headers: { authorization: token } })
    expect(response.status).toBe(200)
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toContain('event: ready')

    forget(server)
    await server.close()

    // Ended by the server, not cut off with the connection after the grace period.
    let next = await reader.read()
    while (!next.done) next = await reader.read()
    expect(next.done).toBe(true)
  })

  it('closes the old port when sharing moves to another one', async () => {
    const server = await start()
    const portA = await freePort()
    const portB = await freePort()
    await server.setLanSharing(true, portA)

    const status = await server.setLanSharing(true, portB)

    expect(status).toMatchObject({ enabled: true, port: portB })
    expect(await lanHealth(server, portB)).toBe(200)
    expect(await lanHealth(server, portA)).toBe('ECONNREFUSED')
  })

  it('keeps the same listener when sharing is turned on again at the same port', async () => {
    const server = await start()
    const port = await freePort()
    await server.setLanSharing(true, port)

    const status = await server.setLanSharing(true, port)

    expect(status).toMatchObject({ enabled: true, port })
    expect(await lanHealth(server, port)).toBe(200)
  })

  it('closes the LAN port when sharing is turned off', async () => {
    const server = await start()
    const port = await freePort()
    await server.setLanSharing(true, port)

    const status = await server.setLanSharing(false, port)

    expect(status).toMatchObject({ enabled: false, port, addresses: [] })
    expect(await lanHealth(server, port)).toBe('ECONNREFUSED')
    expect(await health(server.url)).toBe(200)
  })

  it('applies two quick moves in order and leaves no port open behind', async () => {
    const server = await start()
    const portA = await freePort()
    const portB = await freePort()

    const [first, second] = await Promise.all([
      server.setLanSharing(true, portA),
      server.setLanSharing(true, portB),
    ])

    expect(first).toMatchObject({ enabled: true, port: portA })
    expect(second).toMatchObject({ enabled: true, port: portB })
    expect(await server.lanStatus(0)).toMatchObject({ enabled: true, port: portB })
    expect(await lanHealth(server, portA)).toBe('ECONNREFUSED')
    await server.setLanSharing(false, portB)
    expect(await lanHealth(server, portB)).toBe('ECONNREFUSED')
  })

  it('ends unshared when sharing is turned on and off at once', async () => {
    const server = await start()
    const port = await freePort()

    const [, off] = await Promise.all([
      server.setLanSharing(true, port),
      server.setLanSharing(false, port),
    ])

    expect(off).toMatchObject({ enabled: false })
    expect(await server.lanStatus(port)).toMatchObject({ enabled: false })
    expect(await lanHealth(server, port)).toBe('ECONNREFUSED')
  })

  it('goes on with the next change after one fails', async () => {
    const server = await start()
    const taken = await hold('0.0.0.0')
    const port = await freePort()

    const [failed, next] = await Promise.allSettled([
      server.setLanSharing(true, taken),
      server.setLanSharing(true, port),
    ])

    expect(failed.status).toBe('rejected')
    expect(next).toMatchObject({ status: 'fulfilled', value: { enabled: true, port } })
    expect(await lanHealth(server, port)).toBe(200)
  })

  it('closes a LAN listener that was opening when close() was called', async () => {
    const server = await start()
    const port = await freePort()

    const sharing = server.setLanSharing(true, port)
    forget(server)
    await server.close()

    await expect(sharing).resolves.toMatchObject({ enabled: true, port })
    expect(await lanHealth(server, port)).toBe('ECONNREFUSED')
  })

  it('reports the demo accounts as disabled only while sharing over demo data', async () => {
    const server = await start()
    const port = await freePort()

    expect((await server.lanStatus(port)).demoAccountsDisabled).toBe(false)
    const shared = await server.setLanSharing(true, port)

    expect(shared.demoAccountsDisabled).toBe(true)
    expect((await server.setLanSharing(false, port)).demoAccountsDisabled).toBe(false)
  })

  it('keeps the data and the signed-in session while sharing is toggled', async () => {
    const server = await start()
    const token = await signUp(server.url, 'toggler')
    const port = await freePort()

    // Over the host's choice of plain HTTP, for fetch; the HTTPS share is the test above.
    await server.setLanSharing(true, port, true)
    const overLan = await get(`http://127.0.0.1:${port}/api/users/bookmark`, token)
    await server.setLanSharing(false, port)
    const afterwards = await get(`${server.url}/api/users/bookmark`, token)

    expect(overLan.status).toBe(200)
    expect(afterwards.status).toBe(200)
    const users = (await (await get(`${server.url}/api/users`)).json()) as {
      users: { username: string }[]
    }
    expect(users.users.map((user) => user.username)).toContain('toggler')
  })

  it('stops everything on close() and starts again on the same data', async () => {
    const userData = tempDir()
    const first = await start(null, userData)
    const lanPort = await freePort()
    await first.setLanSharing(true, lanPort)
    const demoUsers = (await (await get(`${first.url}/api/users`)).json()) as {
      users: unknown[]
    }
    const token = await signUp(first.url, 'stayer')
    const firstUrl = first.url

    forget(first)
    await first.close()

    expect(demoUsers.users).toHaveLength(4)
    expect(await health(firstUrl)).toBe('ECONNREFUSED')
    expect(await lanHealth(first, lanPort)).toBe('ECONNREFUSED')

    const second = await start(null, userData)
    const users = (await (await get(`${second.url}/api/users`)).json()) as {
      users: { username: string }[]
    }
    expect(users.users).toHaveLength(5)
    expect(users.users.map((user) => user.username)).toContain('stayer')
    // The token secret is kept too: the session survives the restart.
    expect((await get(`${second.url}/api/users/bookmark`, token)).status).toBe(200)
  })

  it('shares over HTTPS with a certificate made on the first share and kept after', async () => {
    const userData = tempDir()
    const server = await start(null, userData)
    const port = await freePort()
    expect(await server.lanStatus(port)).toMatchObject({ fingerprint: null, code: null })

    const status = await server.setLanSharing(true, port)

    const pem = readFileSync(join(server.dataDir, LAN_CERT_FILE), 'utf8')
    const fingerprint = new X509Certificate(pem).fingerprint256.replace(/:/g, '').toLowerCase()
    expect(status).toMatchObject({
      plainHttp: false,
      fingerprint,
      code: fingerprintCode(fingerprint),
    })
    expect(await lanHealth(server, port)).toBe(200)
    // Plain HTTP on the shared port is sent to HTTPS; the app's own window stays on plain loopback.
    const plain = await fetch(`http://127.0.0.1:${port}/api/health`, { redirect: 'manual' })
    expect(plain.status).toBe(301)
    expect(plain.headers.get('location')).toBe(`https://127.0.0.1:${port}/api/health`)
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:/)

    // Off and on again, and after a restart: the same certificate, so friends' pins still hold.
    await server.setLanSharing(false, port)
    expect((await server.lanStatus(port)).fingerprint).toBe(fingerprint)
    forget(server)
    await server.close()
    const again = await start(null, userData)
    expect((await again.setLanSharing(true, port)).fingerprint).toBe(fingerprint)
  })

  it('shares over plain HTTP when the host chooses it, and back to HTTPS on the same port', async () => {
    const server = await start()
    const port = await freePort()

    const plain = await server.setLanSharing(true, port, true)

    expect(plain).toMatchObject({ enabled: true, plainHttp: true, fingerprint: null, code: null })
    for (const address of plain.addresses) expect(address).toMatch(/^http:\/\//)
    expect(await health(`http://127.0.0.1:${port}`)).toBe(200)

    const secure = await server.setLanSharing(true, port, false)

    expect(secure).toMatchObject({ enabled: true, port, plainHttp: false })
    expect(secure.fingerprint).toMatch(/^[0-9a-f]{64}$/)
    expect(await lanHealth(server, port)).toBe(200)
  })

  it('replaces the certificate on request and speaks with the new one at once', async () => {
    const server = await start()
    const port = await freePort()
    const before = await server.setLanSharing(true, port)
    const oldPem = readFileSync(join(server.dataDir, LAN_CERT_FILE))

    const after = await server.replaceCertificate()

    expect(after).toMatchObject({ enabled: true, port })
    expect(after.fingerprint).not.toBe(before.fingerprint)
    expect(await lanHealth(server, port)).toBe(200)
    // A client that pinned the old certificate is refused by the new one.
    expect(await pinnedHealth(`https://127.0.0.1:${port}`, oldPem)).toMatch(/SELF_SIGNED|CERT/)
  })
})
