import { BrowserWindow, app, dialog, ipcMain, shell } from 'electron'
import { join } from 'node:path'
import type { Connection } from '../shared/bridge'
import { Channel } from '../shared/ipc-channels'
import type { RunningServer } from '../server/server'
import { startEmbeddedServer } from './embedded-server'

let server: RunningServer | undefined
let mainWindow: BrowserWindow | undefined

/** Resources sit beside the bundle in development and in the asar's unpacked folder when packaged. */
const resourcePath = (...parts: string[]) =>
  app.isPackaged ? join(process.resourcesPath, ...parts) : join(app.getAppPath(), ...parts)

function createWindow(url: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 360,
    minHeight: 560,
    title: 'Gamerstage',
    show: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  })
  window.once('ready-to-show', () => window.show())
  // Only our own server's pages load in the window; anything else opens in the system browser.
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    if (/^https?:\/\//.test(target)) void shell.openExternal(target)
    return { action: 'deny' }
  })
  window.webContents.on('will-navigate', (event, target) => {
    if (!target.startsWith(url)) event.preventDefault()
  })
  void window.loadURL(url)
  return window
}

function registerIpc(): void {
  // Only answer our own window: a frame from elsewhere gets nothing.
  const fromOurWindow = (event: Electron.IpcMainInvokeEvent) =>
    mainWindow !== undefined && event.sender === mainWindow.webContents
  ipcMain.handle(Channel.GetConnection, (event): Connection => {
    if (!fromOurWindow(event) || !server) throw new Error('Not available.')
    return { kind: 'embedded', baseUrl: server.url }
  })
  ipcMain.handle(Channel.GetAppVersion, (event) => {
    if (!fromOurWindow(event)) throw new Error('Not available.')
    return app.getVersion()
  })
}

async function start(): Promise<void> {
  try {
    server = await startEmbeddedServer({
      userData: app.getPath('userData'),
      rendererDir: join(import.meta.dirname, '../renderer'),
      migrationsDir: resourcePath('src', 'server', 'db', 'migrations'),
      version: app.getVersion(),
    })
  } catch (error) {
    dialog.showErrorBox(
      'Gamerstage could not start',
      `${(error as Error).message}\n\nYour data is kept in ${app.getPath('userData')}.`,
    )
    app.exit(1)
    return
  }
  registerIpc()
  mainWindow = createWindow(server.url)
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore()
    mainWindow?.focus()
  })
  app.on('window-all-closed', () => app.quit())
  app.on('will-quit', (event) => {
    if (!server) return
    event.preventDefault()
    const closing = server
    server = undefined
    void closing.close().finally(() => app.quit())
  })
  void app.whenReady().then(start)
}
