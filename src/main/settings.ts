import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'
import type { PinStore } from './connection'
import { FINGERPRINT_PATTERN } from '../shared/fingerprint-code'
import { isAllowedPort, PORT_ERROR } from '../shared/port'

export const DEFAULT_LAN_PORT = 4567

/** A port the app listens on: the one rule of src/shared/port.ts, for the main process's checks. */
export const portSchema = z.number().refine(isAllowedPort, { error: PORT_ERROR })

const settingsSchema = z.object({
  /** Where the renderer's API calls go: this computer's server, or a friend's. */
  connection: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('embedded') }),
      z.object({ kind: z.literal('remote'), url: z.string() }),
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
   * The certificates trusted for friends' servers, by `host:port`: SHA-256 fingerprints pinned
   * when each was first joined (connection.ts). A bad entry is dropped, not the lot.
   */
  pinnedCertificates: z
    .record(z.string().max(300), z.string())
    .transform((pins) =>
      Object.fromEntries(Object.entries(pins).filter(([, pin]) => FINGERPRINT_PATTERN.test(pin))),
    )
    .catch({}),
  /**
   * The loopback port the embedded server used last time. Reusing it keeps the window's origin,
   * and with it the renderer's stored session and theme, the same from one start to the next.
   */
  embeddedPort: portSchema.nullable().catch(null),
  /** Game detection (issue 28): opt-in, so off unless the person turned it on. */
  gameDetection: z
    .object({ enabled: z.boolean(), paused: z.boolean() })
    .catch({ enabled: false, paused: false }),
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
  pinnedCertificates: {},
  embeddedPort: null,
  gameDetection: { enabled: false, paused: false },
  windowBounds: null,
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
    const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...(raw as object) })
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

/** The pins of friends' certificates (connection.ts), kept in the settings file. */
export function settingsPins(settings: SettingsStore): PinStore {
  const pins = () => settings.get().pinnedCertificates
  return {
    get: (key) => pins()[key],
    set: (key, fingerprint) =>
      void settings.update({ pinnedCertificates: { ...pins(), [key]: fingerprint } }),
    delete: (key) => {
      const { [key]: _gone, ...rest } = pins()
      settings.update({ pinnedCertificates: rest })
    },
  }
}
