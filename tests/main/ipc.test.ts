import type { IpcMain, WebContents } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { isAppFrame, registerIpc, type IpcServices } from '../../src/main/ipc'
import type { LanServerList, LanSharingStatus } from '../../src/shared/bridge'
import { Channel } from '../../src/shared/ipc-channels'

type Handler = (event: { sender: unknown; senderFrame: unknown }, ...args: unknown[]) => unknown

const ourContents = { id: 1 } as unknown as WebContents
const otherContents = { id: 2 } as unknown as WebContents

const APP_ORIGIN = 'http://127.0.0.1:50000'
const CONNECTION = { kind: 'embedded' as const, baseUrl: APP_ORIGIN }
/** The window's top frame showing the app. */
const appFrame = { url: `${APP_ORIGIN}/post/12`, parent: null }
const SHARING: LanSharingStatus = {
  enabled: true,
  port: 4567,
  addresses: ['https://192.168.1.20:4567'],
  plainHttp: false,
  fingerprint: 'ab'.repeat(32),
  code: 'ABAB-ABAB-ABAB-ABAB',
  demoAccountsDisabled: true,
}
const FOUND: LanServerList = {
  servers: [
    {
      name: "nova's Gamerstage",
      url: 'https://192.168.1.21:4567',
      version: '0.1.0',
      fingerprint: 'cd'.repeat(32),
      code: 'CDCD-CDCD-CDCD-CDCD',
      sameName: null,
      known: false,
    },
  ],
  problem: null,
}

describe('registerIpc', () => {
  let handlers: Map<string, Handler>
  let services: {
    getConnection: ReturnType<typeof vi.fn<IpcServices['getConnection']>>
    setConnection: ReturnType<typeof vi.fn<IpcServices['setConnection']>>
    getLanSharing: ReturnType<typeof vi.fn<IpcServices['getLanSharing']>>
    setLanSharing: ReturnType<typeof vi.fn<IpcServices['setLanSharing']>>
    checkServer: ReturnType<typeof vi.fn<IpcServices['checkServer']>>
    replaceLanCertificate: ReturnType<typeof vi.fn<IpcServices['replaceLanCertificate']>>
    watchLanServers: ReturnType<typeof vi.fn<IpcServices['watchLanServers']>>
    appVersion: string
    backupData: ReturnType<typeof vi.fn<IpcServices['backupData']>>
    restoreData: ReturnType<typeof vi.fn<IpcServices['restoreData']>>
    focusWindow: ReturnType<typeof vi.fn<IpcServices['focusWindow']>>
  }

  beforeEach(() => {
    handlers = new Map()
    const ipc = {
      handle: (channel: string, handler: Handler) => {
        handlers.set(channel, handler)
      },
    } as unknown as Pick<IpcMain, 'handle'>
    services = {
      getConnection: vi.fn(() => CONNECTION),
      setConnection: vi.fn(async () => CONNECTION),
      getLanSharing: vi.fn(() => SHARING),
      setLanSharing: vi.fn(async () => SHARING),
      checkServer: vi.fn(async (url: string) => ({
        origin: url,
        trust: 'new' as const,
        fingerprint: 'ab'.repeat(32),
        code: 'ABAB-ABAB-ABAB-ABAB',
        pinnedCode: null,
        name: null,
        pinnedAddress: null,
      })),
      replaceLanCertificate: vi.fn(async () => SHARING),
      watchLanServers: vi.fn(() => FOUND),
      appVersion: '1.2.3',
      backupData: vi.fn(async () => ({ file: '/backups/a.db' })),
      restoreData: vi.fn(async () => null),
      focusWindow: vi.fn(),
    }
    registerIpc(
      ipc,
      isAppFrame(
        () => ourContents,
        () => APP_ORIGIN,
      ),
      services,
    )
  })

  /** Calls a registered handler as Electron would, awaiting whatever it answers or throws. */
  async function invoke(channel: Channel, sender: unknown, ...args: unknown[]): Promise<unknown> {
    return invokeFrom(channel, sender, appFrame, ...args)
  }

  async function invokeFrom(
    channel: Channel,
    sender: unknown,
    senderFrame: unknown,
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = handlers.get(channel)
    if (!handler) throw new Error(`no handler for ${channel}`)
    return await handler({ sender, senderFrame }, ...args)
  }

  const serviceCalls = () =>
    services.getConnection.mock.calls.length +
    services.setConnection.mock.calls.length +
    services.getLanSharing.mock.calls.length +
    services.setLanSharing.mock.calls.length +
    services.watchLanServers.mock.calls.length

  it('registers a handler for every request channel and none for the event channel', () => {
    expect([...handlers.keys()].sort()).toEqual(
      [
        Channel.GetConnection,
        Channel.SetConnection,
        Channel.CheckServer,
        Channel.GetLanSharing,
        Channel.SetLanSharing,
        Channel.ReplaceLanCertificate,
        Channel.WatchLanServers,
        Channel.GetAppVersion,
        Channel.BackupData,
        Channel.RestoreData,
        Channel.FocusWindow,
      ].sort(),
    )
  })

  it('brings the window forward for its own app frame only', async () => {
    await invoke(Channel.FocusWindow, ourContents)
    expect(services.focusWindow).toHaveBeenCalledOnce()
    await expect(invoke(Channel.FocusWindow, {})).rejects.toThrow('Not allowed.')
    expect(services.focusWindow).toHaveBeenCalledOnce()
  })

  it.each([
    [Channel.GetConnection, []],
    [Channel.SetConnection, [{ kind: 'embedded' }]],
    [Channel.GetLanSharing, []],
    [Channel.SetLanSharing, [{ enabled: true, port: 5000 }]],
    [Channel.WatchLanServers, [true]],
    [Channel.GetAppVersion, []],
  ])('refuses %s from a sender that is not our window', async (channel, args) => {
    await expect(invoke(channel, otherContents, ...args)).rejects.toThrow('Not allowed.')
    await expect(invoke(channel, undefined, ...args)).rejects.toThrow('Not allowed.')

    expect(serviceCalls()).toBe(0)
  })

  it.each([
    ['an iframe of the app', { url: `${APP_ORIGIN}/home`, parent: appFrame }],
    ['the top frame on another origin', { url: 'http://evil.example/', parent: null }],
    ['the top frame on another port', { url: 'http://127.0.0.1:50001/', parent: null }],
    ['a frame with no address', { url: '', parent: null }],
    ['a frame already gone', null],
  ])('refuses calls from our window through %s', async (_what, frame) => {
    await expect(invokeFrom(Channel.GetConnection, ourContents, frame)).rejects.toThrow(
      'Not allowed.',
    )
    await expect(invokeFrom(Channel.BackupData, ourContents, frame)).rejects.toThrow('Not allowed.')

    expect(services.getConnection).not.toHaveBeenCalled()
    expect(services.backupData).not.toHaveBeenCalled()
  })

  it('follows the app origin when the embedded server moves', async () => {
    let origin = APP_ORIGIN
    const check = isAppFrame(
      () => ourContents,
      () => origin,
    )
    const event = { sender: ourContents, senderFrame: appFrame } as unknown as Parameters<
      typeof check
    >[0]
    expect(check(event)).toBe(true)
    origin = 'http://127.0.0.1:50002'
    expect(check(event)).toBe(false)
  })

  it.each([
    ['a remote target without url', { kind: 'remote' }],
    ['an unknown kind', { kind: 'x' }],
    ['a url of 3000 characters', { kind: 'remote', url: `http://${'a'.repeat(2993)}` }],
    ['extra keys on a remote target', { kind: 'remote', url: 'http://h:1', extra: true }],
    ['extra keys on the embedded target', { kind: 'embedded', url: 'http://h:1' }],
    ['a url that is not a string', { kind: 'remote', url: 42 }],
    ['no argument', undefined],
    ['a string', 'http://h:1'],
    // Trust is the person's word in the main process's dialog, never a flag from the window.
    [
      'a request to re-pin',
      { kind: 'remote', url: 'https://h:1', fingerprint: 'ab'.repeat(32), retrust: true },
    ],
  ])('refuses SetConnection with %s as "Invalid server."', async (_what, target) => {
    await expect(invoke(Channel.SetConnection, ourContents, target)).rejects.toThrow(
      'Invalid server.',
    )

    expect(services.setConnection).not.toHaveBeenCalled()
  })

  it.each([
    ['port 80', { enabled: true, port: 80 }],
    ['port 70000', { enabled: true, port: 70000 }],
    ['port "4567"', { enabled: true, port: '4567' }],
    ['port 4567.5', { enabled: true, port: 4567.5 }],
    ['enabled "yes"', { enabled: 'yes' }],
    ['no enabled', { port: 4567 }],
    ['extra keys', { enabled: true, host: '0.0.0.0' }],
    ['no argument', undefined],
  ])('refuses SetLanSharing with %s', async (_what, options) => {
    await expect(invoke(Channel.SetLanSharing, ourContents, options)).rejects.toThrow(
      'Invalid sharing settings.',
    )

    expect(services.setLanSharing).not.toHaveBeenCalled()
  })

  it('starts and stops looking for LAN servers for our window, with a boolean only', async () => {
    await expect(invoke(Channel.WatchLanServers, ourContents, true)).resolves.toEqual(FOUND)
    await invoke(Channel.WatchLanServers, ourContents, false)
    expect(services.watchLanServers.mock.calls).toEqual([[true], [false]])

    for (const bad of [undefined, 'true', 1, { watching: true }]) {
      await expect(invoke(Channel.WatchLanServers, ourContents, bad)).rejects.toThrow(
        'Invalid request.',
      )
    }
    await expect(
      invokeFrom(
        Channel.WatchLanServers,
        ourContents,
        { url: 'http://evil.example/', parent: null },
        true,
      ),
    ).rejects.toThrow('Not allowed.')
    expect(services.watchLanServers).toHaveBeenCalledTimes(2)
  })

  it('answers GetConnection from the service', async () => {
    await expect(invoke(Channel.GetConnection, ourContents)).resolves.toEqual(CONNECTION)

    expect(services.getConnection).toHaveBeenCalledOnce()
  })

  it('passes a valid remote target on to setConnection and answers its result', async () => {
    const target = { kind: 'remote', url: 'http://192.168.1.20:4567' }

    await expect(invoke(Channel.SetConnection, ourContents, target)).resolves.toEqual(CONNECTION)

    expect(services.setConnection).toHaveBeenCalledExactlyOnceWith(target)
  })

  it('passes the embedded target on to setConnection', async () => {
    await invoke(Channel.SetConnection, ourContents, { kind: 'embedded' })

    expect(services.setConnection).toHaveBeenCalledExactlyOnceWith({ kind: 'embedded' })
  })

  it('hands a rejection of setConnection back to the renderer', async () => {
    services.setConnection.mockRejectedValueOnce(new Error('Could not reach http://h:1'))

    await expect(
      invoke(Channel.SetConnection, ourContents, { kind: 'remote', url: 'http://h:1' }),
    ).rejects.toThrow('Could not reach http://h:1')
  })

  it('answers GetLanSharing from the service', async () => {
    await expect(invoke(Channel.GetLanSharing, ourContents)).resolves.toEqual(SHARING)
  })

  it.each([
    [{ enabled: true, port: 1024 }],
    [{ enabled: true, port: 65535 }],
    [{ enabled: false }],
  ])('passes %j on to setLanSharing', async (options) => {
    await expect(invoke(Channel.SetLanSharing, ourContents, options)).resolves.toEqual(SHARING)

    expect(services.setLanSharing).toHaveBeenCalledExactlyOnceWith(options)
  })

  it('answers the app version', async () => {
    await expect(invoke(Channel.GetAppVersion, ourContents)).resolves.toBe('1.2.3')
  })

  it('runs a backup and a restore for our window only', async () => {
    await expect(invoke(Channel.BackupData, ourContents)).resolves.toEqual({
      file: '/backups/a.db',
    })
    await expect(invoke(Channel.RestoreData, ourContents)).resolves.toBeNull()
    await expect(invoke(Channel.BackupData, {})).rejects.toThrow()
    await expect(invoke(Channel.RestoreData, {})).rejects.toThrow()
    expect(services.backupData).toHaveBeenCalledTimes(1)
    expect(services.restoreData).toHaveBeenCalledTimes(1)
  })
})
