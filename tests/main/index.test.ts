import { readFileSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:net'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/server'
import { LAN_CERT_FILE } from '../../src/server/tls/lan-certificate'
import { Channel } from '../../src/shared/ipc-channels'
import {
  closeNet,
  freePort,
  health,
  holdPort,
  pinnedHealth,
  removeTempDirs,
  tempDir,
} from './helpers/net'
import {
  REPO_ROOT,
  freshElectron,
  fromWindow,
  ipcHandler,
  launchApp,
  quitApp,
} from './helpers/main-process'
import type { ElectronMock } from './mocks/electron'

vi.mock('electron', () => import('./mocks/electron'))
// Host for LAN announces the server: here on an in-memory bus, never on this machine's network
// (and tests/main/helpers/no-multicast.ts fails any use of the real mDNS library).
vi.mock('../../src/server/discovery/transport', async () => {
  const { FakeBus } = await import('../server/discovery/fake-transport')
  return { multicastTransport: () => new FakeBus().transport('192.168.1.20') }
})

/** Main → renderer messages have no handler. */
const EVENT_CHANNELS: string[] = [
  Channel.ConnectionChanged,
  Channel.LanServersChanged,
  Channel.CertificateChanged,
  Channel.GameDetected,
]
const REQUEST_CHANNELS = Object.values(Channel).filter((c) => !EVENT_CHANNELS.includes(c))

describe('main process (src/main/index.ts)', { timeout: 20_000 }, () => {
  let electron: ElectronMock
  let userData: string
  const others: { close(): Promise<void> }[] = []
  const holders: Server[] = []

  beforeEach(async () => {
    electron = await freshElectron()
    userData = electron.app.getPath('userData')
  })

  /** The LAN share's health, trusting its own certificate (made on the first share). */
  const lanHealth = (port: number) =>
    pinnedHealth(`https://127.0.0.1:${port}`, readFileSync(join(userData, 'data', LAN_CERT_FILE)))

  afterEach(async () => {
    await quit()
    await Promise.all(others.splice(0).map((server) => server.close()))
    await Promise.all(holders.splice(0).map(closeNet))
    vi.unstubAllEnvs()
    removeTempDirs()
  })

  const quit = () => quitApp(electron)

  /** Writes settings.json as a previous run would have left it. */
  function writeSettings(settings: Record<string, unknown>): void {
    writeFileSync(join(userData, 'settings.json'), JSON.stringify(settings))
  }

  const launch = () => launchApp(electron)
  const handler = (channel: Channel) => ipcHandler(electron, channel)

  const readSettings = () =>
    JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8')) as Record<string, unknown>

  it('opens a secure window on its own server, which answers on 127.0.0.1', async () => {
    const { window, url } = await launch()

    expect(electron.BrowserWindow.instances).toHaveLength(1)
    expect(window.options).toMatchObject({
      width: 1200,
      height: 820,
      show: false,
      webPreferences: {
        preload: join(REPO_ROOT, 'src', 'preload', 'index.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webviewTag: false,
      },
    })
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await health(url)).toBe(200)
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled()
    expect(electron.app.exit).not.toHaveBeenCalled()
  })

  it('keeps its data in <userData>/data and remembers the port in settings.json', async () => {
    const { url } = await launch()

    expect(readSettings()).toMatchObject({ embeddedPort: Number(new URL(url).port) })
    expect(readFileSync(join(userData, 'data', 'gamerstage.db')).length).toBeGreaterThan(0)
  })

  it('registers a handler for every request channel', async () => {
    await launch()

    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual([...REQUEST_CHANNELS].sort())
  })

  it('answers GetConnection to its window with the embedded server', async () => {
    const { window, url } = await launch()

    const answer = await handler(Channel.GetConnection)(fromWindow(window))

    expect(answer).toEqual({ kind: 'embedded', baseUrl: url })
  })

  it('refuses GetConnection from any other sender', async () => {
    await launch()
    const stranger = new electron.BrowserWindow()

    expect(() => handler(Channel.GetConnection)(fromWindow(stranger))).toThrow('Not allowed.')
  })

  it('answers the app version', async () => {
    const { window } = await launch()

    expect(await handler(Channel.GetAppVersion)(fromWindow(window))).toBe('0.0.0-test')
  })

  it('denies every permission request but notifications for its own page', async () => {
    await launch()
    const setHandler = electron.session.defaultSession.setPermissionRequestHandler
    expect(setHandler).toHaveBeenCalledOnce()
    const decide = setHandler.mock.calls[0]?.[0] as (
      contents: unknown,
      permission: string,
      done: (granted: boolean) => void,
      details: { requestingUrl: string },
    ) => void

    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read']) {
      const done = vi.fn()
      decide({}, permission, done, { requestingUrl: 'https://192.168.1.20:4567/' })
      expect(done).toHaveBeenCalledExactlyOnceWith(false)
    }
    for (const permission of ['media', 'geolocation', 'clipboard-read']) {
      const done = vi.fn()
      decide({}, permission, done, { requestingUrl: 'http://127.0.0.1:1/' })
      expect(done).toHaveBeenCalledExactlyOnceWith(false)
    }
  })

  it('sets an application menu', async () => {
    await launch()

    expect(electron.Menu.setApplicationMenu).toHaveBeenCalledOnce()
    expect(electron.Menu.setApplicationMenu.mock.calls[0]?.[0]).toBe(
      electron.Menu.buildFromTemplate.mock.results[0]?.value,
    )
  })

  it('keeps the window on the app: navigation away is prevented and opened in the browser', async () => {
    const { window, url } = await launch()
    const away = { preventDefault: vi.fn() }
    const inside = { preventDefault: vi.fn() }

    window.webContents.emit('will-navigate', away, 'https://example.com/')
    window.webContents.emit('will-navigate', inside, `${url}/post/1`)

    expect(away.preventDefault).toHaveBeenCalled()
    expect(inside.preventDefault).not.toHaveBeenCalled()
    expect(electron.shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/')
    expect(window.webContents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({
      action: 'deny',
    })
  })

  it('shows the window once it is ready', async () => {
    const { window } = await launch()
    expect(window.show).not.toHaveBeenCalled()

    window.emit('ready-to-show')

    expect(window.show).toHaveBeenCalledOnce()
  })

  it('opens the window where it was left while that display is still connected', async () => {
    writeSettings({
      windowBounds: { x: 300, y: 200, width: 1000, height: 700, maximized: true },
    })
    const { window } = await launch()

    expect(window.options).toMatchObject({ x: 300, y: 200, width: 1000, height: 700 })
    expect(window.maximize).toHaveBeenCalledOnce()
  })

  it('centres the window on the primary display when its saved place is gone', async () => {
    writeSettings({
      windowBounds: { x: 2500, y: 200, width: 1000, height: 700, maximized: false },
    })
    const { window } = await launch()

    // The mock's one display: a 1920×1040 work area.
    expect(window.options).toMatchObject({ x: 460, y: 170, width: 1000, height: 700 })
    expect(window.maximize).not.toHaveBeenCalled()
  })

  it('remembers the window bounds when the window closes', async () => {
    const { window } = await launch()
    window.getNormalBounds.mockReturnValue({ x: 30, y: 40, width: 1000, height: 700 })
    window.isMaximized.mockReturnValue(true)

    window.emit('close')

    expect(readSettings().windowBounds).toEqual({
      x: 30,
      y: 40,
      width: 1000,
      height: 700,
      maximized: true,
    })
  })

  it('answers client certificates with none and fences the window’s requests', async () => {
    const { window, url } = await launch()
    const session = electron.session.defaultSession

    expect(electron.app.on).toHaveBeenCalledWith('select-client-certificate', expect.any(Function))
    expect(session.setPermissionCheckHandler).toHaveBeenCalledOnce()
    expect(session.setDevicePermissionHandler).toHaveBeenCalledOnce()
    const listener = session.webRequest.onBeforeRequest.mock.calls[0]?.[1] as (
      details: { url: string; webContentsId?: number },
      callback: (response: { cancel: boolean }) => void,
    ) => void
    const verdict = (target: string) => {
      const callback = vi.fn()
      listener({ url: target, webContentsId: window.webContents.id }, callback)
      return callback.mock.calls[0]?.[0]
    }
    expect(verdict(`${url}/api/feed`)).toEqual({ cancel: false })
    expect(verdict('https://192.168.1.66:4567/api/auth/login')).toEqual({ cancel: true })
  })

  it('switches to a remote Gamerstage server, tells the window and persists it', async () => {
    const remote: RunningServer = await startServer({ dataDir: tempDir(), port: 0, demo: false })
    others.push(remote)
    const { window } = await launch()

    const answer = await handler(Channel.SetConnection)(fromWindow(window), {
      kind: 'remote',
      url: `${remote.url}/home`,
    })

    const expected = { kind: 'remote', baseUrl: remote.url }
    expect(answer).toEqual(expected)
    expect(window.webContents.send).toHaveBeenCalledExactlyOnceWith(
      Channel.ConnectionChanged,
      expected,
    )
    expect(readSettings().connection).toEqual({ kind: 'remote', url: remote.url })
    expect(await handler(Channel.GetConnection)(fromWindow(window))).toEqual(expected)
  })

  it('turns LAN sharing on and off through IPC and persists it', async () => {
    const { window } = await launch()
    const port = await freePort()

    const on = await handler(Channel.SetLanSharing)(fromWindow(window), { enabled: true, port })

    expect(on).toMatchObject({ enabled: true, port })
    expect(await lanHealth(port)).toBe(200)
    expect(readSettings().lanSharing).toEqual({ enabled: true, port, plainHttp: false })
    expect(await handler(Channel.GetLanSharing)(fromWindow(window))).toEqual(on)

    // Without a port, the remembered one is used.
    const off = await handler(Channel.SetLanSharing)(fromWindow(window), { enabled: false })

    expect(off).toMatchObject({ enabled: false, port, addresses: [] })
    expect(await lanHealth(port)).toBe('ECONNREFUSED')
    expect(readSettings().lanSharing).toEqual({ enabled: false, port, plainHttp: false })
  })

  it('leaves the settings as they were when the LAN port is in use', async () => {
    const { window } = await launch()
    const taken = await holdPort('0.0.0.0')
    holders.push(taken.server)

    await expect(
      handler(Channel.SetLanSharing)(fromWindow(window), { enabled: true, port: taken.port }),
    ).rejects.toThrow(`Port ${taken.port} is already in use`)

    expect(readSettings().lanSharing).toEqual({ enabled: false, port: 4567, plainHttp: false })
  })

  it('shares on the LAN at start when the settings say so', async () => {
    const port = await freePort()
    writeFileSync(
      join(userData, 'settings.json'),
      JSON.stringify({ lanSharing: { enabled: true, port } }),
    )

    const { window } = await launch()

    await vi.waitFor(async () => expect(await lanHealth(port)).toBe(200))
    expect(await handler(Channel.GetLanSharing)(fromWindow(window))).toMatchObject({
      enabled: true,
      port,
    })
  })

  it('starts with sharing off, and remembers that, when the shared port was taken meanwhile', async () => {
    const taken = await holdPort('0.0.0.0')
    holders.push(taken.server)
    writeFileSync(
      join(userData, 'settings.json'),
      JSON.stringify({ lanSharing: { enabled: true, port: taken.port } }),
    )

    const { window, url } = await launch()

    expect(await health(url)).toBe(200)
    expect(await handler(Channel.GetLanSharing)(fromWindow(window))).toMatchObject({
      enabled: false,
      port: taken.port,
      addresses: [],
    })
    expect(readSettings().lanSharing).toEqual({
      enabled: false,
      port: taken.port,
      plainHttp: false,
    })
  })

  it('reuses the port of the last start so the window keeps its origin', async () => {
    const port = await freePort()
    writeFileSync(join(userData, 'settings.json'), JSON.stringify({ embeddedPort: port }))

    const { url } = await launch()

    expect(url).toBe(`http://127.0.0.1:${port}`)
  })

  it('closes the server before quitting on will-quit', async () => {
    const { url } = await launch()

    const event = await quit()

    expect(event.preventDefault).toHaveBeenCalledOnce()
    expect(electron.app.quit).toHaveBeenCalledOnce()
    expect(await health(url)).toBe('ECONNREFUSED')
    // The second will-quit (from that app.quit()) lets the app go.
    const again = await quit()
    expect(again.preventDefault).not.toHaveBeenCalled()
  })

  it('shows an error naming the data folder and exits when it cannot start', async () => {
    const blocker = join(tempDir(), 'a-file')
    writeFileSync(blocker, 'not a folder')
    userData = join(blocker, 'userData')
    electron.app.setPath('userData', userData)

    await import('../../src/main/index')

    await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1))
    expect(electron.dialog.showErrorBox).toHaveBeenCalledOnce()
    const [title, message] = electron.dialog.showErrorBox.mock.calls[0] as [string, string]
    expect(title).toBe('Gamerstage could not start')
    expect(message).toContain(`Cannot use the data folder ${join(userData, 'data')}`)
    expect(message).toContain(`Your data is kept in ${join(userData, 'data')}.`)
    expect(electron.BrowserWindow.instances).toHaveLength(0)
    expect(electron.ipcMain.handlers.size).toBe(0)
  })

  it('quits at once when another instance is already running', async () => {
    electron.app.requestSingleInstanceLock.mockReturnValue(false)

    await import('../../src/main/index')

    expect(electron.app.quit).toHaveBeenCalledOnce()
    expect(electron.app.whenReady).not.toHaveBeenCalled()
  })

  it('brings the window back when a second instance starts', async () => {
    const { window } = await launch()
    window.isMinimized.mockReturnValue(true)

    electron.app.emit('second-instance')

    expect(window.restore).toHaveBeenCalledOnce()
    expect(window.focus).toHaveBeenCalledOnce()
  })
})
