import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_LAN_PORT, DEFAULT_SETTINGS, SettingsStore } from '../../src/main/settings'

describe('SettingsStore', () => {
  let dir: string
  let file: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gs-'))
    file = join(dir, 'settings.json')
  })

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers the defaults when the file is missing', () => {
    const settings = new SettingsStore(file).get()

    expect(settings).toEqual({
      connection: { kind: 'embedded' },
      lanSharing: { enabled: false, port: DEFAULT_LAN_PORT, plainHttp: false },
      trustedServers: {},
      embeddedPort: null,
      gameDetection: { paused: false, servers: [] },
      windowBounds: null,
    })
    expect(existsSync(file)).toBe(false)
  })

  it('answers the defaults when the file is not JSON', () => {
    writeFileSync(file, '{"connection": {"kind": "remote", "url": "http://x:1"', 'utf8')

    expect(new SettingsStore(file).get()).toEqual(DEFAULT_SETTINGS)
  })

  it('answers the defaults when the file holds JSON that is not an object', () => {
    writeFileSync(file, 'null', 'utf8')

    expect(new SettingsStore(file).get()).toEqual(DEFAULT_SETTINGS)
  })

  it('keeps the valid fields and defaults only the invalid one', () => {
    const bounds = { x: 5, y: 6, width: 900, height: 700, maximized: true }
    writeFileSync(
      file,
      JSON.stringify({
        connection: { kind: 'remote', url: 'http://192.168.1.20:4567' },
        lanSharing: { enabled: true, port: 'x' },
        embeddedPort: 50123,
        windowBounds: bounds,
      }),
      'utf8',
    )

    const settings = new SettingsStore(file).get()

    expect(settings.connection).toEqual({ kind: 'remote', url: 'http://192.168.1.20:4567' })
    expect(settings.embeddedPort).toBe(50123)
    expect(settings.windowBounds).toEqual(bounds)
    // The field with the bad value falls back as a whole.
    expect(settings.lanSharing).toEqual({
      enabled: false,
      port: DEFAULT_LAN_PORT,
      plainHttp: false,
    })
  })

  it('turns the pins of earlier versions (by address) into trusted servers, dropping bad ones', () => {
    const pin = 'ab'.repeat(32)
    writeFileSync(
      file,
      JSON.stringify({
        lanSharing: { enabled: true, port: 4567 },
        pinnedCertificates: {
          '192.168.1.20:4567': pin,
          '192.168.1.21:4567': pin,
          '10.0.0.5:4567': 'not-a-fingerprint',
        },
      }),
      'utf8',
    )

    const settings = new SettingsStore(file).get()

    expect(settings.trustedServers).toEqual({
      [pin]: { addresses: ['192.168.1.20:4567', '192.168.1.21:4567'], name: null },
    })
    expect(settings).not.toHaveProperty('pinnedCertificates')
    // A settings file from before plain HTTP was a choice shares over HTTPS.
    expect(settings.lanSharing).toEqual({ enabled: true, port: 4567, plainHttp: false })
  })

  it('keeps the trusted servers that are well formed and drops the others', () => {
    const good = 'ab'.repeat(32)
    writeFileSync(
      file,
      JSON.stringify({
        trustedServers: {
          [good]: { addresses: ['192.168.1.20:4567'], name: "player1's Gamerstage" },
          ['cd'.repeat(32)]: { addresses: [], name: null },
          'not-a-fingerprint': { addresses: ['10.0.0.5:4567'], name: null },
          ['ef'.repeat(32)]: 'nonsense',
        },
      }),
      'utf8',
    )

    expect(new SettingsStore(file).get().trustedServers).toEqual({
      [good]: { addresses: ['192.168.1.20:4567'], name: "player1's Gamerstage" },
    })
  })

  it('keeps game detection, once one switch for all servers, on for the server then in use', () => {
    const pin = 'ab'.repeat(32)
    writeFileSync(
      file,
      JSON.stringify({
        connection: { kind: 'remote', url: 'https://192.168.1.20:4567', fingerprint: pin },
        gameDetection: { enabled: true, paused: true },
      }),
      'utf8',
    )
    expect(new SettingsStore(file).get().gameDetection).toEqual({
      paused: true,
      servers: [`certificate:${pin}`],
    })

    writeFileSync(file, JSON.stringify({ gameDetection: { enabled: false, paused: false } }))
    expect(new SettingsStore(file).get().gameDetection).toEqual({ paused: false, servers: [] })
  })

  it('defaults a window too small to be seen and keeps the rest', () => {
    writeFileSync(
      file,
      JSON.stringify({
        windowBounds: { x: 0, y: 0, width: 10, height: 10, maximized: false },
        embeddedPort: 50124,
      }),
      'utf8',
    )

    const settings = new SettingsStore(file).get()

    expect(settings.windowBounds).toBeNull()
    expect(settings.embeddedPort).toBe(50124)
  })

  it('persists an update so that a new store on the same file reads it back', () => {
    const store = new SettingsStore(file)

    const answered = store.update({
      lanSharing: { enabled: true, port: 5000, plainHttp: false },
      connection: { kind: 'remote', url: 'http://10.0.0.2:4567' },
    })

    expect(answered.lanSharing).toEqual({ enabled: true, port: 5000, plainHttp: false })
    expect(new SettingsStore(file).get()).toEqual({
      ...DEFAULT_SETTINGS,
      lanSharing: { enabled: true, port: 5000, plainHttp: false },
      connection: { kind: 'remote', url: 'http://10.0.0.2:4567' },
    })
  })

  it('leaves no temporary file behind after an update', () => {
    new SettingsStore(file).update({ embeddedPort: 40000 })

    expect(readdirSync(dir)).toEqual(['settings.json'])
    expect(existsSync(`${file}.tmp`)).toBe(false)
  })

  it('creates the folder of the file when it is missing', () => {
    const nested = join(dir, 'a', 'b', 'settings.json')

    new SettingsStore(nested).update({ embeddedPort: 40001 })

    expect(new SettingsStore(nested).get().embeddedPort).toBe(40001)
  })

  it('writes the default instead of an invalid value given to update()', () => {
    const store = new SettingsStore(file)
    store.update({ embeddedPort: 40002 })

    store.update({ embeddedPort: 70000 })

    expect(store.get().embeddedPort).toBeNull()
    expect(new SettingsStore(file).get().embeddedPort).toBeNull()
  })

  it('answers a copy from get(), so mutating it changes nothing', () => {
    const store = new SettingsStore(file)

    const copy = store.get()
    copy.lanSharing.enabled = true
    copy.lanSharing.port = 1
    copy.connection = { kind: 'remote', url: 'http://evil' }

    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(store.get()).not.toBe(store.get())
  })

  it('answers a copy from update(), so mutating it changes nothing', () => {
    const store = new SettingsStore(file)

    const answered = store.update({ lanSharing: { enabled: true, port: 5001, plainHttp: false } })
    answered.lanSharing.port = 2

    expect(store.get().lanSharing.port).toBe(5001)
  })
})
