/**
 * The object the preload script exposes as `window.gamerstage` (README, "The desktop app"). In a plain
 * browser the renderer's web fallback implements the same interface.
 */

/** Where the renderer's API calls go. */
export interface Connection {
  /** `embedded`: this computer's own server. `remote`: a friend's server on the LAN. */
  kind: 'embedded' | 'remote'
  /** Origin of the server, e.g. `http://127.0.0.1:53817`, without a trailing slash. */
  baseUrl: string
}

export type ConnectionTarget =
  | { kind: 'embedded' }
  | {
      kind: 'remote'
      url: string
      /**
       * The SHA-256 fingerprint (64 hex digits) of the certificate the window expects: the one a
       * found server announced. The main process refuses a server that shows another one; it
       * never trusts a certificate on this word alone (docs/security.md: the person confirms
       * a new or changed certificate in the main process's own dialog).
       */
      fingerprint?: string
    }

/**
 * How far this app trusts a server it was asked to join (docs/security.md):
 * - `pinned`: it speaks HTTPS with a certificate the person trusted before (at any address);
 * - `new`: HTTPS with a certificate never seen: the person compares its code with the host's;
 * - `changed`: the server trusted at this address shows another certificate (or stopped
 *   encrypting): stop, ask the host;
 * - `name-taken`: it calls itself by the name (or a look-alike of the name) of a trusted server
 *   but is not that server: another server may be copying a friend's name;
 * - `authority`: HTTPS with a certificate a certificate authority vouches for;
 * - `plain`: plain HTTP, the host's choice: nothing is encrypted.
 */
export type ServerTrust = 'pinned' | 'new' | 'changed' | 'name-taken' | 'authority' | 'plain'

/** What checking a server found (before joining it). */
export interface ServerCheck {
  /** The origin to join, `https://` when it speaks HTTPS even if `http://` was typed. */
  origin: string
  trust: ServerTrust
  /** SHA-256 of the certificate it shows now; null over plain HTTP. */
  fingerprint: string | null
  /** The fingerprint's short code (`5D12-A501-FAAA-2690`), or null. */
  code: string | null
  /**
   * The code of the trusted certificate it is measured against (`changed`: the one trusted at
   * this address; `name-taken`: the one of the server trusted under that name), or null.
   */
  pinnedCode: string | null
  /** The name it is announced under on the LAN now, or null when it is not listed. */
  name: string | null
  /** `name-taken`: where the server trusted under that name was joined (`host:port`). */
  pinnedAddress: string | null
}

/** The server the app uses showed another certificate than the pinned one: its requests stop. */
export interface CertificateChange {
  origin: string
  /** What it shows now, and its code. */
  fingerprint: string
  code: string
  /** The code of the pinned certificate. */
  pinnedCode: string
}

export interface LanSharingStatus {
  enabled: boolean
  port: number
  /** Addresses to give friends, e.g. `https://192.168.1.20:4567`; empty when sharing is off. */
  addresses: string[]
  /** The host's choice of plain HTTP on the LAN (off: the share speaks HTTPS). */
  plainHttp: boolean
  /**
   * SHA-256 of the share's certificate (64 hex digits) and its short code, which friends
   * compare; null over plain HTTP. Known before sharing starts (it is made on first share).
   */
  fingerprint: string | null
  code: string | null
  /**
   * True when this server has demo accounts: their password is public, so they cannot sign in
   * while sharing is on. The Server page says so.
   */
  demoAccountsDisabled: boolean
}

/**
 * A Gamerstage server found on the LAN through DNS-SD (docs/hosting.md, "LAN party, step by step"). Its
 * name and version are whatever the device that answered says: text to show, never to trust.
 */
export interface LanServer {
  /** As it announces itself, e.g. "player1's Gamerstage". */
  name: string
  /** e.g. `https://192.168.1.20:4567`: what joining checks, then connects to. */
  url: string
  /** Its Gamerstage version, or '' when it did not say. */
  version: string
  /**
   * The certificate fingerprint it announced, or null on plain HTTP. Joining checks that the
   * server shows this very certificate, and asks the person to compare its code first.
   */
  fingerprint: string | null
  /** The fingerprint's short code (`5D12-A501-FAAA-2690`), to compare with the host's screen. */
  code: string | null
  /**
   * Set when another server on the network shows the same name or one that looks the same
   * (docs/security.md): `first` for the one heard of first, `later` for any that came after
   * it ("another server also calls itself …"); null when the name is the only one of its kind.
   */
  sameName: 'first' | 'later' | null
  /**
   * The certificate it announced is one this app trusted before (a server joined earlier). Like
   * `code`, it is what the announcement says: joining checks that the server really shows that
   * certificate, and refuses it otherwise.
   */
  known: boolean
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

/**
 * The desktop app's game detection (docs/features.md, "Games and "Now playing""): opt-in, off by default.
 * `game` is the name of a game of the app's list running now, or null; nothing else about the
 * computer crosses the bridge.
 */
export interface GameDetectionStatus {
  enabled: boolean
  paused: boolean
  game: string | null
}

export interface GamerstageBridge {
  /** `desktop` inside the Electron app, `web` in a plain browser. */
  readonly platform: 'desktop' | 'web'
  getConnection(): Promise<Connection>
  /**
   * Validates and checks a remote server through `/api/meta`, and pins its certificate (see
   * ConnectionTarget); rejects with a clear message, also for a certificate not trusted yet.
   */
  setConnection(target: ConnectionTarget): Promise<Connection>
  /**
   * Checks a server before joining it: reachable, a Gamerstage server, and how far its
   * certificate is trusted. Rejects with a clear message when it cannot be reached.
   */
  checkServer?(url: string): Promise<ServerCheck>
  /** Calls `listener` when the joined server shows a certificate that is not the pinned one. */
  onCertificateChanged?(listener: (change: CertificateChange) => void): () => void
  /** Calls `listener` whenever the connection changes; returns the unsubscribe function. */
  onConnectionChange(listener: (connection: Connection) => void): () => void
  getLanSharing(): Promise<LanSharingStatus>
  setLanSharing(options: {
    enabled: boolean
    port?: number
    plainHttp?: boolean
  }): Promise<LanSharingStatus>
  /**
   * Makes a new certificate for the LAN share (a friend's app then asks to compare the new code).
   * Absent in a plain browser.
   */
  replaceLanCertificate?(): Promise<LanSharingStatus>
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
  // ---- Game detection: desktop only, absent in a plain browser. ----
  /** Whether detection is on, paused, and the game it sees now. */
  getGameDetection?(): Promise<GameDetectionStatus>
  /** Turns detection on or off, or pauses and resumes it; answers the new status. */
  setGameDetection?(changes: { enabled?: boolean; paused?: boolean }): Promise<GameDetectionStatus>
  /** Calls `listener` with the detected game's name when it changes (null: none runs now). */
  onGameDetected?(listener: (game: string | null) => void): () => void
  /**
   * Brings the app's window to the front, restored if minimized (a click on a system
   * notification): the page's own `window.focus()` does not on every system. Desktop only.
   */
  focusWindow?(): Promise<void>
}
