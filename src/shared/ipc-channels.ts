/** Every IPC channel between the preload bridge and the main process. */
export enum Channel {
  GetConnection = 'gamerstage:get-connection',
  SetConnection = 'gamerstage:set-connection',
  /** Main → renderer: the connection changed. */
  ConnectionChanged = 'gamerstage:connection-changed',
  GetLanSharing = 'gamerstage:get-lan-sharing',
  SetLanSharing = 'gamerstage:set-lan-sharing',
  GetAppVersion = 'gamerstage:get-app-version',
  /** `true` starts looking for servers on the LAN (answers the list so far), `false` stops. */
  WatchLanServers = 'gamerstage:watch-lan-servers',
  /** Main → renderer: the servers found on the LAN changed. */
  LanServersChanged = 'gamerstage:lan-servers-changed',
  BackupData = 'gamerstage:backup-data',
  RestoreData = 'gamerstage:restore-data',
}
