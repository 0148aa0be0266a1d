import { afterEach } from 'vitest'
import type { CommentResponse, Post, PostResponse } from '../../../src/shared/api-types'
import { EventHub } from '../../../src/server/events/hub'
import { STREAM_MESSAGES } from '../../../src/server/errors/messages'
import { MESSAGES } from '../../../src/server/errors/messages'
import { expectError, ok } from '../../helpers/api'
import { failInsertsInto } from '../../helpers/failing-writes'
import type { TestApp } from '../../helpers/server-app'
import { readEvents, type EventReader } from '../../helpers/sse'
import { describe, expect, it } from '../../helpers/fixtures'
import { captureLog } from '../../helpers/log-capture'

const readers: EventReader[] = []
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()))
})

async function connect(app: TestApp, token: string, lastEventId?: string): Promise<EventReader> {
  const response = await app.request('/api/events', {
    headers: { authorization: token, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
  expect(response.headers.get('cache-control')).toBe('no-cache, no-transform')
  const reader = readEvents(response)
  readers.push(reader)
  await reader.next('ready')
  return reader
}

const newPost = async (app: TestApp, token: string, content: string) =>
  (
    await ok<PostResponse>(
      app.send(
        '/api/posts',
        { postData: { content } },
        {
          token,
          headers: { prefer: 'return=minimal' },
        },
      ),
      201,
    )
  ).post

describe('GET /api/events', () => {
  it('refuses a request without a valid token with the API 401', async ({ app }) => {
    await expectError(app.get('/api/events'), 401, MESSAGES.invalidToken)
    await expectError(app.get('/api/events', 'not-a-token'), 401, MESSAGES.invalidToken)
    expect(app.events.clientCount).toBe(0)
  })

  it("lets a friend's app window (a loopback origin) send Last-Event-ID (CORS preflight)", async ({
    app,
  }) => {
    const response = await app.request('/api/events', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:51234',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, last-event-id',
      },
    })
    expect(response.status).toBe(204)
    const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase() ?? ''
    expect(allowed.split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'last-event-id']),
    )
  })

  it('fans a new post out to every connected client in the page shape, with an id', async ({
    app,
  }) => {
    const alice = await app.signup('alice')
    const bob = await app.signup('bob_b')
    const streams = [
      await connect(app, alice.token),
      await connect(app, bob.token),
      await connect(app, bob.token),
    ]
    const created = await newPost(app, alice.token, 'Hello LAN')
    for (const stream of streams) {
      const { id, data } = await stream.next('post')
      expect(id).toMatch(/^[0-9a-f]+-\d+$/)
      expect(data.post).toMatchObject({ _id: created._id, content: 'Hello LAN', commentCount: 0 })
      expect(data.post.likes).toEqual({ likeCount: 0, likedBy: [], dislikedBy: [] })
      expect(data.post.comments).toEqual([])
    }
  })

  it('sends each kind of change as its own event with the REST shapes', async ({ app }) => {
    const alice = await app.signup('alice')
    const bob = await app.signup('bob_b')
    const watcher = await connect(app, (await app.signup('watcher')).token)
    const post = await newPost(app, alice.token, 'first')

    await ok(app.send(`/api/posts/edit/${post._id}`, { postData: { content: 'edited' } }, alice))
    expect((await watcher.next('post')).data.post.content).toBe('first')
    expect((await watcher.next('post')).data.post.content).toBe('edited')

    await ok(app.send(`/api/posts/like/${post._id}`, {}, bob))
    expect((await watcher.next('reaction')).data).toEqual({
      postId: post._id,
      likeCount: 1,
      user: { _id: bob.id, username: 'bob_b' },
      reaction: 'like',
    })
    await ok(app.send(`/api/posts/dislike/${post._id}`, {}, bob))
    expect((await watcher.next('reaction')).data).toMatchObject({
      likeCount: 0,
      reaction: 'dislike',
    })

    const { comment } = await ok<CommentResponse>(
      app.send(
        `/api/comments/add/${post._id}`,
        { commentData: { text: 'nice' } },
        {
          ...bob,
          headers: { prefer: 'return=minimal' },
        },
      ),
      201,
    )
    const commented = (await watcher.next('comment')).data
    expect(commented.commentCount).toBe(1)
    expect(commented.comment).toMatchObject({ _id: comment._id, postId: post._id, text: 'nice' })

    await ok(app.send(`/api/comments/upvote/${post._id}/${comment._id}`, {}, alice))
    expect((await watcher.next('vote')).data).toEqual({
      postId: post._id,
      commentId: comment._id,
      upvoteCount: 1,
      downvoteCount: 0,
      user: { _id: alice.id, username: 'alice' },
      vote: 'up',
    })

    await ok(app.send(`/api/comments/delete/${post._id}/${comment._id}`, {}, bob))
    expect((await watcher.next('comment-deleted')).data).toEqual({
      postId: post._id,
      commentId: comment._id,
      commentCount: 0,
      placeholder: false,
      countDelta: -1,
    })

    await ok(app.send(`/api/users/follow/${alice.id}`, {}, bob))
    expect((await watcher.next('follow')).data).toEqual({
      follower: { _id: bob.id, username: 'bob_b', followerCount: 0, followingCount: 1 },
      followee: { _id: alice.id, username: 'alice', followerCount: 1, followingCount: 0 },
      following: true,
    })
    await ok(app.send(`/api/users/unfollow/${alice.id}`, {}, bob))
    expect((await watcher.next('follow')).data.following).toBe(false)

    await ok(app.send('/api/users/edit', { userData: { bio: 'new bio' } }, alice))
    expect((await watcher.next('user')).data.user).toMatchObject({
      _id: alice.id,
      username: 'alice',
      bio: 'new bio',
    })

    await ok(app.send(`/api/posts/${post._id}`, undefined, { ...alice, method: 'DELETE' }))
    expect((await watcher.next('post-deleted')).data).toEqual({
      postId: post._id,
      authorId: alice.id,
      authorPostCount: 0,
    })
    // The watcher was never notified of anything: none of it was theirs.
    expect(watcher.events.filter((event) => event.type === 'notification')).toEqual([])
  })

  it('publishes nothing for a change that was refused or rolled back', async ({ app }) => {
    const alice = await app.signup('alice')
    const bob = await app.signup('bob_b')
    const post = await newPost(app, alice.token, 'mine')
    const watcher = await connect(app, alice.token)
    await expectError(
      app.send(`/api/posts/edit/${post._id}`, { postData: { content: 'x' } }, bob),
      400,
      MESSAGES.editForeignPost,
    )
    await expectError(
      app.send(`/api/posts/${post._id}`, undefined, { ...bob, method: 'DELETE' }),
      400,
      MESSAGES.deleteForeignPost,
    )
    await expectError(
      app.send(`/api/posts/dislike/${post._id}`, {}, bob),
      400,
      MESSAGES.likeBelowZero,
    )
    expect(await watcher.settle()).toEqual([])
    // The refused delete left the post and its tags in place.
    expect((await ok<PostResponse>(app.get(`/api/posts/${post._id}`))).post.content).toBe('mine')
  })

  it('rolls the change back with its notification, and publishes nothing, when either fails', async ({
    app,
  }) => {
    const alice = await app.signup('alice')
    const bob = await app.signup('bob_b')
    const post = await newPost(app, alice.token, 'atomic')
    const watcher = await connect(app, alice.token)
    // Makes writing the like's notification fail, after the like itself was written.
    const allowNotifications = await failInsertsInto(
      app.db,
      'notifications',
      'no notifications today',
    )
    const logged = captureLog()
    const failed = await app.send(`/api/posts/like/${post._id}`, {}, bob)
    logged.restore()
    expect(failed.status).toBe(500)
    expect(logged.lines.filter((line) => line.msg === 'unexpected error')).toHaveLength(1)
    expect((await ok<PostResponse>(app.get(`/api/posts/${post._id}`))).post.likes.likeCount).toBe(0)
    expect(await watcher.settle()).toEqual([])
    await allowNotifications()
    await ok(app.send(`/api/posts/like/${post._id}`, {}, bob))
    expect((await watcher.next('reaction')).data.likeCount).toBe(1)
    expect((await watcher.next('notification')).data.unreadCount).toBe(1)
  })

  it('replays what a client missed when it reconnects with Last-Event-ID', async ({ app }) => {
    const alice = await app.signup('alice')
    const first = await connect(app, alice.token)
    await newPost(app, alice.token, 'one')
    const seen = await first.next('post')
    await first.close()

    await newPost(app, alice.token, 'two')
    await newPost(app, alice.token, 'three')
    const again = await connect(app, alice.token, seen.id)
    const replayed = again.events.filter((event) => event.type === 'post')
    expect(replayed.map((event) => (event.data as { post: Post }).post.content)).toEqual([
      'two',
      'three',
    ])
    // `ready` comes after the replay and carries the latest id.
    expect(again.events.at(-1)).toMatchObject({ type: 'ready', id: replayed[1]?.id })

    // The ready id is itself a good resume point: nothing is replayed twice.
    const readyId = again.lastEventId()
    await again.close()
    const third = await connect(app, alice.token, readyId)
    expect(third.events.map((event) => event.type)).toEqual(['ready'])
  })

  it('sends reset when the missed events left the buffer or the id is unknown', async ({
    makeApp,
  }) => {
    const app = await makeApp({ events: new EventHub({ replaySize: 3 }) })
    const alice = await app.signup('alice')
    const first = await connect(app, alice.token)
    await newPost(app, alice.token, 'one')
    const seen = await first.next('post')
    await first.close()
    for (const content of ['2', '3', '4', '5']) await newPost(app, alice.token, content)

    const late = await connect(app, alice.token, seen.id)
    expect(late.events.map((event) => event.type)).toEqual(['reset', 'ready'])
    expect(late.events[0]?.data).toEqual({ reason: 'too-old' })
    expect(late.events[0]?.id).toBe(app.events.lastEventId)

    for (const unknown of ['deadbeef-1', 'garbage', `${seen.id?.split('-')[0]}-999`]) {
      const stranger = await connect(app, alice.token, unknown)
      expect(stranger.events[0]).toMatchObject({ type: 'reset', data: { reason: 'unknown-id' } })
    }
  })

  it('sends a heartbeat comment at the configured interval', async ({ makeApp }) => {
    const app = await makeApp({ events: new EventHub({ heartbeatMs: 20 }) })
    const alice = await app.signup('alice')
    const stream = await connect(app, alice.token)
    await stream.settle(150)
    expect(stream.pings()).toBeGreaterThanOrEqual(2)
  })

  it('caps the open streams of one user with a 429, and frees a place on disconnect', async ({
    makeApp,
  }) => {
    const app = await makeApp({ events: new EventHub({ maxPerUser: 2 }) })
    const alice = await app.signup('alice')
    const bob = await app.signup('bob_b')
    const first = await connect(app, alice.token)
    await connect(app, alice.token)
    const refused = await app.get('/api/events', alice.token)
    expect(refused.headers.get('retry-after')).toBe('10')
    await expectError(refused, 429, STREAM_MESSAGES.userCap)
    // Someone else is not affected.
    await connect(app, bob.token)
    await first.close()
    expect(app.events.clientCount).toBe(2)
    await connect(app, alice.token)
  })
})

describe('EventHub.disconnectUser', () => {
  it("ends only that user's streams (for a revoked session or a deleted account)", async ({
    app,
  }) => {
    const alice = await app.signup('alice')
    const bob = await app.signup('bob_b')
    const aliceStreams = [await connect(app, alice.token), await connect(app, alice.token)]
    const bobStream = await connect(app, bob.token)
    expect(app.events.disconnectUser(Number(alice.id))).toBe(2)
    await Promise.all(aliceStreams.map((stream) => stream.ended))
    expect(app.events.clientStats().map((client) => client.userId)).toEqual([Number(bob.id)])
    await newPost(app, bob.token, 'still here')
    expect((await bobStream.next('post')).data.post.content).toBe('still here')
  })
})

describe('streams of sessions that end', () => {
  it.for<[string, (app: TestApp, token: string) => Promise<Response>]>([
    ['logging out', (app: TestApp, token: string) => app.send('/api/auth/logout', {}, { token })],
    [
      'changing the password',
      (app: TestApp, token: string) =>
        app.send(
          '/api/auth/password',
          { currentPassword: 'supersecret1', newPassword: 'brand-new-pass' },
          { token },
        ),
    ],
    [
      'deleting the account',
      (app: TestApp, token: string) =>
        app.send('/api/users/me', { password: 'supersecret1' }, { token, method: 'DELETE' }),
    ],
  ])("are cut on %s, and nobody else's", async ([_what, endSession], { app }) => {
    const alice = await app.signup('alice', 'supersecret1')
    const bob = await app.signup('bob_b', 'supersecret1')
    const aliceStream = await connect(app, alice.token)
    await connect(app, bob.token)
    expect((await endSession(app, alice.token)).status).toBe(200)
    await aliceStream.ended
    expect(app.events.clientStats().map((client) => client.userId)).toEqual([Number(bob.id)])
  })
})

describe('notification events', () => {
  it('reach only their recipient, live and on replay, never anyone else', async ({ app }) => {
    const alice = await app.signup('alice')
    const bob = await app.signup('bob_b')
    const carol = await app.signup('carol')
    const aliceStream = await connect(app, alice.token)
    const bobStream = await connect(app, bob.token)
    const carolStream = await connect(app, carol.token)

    const post = await newPost(app, alice.token, 'hi @carol and @bob_b')
    await ok(app.send(`/api/posts/like/${post._id}`, {}, bob))
    await ok(app.send(`/api/users/follow/${alice.id}`, {}, carol))

    const forAlice = [
      await aliceStream.next('notification'),
      await aliceStream.next('notification'),
    ]
    expect(
      forAlice.map(({ data }) => [data.notification.type, data.notification.actor.username]),
    ).toEqual([
      ['like', 'bob_b'],
      ['follow', 'carol'],
    ])
    expect(forAlice.map(({ data }) => data.unreadCount)).toEqual([1, 2])
    expect((await bobStream.next('notification')).data.notification.type).toBe('mention')
    expect((await carolStream.next('notification')).data.notification.type).toBe('mention')
    await aliceStream.settle()
    const notificationsOf = (stream: EventReader) =>
      stream.events
        .filter((event) => event.type === 'notification')
        .map((event) => (event.data as { notification: { id: string } }).notification.id)
    const ids = [aliceStream, bobStream, carolStream].map(notificationsOf)
    expect(ids.map((list) => list.length)).toEqual([2, 1, 1])
    expect(new Set(ids.flat()).size).toBe(4)

    // A stranger who reconnects from the very beginning gets none of them replayed.
    const dave = await app.signup('dave_d')
    const replay = await connect(app, dave.token, aliceStream.events[0]?.id)
    expect(replay.events.some((event) => event.type === 'notification')).toBe(false)
    expect(replay.events.filter((event) => event.type === 'post')).toHaveLength(1)
    // Alice's own replay holds hers.
    const aliceAgain = await connect(app, alice.token, aliceStream.events[0]?.id)
    expect(notificationsOf(aliceAgain)).toEqual(ids[0])
  })

  it('tells the recipient their new unread count when a cause is undone or read', async ({
    app,
  }) => {
    const alice = await app.signup('alice')
    const bob = await app.signup('bob_b')
    const post = await newPost(app, alice.token, 'like me')
    const aliceStream = await connect(app, alice.token)
    const bobStream = await connect(app, bob.token)
    await ok(app.send(`/api/posts/like/${post._id}`, {}, bob))
    expect((await aliceStream.next('notification')).data.unreadCount).toBe(1)
    await ok(app.send(`/api/posts/dislike/${post._id}`, {}, bob))
    expect((await aliceStream.next('unread-count')).data).toEqual({ unreadCount: 0 })

    await ok(app.send(`/api/users/follow/${alice.id}`, {}, bob))
    await aliceStream.next('notification')
    await ok(app.send('/api/notifications/read', {}, alice))
    expect((await aliceStream.next('unread-count')).data).toEqual({ unreadCount: 0 })
    expect(bobStream.events.some((event) => event.type === 'unread-count')).toBe(false)
  })
})
