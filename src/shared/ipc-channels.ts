/** Every IPC channel between the preload bridge and the main process. */
export enum Channel {
  GetConnection = 'gamerstage:get-connection',
  SetConnection = 'gamerstage:set-connection',
  /** Main → renderer: the connection changed. */
  ConnectionChanged = 'gamerstage:connection-changed',
  /** Checks a server before joining it: reachable, and how far its certificate is trusted. */
  CheckServer = 'gamerstage:check-server',
  /** Main → renderer: the joined server showed a certificate other than the pinned one. */
  CertificateChanged = 'gamerstage:certificate-changed',
  GetLanSharing = 'gamerstage:get-lan-sharing',
  /** A new certificate for the LAN share. */
  ReplaceLanCertificate = 'gamerstage:replace-lan-certificate',
  SetLanSharing = 'gamerstage:set-lan-sharing',
  GetAppVersion = 'gamerstage:get-app-version',
  /** `true` starts looking for servers on the LAN (answers the list so far), `false` stops. */
  WatchLanServers = 'gamerstage:watch-lan-servers',
  /** Main → renderer: the servers found on the LAN changed. */
  LanServersChanged = 'gamerstage:lan-servers-changed',
  BackupData = 'gamerstage:backup-data',
  RestoreData = 'gamerstage:restore-data',
  // Game detection
  GetGameDetection = 'gamerstage:get-game-detection',
  SetGameDetection = 'gamerstage:set-game-detection',
  /** Main → renderer: the detected game's name, or null. */
  GameDetected = 'gamerstage:game-detected',
  /** Brings the app's window to the front (a click on a system notification). */
  FocusWindow = 'gamerstage:focus-window',
}
