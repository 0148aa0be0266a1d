import { describe, expect, it } from 'vitest'
import { formatCount, formatRelativeTime } from '../../src/renderer/src/lib/relative-time'

const now = new Date('2026-03-10T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()

describe('formatRelativeTime', () => {
  it.each([
    ['now for under a minute', ago(30_000), 'now'],
    ['now for a time in the future', ago(-60_000), 'now'],
    ['minutes', ago(3 * 60_000), '3m'],
    ['hours', ago(2 * 3_600_000), '2h'],
    ['days', ago(5 * 86_400_000), '5d'],
    ['a date after a week in the same year', '2026-03-01T12:00:00Z', 'Mar 1'],
    ['a date with the year for another year', '2024-12-25T12:00:00Z', 'Dec 25, 2024'],
  ])('gives %s', (_label, iso, expected) => {
    expect(formatRelativeTime(iso, now)).toBe(expected)
  })

  it('reads the server timestamp format with an offset', () => {
    expect(formatRelativeTime('2026-03-10T13:58:00+02:00', now)).toBe('2m')
  })

  it('returns an empty string for a bad timestamp', () => {
    expect(formatRelativeTime('not a date', now)).toBe('')
  })
})

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1000, '1000'],
    [9999, '9999'],
    [12_345, '12K'],
    [3_400_000, '3.4M'],
  ])('formats %d as %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected)
  })
})
