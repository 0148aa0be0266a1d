import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'
import { FINGERPRINT_PATTERN } from '../shared/fingerprint-code'
import { isAllowedPort, PORT_ERROR } from '../shared/port'
import { serverKey } from './connection'
import { fromAddressPins, MAX_ADDRESSES, pinStore, type PinStore } from './trusted-servers'

export const DEFAULT_LAN_PORT = 4567

/** A port the app listens on: the one rule of src/shared/port.ts, for the main process's checks. */
export const portSchema = z.number().refine(isAllowedPort, { error: PORT_ERROR })

const trustedServerSchema = z.object({
  addresses: z.array(z.string().max(300)).min(1).max(MAX_ADDRESSES),
  name: z.string().max(200).nullable(),
})

const settingsSchema = z.object({
  /** Where the renderer's API calls go: this computer's server, or a friend's. */
  connection: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('embedded') }),
      z.object({
        kind: z.literal('remote'),
        url: z.string(),
        /** The certificate the person trusted for it, which the window accepts (and no other). */
        fingerprint: z.string().regex(FINGERPRINT_PATTERN).optional().catch(undefined),
      }),
    ])
    .catch({ kind: 'embedded' }),
  lanSharing: z
    .object({
      enabled: z.boolean(),
      port: portSchema,
      /** The host's choice of plain HTTP on the LAN (docs/security.md). */
      plainHttp: z.boolean().default(false),
    })
    .catch({ enabled: false, port: DEFAULT_LAN_PORT, plainHttp: false }),
  /**
   * The friends' servers trusted, by certificate fingerprint, with the addresses they were
   * joined at and the name they were announced under (trusted-servers.ts). A bad entry is
   * dropped, not the lot.
   */
  trustedServers: z
    .record(z.string(), z.unknown())
    .transform((servers) =>
      Object.fromEntries(
        Object.entries(servers).flatMap(([fingerprint, server]) => {
          const parsed = trustedServerSchema.safeParse(server)
          return FINGERPRINT_PATTERN.test(fingerprint) && parsed.success
            ? [[fingerprint, parsed.data]]
            : []
        }),
      ),
    )
    .catch({}),
  /**
   * The loopback port the embedded server used last time. Reusing it keeps the window's origin,
   * and with it the renderer's stored session and theme, the same from one start to the next.
   */
  embeddedPort: portSchema.nullable().catch(null),
  /**
   * Game detection: opt-in per server, so nothing is detected or sent
   * until the person turned it on for the server in use; `servers` are their serverKey()s.
   */
  gameDetection: z
    .object({ paused: z.boolean(), servers: z.array(z.string().max(300)).max(100) })
    .catch({ paused: false, servers: [] }),
  windowBounds: z
    .object({
      x: z.number().int(),
      y: z.number().int(),
      width: z.number().int().min(200),
      height: z.number().int().min(200),
      maximized: z.boolean(),
    })
    .nullable()
    .catch(null),
})

export type Settings = z.infer<typeof settingsSchema>

export const DEFAULT_SETTINGS: Settings = {
  connection: { kind: 'embedded' },
  lanSharing: { enabled: false, port: DEFAULT_LAN_PORT, plainHttp: false },
  trustedServers: {},
  embeddedPort: null,
  gameDetection: { paused: false, servers: [] },
  windowBounds: null,
}

/**
 * Earlier versions kept one pinned fingerprint per `host:port` (`pinnedCertificates`): they
 * become trusted servers (trusted-servers.ts), so nobody has to compare codes again.
 */
function migrated(raw: unknown): object {
  if (typeof raw !== 'object' || raw === null) return {}
  const { pinnedCertificates, ...rest } = raw as Record<string, unknown>
  const detection = rest.gameDetection as { enabled?: unknown; servers?: unknown } | undefined
  if (detection && typeof detection === 'object' && !Array.isArray(detection.servers)) {
    // A settings file from before detection was chosen per server held one switch for every
    // server: it stays on for the server then in use, the only one it can have meant.
    const connection = settingsSchema.shape.connection.parse(rest.connection)
    rest.gameDetection = {
      ...detection,
      servers: detection.enabled === true ? [serverKey(connection)] : [],
    }
  }
  if ('trustedServers' in rest || typeof pinnedCertificates !== 'object' || !pinnedCertificates) {
    return rest
  }
  const pins = Object.fromEntries(
    Object.entries(pinnedCertificates).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && FINGERPRINT_PATTERN.test(entry[1]),
    ),
  )
  return { ...rest, trustedServers: fromAddressPins(pins) }
}

/**
 * The app's settings in one JSON file in userData. A missing, unreadable or partly invalid file
 * falls back to defaults field by field, so a bad value never stops the app from starting.
 */
export class SettingsStore {
  private current: Settings

  constructor(private readonly file: string) {
    this.current = SettingsStore.read(file)
  }

  private static read(file: string): Settings {
    let raw: unknown = {}
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      // Missing or corrupt: start from the defaults.
    }
    const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...migrated(raw) })
    return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS }
  }

  get(): Settings {
    return structuredClone(this.current)
  }

  /** Changes some settings and writes the file at once (atomically: write, then rename). */
  update(changes: Partial<Settings>): Settings {
    this.current = settingsSchema.parse({ ...this.current, ...changes })
    mkdirSync(dirname(this.file), { recursive: true })
    const temporary = `${this.file}.tmp`
    writeFileSync(temporary, JSON.stringify(this.current, null, 2))
    renameSync(temporary, this.file)
    return this.get()
  }
}

/** The friends' servers trusted (trusted-servers.ts), kept in the settings file. */
export function settingsPins(settings: SettingsStore): PinStore {
  return pinStore(
    () => settings.get().trustedServers,
    (trustedServers) => void settings.update({ trustedServers }),
  )
}
