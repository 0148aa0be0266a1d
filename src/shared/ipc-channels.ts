/** Every IPC channel between the preload bridge and the main process. */
export enum Channel {
  GetConnection = 'gamerstage:get-connection',
  GetAppVersion = 'gamerstage:get-app-version',
}
