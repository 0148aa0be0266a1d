/**
 * Pinning a friend's certificate (docs/security.md), with real HTTPS servers on 127.0.0.1: the
 * join code path (ConnectionManager over the real probe) takes a certificate only once it was
 * compared (or announced on the LAN), refuses a changed one until it is deliberately trusted
 * again, and the window's certificate check (the verify proc index.ts gives Electron) accepts
 * the pinned certificate for that server only and reports another one.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CERTIFICATE_ACCEPTED,
  CERTIFICATE_REFUSED,
  CHROMIUM_DECIDES,
  pinnedCertificateVerifier,
} from '../../src/main/certificate-pinning'
import { ConnectionManager, memoryPins } from '../../src/main/connection'
import { startServer, type RunningServer } from '../../src/server/server'
import {
  LAN_CERT_FILE,
  loadOrCreateLanCertificate,
  replaceLanCertificate,
  type LanCertificate,
} from '../../src/server/tls/lan-certificate'
import type { ConnectionTarget } from '../../src/shared/bridge'
import { fingerprintCode } from '../../src/shared/fingerprint-code'
import { Channel } from '../../src/shared/ipc-channels'
import { fromWindow, freshElectron, ipcHandler, launchApp, quitApp } from './helpers/main-process'
import { freePort, removeTempDirs, tempDir } from './helpers/net'
import type { ElectronMock } from './mocks/electron'

vi.mock('electron', () => import('./mocks/electron'))
vi.mock('../../src/server/discovery/transport', async () => {
  const { FakeBus } = await import('../server/discovery/fake-transport')
  return { multicastTransport: () => new FakeBus().transport('192.168.1.20') }
})

const EMBEDDED = 'http://127.0.0.1:50000'
const quiet = () => undefined
const running: RunningServer[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()))
  removeTempDirs()
})

/** A friend's shared server on 127.0.0.1:`port`: HTTPS with `certificate`, or plain HTTP. */
async function friend(
  dataDir: string,
  port: number,
  certificate: LanCertificate | null,
): Promise<RunningServer> {
  const server = await startServer({
    host: '127.0.0.1',
    port,
    dataDir,
    demo: false,
    ...(certificate ? { tls: certificate } : {}),
  })
  running.push(server)
  return server
}

async function stop(server: RunningServer): Promise<void> {
  running.splice(running.indexOf(server), 1)
  await server.close()
}

/** The data folder made and its first certificate. */
async function friendsFolder(): Promise<{ dataDir: string; first: LanCertificate }> {
  const dataDir = tempDir()
  await stop(await friend(dataDir, 0, null))
  return { dataDir, first: await loadOrCreateLanCertificate(dataDir, { log: quiet }) }
}

function manager(pins = memoryPins()) {
  const persist = vi.fn<(target: ConnectionTarget) => void>()
  return {
    connection: new ConnectionManager(
      { kind: 'embedded' },
      () => EMBEDDED,
      persist,
      undefined,
      pins,
    ),
    persist,
    pins,
  }
}

describe('joining by address: trust on first use, then the pin', () => {
  it('shows the code of a new certificate and joins only once it is accepted', async () => {
    const { dataDir, first } = await friendsFolder()
    const server = await friend(dataDir, 0, first)
    const { connection, persist, pins } = manager()
    const typed = `127.0.0.1:${server.port}`

    // Typed without a scheme: the server's plain-HTTP answer leads to its https:// address.
    const check = await connection.inspect(typed)
    expect(check).toEqual({
      origin: server.url,
      trust: 'new',
      fingerprint: first.fingerprint,
      code: fingerprintCode(first.fingerprint),
      pinnedCode: null,
    })

    await expect(connection.set({ kind: 'remote', url: typed })).rejects.toThrow(
      `Compare the code ${fingerprintCode(first.fingerprint)} with the one on the host's Server page`,
    )
    expect(persist).not.toHaveBeenCalled()
    expect(connection.pinnedRemote()).toBeNull()

    const joined = await connection.set({
      kind: 'remote',
      url: typed,
      fingerprint: first.fingerprint,
    })
    expect(joined).toEqual({ kind: 'remote', baseUrl: server.url })
    expect(persist).toHaveBeenCalledExactlyOnceWith({ kind: 'remote', url: server.url })
    expect(pins.get(`127.0.0.1:${server.port}`)).toBe(first.fingerprint)
    expect(connection.pinnedRemote()).toEqual({
      origin: server.url,
      fingerprint: first.fingerprint,
    })
    expect((await connection.inspect(server.url)).trust).toBe('pinned')
    // Joining again later needs no question.
    await expect(connection.set({ kind: 'remote', url: server.url })).resolves.toEqual(joined)
  })

  it('refuses a changed certificate until it is deliberately trusted again', async () => {
    const { dataDir, first } = await friendsFolder()
    const port = await freePort()
    const original = await friend(dataDir, port, first)
    const { connection, pins } = manager()
    await connection.set({ kind: 'remote', url: original.url, fingerprint: first.fingerprint })
    await stop(original)

    // Someone else answers at that address with another certificate (or the host replaced it).
    const second = await replaceLanCertificate(dataDir)
    await friend(dataDir, port, second)
    const check = await connection.inspect(original.url)
    expect(check).toMatchObject({
      trust: 'changed',
      fingerprint: second.fingerprint,
      code: fingerprintCode(second.fingerprint),
      pinnedCode: fingerprintCode(first.fingerprint),
    })
    const changed = `The certificate of ${original.url} changed: it shows ${fingerprintCode(second.fingerprint)}, but you trusted ${fingerprintCode(first.fingerprint)}.`
    await expect(connection.set({ kind: 'remote', url: original.url })).rejects.toThrow(changed)
    // Not even the LAN's announcement of the new one replaces a pin by itself.
    await expect(
      connection.set({ kind: 'remote', url: original.url, fingerprint: second.fingerprint }),
    ).rejects.toThrow(changed)
    expect(pins.get(`127.0.0.1:${port}`)).toBe(first.fingerprint)

    await connection.set({
      kind: 'remote',
      url: original.url,
      fingerprint: second.fingerprint,
      retrust: true,
    })
    expect(pins.get(`127.0.0.1:${port}`)).toBe(second.fingerprint)
    expect((await connection.inspect(original.url)).trust).toBe('pinned')
  })

  it('refuses a server that stopped encrypting, unless the person takes it back', async () => {
    const { dataDir, first } = await friendsFolder()
    const port = await freePort()
    const secure = await friend(dataDir, port, first)
    const { connection, pins } = manager()
    await connection.set({ kind: 'remote', url: secure.url, fingerprint: first.fingerprint })
    await stop(secure)
    const plain = await friend(dataDir, port, null)

    expect(await connection.inspect(plain.url)).toMatchObject({
      trust: 'changed',
      fingerprint: null,
    })
    await expect(connection.set({ kind: 'remote', url: plain.url })).rejects.toThrow(
      'no longer encrypts its connections',
    )
    await connection.set({ kind: 'remote', url: plain.url, retrust: true })
    expect(pins.get(`127.0.0.1:${port}`)).toBeUndefined()
    expect(connection.get()).toEqual({ kind: 'remote', baseUrl: plain.url })
  })
})

describe('clear refusals', () => {
  it('says so when https:// is typed for a server on plain HTTP', async () => {
    const plain = await friend(tempDir(), 0, null)
    const { connection } = manager()
    const typed = plain.url.replace('http:', 'https:')
    await expect(connection.inspect(typed)).rejects.toThrow(
      `${typed} does not speak HTTPS. If the host chose plain HTTP, use http:// instead.`,
    )
  })

  it('keeps a saved https:// server across a restart, with its pin', async () => {
    const pins = memoryPins({ '192.168.1.20:4567': 'ab'.repeat(32) })
    const saved = new ConnectionManager(
      { kind: 'remote', url: 'https://192.168.1.20:4567' },
      () => EMBEDDED,
      vi.fn(),
      undefined,
      pins,
    )
    expect(saved.get()).toEqual({ kind: 'remote', baseUrl: 'https://192.168.1.20:4567' })
    expect(saved.pinnedRemote()).toEqual({
      origin: 'https://192.168.1.20:4567',
      fingerprint: 'ab'.repeat(32),
    })
  })
})

describe('joining from "On your network"', () => {
  it('pins the announced certificate without a question, and refuses one that differs', async () => {
    const { dataDir, first } = await friendsFolder()
    const server = await friend(dataDir, 0, first)
    const { connection, pins } = manager()

    await expect(
      connection.set({ kind: 'remote', url: server.url, fingerprint: 'ab'.repeat(32) }),
    ).rejects.toThrow('other than the one it announced on your network')
    expect(pins.get(`127.0.0.1:${server.port}`)).toBeUndefined()

    await connection.set({ kind: 'remote', url: server.url, fingerprint: first.fingerprint })
    expect(pins.get(`127.0.0.1:${server.port}`)).toBe(first.fingerprint)
  })
})

describe("the window's certificate check", () => {
  const pem = (dataDir: string) => readFileSync(join(dataDir, LAN_CERT_FILE), 'utf8')

  it('accepts the pinned certificate for that server only and reports another one once', async () => {
    const { dataDir, first } = await friendsFolder()
    const other = await replaceLanCertificate(tempDir())
    const changes = vi.fn()
    const verify = pinnedCertificateVerifier({
      pinnedRemote: () => ({ origin: 'https://127.0.0.1:4567', fingerprint: first.fingerprint }),
      onChanged: changes,
    })

    expect(verify({ hostname: '127.0.0.1', certificate: { data: pem(dataDir) } })).toBe(
      CERTIFICATE_ACCEPTED,
    )
    // Every other host: Chromium's own verdict, never a blanket yes.
    expect(verify({ hostname: 'example.com', certificate: { data: pem(dataDir) } })).toBe(
      CHROMIUM_DECIDES,
    )
    expect(verify({ hostname: '127.0.0.1', certificate: { data: other.cert } })).toBe(
      CERTIFICATE_REFUSED,
    )
    expect(verify({ hostname: '127.0.0.1', certificate: { data: other.cert } })).toBe(
      CERTIFICATE_REFUSED,
    )
    expect(verify({ hostname: '127.0.0.1', certificate: { data: 'garbage' } })).toBe(
      CERTIFICATE_REFUSED,
    )
    expect(changes).toHaveBeenCalledExactlyOnceWith({
      origin: 'https://127.0.0.1:4567',
      fingerprint: other.fingerprint,
      code: fingerprintCode(other.fingerprint),
      pinnedCode: fingerprintCode(first.fingerprint),
    })
  })

  it('leaves every certificate to Chromium while no pinned server is in use', () => {
    const verify = pinnedCertificateVerifier({ pinnedRemote: () => null, onChanged: vi.fn() })
    expect(verify({ hostname: '127.0.0.1', certificate: { data: 'x' } })).toBe(CHROMIUM_DECIDES)
  })
})

describe('main process: pinning through IPC and the session', { timeout: 20_000 }, () => {
  let electron: ElectronMock

  beforeEach(async () => {
    electron = await freshElectron()
  })

  afterEach(async () => {
    await quitApp(electron)
    vi.unstubAllEnvs()
  })

  it('joins after the code is accepted, keeps the pin, and stops on a changed certificate', async () => {
    const { dataDir, first } = await friendsFolder()
    const server = await friend(dataDir, 0, first)
    const { window } = await launchApp(electron)
    const invoke = (channel: Channel, ...args: unknown[]) =>
      Promise.resolve(ipcHandler(electron, channel)(fromWindow(window), ...args))

    expect(await invoke(Channel.CheckServer, server.url)).toMatchObject({
      trust: 'new',
      code: fingerprintCode(first.fingerprint),
    })
    await invoke(Channel.SetConnection, {
      kind: 'remote',
      url: server.url,
      fingerprint: first.fingerprint,
    })
    const settings = JSON.parse(
      readFileSync(join(electron.app.getPath('userData'), 'settings.json'), 'utf8'),
    ) as { pinnedCertificates: Record<string, string> }
    expect(settings.pinnedCertificates).toEqual({ [`127.0.0.1:${server.port}`]: first.fingerprint })

    // The proc given to Electron: the window's requests to that server go through on the pin…
    const setProc = electron.session.defaultSession.setCertificateVerifyProc
    expect(setProc).toHaveBeenCalledOnce()
    const proc = setProc.mock.calls[0]?.[0] as (
      request: { hostname: string; certificate: { data: string } },
      done: (result: number) => void,
    ) => void
    const verdict = (data: string) =>
      new Promise<number>((resolve) =>
        proc({ hostname: '127.0.0.1', certificate: { data } }, resolve),
      )
    expect(await verdict(first.cert)).toBe(0)
    // …and stop on another certificate, which the window is told about.
    const other = await replaceLanCertificate(tempDir())
    expect(await verdict(other.cert)).toBe(-2)
    expect(window.webContents.send).toHaveBeenCalledWith(Channel.CertificateChanged, {
      origin: server.url,
      fingerprint: other.fingerprint,
      code: fingerprintCode(other.fingerprint),
      pinnedCode: fingerprintCode(first.fingerprint),
    })
  })
})
