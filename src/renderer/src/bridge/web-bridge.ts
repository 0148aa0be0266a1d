import type {
  BackupResult,
  Connection,
  GamerstageBridge,
  LanSharingStatus,
} from '../../../shared/bridge'

const DESKTOP_ONLY = 'This is only available in the desktop app.'

function desktopOnly<T>(what: string): Promise<T> {
  return Promise.reject(new Error(`${what}: ${DESKTOP_ONLY}`))
}

/**
 * The bridge for a plain browser: the page was served by the Gamerstage server itself, so the
 * API lives on the same origin. Switching servers and LAN sharing need the desktop app.
 */
export function createWebBridge(origin: string = location.origin): GamerstageBridge {
  const connection: Connection = { kind: 'remote', baseUrl: origin.replace(/\/+$/, '') }
  return {
    platform: 'web',
    getConnection: () => Promise.resolve(connection),
    setConnection: () => desktopOnly<Connection>('Switching servers'),
    onConnectionChange: () => () => undefined,
    getLanSharing: () => desktopOnly<LanSharingStatus>('LAN sharing'),
    setLanSharing: () => desktopOnly<LanSharingStatus>('LAN sharing'),
    getAppVersion: () => Promise.resolve('web'),
    backupData: () => desktopOnly<BackupResult | null>('Backups'),
    restoreData: () => desktopOnly<BackupResult | null>('Restoring a backup'),
  } satisfies GamerstageBridge
}
