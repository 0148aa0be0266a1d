/**
 * Squad calls across two instances of one community (one PostgreSQL database, one Redis): a call
 * made through A reaches a player's stream on B, their join through B fills it and A hears of the
 * call and its chat, and the expiry both instances' timers race for is announced once.
 *
 * PostgreSQL only (`npm run test:pg`), as redis-cluster.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { SquadCallResponse } from '../../../src/shared/squad-call-types'
import type { RunningServer } from '../../../src/server/server'
import { readEvents, type EventReader } from '../../helpers/sse'
import { send, signup, twoInstances } from '../../helpers/two-instances'

const cluster = twoInstances({ folderPrefix: 'gamerstage-squads-cluster-' })

const streams: EventReader[] = []

const call = (server: RunningServer, path: string, method: string, token: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: token },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function stream(server: RunningServer, token: string): Promise<EventReader> {
  const response = await fetch(`${server.url}/api/events`, { headers: { authorization: token } })
  expect(response.status).toBe(200)
  const reader = readEvents(response)
  streams.push(reader)
  await reader.next('ready', 5000)
  return reader
}

describe('squad calls across instances', () => {
  it('a call made on A fills through B, and an expiry goes out once', async () => {
    const { a, b } = cluster
    try {
      const ana = await signup(a, 'squad_ana')
      const bo = await signup(b, 'squad_bo')
      expect((await call(a, '/api/me/games', 'PUT', ana, { games: ['Doom'] })).status).toBe(200)
      const anaOnA = await stream(a, ana)
      const boOnB = await stream(b, bo)
      const made = await send(a, '/api/squad-calls', { game: 'doom', needed: 1 }, ana)
      expect(made.status).toBe(201)
      const { squadCall } = (await made.json()) as SquadCallResponse
      const seen = await boOnB.next('squad-call', 5000)
      expect(seen.data.squadCall).toMatchObject({ _id: squadCall._id, status: 'open' })

      // Bo fills it through B: Ana on A hears of the call and of the chat it opened.
      const joined = await call(b, `/api/squad-calls/${squadCall._id}/join`, 'PUT', bo)
      expect(joined.status).toBe(200)
      const full = ((await joined.json()) as SquadCallResponse).squadCall
      expect(full.status).toBe('full')
      let heard = await anaOnA.next('squad-call', 5000)
      while (heard.data.squadCall.status === 'open') heard = await anaOnA.next('squad-call', 5000)
      expect(heard.data.squadCall).toMatchObject({ _id: squadCall._id, status: 'full' })
      const chat = await anaOnA.next('conversation', 5000)
      expect(chat.data.conversation._id).toBe(full.conversationId)

      // A second call, made to run out in about two seconds: both timers race for it.
      const second = await send(a, '/api/squad-calls', { game: 'doom', needed: 2 }, ana)
      const { squadCall: short } = (await second.json()) as SquadCallResponse
      await a.db.run(
        'UPDATE squad_calls SET expires_at = ? WHERE id = ?',
        Date.now() + 2000,
        Number(short._id),
      )
      // Another call's event wakes both timers, which then read the new expiry.
      expect((await send(b, '/api/squad-calls', { game: 'doom', needed: 3 }, bo)).status).toBe(201)
      let expired = await boOnB.next('squad-call', 8000)
      while (expired.data.squadCall.status !== 'expired') {
        expired = await boOnB.next('squad-call', 8000)
      }
      expect(expired.data.squadCall._id).toBe(short._id)
      await boOnB.settle(1500)
      const after = boOnB.events.filter(
        (one) =>
          one.type === 'squad-call' &&
          (one.data as SquadCallResponse).squadCall._id === short._id &&
          (one.data as SquadCallResponse).squadCall.status === 'expired',
      )
      expect(after).toHaveLength(1)
    } finally {
      await Promise.all(streams.splice(0).map((reader) => reader.close()))
    }
  })
})
