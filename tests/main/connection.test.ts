import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ConnectionError,
  ConnectionManager,
  checkServer,
  normalizeServerUrl,
} from '../../src/main/connection'
import { startServer, type RunningServer } from '../../src/server/server'
import type { Connection, ConnectionTarget } from '../../src/shared/bridge'
import { freePort, removeTempDirs, tempDir } from './helpers/net'

const EMBEDDED_URL = 'http://127.0.0.1:50000'

describe('normalizeServerUrl', () => {
  it.each([
    ['192.168.1.20:4567', 'http://192.168.1.20:4567'],
    ['http://host:4567/home?x#y', 'http://host:4567'],
    ['https://gs.lan', 'https://gs.lan'],
    ['  http://192.168.1.20:4567/  ', 'http://192.168.1.20:4567'],
    ['HTTP://Host.LAN:80', 'http://host.lan'],
    ['localhost', 'http://localhost'],
  ])('turns %j into %j', (typed, origin) => {
    expect(normalizeServerUrl(typed)).toBe(origin)
  })

  it.each([
    ['', /Enter the address/],
    ['   ', /Enter the address/],
    ['ftp://x', /must start with http:\/\/ or https:\/\//],
    ['http://user:pw@host', /must not contain a user name or password/],
    ['http://', /is not a server address/],
    ['not a url with spaces', /"not a url with spaces" is not a server address/],
  ])('refuses %j with a ConnectionError', (typed, message) => {
    let thrown: unknown
    try {
      normalizeServerUrl(typed)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ConnectionError)
    expect((thrown as Error).message).toMatch(message)
  })
})

describe('checkServer', () => {
  const httpServers: Server[] = []
  let gamerstage: RunningServer | undefined

  afterEach(async () => {
    await gamerstage?.close()
    gamerstage = undefined
    for (const server of httpServers.splice(0)) {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
    removeTempDirs()
  })

  async function plainServer(
    handler: Parameters<typeof createServer>[1] & object,
  ): Promise<string> {
    const server = createServer(handler)
    httpServers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  it('resolves for a Gamerstage server', async () => {
    gamerstage = await startServer({ dataDir: tempDir(), port: 0, demo: false })

    await expect(checkServer(gamerstage.url)).resolves.toEqual({
      origin: gamerstage.url,
      fingerprint: null,
      authorized: false,
    })
  })

  it('rejects a closed port with "Could not reach"', async () => {
    const origin = `http://127.0.0.1:${await freePort()}`

    const attempt = checkServer(origin)

    await expect(attempt).rejects.toBeInstanceOf(ConnectionError)
    await expect(attempt).rejects.toThrow(`Could not reach ${origin}: nothing answered there`)
  })

  it('rejects a web server that is not Gamerstage', async () => {
    const origin = await plainServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' })
      response.end('hello')
    })

    const attempt = checkServer(origin)

    await expect(attempt).rejects.toBeInstanceOf(ConnectionError)
    await expect(attempt).rejects.toThrow(`${origin} answered, but it is not a Gamerstage server.`)
  })

  it('rejects a server whose /api/meta names another app', async () => {
    const origin = await plainServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ name: 'Something else' }))
    })

    await expect(checkServer(origin)).rejects.toThrow('is not a Gamerstage server')
  })

  it('rejects an error status even with a Gamerstage body', async () => {
    const origin = await plainServer((_request, response) => {
      response.writeHead(500, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ name: 'Gamerstage' }))
    })

    await expect(checkServer(origin)).rejects.toThrow('is not a Gamerstage server')
  })

  it('rejects a server that never answers with "did not answer in time"', async () => {
    const origin = await plainServer(() => {
      // Never answers.
    })

    const started = Date.now()
    const attempt = checkServer(origin, 200)

    await expect(attempt).rejects.toBeInstanceOf(ConnectionError)
    await expect(attempt).rejects.toThrow(`Could not reach ${origin}: it did not answer in time`)
    expect(Date.now() - started).toBeLessThan(3000)
  })
})

describe('ConnectionManager', () => {
  function manager(
    target: ConnectionTarget,
    check: (origin: string) => Promise<void> = async () => undefined,
  ) {
    const persist = vi.fn<(target: ConnectionTarget) => void>()
    // A check that resolves with nothing: a plain-HTTP Gamerstage server at that origin.
    const checkSpy = vi.fn(async (origin: string) => {
      await check(origin)
      return undefined
    })
    const connection = new ConnectionManager({
      saved: target,
      embeddedUrl: () => EMBEDDED_URL,
      persist,
      check: checkSpy,
    })
    return { connection, persist, check: checkSpy }
  }

  it('answers the embedded server URL for the embedded target', () => {
    const { connection } = manager({ kind: 'embedded' })

    expect(connection.get()).toEqual({ kind: 'embedded', baseUrl: EMBEDDED_URL })
  })

  it('asks for the embedded URL each time, so a restarted server is followed', () => {
    let url = 'http://127.0.0.1:1111'
    const connection = new ConnectionManager({
      saved: { kind: 'embedded' },
      embeddedUrl: () => url,
      persist: vi.fn(),
    })

    url = 'http://127.0.0.1:2222'

    expect(connection.get().baseUrl).toBe('http://127.0.0.1:2222')
  })

  it('falls back to this computer when the saved remote address is not valid', () => {
    const { connection } = manager({ kind: 'remote', url: 'not a url' })

    expect(connection.get()).toEqual({ kind: 'embedded', baseUrl: EMBEDDED_URL })
  })

  it('keeps the newest choice when a slow check of an older one finishes last', async () => {
    let releaseSlow: () => void = () => undefined
    const { connection } = manager({ kind: 'embedded' }, (origin) =>
      origin.includes('slow')
        ? new Promise<void>((resolve) => (releaseSlow = resolve))
        : Promise.resolve(),
    )
    const slow = connection.set({ kind: 'remote', url: 'http://slow.lan:4567' })
    await connection.set({ kind: 'remote', url: 'http://fast.lan:4567' })
    releaseSlow()

    await expect(slow).rejects.toThrow('Another server was chosen meanwhile')
    expect(connection.get().baseUrl).toBe('http://fast.lan:4567')
  })

  it('answers the remote URL for a remote target', () => {
    const { connection } = manager({ kind: 'remote', url: 'http://10.0.0.5:4567' })

    expect(connection.get()).toEqual({ kind: 'remote', baseUrl: 'http://10.0.0.5:4567' })
  })

  it('checks, persists and announces a remote server, normalized', async () => {
    const { connection, persist, check } = manager({ kind: 'embedded' })
    const listener = vi.fn<(connection: Connection) => void>()
    connection.subscribe(listener)

    const answered = await connection.set({ kind: 'remote', url: '192.168.1.20:4567/home' })

    const expected = { kind: 'remote', baseUrl: 'http://192.168.1.20:4567' }
    expect(answered).toEqual(expected)
    expect(check).toHaveBeenCalledExactlyOnceWith('http://192.168.1.20:4567')
    expect(persist).toHaveBeenCalledExactlyOnceWith({
      kind: 'remote',
      url: 'http://192.168.1.20:4567',
    })
    expect(listener).toHaveBeenCalledExactlyOnceWith(expected)
    expect(connection.get()).toEqual(expected)
  })

  it('switches back to embedded without checking anything', async () => {
    const { connection, persist, check } = manager({ kind: 'remote', url: 'http://10.0.0.5:4567' })
    const listener = vi.fn()
    connection.subscribe(listener)

    const answered = await connection.set({ kind: 'embedded' })

    expect(answered).toEqual({ kind: 'embedded', baseUrl: EMBEDDED_URL })
    expect(check).not.toHaveBeenCalled()
    expect(persist).toHaveBeenCalledExactlyOnceWith({ kind: 'embedded' })
    expect(listener).toHaveBeenCalledExactlyOnceWith(answered)
  })

  it('changes nothing, persists nothing and announces nothing when the check fails', async () => {
    const { connection, persist } = manager({ kind: 'embedded' }, async (origin) => {
      throw new ConnectionError(`Could not reach ${origin}`)
    })
    const listener = vi.fn()
    connection.subscribe(listener)

    await expect(connection.set({ kind: 'remote', url: 'http://10.9.9.9:4567' })).rejects.toThrow(
      'Could not reach http://10.9.9.9:4567',
    )

    expect(connection.get()).toEqual({ kind: 'embedded', baseUrl: EMBEDDED_URL })
    expect(persist).not.toHaveBeenCalled()
    expect(listener).not.toHaveBeenCalled()
  })

  it('refuses an invalid address before checking it', async () => {
    const { connection, persist, check } = manager({ kind: 'embedded' })

    await expect(connection.set({ kind: 'remote', url: 'ftp://x' })).rejects.toBeInstanceOf(
      ConnectionError,
    )

    expect(check).not.toHaveBeenCalled()
    expect(persist).not.toHaveBeenCalled()
  })

  it('stops notifying a listener once it unsubscribes', async () => {
    const { connection } = manager({ kind: 'embedded' })
    const kept = vi.fn()
    const dropped = vi.fn()
    connection.subscribe(kept)
    const unsubscribe = connection.subscribe(dropped)

    unsubscribe()
    await connection.set({ kind: 'remote', url: 'http://10.0.0.7:4567' })

    expect(dropped).not.toHaveBeenCalled()
    expect(kept).toHaveBeenCalledOnce()
  })
})
