/**
 * Game nights (docs/API.md, "Game nights"): planning, answers with slots and a waiting list, the
 * host's edit, close and cancel, what blocks hide, bad input, and the reminder's claim. On SQLite
 * (`npm run test:unit`) and PostgreSQL (`npm run test:pg`).
 */
import type { NotificationsPage } from '../../../src/shared/api-types'
import type { GameNightResponse, GameNightsPage } from '../../../src/shared/game-night-types'
import { GAME_NIGHT_MESSAGES } from '../../../src/server/errors/messages'
import { remindGameNight } from '../../../src/server/actions/game-nights'
import { dueReminders } from '../../../src/server/services/writes/game-nights'
import { EventHub } from '../../../src/server/events/hub'
import { databaseMediaStorage } from '../../../src/server/storage/media-storage'
import { expectError, ok, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'

const connect = liveStreams()

type Who = { token: string; id: string }

const HOUR = 3_600_000
/** An instant `hours` from now, to the second (as the server keeps a start). */
const inHours = (hours: number) =>
  new Date(Math.floor((Date.now() + hours * HOUR) / 1000) * 1000).toISOString()

/** The same instant written with a +02:00 offset (`2026-12-05T20:00:00+02:00`). */
const atPlusTwo = (iso: string) =>
  `${new Date(Date.parse(iso) + 2 * HOUR).toISOString().slice(0, 19)}+02:00`

/** Gives `who` the game on their profile, so that the server's list holds it. */
const addGame = (app: TestApp, who: Who, name = 'Counter-Strike 2') =>
  ok(app.send('/api/me/games', { games: [name] }, { ...who, method: 'PUT' }))

async function plan(app: TestApp, host: Who, fields: Record<string, unknown> = {}) {
  return (
    await ok<GameNightResponse>(
      app.send(
        '/api/game-nights',
        {
          game: 'counterstrike2',
          title: 'Ranked tonight',
          startsAt: inHours(3),
          durationMinutes: 120,
          ...fields,
        },
        host,
      ),
      201,
    )
  ).gameNight
}

const rsvp = (app: TestApp, who: Who, id: string, answer: string) =>
  app.send(`/api/game-nights/${id}/rsvp`, { answer }, { ...who, method: 'PUT' })

const answer = async (app: TestApp, who: Who, id: string, choice: string) =>
  (await ok<GameNightResponse>(rsvp(app, who, id, choice))).gameNight

const edit = (app: TestApp, who: Who, id: string, fields: Record<string, unknown>) =>
  app.send(`/api/game-nights/${id}`, fields, { ...who, method: 'PATCH' })

const open = async (app: TestApp, who: Who, id: string) =>
  (await ok<GameNightResponse>(app.get(`/api/game-nights/${id}`, who.token))).gameNight

const names = (people: { username: string }[]) => people.map((person) => person.username)

const notificationsOf = async (app: TestApp, who: Who) =>
  (await ok<NotificationsPage>(app.get('/api/notifications', who.token))).notifications

describe('game nights', () => {
  it.override({ appOptions: { demo: false } })

  it('plans a night in UTC with its host going, and lists it as upcoming', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    await addGame(app, sam)
    const start = inHours(24 * 30)
    const night = await plan(app, sam, {
      startsAt: atPlusTwo(start),
      place: "  at Sam's  ",
      slots: 4,
    })
    expect(night).toMatchObject({
      title: 'Ranked tonight',
      game: { slug: 'counterstrike2', name: 'Counter-Strike 2' },
      durationMinutes: 120,
      place: "at Sam's",
      slots: 4,
      status: 'open',
      counts: { going: 1, maybe: 0, cant: 0, waiting: 0 },
      myAnswer: 'going',
      isHost: true,
    })
    // The same instant, whatever offset it was sent with.
    expect(Date.parse(night.startsAt)).toBe(Date.parse(start))
    expect(names(night.going)).toEqual(['sam'])
    const page = await ok<GameNightsPage>(app.get('/api/game-nights', sam.token))
    expect(page.gameNights.map((one) => one._id)).toEqual([night._id])
    const ofGame = await ok<GameNightsPage>(
      app.get('/api/game-nights?game=counterstrike2', sam.token),
    )
    expect(ofGame.gameNights).toHaveLength(1)
    const past = await ok<GameNightsPage>(app.get('/api/game-nights?when=past', sam.token))
    expect(past.gameNights).toEqual([])
  })

  it('lists upcoming soonest first and past latest first, a page at a time', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    await addGame(app, sam)
    const late = await plan(app, sam, { title: 'late', startsAt: inHours(30) })
    const soon = await plan(app, sam, { title: 'soon', startsAt: inHours(2) })
    const mid = await plan(app, sam, { title: 'mid', startsAt: inHours(10) })
    const first = await ok<GameNightsPage>(app.get('/api/game-nights?limit=2', sam.token))
    expect(first.gameNights.map((one) => one.title)).toEqual(['soon', 'mid'])
    expect(first.nextCursor).not.toBeNull()
    const second = await ok<GameNightsPage>(
      app.get(`/api/game-nights?limit=2&cursor=${first.nextCursor}`, sam.token),
    )
    expect(second.gameNights.map((one) => one.title)).toEqual(['late'])
    // Two nights over (written straight: the API plans only ahead): the latest first.
    await app.db.run(
      'UPDATE game_nights SET starts_at = ? WHERE id = ?',
      Date.now() - 10 * HOUR,
      Number(soon._id),
    )
    await app.db.run(
      'UPDATE game_nights SET starts_at = ? WHERE id = ?',
      Date.now() - 5 * HOUR,
      Number(mid._id),
    )
    const past = await ok<GameNightsPage>(app.get('/api/game-nights?when=past', sam.token))
    expect(past.gameNights.map((one) => one.title)).toEqual(['mid', 'soon'])
    const upcoming = await ok<GameNightsPage>(app.get('/api/game-nights', sam.token))
    expect(upcoming.gameNights.map((one) => one._id)).toEqual([late._id])
  })

  it('fills the slots, puts further "going" in line, and moves the first up when one leaves', async ({
    app,
  }) => {
    const sam = await quickUser(app, 'sam')
    const [ana, bo, cy, di] = await Promise.all(
      ['ana', 'bo', 'cy', 'di'].map((name) => quickUser(app, name)),
    )
    if (!ana || !bo || !cy || !di) throw new Error('four players')
    await addGame(app, sam)
    const night = await plan(app, sam, { slots: 2 })
    expect((await answer(app, ana, night._id, 'going')).myAnswer).toBe('going')
    // Full (Sam and Ana): Bo and then Cy wait, in that order.
    expect((await answer(app, bo, night._id, 'going')).myAnswer).toBe('waiting')
    const full = await answer(app, cy, night._id, 'going')
    expect(full.myAnswer).toBe('waiting')
    expect(names(full.going)).toEqual(['sam', 'ana'])
    expect(names(full.waiting)).toEqual(['bo', 'cy'])
    expect(full.counts).toEqual({ going: 2, maybe: 0, cant: 0, waiting: 2 })
    // Asking again keeps one's place in line.
    expect((await answer(app, bo, night._id, 'going')).myAnswer).toBe('waiting')
    await answer(app, di, night._id, 'maybe')
    // Ana can't come after all: Bo, first in line, is going now and told so.
    const after = await answer(app, ana, night._id, 'cant')
    expect(names(after.going)).toEqual(['sam', 'bo'])
    expect(names(after.waiting)).toEqual(['cy'])
    expect(after.counts).toEqual({ going: 2, maybe: 1, cant: 1, waiting: 1 })
    const bos = await notificationsOf(app, bo)
    expect(bos.map((one) => [one.type, one.gameNightId, one.snippet])).toEqual([
      ['game-night-promoted', night._id, 'Ranked tonight'],
    ])
    // More slots move the rest of the line up.
    const wider = await ok<GameNightResponse>(edit(app, sam, night._id, { slots: 5 }))
    expect(names(wider.gameNight.going)).toEqual(['sam', 'bo', 'cy'])
    expect(wider.gameNight.waiting).toEqual([])
    // The host always goes.
    await expectError(
      rsvp(app, sam, night._id, 'cant'),
      400,
      GAME_NIGHT_MESSAGES.hostAnswers,
      'STATE_CONFLICT',
    )
  })

  it('takes the last slot once when two ask at the same moment', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    const players = await Promise.all(
      ['p1', 'p2', 'p3', 'p4', 'p5'].map((name) => quickUser(app, name)),
    )
    await addGame(app, sam)
    const night = await plan(app, sam, { slots: 3 })
    await Promise.all(players.map((player) => ok(rsvp(app, player, night._id, 'going'))))
    const seen = await open(app, sam, night._id)
    expect(seen.counts.going).toBe(3)
    expect(seen.counts.waiting).toBe(3)
  })

  it('lets only the host edit, tells everyone going what changed, closes and cancels', async ({
    app,
  }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    await addGame(app, sam)
    const night = await plan(app, sam)
    await answer(app, ana, night._id, 'going')
    await answer(app, bo, night._id, 'maybe')
    const stream = await connect(app, bo)
    await expectError(
      edit(app, ana, night._id, { title: 'mine now' }),
      400,
      GAME_NIGHT_MESSAGES.hostOnly,
      'NOT_OWNER',
    )
    const moved = inHours(5)
    const edited = await ok<GameNightResponse>(
      edit(app, sam, night._id, { startsAt: moved, place: 'online' }),
    )
    expect(Date.parse(edited.gameNight.startsAt)).toBe(Date.parse(moved))
    expect(edited.gameNight.place).toBe('online')
    // Bo (maybe) hears of it live; the notification goes to those going.
    const event = await stream.next('game-night')
    expect(event.data.changed).toEqual(['startsAt', 'place'])
    expect(event.data.gameNight.place).toBe('online')
    const anas = await notificationsOf(app, ana)
    expect(anas.map((one) => [one.type, one.changed])).toEqual([
      ['game-night-changed', ['startsAt', 'place']],
    ])
    expect(await notificationsOf(app, bo)).toEqual([])
    // Closed: no new "going", but leaving is still possible.
    await ok(edit(app, sam, night._id, { status: 'closed' }))
    await expectError(
      rsvp(app, bo, night._id, 'going'),
      400,
      GAME_NIGHT_MESSAGES.closed,
      'STATE_CONFLICT',
    )
    await ok(rsvp(app, bo, night._id, 'cant'))
    await ok(edit(app, sam, night._id, { status: 'open' }))
    await answer(app, bo, night._id, 'maybe')
    // Cancelled: everyone who answered but "can't" is told; nothing changes it after.
    const cancelled = await ok<GameNightResponse>(
      edit(app, sam, night._id, { status: 'cancelled' }),
    )
    expect(cancelled.gameNight.status).toBe('cancelled')
    expect((await notificationsOf(app, bo)).map((one) => one.type)).toEqual([
      'game-night-cancelled',
    ])
    expect((await notificationsOf(app, ana))[0]?.type).toBe('game-night-cancelled')
    await expectError(
      rsvp(app, ana, night._id, 'maybe'),
      400,
      GAME_NIGHT_MESSAGES.cancelled,
      'STATE_CONFLICT',
    )
    await expectError(
      edit(app, sam, night._id, { status: 'open' }),
      400,
      GAME_NIGHT_MESSAGES.cancelled,
      'STATE_CONFLICT',
    )
  })

  it('hides a night and its answers across a block, both ways', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    await addGame(app, sam)
    const night = await plan(app, sam)
    await answer(app, bo, night._id, 'going')
    // Ana blocked Bo: she sees the night without him, he still sees her answer missing too.
    await ok(app.send(`/api/users/me/block/${bo.id}`, {}, ana))
    await answer(app, ana, night._id, 'going')
    expect(names((await open(app, ana, night._id)).going)).toEqual(['sam', 'ana'])
    expect(names((await open(app, bo, night._id)).going)).toEqual(['sam', 'bo'])
    expect(names((await open(app, sam, night._id)).going)).toEqual(['sam', 'bo', 'ana'])
    // Sam blocks Bo: the night is gone for Bo, from its page, its answers and the list.
    await ok(app.send(`/api/users/me/block/${bo.id}`, {}, sam))
    for (const refused of [
      app.get(`/api/game-nights/${night._id}`, bo.token),
      rsvp(app, bo, night._id, 'maybe'),
    ]) {
      await expectError(refused, 404, GAME_NIGHT_MESSAGES.gameNightNotFound, 'GAME_NIGHT_NOT_FOUND')
    }
    expect((await ok<GameNightsPage>(app.get('/api/game-nights', bo.token))).gameNights).toEqual([])
  })

  it('refuses bad input with a sentence', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    await addGame(app, sam)
    const base = {
      game: 'counterstrike2',
      title: 'Ranked',
      startsAt: inHours(3),
      durationMinutes: 60,
    }
    const cases: [Record<string, unknown>, string | RegExp, number, string][] = [
      [{ ...base, title: '   ' }, 'A game night needs a title.', 400, 'VALIDATION'],
      [
        { ...base, title: 'x'.repeat(101) },
        'A title can be at most 100 characters.',
        400,
        'VALIDATION',
      ],
      [
        { ...base, startsAt: '2099-01-01 18:00' },
        'startsAt must be a date and time with its time zone, e.g. 2026-12-05T18:00:00Z.',
        400,
        'VALIDATION',
      ],
      [
        { ...base, startsAt: '2026-02-30T18:00:00Z' },
        'startsAt must be a date and time that exists.',
        400,
        'VALIDATION',
      ],
      [{ ...base, startsAt: inHours(-1) }, GAME_NIGHT_MESSAGES.startsInPast, 400, 'VALIDATION'],
      [
        { ...base, startsAt: inHours(24 * 400) },
        GAME_NIGHT_MESSAGES.tooFarAhead,
        400,
        'VALIDATION',
      ],
      [
        { ...base, durationMinutes: 5 },
        'A game night lasts at least 15 minutes.',
        400,
        'VALIDATION',
      ],
      [
        { ...base, durationMinutes: 90.5 },
        'durationMinutes must be a whole number of minutes.',
        400,
        'VALIDATION',
      ],
      [{ ...base, slots: 0 }, 'A game night needs at least one slot.', 400, 'VALIDATION'],
      [{ ...base, slots: '4' }, 'slots must be a number of players.', 400, 'VALIDATION'],
      [{ ...base, game: 'nosuchgame' }, 'Game not found.', 404, 'GAME_NOT_FOUND'],
      [{ ...base, extra: 1 }, /extra/i, 400, 'VALIDATION'],
    ]
    for (const [input, message, status, code] of cases) {
      await expectError(
        app.send('/api/game-nights', input, sam),
        status,
        message,
        code as 'VALIDATION',
      )
    }
    const night = await plan(app, sam)
    await expectError(edit(app, sam, night._id, {}), 400, 'Say what to change.', 'VALIDATION')
    await expectError(
      rsvp(app, sam, night._id, 'yes'),
      400,
      'answer must be going, maybe or cant.',
      'VALIDATION',
    )
    await expectError(
      app.get('/api/game-nights?when=soon', sam.token),
      400,
      'when must be upcoming or past.',
      'VALIDATION',
    )
    for (const id of ['abc', '0', '999999']) {
      await expectError(
        app.get(`/api/game-nights/${id}`, sam.token),
        404,
        GAME_NIGHT_MESSAGES.gameNightNotFound,
        'GAME_NIGHT_NOT_FOUND',
      )
    }
    await expectError(app.get('/api/game-nights'), 401, /./, 'INVALID_TOKEN')
  })

  it('reminds everyone going and maybe once, 15 minutes before, even with two senders', async ({
    app,
  }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    await addGame(app, sam)
    const night = await plan(app, sam, { startsAt: inHours(1) })
    await answer(app, ana, night._id, 'going')
    await answer(app, bo, night._id, 'maybe')
    await answer(app, cy, night._id, 'cant')
    const start = Date.parse(night.startsAt)
    // Not yet due 16 minutes before; the next due time is 15 minutes before.
    const early = await dueReminders(app.db, start - 16 * 60_000)
    expect(early.due).toEqual([])
    expect(early.next).toBe(start - 15 * 60_000)
    const due = await dueReminders(app.db, start - 14 * 60_000)
    expect(due.due).toEqual([Number(night._id)])
    // Two senders at once (two instances' timers): one claims it, the other sends nothing.
    const live = {
      db: app.db,
      hub: new EventHub(),
      media: databaseMediaStorage(app.db),
      hostIds: [],
    }
    const sent = await Promise.all([
      remindGameNight(live, Number(night._id), start - 14 * 60_000),
      remindGameNight(live, Number(night._id), start - 14 * 60_000),
    ])
    expect(sent.filter(Boolean)).toHaveLength(1)
    for (const who of [sam, ana, bo]) {
      expect((await notificationsOf(app, who)).map((one) => one.type)).toEqual([
        'game-night-reminder',
      ])
    }
    expect(await notificationsOf(app, cy)).toEqual([])
    expect((await dueReminders(app.db, start - 14 * 60_000)).due).toEqual([])
    // A new start clears the reminder: it goes out again before the new start.
    const newStart = inHours(4)
    await ok(edit(app, sam, night._id, { startsAt: newStart }))
    const again = await dueReminders(app.db, Date.now())
    expect(again.next).toBe(Date.parse(newStart) - 15 * 60_000)
  })
})
