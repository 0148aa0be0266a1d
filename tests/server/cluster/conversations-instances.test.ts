/**
 * Conversations across two instances of one community (one PostgreSQL database, one
 * Redis): a message sent through A reaches its recipient's stream on B, in order, and not an
 * outsider's; a read on one instance clears the count a device on the other is shown.
 *
 * PostgreSQL only (`npm run test:pg`), as redis-cluster.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { UserResponse } from '../../../src/shared/api-types'
import type {
  ConversationResponse,
  ConversationUnreadResponse,
} from '../../../src/shared/conversation-types'
import type { RunningServer } from '../../../src/server/server'
import { readEvents, type EventReader } from '../../helpers/sse'
import { send, signup, twoInstances } from '../../helpers/two-instances'

const cluster = twoInstances({ folderPrefix: 'gamerstage-talk-cluster-' })

async function userId(server: RunningServer, username: string): Promise<string> {
  const answer = await fetch(`${server.url}/api/users/${username}`)
  return ((await answer.json()) as UserResponse).user._id
}

const streams: EventReader[] = []

async function stream(server: RunningServer, token: string): Promise<EventReader> {
  const response = await fetch(`${server.url}/api/events`, { headers: { authorization: token } })
  expect(response.status).toBe(200)
  const reader = readEvents(response)
  streams.push(reader)
  await reader.next('ready', 5000)
  return reader
}

describe('conversations across instances', () => {
  it('a message sent through A reaches the recipient on B in order, and nobody else', async () => {
    const { a, b } = cluster
    try {
      const ana = await signup(a, 'cluster_ana')
      const bo = await signup(b, 'cluster_bo')
      const eve = await signup(b, 'cluster_eve')
      const started = await send(
        a,
        '/api/conversations/direct',
        { userId: await userId(a, 'cluster_bo') },
        ana,
      )
      expect(started.status).toBe(201)
      const { conversation } = (await started.json()) as ConversationResponse
      const boOnB = await stream(b, bo)
      const eveOnB = await stream(b, eve)
      for (const text of ['one', 'two', 'three']) {
        const sent = await send(a, `/api/conversations/${conversation._id}/messages`, { text }, ana)
        expect(sent.status).toBe(201)
      }
      const got: string[] = []
      for (let n = 0; n < 3; n++) got.push((await boOnB.next('message', 5000)).data.message.text)
      expect(got).toEqual(['one', 'two', 'three'])
      await eveOnB.settle(300)
      expect(eveOnB.events.some((event) => event.type === 'message')).toBe(false)

      // Bo's phone on A reads; his PC on B is told, and B counts nothing unread.
      const read = await send(a, `/api/conversations/${conversation._id}/read`, {}, bo)
      expect(read.status).toBe(200)
      const told = await boOnB.next('conversation-read', 5000)
      expect(told.data).toMatchObject({ conversationId: conversation._id, unreadCount: 0 })
      const unreadOnB = await fetch(`${b.url}/api/conversations/unread`, {
        headers: { authorization: bo },
      })
      expect(((await unreadOnB.json()) as ConversationUnreadResponse).totalUnread).toBe(0)
    } finally {
      await Promise.all(streams.splice(0).map((reader) => reader.close()))
    }
  })

  it('a "typing…" signal sent through A reaches the other member on B, not the typer, not an outsider', async () => {
    const { a, b } = cluster
    try {
      const ana = await signup(a, 'cluster_tana')
      const bo = await signup(b, 'cluster_tbo')
      const eve = await signup(b, 'cluster_teve')
      const started = await send(
        a,
        '/api/conversations/direct',
        { userId: await userId(a, 'cluster_tbo') },
        ana,
      )
      const { conversation } = (await started.json()) as ConversationResponse
      const boOnB = await stream(b, bo)
      const anaOnB = await stream(b, ana)
      const eveOnB = await stream(b, eve)
      const typed = await send(a, `/api/conversations/${conversation._id}/typing`, {}, ana)
      expect(typed.status).toBe(200)
      const told = await boOnB.next('conversation-typing', 5000)
      expect(told.data).toMatchObject({
        conversationId: conversation._id,
        user: { username: 'cluster_tana' },
      })
      await Promise.all([anaOnB.settle(300), eveOnB.settle(300)])
      for (const reader of [anaOnB, eveOnB]) {
        expect(reader.events.some((event) => event.type === 'conversation-typing')).toBe(false)
      }
    } finally {
      await Promise.all(streams.splice(0).map((reader) => reader.close()))
    }
  })
})
