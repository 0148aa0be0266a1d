/**
 * Game nights across two instances of one community (one PostgreSQL database, one Redis): a
 * night planned through A reaches a player's stream on B, their answer through B shows on A, and
 * the reminder both instances' timers race for goes out once.
 *
 * PostgreSQL only (`npm run test:pg`), as redis-cluster.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { NotificationsPage } from '../../../src/shared/api-types'
import type { GameNightResponse } from '../../../src/shared/game-night-types'
import type { RunningServer } from '../../../src/server/server'
import { readEvents, type EventReader } from '../../helpers/sse'
import { send, signup, twoInstances } from '../../helpers/two-instances'

const cluster = twoInstances({ folderPrefix: 'gamerstage-nights-cluster-' })

const streams: EventReader[] = []

/** A JSON PUT to one instance, as `token`. */
const put = (server: RunningServer, path: string, body: unknown, token: string) =>
  fetch(`${server.url}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  })

async function stream(server: RunningServer, token: string): Promise<EventReader> {
  const response = await fetch(`${server.url}/api/events`, { headers: { authorization: token } })
  expect(response.status).toBe(200)
  const reader = readEvents(response)
  streams.push(reader)
  await reader.next('ready', 5000)
  return reader
}

describe('game nights across instances', () => {
  it('a night planned on A reaches B, and its reminder goes out once', async () => {
    const { a, b } = cluster
    try {
      const ana = await signup(a, 'night_ana')
      const bo = await signup(b, 'night_bo')
      const games = await put(a, '/api/me/games', { games: ['Doom'] }, ana)
      expect(games.status).toBe(200)
      const boOnB = await stream(b, bo)
      // Starts in 15 minutes and 2 seconds: its reminder is due in about 2 seconds.
      const startsAt = new Date(Date.now() + 15 * 60_000 + 2000).toISOString()
      const planned = await send(
        a,
        '/api/game-nights',
        { game: 'doom', title: 'Doom at nine', startsAt, durationMinutes: 60 },
        ana,
      )
      expect(planned.status).toBe(201)
      const { gameNight } = (await planned.json()) as GameNightResponse
      const seen = await boOnB.next('game-night', 5000)
      expect(seen.data.gameNight).toMatchObject({ _id: gameNight._id, title: 'Doom at nine' })

      const answered = await put(
        b,
        `/api/game-nights/${gameNight._id}/rsvp`,
        { answer: 'maybe' },
        bo,
      )
      expect(answered.status).toBe(200)
      const onA = await fetch(`${a.url}/api/game-nights/${gameNight._id}`, {
        headers: { authorization: ana },
      })
      expect(((await onA.json()) as GameNightResponse).gameNight.counts.maybe).toBe(1)

      // Both instances' timers reach the reminder; one sends it.
      const reminded = await boOnB.next('notification', 8000)
      expect(reminded.data.notification).toMatchObject({
        type: 'game-night-reminder',
        gameNightId: gameNight._id,
      })
      await boOnB.settle(1500)
      const list = await fetch(`${b.url}/api/notifications`, { headers: { authorization: bo } })
      const reminders = ((await list.json()) as NotificationsPage).notifications.filter(
        (one) => one.type === 'game-night-reminder',
      )
      expect(reminders).toHaveLength(1)
    } finally {
      await Promise.all(streams.splice(0).map((reader) => reader.close()))
    }
  })
})
