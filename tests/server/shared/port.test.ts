/**
 * The one port rule (src/shared/port.ts), and that every place which checks a port the desktop
 * app listens on agrees with it: the Server page's field (parsePort), the bridge's IPC check
 * (lanSharingSchema) and the settings file (portSchema, which falls back to the default).
 */
import fc from 'fast-check'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lanSharingSchema } from '../../../src/main/ipc'
import { DEFAULT_LAN_PORT, SettingsStore, portSchema } from '../../../src/main/settings'
import { MAX_PORT, MIN_PORT, PORT_ERROR, isAllowedPort, parsePort } from '../../../src/shared/port'

describe('the port rule', () => {
  it('allows whole numbers from 1024 to 65535, as the Server page says', () => {
    expect([MIN_PORT, MAX_PORT]).toEqual([1024, 65535])
    expect(PORT_ERROR).toBe('Choose a port between 1024 and 65535.')
  })

  it.each([
    [1024, true],
    [4567, true],
    [65535, true],
    [1023, false],
    [80, false],
    [0, false],
    [-4567, false],
    [65536, false],
    [4567.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['4567', false],
    [null, false],
  ])('isAllowedPort(%j) is %j', (value, expected) => {
    expect(isAllowedPort(value)).toBe(expected)
  })

  it.each([
    ['4567', 4567],
    [' 1024 ', 1024],
    ['65535', 65535],
    ['01024', 1024],
    ['1023', null],
    ['65536', null],
    ['80', null],
    ['45a7', null],
    ['', null],
    ['4567.5', null],
    ['-4567', null],
    ['4e3', null],
    ['0x11d7', null],
    ['123456', null],
  ])('parsePort reads %j as %j', (input, expected) => {
    expect(parsePort(input)).toBe(expected)
  })

  it('is the same rule in the field, the IPC check and the settings file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'gamerstage-port-rule-'))
    try {
      const file = join(folder, 'settings.json')
      const ports = fc.oneof(
        fc.integer({ min: -10, max: 70_000 }),
        fc.constantFrom(MIN_PORT - 1, MIN_PORT, MAX_PORT, MAX_PORT + 1, 1.5, 4567.25),
      )
      fc.assert(
        fc.property(ports, (port) => {
          const allowed = isAllowedPort(port)
          expect(parsePort(String(port)) === port).toBe(allowed)
          expect(lanSharingSchema.safeParse({ enabled: true, port }).success).toBe(allowed)
          expect(portSchema.safeParse(port).success).toBe(allowed)
          writeFileSync(file, JSON.stringify({ lanSharing: { enabled: true, port } }))
          const saved = new SettingsStore(file).get().lanSharing
          expect(saved).toEqual(
            allowed
              ? { enabled: true, port, plainHttp: false }
              : { enabled: false, port: DEFAULT_LAN_PORT, plainHttp: false },
          )
        }),
        { numRuns: 300 },
      )
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
