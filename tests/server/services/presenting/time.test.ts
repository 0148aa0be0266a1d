import { afterEach, describe, expect, it } from 'vitest'
import { formatTimestamp } from '../../../../src/server/services/presenting/time'
import { TIMESTAMP } from '../../../helpers/api'

const originalTz = process.env.TZ
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ
  else process.env.TZ = originalTz
})

describe('formatTimestamp', () => {
  it.each([
    ['UTC', '2026-01-02T03:04:05Z', '2026-01-02T03:04:05+00:00'],
    ['Europe/Berlin', '2026-01-02T03:04:05Z', '2026-01-02T04:04:05+01:00'],
    ['Europe/Berlin', '2026-07-02T03:04:05Z', '2026-07-02T05:04:05+02:00'],
    ['America/New_York', '2026-01-02T03:04:05Z', '2026-01-01T22:04:05-05:00'],
    ['Asia/Kolkata', '2026-12-31T20:00:00Z', '2027-01-01T01:30:00+05:30'],
    ['Asia/Kathmandu', '2026-06-15T00:00:00Z', '2026-06-15T05:45:00+05:45'],
    ['America/St_Johns', '2026-01-15T12:00:00Z', '2026-01-15T08:30:00-03:30'],
    ['Pacific/Kiritimati', '2026-02-28T23:59:59Z', '2026-03-01T13:59:59+14:00'],
    ['Pacific/Pago_Pago', '2026-03-01T00:00:00Z', '2026-02-28T13:00:00-11:00'],
    ['UTC', '1999-12-31T23:59:59.999Z', '1999-12-31T23:59:59+00:00'],
  ])('in %s formats %s as %s', (zone, instant, expected) => {
    process.env.TZ = zone
    const formatted = formatTimestamp(Date.parse(instant))
    expect(formatted).toBe(expected)
    expect(formatted).toMatch(TIMESTAMP)
    expect(Date.parse(formatted)).toBe(Math.floor(Date.parse(instant) / 1000) * 1000)
  })
})
