/**
 * Statuses run out on their own (docs/API.md, "Presence and now playing"): the expiry timer
 * wakes at least every few minutes, whatever the clock did, so a status that expired days ago
 * (a laptop that slept, a server that was down) is announced once, and a status "until cleared"
 * never is. A clock the test moves by hand drives the expiry's timer; the SQL runs on SQLite
 * and PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveEventMap } from '../../../src/shared/api-types'
import { EventHub } from '../../../src/server/events/hub'
import { StatusExpiry, type ExpiryTimers } from '../../../src/server/presence/status-expiry'
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
 * The time as the expiry sees it, and its one pending timer. Only this clock is fake: the
 * database driver keeps its real timers (vitest's fake ones also fired PostgreSQL's connection
 * timeouts while a sweep was connecting, so the test failed now and then).
 */
class HandClock {
  now = Date.parse('2026-11-20T12:00:00Z')
  sweeps = 0
  private pending: { at: number; wake: () => void } | undefined

  readonly timers: ExpiryTimers = {
    setTimeout: (wake, delayMs) => (this.pending = { at: this.now + delayMs, wake }),
    clearTimeout: (timer) => {
      if (timer === this.pending) this.pending = undefined
    },
  }

  /** Time passes with the process awake: each timer fires when due, its sweep finishing first. */
  async pass(ms: number): Promise<void> {
    const end = this.now + ms
    while (this.pending && this.pending.at <= end) {
      const { at, wake } = this.pending
      this.pending = undefined
      this.now = at
      this.sweeps += 1
      wake()
      await expiry?.idle()
    }
    this.now = end
  }

  /** Time passes with the process asleep (a laptop's lid closed): no timer fires meanwhile. */
  sleep(ms: number): void {
    this.now += ms
    if (this.pending) this.pending.at = Math.max(this.pending.at, this.now)
  }
}

beforeEach(async () => {
  db = await openTestStore()
  await initializeDatabase(db, false)
})

afterEach(async () => {
  expiry?.close()
  expiry = undefined
  await db.close()
})

describe('status expiry', () => {
  it('announces each status once when it runs out, days later too, and never one until cleared', async () => {
    const clock = new HandClock()
    const hub = new EventHub()
    const published: { type: string; data: unknown }[] = []
    vi.spyOn(hub, 'publish').mockImplementation((type, data) => {
      published.push({ type, data })
    })
    const short = await createUser(db, { username: 'short', passwordHash: 'x' })
    const long = await createUser(db, { username: 'long', passwordHash: 'x' })
    const forever = await createUser(db, { username: 'forever', passwordHash: 'x' })
    const statuses = [
      { user: short, game: 'Doom', expiresAt: clock.now + 30 * MINUTE },
      { user: long, game: 'Dota 2', expiresAt: clock.now + 2 * 60 * MINUTE },
      { user: forever, game: 'Tetris', expiresAt: null },
    ]
    for (const { user, game, expiresAt } of statuses) {
      await saveStatus(db, {
        userId: user.id,
        game,
        note: '',
        source: 'manual',
        since: clock.now,
        expiresAt,
      })
    }

    expiry = new StatusExpiry(
      db,
      hub,
      { now: () => clock.now, expiryCheckMs: 5 * MINUTE },
      clock.timers,
    )
    expiry.reschedule()
    await clock.pass(29 * MINUTE)
    expect(published).toEqual([])
    // It looked every five minutes, not only at the next expiry.
    expect(clock.sweeps).toBeGreaterThanOrEqual(6)

    await clock.pass(2 * MINUTE)
    const expected: { type: string; data: LiveEventMap['status'] }[] = [
      { type: 'status', data: { userId: String(short.id), status: null } },
    ]
    expect(published).toEqual(expected)

    // The lid closes for three days, past the two-hour status: it is announced once on waking.
    clock.sleep(3 * DAY)
    await clock.pass(5 * MINUTE)
    expected.push({ type: 'status', data: { userId: String(long.id), status: null } })
    expect(published).toEqual(expected)

    // A day awake later, the one until cleared was still never announced.
    const sweepsBefore = clock.sweeps
    await clock.pass(DAY)
    expect(clock.sweeps - sweepsBefore).toBeGreaterThanOrEqual(DAY / (5 * MINUTE))
    expect(published).toEqual(expected)
    const rows = await presenceFacts(db, short.id, [short.id, long.id, forever.id], clock.now)
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
