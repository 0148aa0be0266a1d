/**
 * The object the preload script exposes as `window.gamerstage` (DESIGN.md section 3). In a plain
 * browser the renderer's web fallback implements the same interface.
 */

/** Where the renderer's API calls go. */
export interface Connection {
  /** `embedded`: this computer's own server. `remote`: a friend's server on the LAN. */
  kind: 'embedded' | 'remote'
  /** Origin of the server, e.g. `http://127.0.0.1:53817`, without a trailing slash. */
  baseUrl: string
}

export type ConnectionTarget = { kind: 'embedded' } | { kind: 'remote'; url: string }

export interface LanSharingStatus {
  enabled: boolean
  port: number
  /** Addresses to give friends, e.g. `http://192.168.1.20:4567`; empty when sharing is off. */
  addresses: string[]
  /**
   * True when this server has demo accounts: their password is public, so they cannot sign in
   * while sharing is on. The Server page says so.
   */
  demoAccountsDisabled: boolean
}

/**
 * A Gamerstage server found on the LAN through DNS-SD (README, "LAN party, step by step"). Its
 * name and version are whatever the device that answered says: text to show, never to trust.
 */
export interface LanServer {
  /** As it announces itself, e.g. "player1's Gamerstage". */
  name: string
  /** e.g. `http://192.168.1.20:4567`: what joining checks, then connects to. */
  url: string
  /** Its Gamerstage version, or '' when it did not say. */
  version: string
}

/** The servers found on the LAN at one moment. */
export interface LanServerList {
  servers: LanServer[]
  /** Why the app cannot look (e.g. the network refused mDNS), or null while looking works. */
  problem: string | null
}

/** Where a backup was written or read from. */
export interface BackupResult {
  file: string
}

export interface GamerstageBridge {
  /** `desktop` inside the Electron app, `web` in a plain browser. */
  readonly platform: 'desktop' | 'web'
  getConnection(): Promise<Connection>
  /** Validates and checks a remote server through `/api/meta`; rejects with a clear message. */
  setConnection(target: ConnectionTarget): Promise<Connection>
  /** Calls `listener` whenever the connection changes; returns the unsubscribe function. */
  onConnectionChange(listener: (connection: Connection) => void): () => void
  getLanSharing(): Promise<LanSharingStatus>
  setLanSharing(options: { enabled: boolean; port?: number }): Promise<LanSharingStatus>
  getAppVersion(): Promise<string>
  /**
   * Starts looking for Gamerstage servers on the LAN and calls `listener` with the list at once
   * and on every change (servers appear and disappear); the returned function stops looking.
   * Absent in a plain browser, which cannot look.
   */
  watchLanServers?(listener: (list: LanServerList) => void): () => void
  /**
   * Asks where to save a backup of this computer's server and writes it (safe while the server
   * runs). Resolves null when the person cancels the dialog.
   */
  backupData(): Promise<BackupResult | null>
  /**
   * Asks for a backup file, checks it and restores it into this computer's server, replacing its
   * data. Resolves null when the person cancels. Signed-in sessions may end: reload afterwards.
   */
  restoreData(): Promise<BackupResult | null>
}
