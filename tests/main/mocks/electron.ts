/**
 * A stand-in for the parts of `electron` that src/main and src/preload use, for tests that run
 * under plain Node (the Electron binary is not needed). Use it with
 * `vi.mock('electron', () => import('./mocks/electron'))` and reach it through `electronMock()`.
 * Vitest keeps a mocked module across `vi.resetModules()`, so a test that imports src/main again
 * calls `resetElectronMock()` first: it forgets paths, listeners, handlers and windows, and
 * resets every `vi.fn` to its original implementation.
 */
import { EventEmitter } from 'node:events'
import { vi } from 'vitest'

type Handler = (event: unknown, ...args: unknown[]) => unknown

/** The fake `webContents` of a mocked window: events, the window-open handler, sent messages. */
let contentsIds = 0

export class FakeWebContents extends EventEmitter {
  readonly id = ++contentsIds
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null
  readonly setWindowOpenHandler = vi.fn(
    (handler: (details: { url: string }) => { action: 'allow' | 'deny' }) => {
      this.windowOpenHandler = handler
    },
  )
  readonly send = vi.fn()
  /** The top frame, at whatever address the window last loaded. */
  readonly mainFrame = { url: '', parent: null }
}

export class BrowserWindow extends EventEmitter {
  /** Every window constructed since this module was loaded, oldest first. */
  static readonly instances: BrowserWindow[] = []

  readonly webContents = new FakeWebContents()
  readonly loadURL = vi.fn(async (url: string) => {
    this.webContents.mainFrame.url = url
  })
  readonly show = vi.fn()
  readonly maximize = vi.fn()
  readonly restore = vi.fn()
  readonly focus = vi.fn()
  readonly isMinimized = vi.fn(() => false)
  readonly isMaximized = vi.fn(() => false)
  readonly getNormalBounds = vi.fn(() => ({ x: 10, y: 20, width: 1200, height: 820 }))

  constructor(readonly options: Record<string, unknown> = {}) {
    super()
    BrowserWindow.instances.push(this)
  }
}

const paths = new Map<string, string>()
let appPath = process.cwd()
const appEvents = new EventEmitter()

export const app = {
  isPackaged: false,
  on: vi.fn((event: string, listener: (...args: unknown[]) => void) => {
    appEvents.on(event, listener)
    return app
  }),
  /** Test helper (not Electron API): fires an app event at the registered listeners. */
  emit: (event: string, ...args: unknown[]) => appEvents.emit(event, ...args),
  whenReady: vi.fn(() => Promise.resolve()),
  requestSingleInstanceLock: vi.fn(() => true),
  getPath: vi.fn((name: string) => {
    const path = paths.get(name)
    if (path === undefined) throw new Error(`electron mock: app.setPath('${name}', …) first`)
    return path
  }),
  setPath: vi.fn((name: string, path: string) => {
    paths.set(name, path)
  }),
  getAppPath: vi.fn(() => appPath),
  /** Test helper (not Electron API): what `getAppPath()` answers. */
  setAppPath: (path: string) => {
    appPath = path
  },
  getVersion: vi.fn(() => '0.0.0-test'),
  getName: vi.fn(() => 'Gamerstage'),
  quit: vi.fn(),
  exit: vi.fn(),
}

const mainHandlers = new Map<string, Handler>()

export const ipcMain = {
  /** Test helper (not Electron API): the handlers registered with `handle`, by channel. */
  handlers: mainHandlers,
  handle: vi.fn((channel: string, handler: Handler) => {
    if (mainHandlers.has(channel)) throw new Error(`second handler for ${channel}`)
    mainHandlers.set(channel, handler)
  }),
  removeHandler: vi.fn((channel: string) => {
    mainHandlers.delete(channel)
  }),
}

const rendererEvents = new EventEmitter()

export const ipcRenderer = {
  invoke: vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => undefined),
  on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
    rendererEvents.on(channel, listener)
    return ipcRenderer
  }),
  removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
    rendererEvents.removeListener(channel, listener)
    return ipcRenderer
  }),
  /** Test helper (not Electron API): a message from the main process on `channel`. */
  emit: (channel: string, ...args: unknown[]) => rendererEvents.emit(channel, {}, ...args),
  listenerCount: (channel: string) => rendererEvents.listenerCount(channel),
}

export const contextBridge = {
  exposeInMainWorld: vi.fn(),
}

export const dialog = {
  showErrorBox: vi.fn(),
  showMessageBox: vi.fn(async () => ({ response: 0, checkboxChecked: false })),
}

export const Menu = {
  buildFromTemplate: vi.fn((template: unknown[]) => ({ items: template })),
  setApplicationMenu: vi.fn(),
}

export const session = {
  defaultSession: {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    setCertificateVerifyProc: vi.fn(),
    webRequest: { onBeforeRequest: vi.fn() },
  },
}

export const shell = {
  openExternal: vi.fn(async (_url: string) => undefined),
}

/** One 1920×1080 display unless a test plugs in others. */
const defaultDisplay = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
}

export const screen = {
  getAllDisplays: vi.fn(() => [defaultDisplay]),
  getPrimaryDisplay: vi.fn(() => defaultDisplay),
}

const electron = {
  app,
  screen,
  BrowserWindow,
  ipcMain,
  ipcRenderer,
  contextBridge,
  dialog,
  Menu,
  session,
  shell,
}

export type ElectronMock = typeof electron

export default electron

/** Back to a just-loaded mock: see the file's comment. */
export function resetElectronMock(): void {
  paths.clear()
  appPath = process.cwd()
  appEvents.removeAllListeners()
  rendererEvents.removeAllListeners()
  mainHandlers.clear()
  BrowserWindow.instances.length = 0
  for (const part of [app, ipcMain, ipcRenderer, contextBridge, dialog, Menu, shell]) {
    for (const value of Object.values(part)) if (vi.isMockFunction(value)) value.mockReset()
  }
  screen.getAllDisplays.mockReset().mockImplementation(() => [defaultDisplay])
  screen.getPrimaryDisplay.mockReset().mockImplementation(() => defaultDisplay)
  session.defaultSession.setPermissionRequestHandler.mockReset()
  session.defaultSession.setPermissionCheckHandler.mockReset()
  session.defaultSession.setDevicePermissionHandler.mockReset()
  session.defaultSession.setCertificateVerifyProc.mockReset()
  session.defaultSession.webRequest.onBeforeRequest.mockReset()
}

/** This module's exports as the mocked `electron`, typed as the mock rather than the real API. */
export async function electronMock(): Promise<ElectronMock & { resetElectronMock: () => void }> {
  return (await import('electron')) as unknown as ElectronMock & {
    resetElectronMock: () => void
  }
}
