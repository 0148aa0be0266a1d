import { contextBridge, ipcRenderer } from 'electron'
import type { Connection, GamerstageBridge } from '../shared/bridge'
import { Channel } from '../shared/ipc-channels'

const desktopOnly = (what: string) => () =>
  Promise.reject(new Error(`${what} is not available in this version of the desktop app yet.`))

/** Everything the renderer may ask of the main process; nothing else crosses the bridge. */
const bridge = {
  platform: 'desktop',
  getConnection: () => ipcRenderer.invoke(Channel.GetConnection) as Promise<Connection>,
  setConnection: desktopOnly('Switching servers'),
  onConnectionChange: () => () => undefined,
  getLanSharing: desktopOnly('Hosting for the LAN'),
  setLanSharing: desktopOnly('Hosting for the LAN'),
  getAppVersion: () => ipcRenderer.invoke(Channel.GetAppVersion) as Promise<string>,
} satisfies GamerstageBridge

contextBridge.exposeInMainWorld('gamerstage', bridge)
