import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GamerstageBridge } from '../../src/shared/bridge'
import { Channel } from '../../src/shared/ipc-channels'
import { electronMock, type ElectronMock } from './mocks/electron'

vi.mock('electron', () => import('./mocks/electron'))

describe('preload', () => {
  let electron: ElectronMock
  let bridge: GamerstageBridge
  let exposeCalls: unknown[][]

  beforeAll(async () => {
    electron = await electronMock()
    await import('../../src/preload/index')
    exposeCalls = [...electron.contextBridge.exposeInMainWorld.mock.calls]
    bridge = exposeCalls[0]?.[1] as GamerstageBridge
  })

  beforeEach(() => {
    electron.ipcRenderer.invoke.mockReset()
    electron.ipcRenderer.invoke.mockResolvedValue('answer')
  })

  it('exposes one object, as window.gamerstage, once', () => {
    expect(exposeCalls).toHaveLength(1)
    expect(exposeCalls[0]?.[0]).toBe('gamerstage')
    expect(typeof bridge).toBe('object')
  })

  it('exposes exactly the bridge methods and the platform, nothing else', () => {
    expect(Object.keys(bridge).sort()).toEqual(
      [
        'platform',
        'getConnection',
        'setConnection',
        'onConnectionChange',
        'checkServer',
        'onCertificateChanged',
        'getLanSharing',
        'setLanSharing',
        'replaceLanCertificate',
        'watchLanServers',
        'getAppVersion',
        'backupData',
        'restoreData',
        // Game detection
        'getGameDetection',
        'setGameDetection',
        'onGameDetected',
        'focusWindow',
      ].sort(),
    )
    expect(bridge.platform).toBe('desktop')
  })

  it('never exposes ipcRenderer or any of its functions', () => {
    const exposed = Object.values(bridge)

    expect(exposed).not.toContain(electron.ipcRenderer)
    for (const fn of [
      electron.ipcRenderer.invoke,
      electron.ipcRenderer.on,
      electron.ipcRenderer.removeListener,
    ]) {
      expect(exposed).not.toContain(fn)
    }
  })

  it.each([
    ['getConnection', [], Channel.GetConnection, []],
    ['getLanSharing', [], Channel.GetLanSharing, []],
    ['getAppVersion', [], Channel.GetAppVersion, []],
    ['backupData', [], Channel.BackupData, []],
    ['restoreData', [], Channel.RestoreData, []],
    ['getGameDetection', [], Channel.GetGameDetection, []],
    ['focusWindow', [], Channel.FocusWindow, []],
    ['setGameDetection', [{ paused: true }], Channel.SetGameDetection, [{ paused: true }]],
    [
      'setConnection',
      [{ kind: 'remote', url: 'http://192.168.1.20:4567' }],
      Channel.SetConnection,
      [{ kind: 'remote', url: 'http://192.168.1.20:4567' }],
    ],
    ['setConnection', [{ kind: 'embedded' }], Channel.SetConnection, [{ kind: 'embedded' }]],
    [
      'setLanSharing',
      [{ enabled: true, port: 5000 }],
      Channel.SetLanSharing,
      [{ enabled: true, port: 5000 }],
    ],
  ] as const)(
    '%s(…) invokes its channel with the arguments',
    async (method, args, channel, sent) => {
      const call = bridge[method] as (...args: unknown[]) => Promise<unknown>

      await expect(call(...args)).resolves.toBe('answer')

      expect(electron.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(channel, ...sent)
    },
  )

  it('hands a refusal from the main process back to the caller', async () => {
    electron.ipcRenderer.invoke.mockRejectedValueOnce(new Error('Invalid server.'))

    await expect(bridge.setConnection({ kind: 'remote', url: 'x' })).rejects.toThrow(
      'Invalid server.',
    )
  })

  it('forwards connection changes to a listener until it unsubscribes', () => {
    const listener = vi.fn()
    const before = electron.ipcRenderer.listenerCount(Channel.ConnectionChanged)

    const unsubscribe = bridge.onConnectionChange(listener)

    expect(electron.ipcRenderer.on).toHaveBeenCalledWith(
      Channel.ConnectionChanged,
      expect.any(Function),
    )
    expect(electron.ipcRenderer.listenerCount(Channel.ConnectionChanged)).toBe(before + 1)
    const connection = { kind: 'remote', baseUrl: 'http://192.168.1.20:4567' }
    electron.ipcRenderer.emit(Channel.ConnectionChanged, connection)
    // Only the connection reaches the page, not Electron's event object.
    expect(listener).toHaveBeenCalledExactlyOnceWith(connection)

    unsubscribe()

    const registered = electron.ipcRenderer.on.mock.calls.at(-1)?.[1]
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(
      Channel.ConnectionChanged,
      registered,
    )
    expect(electron.ipcRenderer.listenerCount(Channel.ConnectionChanged)).toBe(before)
    electron.ipcRenderer.emit(Channel.ConnectionChanged, { kind: 'embedded', baseUrl: 'x' })
    expect(listener).toHaveBeenCalledOnce()
  })

  it('keeps two listeners apart: removing one leaves the other', () => {
    const first = vi.fn()
    const second = vi.fn()
    const stopFirst = bridge.onConnectionChange(first)
    const stopSecond = bridge.onConnectionChange(second)

    stopFirst()
    electron.ipcRenderer.emit(Channel.ConnectionChanged, { kind: 'embedded', baseUrl: 'y' })
    stopSecond()

    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledExactlyOnceWith({ kind: 'embedded', baseUrl: 'y' })
  })

  describe('watchLanServers', () => {
    const FOUND = {
      servers: [{ name: "nova's Gamerstage", url: 'http://192.168.1.21:4567', version: '0.1.0' }],
      problem: null,
    }

    it('starts looking, hands over the first list and every change, and stops', async () => {
      electron.ipcRenderer.invoke.mockResolvedValue(FOUND)
      const before = electron.ipcRenderer.listenerCount(Channel.LanServersChanged)
      const listener = vi.fn()

      const stop = bridge.watchLanServers?.(listener)

      expect(electron.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(
        Channel.WatchLanServers,
        true,
      )
      await vi.waitFor(() => expect(listener).toHaveBeenCalledExactlyOnceWith(FOUND))
      const later = { servers: [], problem: null }
      electron.ipcRenderer.emit(Channel.LanServersChanged, later)
      expect(listener).toHaveBeenLastCalledWith(later)

      stop?.()

      expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(Channel.WatchLanServers, false)
      expect(electron.ipcRenderer.listenerCount(Channel.LanServersChanged)).toBe(before)
      electron.ipcRenderer.emit(Channel.LanServersChanged, FOUND)
      expect(listener).toHaveBeenCalledTimes(2)
    })

    it('drops a first answer that arrives after the stop', async () => {
      let answer: (list: unknown) => void = () => undefined
      electron.ipcRenderer.invoke.mockImplementationOnce(
        () => new Promise((resolve) => (answer = resolve)),
      )
      const listener = vi.fn()
      const stop = bridge.watchLanServers?.(listener)
      stop?.()
      answer(FOUND)
      await new Promise((resolve) => setTimeout(resolve, 0))

      expect(listener).not.toHaveBeenCalled()
    })

    it('turns a refusal into a list with a problem, not a rejection', async () => {
      electron.ipcRenderer.invoke.mockRejectedValueOnce(new Error('Not allowed.'))
      const listener = vi.fn()

      const stop = bridge.watchLanServers?.(listener)

      await vi.waitFor(() =>
        expect(listener).toHaveBeenCalledExactlyOnceWith({
          servers: [],
          problem: 'Could not look for servers on your network.',
        }),
      )
      stop?.()
    })
  })
})
