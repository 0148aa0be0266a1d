/**
 * Squad calls' expiry on its timer (startup/squad-call-expiry.ts): computed from the database at a
 * start, so a call that ran out while the server was down closes at once, and told once although
 * two timers (two instances) run.
 */
import type { SquadCallResponse } from '../../../src/shared/squad-call-types'
import type { Live } from '../../../src/server/actions/live'
import { expireSquadCallsOnTime } from '../../../src/server/startup/squad-call-expiry'
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

describe('squad call expiry', () => {
  it.override({ appOptions: { demo: false } })

  it('closes at a start a call that ran out while the server was down, once', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    await ok(app.send('/api/me/games', { games: ['Doom'] }, { ...sam, method: 'PUT' }))
    const made = (
      await ok<SquadCallResponse>(
        app.send('/api/squad-calls', { game: 'doom', needed: 2, expiresInMinutes: 30 }, sam),
        201,
      )
    ).squadCall
    const stream = await connect(app, ana)
    // Two timers started 31 minutes later (two instances coming back up): they find it due.
    const later = () => Date.now() + 31 * 60_000
    const stops = [
      expireSquadCallsOnTime(liveOfApp(app), { now: later }),
      expireSquadCallsOnTime(liveOfApp(app), { now: later }),
    ]
    try {
      const { data } = await stream.next('squad-call')
      expect(data.squadCall).toMatchObject({ _id: made._id, status: 'expired' })
      const after = await ok<SquadCallResponse>(app.get(`/api/squad-calls/${made._id}`, ana.token))
      expect(after.squadCall.status).toBe('expired')
      expect(after.squadCall.endedAt).not.toBeNull()
    } finally {
      await Promise.all(stops.map((stop) => stop()))
    }
    // Both timers' first rounds ran by now (each waits on its own under way): one told.
    await stream.settle(100)
    expect(stream.events.filter((one) => one.type === 'squad-call')).toHaveLength(1)
  })
})
