import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type {
  BackupResult,
  CertificateChange,
  Connection,
  GameDetectionStatus,
  GamerstageBridge,
  LanServerList,
  LanSharingStatus,
  ServerCheck,
} from '../shared/bridge'
import { Channel } from '../shared/ipc-channels'

/**
 * Everything the renderer may ask of the main process, one `invoke` per method; `ipcRenderer`
 * itself never crosses the bridge.
 */
const bridge = {
  platform: 'desktop',
  getConnection: () => ipcRenderer.invoke(Channel.GetConnection) as Promise<Connection>,
  setConnection: (target) =>
    ipcRenderer.invoke(Channel.SetConnection, target) as Promise<Connection>,
  onConnectionChange: (listener) => {
    const forward = (_event: IpcRendererEvent, connection: Connection) => listener(connection)
    ipcRenderer.on(Channel.ConnectionChanged, forward)
    return () => {
      ipcRenderer.removeListener(Channel.ConnectionChanged, forward)
    }
  },
  checkServer: (url) => ipcRenderer.invoke(Channel.CheckServer, url) as Promise<ServerCheck>,
  onCertificateChanged: (listener) => {
    const forward = (_event: IpcRendererEvent, change: CertificateChange) => listener(change)
    ipcRenderer.on(Channel.CertificateChanged, forward)
    return () => {
      ipcRenderer.removeListener(Channel.CertificateChanged, forward)
    }
  },
  getLanSharing: () => ipcRenderer.invoke(Channel.GetLanSharing) as Promise<LanSharingStatus>,
  replaceLanCertificate: () =>
    ipcRenderer.invoke(Channel.ReplaceLanCertificate) as Promise<LanSharingStatus>,
  setLanSharing: (options) =>
    ipcRenderer.invoke(Channel.SetLanSharing, options) as Promise<LanSharingStatus>,
  watchLanServers: (listener) => {
    // After the stop function, not even an answer already on its way reaches the listener.
    let watching = true
    const deliver = (list: LanServerList) => {
      if (watching) listener(list)
    }
    const forward = (_event: IpcRendererEvent, list: LanServerList) => deliver(list)
    ipcRenderer.on(Channel.LanServersChanged, forward)
    const first = ipcRenderer.invoke(Channel.WatchLanServers, true) as Promise<LanServerList>
    first.then(deliver, () =>
      deliver({ servers: [], problem: 'Could not look for servers on your network.' }),
    )
    return () => {
      watching = false
      ipcRenderer.removeListener(Channel.LanServersChanged, forward)
      ipcRenderer.invoke(Channel.WatchLanServers, false).catch(() => undefined)
    }
  },
  getAppVersion: () => ipcRenderer.invoke(Channel.GetAppVersion) as Promise<string>,
  backupData: () => ipcRenderer.invoke(Channel.BackupData) as Promise<BackupResult | null>,
  restoreData: () => ipcRenderer.invoke(Channel.RestoreData) as Promise<BackupResult | null>,
  getGameDetection: () =>
    ipcRenderer.invoke(Channel.GetGameDetection) as Promise<GameDetectionStatus>,
  setGameDetection: (changes) =>
    ipcRenderer.invoke(Channel.SetGameDetection, changes) as Promise<GameDetectionStatus>,
  focusWindow: () => ipcRenderer.invoke(Channel.FocusWindow) as Promise<void>,
  onGameDetected: (listener) => {
    const forward = (_event: IpcRendererEvent, game: string | null) => listener(game)
    ipcRenderer.on(Channel.GameDetected, forward)
    return () => {
      ipcRenderer.removeListener(Channel.GameDetected, forward)
    }
  },
} satisfies GamerstageBridge

contextBridge.exposeInMainWorld('gamerstage', bridge)
