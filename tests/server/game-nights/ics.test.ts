/**
 * A game night's calendar file (`GET /api/game-nights/:id/ics`): made with ical-generator, its
 * start in UTC, its length, place and page, cancelled once cancelled, and refused to whoever may
 * not see its host. On SQLite and PostgreSQL.
 */
import type { GameNightResponse } from '../../../src/shared/game-night-types'
import { GAME_NIGHT_MESSAGES } from '../../../src/server/errors/messages'
import { expectError, ok, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

/** The iCalendar text unfolded (a long line continues on the next after a space). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '')

describe('game night calendar file', () => {
  it.override({ appOptions: { demo: false } })

  it('answers the night as an .ics, and cancelled once cancelled', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    const bo = await quickUser(app, 'bo')
    await ok(app.send('/api/me/games', { games: ['Doom'] }, { ...sam, method: 'PUT' }))
    const start = new Date(Date.now() + 2 * 86_400_000)
    start.setUTCHours(18, 30, 0, 0)
    const night = (
      await ok<GameNightResponse>(
        app.send(
          '/api/game-nights',
          {
            game: 'doom',
            title: 'Doom, co-op; bring snacks',
            startsAt: start.toISOString(),
            durationMinutes: 90,
            place: "at Sam's",
          },
          sam,
        ),
        201,
      )
    ).gameNight
    const answer = await app.get(`/api/game-nights/${night._id}/ics`, bo.token)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/)
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="game-night-${night._id}.ics"`,
    )
    const text = unfold(await answer.text())
    const stamp = (date: Date) =>
      date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(text).toContain(`DTSTART:${stamp(start)}`)
    expect(text).toContain(`DTEND:${stamp(new Date(start.getTime() + 90 * 60_000))}`)
    // Commas and semicolons escaped by the library, as RFC 5545 wants.
    expect(text).toContain('SUMMARY:Doom\\, co-op\\; bring snacks')
    expect(text).toContain("LOCATION:at Sam's")
    expect(text).toContain(`/game-nights/${night._id}`)
    expect(text).toContain('STATUS:CONFIRMED')
    await ok(
      app.send(
        `/api/game-nights/${night._id}`,
        { status: 'cancelled' },
        { ...sam, method: 'PATCH' },
      ),
    )
    const cancelled = unfold(
      await (await app.get(`/api/game-nights/${night._id}/ics`, bo.token)).text(),
    )
    expect(cancelled).toContain('STATUS:CANCELLED')
    // The same UID: a calendar that added it updates its copy.
    const uid = (ics: string) => /UID:(.*)\r\n/.exec(ics)?.[1]
    expect(uid(cancelled)).toBe(uid(text))
    // Blocked by the host: no file, as no page.
    await ok(app.send(`/api/users/me/block/${bo.id}`, {}, sam))
    await expectError(
      app.get(`/api/game-nights/${night._id}/ics`, bo.token),
      404,
      GAME_NIGHT_MESSAGES.gameNightNotFound,
      'GAME_NIGHT_NOT_FOUND',
    )
  })
})
