/**
 * The Electron main process: starts the embedded server, opens the window on it, and answers the
 * bridge. Each concern lives in its own module; this file only wires them together.
 */
import { BrowserWindow, Menu, app, dialog, ipcMain, screen, session, shell } from 'electron'
import { join } from 'node:path'
import { startLanAdvertiser, startLanBrowser } from '../server/discovery'
import type { LanSharingStatus } from '../shared/bridge'
import { Channel } from '../shared/ipc-channels'
import { setupCertificatePinning } from './certificate-pinning'
import { ConnectionManager, checkServer } from './connection'
import { EmbeddedServer } from './embedded-server'
import { isAppFrame, registerIpc } from './ipc'
import { LanDiscovery, advertisedName } from './lan-discovery'
import { setupGameDetection, type GameDetection } from './game-detection'
import { buildMenu } from './menu'
import { refuseWhatIsNotAsked } from './nothing-unasked'
import { fenceWindowRequests } from './request-fence'
import { SettingsStore, settingsPins } from './settings'
import { askInDialog } from './trust-dialog'
import { chosenUserData } from './user-data'
import { boundsOnScreen, lockNavigation, mainWindowOptions } from './window'

let server: EmbeddedServer | undefined
let lan: LanDiscovery | undefined
let mainWindow: BrowserWindow | undefined
let games: GameDetection | undefined

/** Files shipped beside the app: in the project in development, in resources/ when packaged. */
const resourcePath = (...parts: string[]) =>
  app.isPackaged ? join(process.resourcesPath, ...parts) : join(app.getAppPath(), ...parts)

function showStartFailure(error: unknown): void {
  dialog.showErrorBox(
    'Gamerstage could not start',
    `${(error as Error).message}\n\nYour data is kept in ${join(app.getPath('userData'), 'data')}.`,
  )
}

async function start(): Promise<void> {
  const settings = new SettingsStore(join(app.getPath('userData'), 'settings.json'))
  try {
    server = await EmbeddedServer.start(
      {
        userData: app.getPath('userData'),
        rendererDir: join(import.meta.dirname, '../renderer'),
        migrationsDir: resourcePath('src', 'server', 'db', 'migrations'),
        // `npm start` points this at a better-sqlite3 built for Electron (scripts/desktop.ts).
        nativeBinding: app.isPackaged ? undefined : process.env.GAMERSTAGE_SQLITE_BINDING,
        version: app.getVersion(),
      },
      settings.get().embeddedPort,
    )
  } catch (error) {
    showStartFailure(error)
    app.exit(1)
    return
  }
  const embedded = server
  settings.update({ embeddedPort: embedded.port })

  // The owner's username, read before each announcement is (re)checked: the name is asked for
  // synchronously, the database answers asynchronously.
  let owner: string | null = null
  // The friends' servers trusted so far (trusted-servers.ts), kept in the settings.
  const pins = settingsPins(settings)
  // Announced on the LAN while Host for LAN is on; others looked for while the window asks.
  const discovery = new LanDiscovery({
    isTrusted: (fingerprint) => pins.byFingerprint(fingerprint) !== undefined,
    advertise: (options) => startLanAdvertiser(options),
    browse: (options) => startLanBrowser(options),
    serverName: () => advertisedName(owner),
    version: app.getVersion(),
    publish: (list) => mainWindow?.webContents.send(Channel.LanServersChanged, list),
  })
  lan = discovery
  const hostOnLan = async (status: LanSharingStatus) => {
    owner = await embedded.ownerName()
    discovery.host(status)
  }
  const lanStatus = async () => {
    const saved = settings.get().lanSharing
    const status = await embedded.lanStatus(saved.port, saved.plainHttp)
    // Also when the Server page reads it: the owner may have signed in since sharing began.
    await hostOnLan(status)
    return status
  }

  const { lanSharing } = settings.get()
  if (lanSharing.enabled) {
    // A port taken since last time leaves sharing off rather than stopping the app.
    await embedded.setLanSharing(true, lanSharing.port, lanSharing.plainHttp).catch(() => {
      settings.update({ lanSharing: { ...lanSharing, enabled: false } })
    })
    await lanStatus()
  }

  const connection = new ConnectionManager({
    saved: settings.get().connection,
    embeddedUrl: () => embedded.url,
    persist: (target) => settings.update({ connection: target }),
    check: checkServer,
    pins,
    // The person's word, in the main process's own dialog (trust-dialog.ts), never the page's.
    confirm: askInDialog((options) =>
      mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options),
    ),
    announced: (origin) => discovery.announced(origin),
  })
  connection.subscribe((current) => {
    mainWindow?.webContents.send(Channel.ConnectionChanged, current)
    // Game sharing is per server: the new one gets the game only if the person said so.
    games?.serverChanged()
  })
  // The friend's server's certificate is checked against its pin, for that server only.
  setupCertificatePinning(session.defaultSession, {
    pinnedRemote: () => connection.pinnedRemote(),
    onChanged: (change) => mainWindow?.webContents.send(Channel.CertificateChanged, change),
  })

  // Game detection: polls only while the person turned it on and did not pause it.
  games = setupGameDetection(
    settings,
    (game) => mainWindow?.webContents.send(Channel.GameDetected, game),
    { server: () => connection.key() },
  )
  const detection = games

  const appOrigin = () => new URL(embedded.url).origin
  registerIpc(
    ipcMain,
    isAppFrame(() => mainWindow?.webContents, appOrigin),
    {
      getConnection: () => connection.get(),
      setConnection: (target) => connection.set(target),
      checkServer: (url) => connection.inspect(url),
      getLanSharing: lanStatus,
      setLanSharing: async ({
        enabled,
        port = settings.get().lanSharing.port,
        plainHttp = settings.get().lanSharing.plainHttp,
      }) => {
        const status = await embedded.setLanSharing(enabled, port, plainHttp)
        settings.update({ lanSharing: { enabled, port, plainHttp } })
        await hostOnLan(status)
        return status
      },
      replaceLanCertificate: async () => {
        await embedded.replaceCertificate()
        return lanStatus()
      },
      watchLanServers: (watching) => {
        if (!watching) discovery.unwatch()
        return watching ? discovery.watch() : discovery.list()
      },
      appVersion: app.getVersion(),
      backupData: async () => {
        const today = new Date().toISOString().slice(0, 10)
        const choice = await dialog.showSaveDialog({
          title: 'Back up Gamerstage data',
          defaultPath: join(app.getPath('documents'), `gamerstage-backup-${today}.db`),
          filters: [{ name: 'Gamerstage backup', extensions: ['db'] }],
        })
        if (choice.canceled || !choice.filePath) return null
        await embedded.backup(choice.filePath)
        return { file: choice.filePath }
      },
      restoreData: async () => {
        const choice = await dialog.showOpenDialog({
          title: 'Restore Gamerstage data from a backup',
          properties: ['openFile'],
          filters: [{ name: 'Gamerstage backup', extensions: ['db'] }],
        })
        const file = choice.filePaths[0]
        if (choice.canceled || !file) return null
        await embedded.restore(file)
        return { file }
      },
      getGameDetection: () => detection.get(),
      setGameDetection: (changes) => detection.set(changes),
      focusWindow: () => {
        if (mainWindow?.isMinimized()) mainWindow.restore()
        mainWindow?.show()
        mainWindow?.focus()
      },
    },
  )

  // No client certificate, permission or device for any server (nothing-unasked.ts).
  refuseWhatIsNotAsked(app, session.defaultSession, appOrigin)
  Menu.setApplicationMenu(buildMenu(app.getName(), app.getVersion()))

  const bounds = boundsOnScreen(
    settings.get().windowBounds,
    screen.getAllDisplays(),
    screen.getPrimaryDisplay(),
  )
  const window = new BrowserWindow(
    mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs'), bounds),
  )
  mainWindow = window
  if (bounds?.maximized) window.maximize()
  // The window reaches its own server and the one in use, nothing else (request-fence.ts).
  fenceWindowRequests(
    session.defaultSession,
    () => mainWindow?.webContents.id,
    () => [appOrigin(), new URL(connection.get().baseUrl).origin],
  )
  lockNavigation(
    window.webContents,
    () => embedded.url,
    (url) => void shell.openExternal(url),
  )
  window.once('ready-to-show', () => window.show())
  // Nobody left to show the servers to.
  window.on('closed', () => discovery.unwatch())
  window.on('close', () => {
    settings.update({
      windowBounds: { ...window.getNormalBounds(), maximized: window.isMaximized() },
    })
  })
  void window.loadURL(embedded.url)
}

// A separate profile for tests and portable use (user-data.ts); set before anything reads it.
const userData = chosenUserData(app.isPackaged, process.env, process.argv)
if (userData) app.setPath('userData', userData)

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore()
    mainWindow?.focus()
  })
  app.on('window-all-closed', () => app.quit())
  // Close the server and the database before the process goes.
  app.on('will-quit', (event) => {
    // Goodbye on the LAN first: friends' lists drop this server at once.
    lan?.close()
    lan = undefined
    games?.close()
    games = undefined
    if (!server) return
    event.preventDefault()
    const closing = server
    server = undefined
    void closing.close().finally(() => app.quit())
  })
  void app.whenReady().then(start)
}
