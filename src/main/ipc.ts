import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron'
import { z } from 'zod'
import type {
  BackupResult,
  Connection,
  GameDetectionStatus,
  LanServerList,
  LanSharingStatus,
  ServerCheck,
} from '../shared/bridge'
import { FINGERPRINT_PATTERN } from '../shared/fingerprint-code'
import { Channel } from '../shared/ipc-channels'
import { portSchema } from './settings'

export const connectionTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('embedded') }).strict(),
  z
    .object({
      kind: z.literal('remote'),
      url: z.string().max(2048),
      // What the window expects; it can only make the main process refuse, never trust.
      fingerprint: z.string().regex(FINGERPRINT_PATTERN).optional(),
    })
    .strict(),
])

export const lanSharingSchema = z
  .object({
    enabled: z.boolean(),
    port: portSchema.optional(),
    plainHttp: z.boolean().optional(),
  })
  .strict()

export const gameDetectionSchema = z
  .object({ enabled: z.boolean().optional(), paused: z.boolean().optional() })
  .strict()

/** What the IPC handlers act on; index.ts wires it to the real server and settings. */
export interface IpcServices {
  getConnection(): Connection
  setConnection(target: z.infer<typeof connectionTargetSchema>): Promise<Connection>
  /** Checks a server before joining it (ConnectionManager.inspect). */
  checkServer(url: string): Promise<ServerCheck>
  getLanSharing(): LanSharingStatus | Promise<LanSharingStatus>
  setLanSharing(options: z.infer<typeof lanSharingSchema>): Promise<LanSharingStatus>
  /** A new certificate for the LAN share. */
  replaceLanCertificate(): Promise<LanSharingStatus>
  /** Starts (true) or stops (false) looking for servers on the LAN; answers the list so far. */
  watchLanServers(watching: boolean): LanServerList
  appVersion: string
  backupData(): Promise<BackupResult | null>
  restoreData(): Promise<BackupResult | null>
  /** Game detection; absent where the app does not detect games. */
  getGameDetection?(): GameDetectionStatus
  setGameDetection?(changes: z.infer<typeof gameDetectionSchema>): GameDetectionStatus
  /** Brings the app's window to the front. */
  focusWindow(): void
}

/** A refusal that reaches the renderer as the rejection message of its bridge call. */
class IpcRefusal extends Error {
  override name = 'IpcRefusal'
}

/** What a handler knows of who called it. */
export type IpcSender = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>

/**
 * Accepts only the app's own window, and in it only the top frame while it shows the app's own
 * origin: not an iframe (an image or embed in a post could one day bring one), not a page the
 * window was somehow navigated to, not a frame that is already gone.
 */
export function isAppFrame(
  appContents: () => WebContents | undefined,
  appOrigin: () => string,
): (event: IpcSender) => boolean {
  return ({ sender, senderFrame }) => {
    if (!sender || sender !== appContents()) return false
    if (!senderFrame || senderFrame.parent !== null) return false
    return URL.canParse(senderFrame.url) && new URL(senderFrame.url).origin === appOrigin()
  }
}

/**
 * Registers every handler of the bridge. Each one answers only our own window's app frame (see
 * isAppFrame; anything else gets nothing) and validates its arguments before acting.
 */
export function registerIpc(
  ipc: Pick<IpcMain, 'handle'>,
  isTrustedSender: (event: IpcSender) => boolean,
  services: IpcServices,
): void {
  const handle = <Args extends unknown[], Result>(
    channel: Channel,
    handler: (...args: Args) => Result,
  ) =>
    ipc.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isTrustedSender(event)) throw new IpcRefusal('Not allowed.')
      return handler(...(args as Args))
    })
  const parse = <T>(schema: z.ZodType<T>, value: unknown, what: string): T => {
    const result = schema.safeParse(value)
    if (!result.success) throw new IpcRefusal(`Invalid ${what}.`)
    return result.data
  }

  handle(Channel.GetConnection, () => services.getConnection())
  handle(Channel.SetConnection, (target: unknown) =>
    services.setConnection(parse(connectionTargetSchema, target, 'server')),
  )
  handle(Channel.CheckServer, (url: unknown) =>
    services.checkServer(parse(z.string().max(2048), url, 'server')),
  )
  handle(Channel.GetLanSharing, () => services.getLanSharing())
  handle(Channel.ReplaceLanCertificate, () => services.replaceLanCertificate())
  handle(Channel.SetLanSharing, (options: unknown) =>
    services.setLanSharing(parse(lanSharingSchema, options, 'sharing settings')),
  )
  handle(Channel.WatchLanServers, (watching: unknown) =>
    services.watchLanServers(parse(z.boolean(), watching, 'request')),
  )
  handle(Channel.GetAppVersion, () => services.appVersion)
  handle(Channel.BackupData, () => services.backupData())
  handle(Channel.RestoreData, () => services.restoreData())
  handle(Channel.FocusWindow, () => services.focusWindow())
  const { getGameDetection, setGameDetection } = services
  if (getGameDetection && setGameDetection) {
    handle(Channel.GetGameDetection, () => getGameDetection())
    handle(Channel.SetGameDetection, (changes: unknown) =>
      setGameDetection(parse(gameDetectionSchema, changes, 'detection settings')),
    )
  }
}
