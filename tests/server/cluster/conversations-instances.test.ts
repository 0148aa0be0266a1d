/**
 * Conversations across two instances of one community (one PostgreSQL database, one
 * Redis): a message sent through A reaches its recipient's stream on B, in order, and not an
 * outsider's; a read on one instance clears the count a device on the other is shown; a device
 * that drops off and reconnects to the other instance with its Last-Event-ID gets the messages it
 * missed, in order, and none twice; a reaction and a group's picture changed through A reach a
 * member's stream on B; a "typing…" signal through A reaches the other member on B only.
 *
 * PostgreSQL only (`npm run test:pg`), as redis-cluster.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { UserResponse } from '../../../src/shared/api-types'
import type {
  ConversationResponse,
  ConversationUnreadResponse,
  MessageResponse,
} from '../../../src/shared/conversation-types'
import { TINY_PNG } from '../../helpers/api'
import type { RunningServer } from '../../../src/server/server'
import { readEvents, type EventReader } from '../../helpers/sse'
import { send, signup, twoInstances } from '../../helpers/two-instances'

const cluster = twoInstances({ folderPrefix: 'gamerstage-talk-cluster-' })

async function userId(server: RunningServer, username: string): Promise<string> {
  const answer = await fetch(`${server.url}/api/users/${username}`)
  return ((await answer.json()) as UserResponse).user._id
}

const streams: EventReader[] = []

async function stream(
  server: RunningServer,
  token: string,
  lastEventId?: string,
): Promise<EventReader> {
  const response = await fetch(`${server.url}/api/events`, {
    headers: { authorization: token, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  })
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

  it('a device that reconnects to the other instance with its Last-Event-ID misses no message', async () => {
    const { a, b } = cluster
    try {
      const ana = await signup(a, 'resume_ana')
      const bo = await signup(b, 'resume_bo')
      const started = await send(
        a,
        '/api/conversations/direct',
        { userId: await userId(a, 'resume_bo') },
        ana,
      )
      const { conversation } = (await started.json()) as ConversationResponse
      const path = `/api/conversations/${conversation._id}/messages`
      const boOnB = await stream(b, bo)
      expect((await send(a, path, { text: 'before the drop' }, ana)).status).toBe(201)
      const seen = await boOnB.next('message', 5000)
      expect(seen.data.message.text).toBe('before the drop')
      expect(seen.id).toBeTruthy()
      await boOnB.close()

      // Written while Bo's device was away.
      for (const text of ['while away 1', 'while away 2', 'while away 3']) {
        expect((await send(a, path, { text }, ana)).status).toBe(201)
      }
      // Bo's device comes back through the other instance, with the id it had from B.
      const boOnA = await stream(a, bo, seen.id)
      const replayed: string[] = []
      for (let n = 0; n < 3; n++) {
        replayed.push((await boOnA.next('message', 5000)).data.message.text)
      }
      expect(replayed).toEqual(['while away 1', 'while away 2', 'while away 3'])
      await boOnA.settle(300)
      const texts = boOnA.events
        .filter((event) => event.type === 'message')
        .map((event) => (event.data as { message: { text: string } }).message.text)
      expect(texts).toEqual(['while away 1', 'while away 2', 'while away 3'])
    } finally {
      await Promise.all(streams.splice(0).map((reader) => reader.close()))
    }
  })

  it("a reaction and a group's picture through A reach the members on B", async () => {
    const { a, b } = cluster
    try {
      const ana = await signup(a, 'cluster_ana2')
      const bo = await signup(b, 'cluster_bo2')
      const made = await send(
        a,
        '/api/conversations/group',
        { name: 'cluster squad', memberIds: [await userId(a, 'cluster_bo2')] },
        ana,
      )
      expect(made.status).toBe(201)
      const { conversation } = (await made.json()) as ConversationResponse
      const sent = await send(
        a,
        `/api/conversations/${conversation._id}/messages`,
        { text: 'gg' },
        ana,
      )
      const { message } = (await sent.json()) as MessageResponse
      const boOnB = await stream(b, bo)
      const reacted = await fetch(
        `${a.url}/api/conversations/${conversation._id}/messages/${message._id}/reactions/gg`,
        { method: 'PUT', headers: { authorization: ana } },
      )
      expect(reacted.status).toBe(200)
      const told = await boOnB.next('message-reactions', 5000)
      expect(told.data).toEqual({
        conversationId: conversation._id,
        messageId: message._id,
        reactions: { counts: [{ reaction: 'gg', count: 1 }], mine: [] },
      })
      const form = new FormData()
      form.append(
        'file',
        new Blob([TINY_PNG as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
        'g.png',
      )
      const picture = await fetch(`${a.url}/api/conversations/${conversation._id}/picture`, {
        method: 'PUT',
        headers: { authorization: ana },
        body: form,
      })
      expect(picture.status).toBe(200)
      const changed = await boOnB.next('conversation', 5000)
      expect(changed.data.conversation.pictureUrl).toMatch(/^\/api\/media\//)
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
