/**
 * Statuses run out on their own (docs/API.md, "Presence and now playing"): the expiry timer
 * wakes at least every few minutes, whatever the clock did, so a status that expired days ago
 * (a laptop that slept, a server that was down) is announced once, and a status "until cleared"
 * never is. Fake timers move the clock days ahead; the SQL runs on SQLite and PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveEventMap } from '../../../src/shared/api-types'
import { EventHub } from '../../../src/server/events/hub'
import { StatusExpiry } from '../../../src/server/presence/status-expiry'
import { presenceFacts, statusOf } from '../../../src/server/services/reads/presence'
import { saveStatus } from '../../../src/server/services/writes/statuses'
import { createUser } from '../../../src/server/services/writes/users'
import { initializeDatabase } from '../../../src/server/services/writes/seed'
import { openTestStore } from '../../helpers/test-store'
import type { OpenStore } from '../../../src/server/db/store'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

let db: OpenStore
let expiry: StatusExpiry | undefined

/**
 * Moves the fake clock on in steps, letting each sweep finish between them: PostgreSQL answers
 * over a real socket, which no fake timer hurries.
 */
async function passTime(ms: number, step: number) {
  for (let passed = 0; passed < ms; passed += step) {
    await vi.advanceTimersByTimeAsync(step)
    await expiry?.idle()
  }
}

beforeEach(async () => {
  db = await openTestStore()
  await initializeDatabase(db, false)
})

afterEach(async () => {
  expiry?.close()
  vi.useRealTimers()
  await db.close()
})

describe('status expiry', () => {
  it('announces each status once when it runs out, days later too, and never one until cleared', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'))
    const hub = new EventHub()
    const published: { type: string; data: unknown }[] = []
    vi.spyOn(hub, 'publish').mockImplementation((type, data) => {
      published.push({ type, data })
    })
    const short = await createUser(db, { username: 'short', passwordHash: 'x' })
    const long = await createUser(db, { username: 'long', passwordHash: 'x' })
    const forever = await createUser(db, { username: 'forever', passwordHash: 'x' })
    const now = Date.now()
    await saveStatus(db, {
      userId: short.id,
      game: 'Doom',
      note: '',
      source: 'manual',
      since: now,
      expiresAt: now + 30 * MINUTE,
    })
    await saveStatus(db, {
      userId: long.id,
      game: 'Dota 2',
      note: '',
      source: 'manual',
      since: now,
      expiresAt: now + 2 * 60 * MINUTE,
    })
    await saveStatus(db, {
      userId: forever.id,
      game: 'Tetris',
      note: '',
      source: 'manual',
      since: now,
      expiresAt: null,
    })

    expiry = new StatusExpiry(db, hub, { now: () => Date.now(), expiryCheckMs: 5 * MINUTE })
    expiry.reschedule()
    await passTime(29 * MINUTE, MINUTE)
    expect(published).toEqual([])

    await passTime(2 * MINUTE, MINUTE)
    const expected: { type: string; data: LiveEventMap['status'] }[] = [
      { type: 'status', data: { userId: String(short.id), status: null } },
    ]
    expect(published).toEqual(expected)

    // Days go by: the two-hour one is announced once, the one until cleared never.
    await passTime(3 * DAY, 60 * MINUTE)
    expected.push({ type: 'status', data: { userId: String(long.id), status: null } })
    expect(published).toEqual(expected)
    const rows = await presenceFacts(db, short.id, [short.id, long.id, forever.id], Date.now())
    expect(rows.map((row) => [row.username, statusOf(row)?.game ?? null])).toEqual([
      ['short', null],
      ['long', null],
      ['forever', 'Tetris'],
    ])
  })

  it('hides an expired status at read time before any sweep ran', async () => {
    const user = await createUser(db, { username: 'reader', passwordHash: 'x' })
    const now = Date.now()
    await saveStatus(db, {
      userId: user.id,
      game: 'Doom',
      note: 'gg',
      source: 'detected',
      since: now - 40 * MINUTE,
      expiresAt: now - 10 * MINUTE,
    })
    const [row] = await presenceFacts(db, user.id, [user.id], now)
    expect(row && statusOf(row)).toBeNull()
    const [later] = await presenceFacts(db, user.id, [user.id], now - 20 * MINUTE)
    expect(later && statusOf(later)).toMatchObject({ game: 'Doom', note: 'gg', source: 'detected' })
  })
})
