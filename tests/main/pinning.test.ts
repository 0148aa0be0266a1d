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
import {
  ConnectionManager,
  judge,
  memoryPins,
  type PinStore,
  type SavedConnection,
} from '../../src/main/connection'
import { startServer, type RunningServer } from '../../src/server/server'
import {
  LAN_CERT_FILE,
  loadOrCreateLanCertificate,
  replaceLanCertificate,
  type LanCertificate,
} from '../../src/server/tls/lan-certificate'
import type { ServerCheck } from '../../src/shared/bridge'
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

const NAME = "player1's Gamerstage"

/**
 * A ConnectionManager over the real probe. `answers` are the person's answers to the main
 * process's dialogs, in order (true: trust); `announced` is what the LAN lists, by origin.
 */
function manager(
  options: {
    pins?: PinStore
    answers?: boolean[]
    announced?: Record<string, { name: string; fingerprint: string | null }>
  } = {},
) {
  const pins = options.pins ?? memoryPins()
  const answers = [...(options.answers ?? [])]
  const persist = vi.fn<(target: SavedConnection) => void>()
  const confirm = vi.fn(async (_check: ServerCheck) => answers.shift() ?? false)
  return {
    connection: new ConnectionManager({
      saved: { kind: 'embedded' },
      embeddedUrl: () => EMBEDDED,
      persist,
      pins,
      confirm,
      announced: (origin) => options.announced?.[origin] ?? null,
    }),
    persist,
    pins,
    confirm,
    answers,
  }
}

const addressOf = (server: RunningServer) => `127.0.0.1:${server.port}`

describe('joining by address: the person confirms a new certificate in the main process', () => {
  it('shows the code of a new certificate and joins only once the person says it matches', async () => {
    const { dataDir, first } = await friendsFolder()
    const server = await friend(dataDir, 0, first)
    const { connection, persist, pins, confirm, answers } = manager({ answers: [false] })
    const typed = `127.0.0.1:${server.port}`

    // Typed without a scheme: the server's plain-HTTP answer leads to its https:// address.
    const check = await connection.inspect(typed)
    expect(check).toEqual({
      origin: server.url,
      trust: 'new',
      fingerprint: first.fingerprint,
      code: fingerprintCode(first.fingerprint),
      pinnedCode: null,
      name: null,
      pinnedAddress: null,
    })

    // The person cancels the dialog: nothing is joined or trusted.
    await expect(connection.set({ kind: 'remote', url: typed })).rejects.toThrow(
      `Not joined: you did not confirm the code of ${server.url}.`,
    )
    expect(confirm).toHaveBeenCalledExactlyOnceWith(check)
    expect(persist).not.toHaveBeenCalled()
    expect(pins.byFingerprint(first.fingerprint)).toBeUndefined()
    expect(connection.pinnedRemote()).toBeNull()

    answers.push(true)
    const joined = await connection.set({ kind: 'remote', url: typed })
    expect(joined).toEqual({ kind: 'remote', baseUrl: server.url })
    expect(persist).toHaveBeenCalledExactlyOnceWith({
      kind: 'remote',
      url: server.url,
      fingerprint: first.fingerprint,
    })
    expect(pins.byFingerprint(first.fingerprint)).toEqual({
      fingerprint: first.fingerprint,
      addresses: [addressOf(server)],
      name: null,
    })
    expect(connection.pinnedRemote()).toEqual({
      origin: server.url,
      fingerprint: first.fingerprint,
    })
    expect((await connection.inspect(server.url)).trust).toBe('pinned')
    // Joining again later needs no question.
    await expect(connection.set({ kind: 'remote', url: server.url })).resolves.toEqual(joined)
    expect(confirm).toHaveBeenCalledTimes(2)
  })

  it('never trusts on the window’s word: a fingerprint sent along is no confirmation', async () => {
    const { dataDir, first } = await friendsFolder()
    const server = await friend(dataDir, 0, first)
    // Found on the LAN with the certificate it announced: still the person's question.
    const { connection, pins, confirm } = manager({
      announced: { [server.url]: { name: NAME, fingerprint: first.fingerprint } },
    })

    await expect(
      connection.set({ kind: 'remote', url: server.url, fingerprint: first.fingerprint }),
    ).rejects.toThrow('Not joined')
    expect(confirm).toHaveBeenCalledOnce()
    expect(confirm.mock.calls[0]?.[0]).toMatchObject({ trust: 'new', name: NAME })
    expect(pins.byFingerprint(first.fingerprint)).toBeUndefined()
    expect(connection.get()).toEqual({ kind: 'embedded', baseUrl: EMBEDDED })
  })

  it('refuses a changed certificate unless the person trusts it again in the dialog', async () => {
    const { dataDir, first } = await friendsFolder()
    const port = await freePort()
    const original = await friend(dataDir, port, first)
    const { connection, pins, confirm, answers } = manager({ answers: [true] })
    await connection.set({ kind: 'remote', url: original.url })
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
    // Not even the window's "trust it" (the announced fingerprint) replaces a pin by itself.
    await expect(
      connection.set({ kind: 'remote', url: original.url, fingerprint: second.fingerprint }),
    ).rejects.toThrow(`Not joined: ${original.url} is not the server you trusted before`)
    expect(confirm).toHaveBeenLastCalledWith(check)
    expect(pins.atAddress(`127.0.0.1:${port}`)?.fingerprint).toBe(first.fingerprint)

    answers.push(true)
    await connection.set({ kind: 'remote', url: original.url })
    expect(pins.atAddress(`127.0.0.1:${port}`)?.fingerprint).toBe(second.fingerprint)
    // The replaced certificate, trusted nowhere else, is trusted no more.
    expect(pins.byFingerprint(first.fingerprint)).toBeUndefined()
    expect((await connection.inspect(original.url)).trust).toBe('pinned')
  })

  it('refuses a server that stopped encrypting, unless the person takes it back', async () => {
    const { dataDir, first } = await friendsFolder()
    const port = await freePort()
    const secure = await friend(dataDir, port, first)
    const { connection, pins, answers } = manager({ answers: [true] })
    await connection.set({ kind: 'remote', url: secure.url })
    await stop(secure)
    const plain = await friend(dataDir, port, null)

    expect(await connection.inspect(plain.url)).toMatchObject({
      trust: 'changed',
      fingerprint: null,
    })
    await expect(connection.set({ kind: 'remote', url: plain.url })).rejects.toThrow('Not joined')
    answers.push(true)
    await connection.set({ kind: 'remote', url: plain.url })
    expect(pins.atAddress(`127.0.0.1:${port}`)).toBeUndefined()
    expect(connection.get()).toEqual({ kind: 'remote', baseUrl: plain.url })
  })

  it('knows a trusted server by its certificate wherever it moves, without asking again', async () => {
    const { dataDir, first } = await friendsFolder()
    const before = await friend(dataDir, 0, first)
    const { connection, pins, confirm } = manager({ answers: [true] })
    await connection.set({ kind: 'remote', url: before.url })
    await stop(before)

    // The friend's computer got another address (here: another port) at the next party.
    const after = await friend(dataDir, 0, first)
    expect((await connection.inspect(after.url)).trust).toBe('pinned')
    await connection.set({ kind: 'remote', url: after.url })

    expect(confirm).toHaveBeenCalledOnce()
    expect(pins.byFingerprint(first.fingerprint)?.addresses).toEqual([
      addressOf(before),
      addressOf(after),
    ])
    expect(connection.pinnedRemote()).toEqual({ origin: after.url, fingerprint: first.fingerprint })
  })
})

describe('a known name at a new address with another certificate', () => {
  it.each([
    ['the same name', NAME],
    ['a look-alike name', 'p1ayer1’s Gamerstage'],
  ])('is a warning naming the server trusted before (%s)', async (_what, strangerName) => {
    const { dataDir, first } = await friendsFolder()
    const real = await friend(dataDir, 0, first)
    const strangers = await replaceLanCertificate(tempDir())
    const strangerCertificate = strangers.fingerprint
    const stranger = await friend(tempDir(), 0, strangers)
    const announced = {
      [real.url]: { name: NAME, fingerprint: first.fingerprint },
      [stranger.url]: { name: strangerName, fingerprint: strangerCertificate },
    }
    const { connection, pins, confirm } = manager({ answers: [true, false], announced })
    await connection.set({ kind: 'remote', url: real.url })
    expect(pins.byFingerprint(first.fingerprint)?.name).toBe(NAME)

    // The row of the stranger (a "new" server by its certificate) gets the warning, not the
    // plain compare-the-code question.
    const check = await connection.inspect(stranger.url)
    expect(check).toMatchObject({
      trust: 'name-taken',
      name: strangerName,
      pinnedCode: fingerprintCode(first.fingerprint),
      pinnedAddress: addressOf(real),
    })
    await expect(connection.set({ kind: 'remote', url: stranger.url })).rejects.toThrow(
      'is not the server you trusted before',
    )
    expect(confirm).toHaveBeenLastCalledWith(check)
    expect(connection.get().baseUrl).toBe(real.url)
    expect(pins.byFingerprint(strangerCertificate)).toBeUndefined()
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

  it('refuses, without asking, a server showing another certificate than the LAN announced', async () => {
    const { dataDir, first } = await friendsFolder()
    const server = await friend(dataDir, 0, first)
    // The main process's own list, not the window, says what was announced.
    const { connection, pins, confirm } = manager({
      answers: [true],
      announced: { [server.url]: { name: NAME, fingerprint: 'ab'.repeat(32) } },
    })

    await expect(connection.set({ kind: 'remote', url: server.url })).rejects.toThrow(
      'other than the one it announced on your network',
    )
    expect(confirm).not.toHaveBeenCalled()
    expect(pins.byFingerprint(first.fingerprint)).toBeUndefined()
  })

  it('keeps a saved https:// server across a restart, with the certificate trusted for it', () => {
    const saved = new ConnectionManager({
      saved: { kind: 'remote', url: 'https://192.168.1.20:4567', fingerprint: 'ab'.repeat(32) },
      embeddedUrl: () => EMBEDDED,
      persist: vi.fn(),
    })
    expect(saved.get()).toEqual({ kind: 'remote', baseUrl: 'https://192.168.1.20:4567' })
    expect(saved.pinnedRemote()).toEqual({
      origin: 'https://192.168.1.20:4567',
      fingerprint: 'ab'.repeat(32),
    })
  })
})

describe('judge', () => {
  const PINNED = 'ab'.repeat(32)
  const OTHER = 'cd'.repeat(32)
  const pins = () => memoryPins({ [PINNED]: { addresses: ['gs.example:443'], name: NAME } })

  it('checks the pin before a certificate authority’s word', () => {
    const identity = { origin: 'https://gs.example', fingerprint: OTHER, authorized: true }
    expect(judge(identity, pins()).trust).toBe('changed')
    expect(judge({ ...identity, fingerprint: PINNED }, pins()).trust).toBe('pinned')
    expect(judge({ ...identity, origin: 'https://other.example' }, pins()).trust).toBe('authority')
  })

  it('warns about a plain-HTTP server using a trusted server’s name', () => {
    const identity = { origin: 'http://192.168.1.66:4567', fingerprint: null, authorized: false }
    expect(judge(identity, pins(), NAME)).toMatchObject({
      trust: 'name-taken',
      pinnedCode: fingerprintCode(PINNED),
      pinnedAddress: 'gs.example:443',
    })
    expect(judge(identity, pins(), "nova's Gamerstage").trust).toBe('plain')
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

  it('asks the person in a main-process dialog, keeps the pin, and stops on a changed certificate', async () => {
    const { dataDir, first } = await friendsFolder()
    const server = await friend(dataDir, 0, first)
    const { window } = await launchApp(electron)
    const invoke = (channel: Channel, ...args: unknown[]) =>
      Promise.resolve().then(() => ipcHandler(electron, channel)(fromWindow(window), ...args))
    const code = fingerprintCode(first.fingerprint)
    const settingsFile = () =>
      JSON.parse(readFileSync(join(electron.app.getPath('userData'), 'settings.json'), 'utf8')) as {
        trustedServers: Record<string, unknown>
        connection: unknown
      }

    expect(await invoke(Channel.CheckServer, server.url)).toMatchObject({ trust: 'new', code })

    // The window asks to join with the very certificate it shows, and even to re-pin: only the
    // person's answer in the main process's own dialog counts.
    await expect(
      invoke(Channel.SetConnection, {
        kind: 'remote',
        url: server.url,
        fingerprint: first.fingerprint,
        retrust: true,
      }),
    ).rejects.toThrow('Invalid server.')
    electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false })
    await expect(
      invoke(Channel.SetConnection, {
        kind: 'remote',
        url: server.url,
        fingerprint: first.fingerprint,
      }),
    ).rejects.toThrow('Not joined')
    expect(electron.dialog.showMessageBox).toHaveBeenCalledExactlyOnceWith(
      window,
      expect.objectContaining({
        title: 'Compare the code',
        detail: expect.stringContaining(code),
        buttons: ['Cancel', 'The codes match: join'],
        defaultId: 0,
        cancelId: 0,
      }),
    )
    expect(settingsFile().trustedServers).toEqual({})

    electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false })
    await invoke(Channel.SetConnection, { kind: 'remote', url: server.url })
    expect(settingsFile().trustedServers).toEqual({
      [first.fingerprint]: { addresses: [`127.0.0.1:${server.port}`], name: null },
    })
    expect(settingsFile().connection).toEqual({
      kind: 'remote',
      url: server.url,
      fingerprint: first.fingerprint,
    })

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
