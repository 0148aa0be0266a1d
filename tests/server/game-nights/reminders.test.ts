/**
 * Game nights' reminders on their timer (startup/game-night-reminders.ts): computed from the
 * database at a start, sent once 15 minutes before, never twice by two timers (two instances) or
 * after a restart. The short clock is a night planned to start 15 minutes and a second from now.
 */
import type { NotificationsPage } from '../../../src/shared/api-types'
import type { GameNightResponse } from '../../../src/shared/game-night-types'
import type { Live } from '../../../src/server/actions/live'
import { remindGameNightsOnTime } from '../../../src/server/startup/game-night-reminders'
import { ok, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'

const connect = liveStreams()

const liveOfApp = (app: TestApp): Live => ({
  db: app.db,
  hub: app.events,
  media: app.media,
  hostIds: [],
})

const remindersOf = async (app: TestApp, token: string) =>
  (await ok<NotificationsPage>(app.get('/api/notifications', token))).notifications.filter(
    (one) => one.type === 'game-night-reminder',
  )

describe('game night reminders', () => {
  it.override({ appOptions: { demo: false } })

  it('fire 15 minutes before, once, whatever number of timers run and restart', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    await ok(app.send('/api/me/games', { games: ['Doom'] }, { ...sam, method: 'PUT' }))
    const startsAt = new Date(Date.now() + 15 * 60_000 + 1500).toISOString()
    const night = (
      await ok<GameNightResponse>(
        app.send(
          '/api/game-nights',
          { game: 'doom', title: 'Doom at nine', startsAt, durationMinutes: 60 },
          sam,
        ),
        201,
      )
    ).gameNight
    await ok(
      app.send(
        `/api/game-nights/${night._id}/rsvp`,
        { answer: 'maybe' },
        { ...ana, method: 'PUT' },
      ),
    )
    const stream = await connect(app, ana)
    // Two timers on one database, as two instances of a cluster: started after the night was
    // planned, they find it in the database (as after a restart).
    const stops = [remindGameNightsOnTime(liveOfApp(app)), remindGameNightsOnTime(liveOfApp(app))]
    try {
      const { data } = await stream.next('notification')
      expect(data.notification).toMatchObject({
        type: 'game-night-reminder',
        gameNightId: night._id,
        snippet: 'Doom at nine',
      })
      // Not before its time: within the 15 minutes before the start.
      expect(Date.parse(night.startsAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000)
      // A third timer, started now (a restart), sends nothing more.
      stops.push(remindGameNightsOnTime(liveOfApp(app)))
      await stream.settle(300)
    } finally {
      for (const stop of stops) await stop()
    }
    expect(await remindersOf(app, ana.token)).toHaveLength(1)
    expect(await remindersOf(app, sam.token)).toHaveLength(1)
  })
})
