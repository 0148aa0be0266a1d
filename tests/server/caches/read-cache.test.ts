/**
 * What reads keep ready (caches/read-cache.ts): after every kind of change, through
 * its own route, each read path answers byte for byte what it answers with the cache off; every
 * part of the cache stays within its bound; a session ends at once however it is ended.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PostResponse } from '../../../src/shared/api-types'
import { BoundedMap, ReadCache } from '../../../src/server/caches/read-cache'
import { readCacheOf } from '../../../src/server/caches/store-caches'
import { namedIn } from '../../../src/server/caches/named-in'
import { TINY_PNG, signedInAs } from '../../helpers/api'
import { expectKeptAsInDatabase } from '../../helpers/kept-caches'
import { createPoll } from '../../helpers/polls'
import { makeTestApp, type TestApp } from '../../helpers/server-app'
import { readEvents } from '../../helpers/sse'
import { makeMp4 } from '../../helpers/videos'

let app: TestApp | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

describe('the read cache', () => {
  it('answers every read path byte for byte as a server without it, after every kind of change', async () => {
    // One clock for the whole run: a whole answer kept before a change is read after it (none
    // runs out), and a feed page's cursor, which carries the time it was read, is the same.
    const start = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: start })
    const cache = new ReadCache({ timelineLength: 4 })
    app = await makeTestApp({ readCache: cache, admins: ['Boss'] })
    const h = app
    const boss = await signedInAs(h, 'boss')
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const post = async (token: string, content: string) =>
      (
        (await (
          await h.send(
            '/api/posts',
            { postData: { content } },
            { token, headers: { prefer: 'return=minimal' } },
          )
        ).json()) as PostResponse
      ).post._id
    const bobPost = await post(bob.token, 'Bob says hi @alice #lan')
    const alicePost = await post(alice.token, 'Alice writes #lan')
    const minimal = { prefer: 'return=minimal' }
    const call = async (path: string, token: string | undefined, init: RequestInit = {}) => {
      const response = await h.request(path, {
        ...init,
        headers: {
          ...(token ? { authorization: token } : {}),
          ...((init.headers as Record<string, string> | undefined) ?? {}),
        },
      })
      return `${response.status} ${await response.text()}`
    }

    let pollPost: string | null = null
    let quotePost: string | null = null
    let rootComment: string | null = null
    let replyComment: string | null = null
    /** Every read path, as each of the three viewers (and no one) reads it. */
    const reads = (): [string, RequestInit?][] => [
      ['/api/feed?limit=20'],
      // A short page, served from the kept home timeline (cut at four entries below).
      ['/api/feed?limit=1'],
      ['/api/posts?limit=20'],
      ['/api/posts?limit=20&sort=likes'],
      ['/api/posts'],
      ['/api/posts?tag=lan&limit=20'],
      ['/api/posts/user/bob?limit=20'],
      ['/api/posts/user/alice'],
      [`/api/posts/${bobPost}`],
      [`/api/posts/${bobPost}`, { headers: minimal }],
      [`/api/posts/${alicePost}`, { headers: minimal }],
      [`/api/comments/${bobPost}?limit=20`],
      [`/api/comments/${bobPost}`],
      ['/api/users/bookmark?limit=20'],
      ['/api/users?search=a&limit=8'],
      ['/api/users/bob'],
      ['/api/users/alice'],
      ['/api/auth/session'],
      // More read paths: post search, a game's posts (its tag), a poll's post,
      // a quote, who reacted with an emoji, a thread's replies and its deep link.
      ['/api/search?q=lan&type=posts&limit=20'],
      ['/api/search?q=lan'],
      ['/api/posts?tag=quake&limit=20'],
      ...(pollPost
        ? ([[`/api/posts/${pollPost}`], [`/api/posts/${pollPost}`, { headers: minimal }]] as [
            string,
            RequestInit?,
          ][])
        : []),
      ...(quotePost ? ([[`/api/posts/${quotePost}`]] as [string][]) : []),
      [`/api/posts/${bobPost}/reactions/fire?limit=20`],
      ...(rootComment
        ? ([
            [`/api/comments/${bobPost}/replies/${rootComment}?limit=20`],
            [`/api/comments/${bobPost}/thread/${replyComment ?? rootComment}`],
          ] as [string][])
        : []),
    ]
    const viewers = [alice.token, bob.token, boss.token, undefined]
    let checks = 0
    const expectSame = async (after: string) => {
      for (const token of viewers) {
        for (const [path, init] of reads()) {
          cache.enabled = true
          // Kept from before the change when nothing it shows changed, else made afresh.
          const first = await call(path, token, init)
          const cached = await call(path, token, init)
          cache.enabled = false
          const fresh = await call(path, token, init)
          cache.enabled = true
          for (const answer of [first, cached]) {
            expect({ after, path, viewer: token?.slice(-8), answer }).toEqual({
              after,
              path,
              viewer: token?.slice(-8),
              answer: fresh,
            })
          }
          checks++
        }
      }
      // Every kept post row and home timeline is the database's (a command that
      // changed them without saying so would leave a difference).
      await expectKeptAsInDatabase(cache, h.db, after)
    }
    const send = (path: string, body: unknown, token: string, method = 'POST') =>
      h.send(path, body, { token, method, headers: minimal }).then((r) => {
        expect(r.status, `${method} ${path}`).toBeLessThan(300)
      })

    await expectSame('start')
    await send(
      `/api/posts/edit/${bobPost}`,
      { postData: { content: 'Edited @boss #lan' } },
      bob.token,
    )
    await expectSame('post edit')
    await send(`/api/posts/like/${bobPost}`, {}, alice.token)
    await expectSame('like')
    await send(`/api/posts/dislike/${bobPost}`, {}, alice.token)
    await expectSame('dislike')
    await send(`/api/users/bookmark/${bobPost}`, {}, alice.token)
    await expectSame('bookmark')
    await send(`/api/comments/add/${bobPost}`, { commentData: { text: 'gg @bob' } }, alice.token)
    await expectSame('comment add')
    const { comments } = (await (await h.get(`/api/comments/${bobPost}?limit=1`)).json()) as {
      comments: { _id: string }[]
    }
    const commentId = comments[0]?._id ?? ''
    await send(`/api/comments/upvote/${bobPost}/${commentId}`, {}, bob.token)
    await expectSame('vote')
    await send(`/api/comments/delete/${bobPost}/${commentId}`, {}, alice.token)
    await expectSame('comment delete')
    await send(`/api/users/follow/${bob.id}`, {}, alice.token)
    await expectSame('follow')
    await send(`/api/users/edit`, { userData: { firstName: 'Bobby', bio: 'new bio' } }, bob.token)
    await expectSame('profile edit')
    const form = new FormData()
    form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'a.png')
    const upload = await h.request('/api/media', {
      method: 'POST',
      headers: { authorization: bob.token },
      body: form,
    })
    const { url } = (await upload.json()) as { url: string }
    await send('/api/users/edit', { userData: { profileImg: url } }, bob.token)
    await expectSame('avatar change')
    await send(`/api/users/unfollow/${bob.id}`, {}, alice.token)
    await send(`/api/users/remove-bookmark/${bobPost}`, {}, alice.token)
    await expectSame('unfollow, remove bookmark')

    // Reposts, quotes, reactions, polls, threads and games: their kinds of change.
    await send(`/api/users/follow/${bob.id}`, {}, boss.token)
    await send(`/api/posts/${bobPost}/repost`, {}, boss.token)
    await expectSame('repost')
    await send(`/api/posts/${bobPost}/repost`, undefined, boss.token, 'DELETE')
    await expectSame('repost undone')
    // A feed kept as holding no repost (home-feed.ts) gains one by a follow of a reposter.
    await send(`/api/posts/${bobPost}/repost`, {}, boss.token)
    await expectSame('repost, not followed')
    await send(`/api/users/follow/${boss.id}`, {}, alice.token)
    await expectSame('follow of a reposter')
    await send(`/api/users/unfollow/${boss.id}`, {}, alice.token)
    await send(`/api/posts/${bobPost}/repost`, undefined, boss.token, 'DELETE')
    const quoted = await h.send(
      '/api/posts',
      { postData: { content: 'So true #lan', quoteOf: bobPost } },
      { token: alice.token, headers: minimal },
    )
    expect(quoted.status).toBe(201)
    quotePost = ((await quoted.json()) as PostResponse).post._id
    await expectSame('quote')
    await send(`/api/posts/${bobPost}/reactions/fire`, {}, alice.token, 'PUT')
    await send(`/api/posts/${quotePost}/reactions/wow`, {}, bob.token, 'PUT')
    await expectSame('emoji reaction')
    await send(`/api/posts/${bobPost}/reactions/fire`, undefined, alice.token, 'DELETE')
    await expectSame('emoji reaction taken back')
    pollPost = (await createPoll(h, bob.token)).postId
    await expectSame('poll post')
    const pollNow = (await (await h.get(`/api/posts/${pollPost}`)).json()) as PostResponse
    await send(
      `/api/posts/${pollPost}/poll/vote`,
      { optionId: pollNow.post.poll?.options[0]?.id ?? '' },
      alice.token,
    )
    await expectSame('poll vote')
    await send(`/api/comments/add/${bobPost}`, { commentData: { text: 'root #lan' } }, bob.token)
    rootComment =
      (
        (await (await h.get(`/api/comments/${bobPost}?limit=1`)).json()) as {
          comments: { _id: string }[]
        }
      ).comments[0]?._id ?? null
    await expectSame('comment')
    await send(
      `/api/comments/add/${bobPost}`,
      { commentData: { text: 'a reply @bob', replyTo: rootComment } },
      alice.token,
    )
    const replies = (await (
      await h.get(`/api/comments/${bobPost}/replies/${rootComment}?limit=5`)
    ).json()) as { comments: { _id: string }[] }
    replyComment = replies.comments[0]?._id ?? null
    await expectSame('reply')
    const clipForm = new FormData()
    clipForm.append(
      'file',
      new Blob([makeMp4() as Uint8Array<ArrayBuffer>], { type: 'video/mp4' }),
      'c.mp4',
    )
    const clipUpload = await h.request('/api/media/clips', {
      method: 'POST',
      headers: { authorization: bob.token },
      body: clipForm,
    })
    expect(clipUpload.status).toBe(201)
    const { media: clip } = (await clipUpload.json()) as { media: { id: string } }
    await send(
      '/api/posts',
      { postData: { content: 'my clip #quake', media: [{ id: clip.id, alt: 'A frag' }] } },
      bob.token,
    )
    await send('/api/me/games', { games: ['Quake'] }, bob.token, 'PUT')
    await expectSame('clip post, game added')
    await send(`/api/users/me/mute/${bob.id}`, { duration: '1h' }, alice.token)
    await expectSame('mute for an hour')
    vi.setSystemTime(start + 2 * 60 * 60 * 1000)
    await expectSame('the hour passed')
    await send(`/api/users/me/unmute/${bob.id}`, {}, alice.token)
    await send(`/api/users/me/block/${bob.id}`, {}, alice.token)
    await expectSame('block')
    await send(`/api/users/me/unblock/${bob.id}`, {}, alice.token)
    await send(`/api/users/me/mute/${bob.id}`, {}, alice.token)
    await expectSame('mute')
    await send(`/api/moderation/suspend/${bob.id}`, {}, boss.token)
    await expectSame('suspension')
    await send(`/api/moderation/unsuspend/${bob.id}`, {}, boss.token)
    await expectSame('suspension lifted')
    await send(`/api/posts/${alicePost}`, undefined, alice.token, 'DELETE')
    await expectSame('post delete')
    await send('/api/users/me', { password: 'correct horse battery' }, alice.token, 'DELETE')
    await expectSame('account deleted')
    expect(cache.timelines.size).toBeGreaterThan(0)
    expect(cache.postRows.size).toBeGreaterThan(0)
    expect(checks).toBeGreaterThan(2000)
    vi.useRealTimers()
  }, 120_000)

  // Presenting for a command's live events happens after its commit and before its events drop
  // what it changed: read from the cache, an edited poll's event carried the old options (the
  // author's screen then showed them over the edit's own answer).
  it("carries in a command's live event what it wrote, not what was kept before", async () => {
    app = await makeTestApp({ readCache: new ReadCache() })
    const h = app
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const { postId } = await createPoll(h, alice.token, 1440, ['Saturday', 'Sunday'])
    // Bob's read keeps the poll's shared state.
    expect(
      (await h.request(`/api/posts/${postId}`, { headers: { authorization: bob.token } })).status,
    ).toBe(200)
    const events = readEvents(
      await h.request('/api/events', { headers: { authorization: bob.token } }),
    )
    try {
      await events.next('ready')
      const edited = await h.send(
        `/api/posts/edit/${postId}`,
        {
          postData: {
            content: 'Who’s in?',
            poll: { options: ['Friday', 'Never'], durationHours: 24 },
          },
        },
        { token: alice.token, headers: { prefer: 'return=minimal' } },
      )
      expect(edited.status).toBe(200)
      const event = await events.next('post')
      expect(event.data.post.poll?.options.map((option) => option.text)).toEqual([
        'Friday',
        'Never',
      ])
    } finally {
      await events.close()
    }
  })

  it('ends a kept session at once: logout, session revoke, password change, suspension', async () => {
    app = await makeTestApp({ admins: ['Boss'] })
    const h = app
    const boss = await signedInAs(h, 'boss')
    const session = (token: string) => h.get('/api/auth/session', token).then((r) => r.status)
    const kept = () => readCacheOf(h.db)?.sessions.size ?? 0

    const alice = await h.signup('alice', 'correct horse battery')
    expect(await session(alice.token)).toBe(200)
    expect(kept()).toBeGreaterThan(0)
    await h.send('/api/auth/logout', {}, { token: alice.token })
    expect(await session(alice.token)).toBe(401)

    const bob = await h.signup('bob', 'correct horse battery')
    expect(await session(bob.token)).toBe(200)
    await h.send('/api/moderation/suspend/' + bob.id, {}, { token: boss.token })
    expect(await session(bob.token)).toBe(401)

    const carol = await h.signup('carol', 'correct horse battery')
    expect(await session(carol.token)).toBe(200)
    const changed = await h.send(
      '/api/auth/password',
      { currentPassword: 'correct horse battery', newPassword: 'another horse battery' },
      { token: carol.token },
    )
    expect(changed.status).toBe(200)
    expect(await session(carol.token)).toBe(401)
  })

  it('keeps every part within its bound', async () => {
    const map = new BoundedMap<number, string>(3)
    for (let i = 0; i < 10; i++) map.set(i, String(i))
    expect(map.size).toBe(3)
    expect(map.get(9)).toBe('9')
    expect(map.get(0)).toBeUndefined()
    // Used lately: kept over older ones.
    map.get(7)
    map.set(10, '10')
    expect(map.get(7)).toBe('7')
    expect(map.get(8)).toBeUndefined()

    const cache = new ReadCache({ summaries: 5, postImages: 5, sessions: 5, sessionMs: 1000 })
    app = await makeTestApp({ readCache: cache })
    const h = app
    const { token } = await h.signup('reader')
    for (let i = 0; i < 12; i++) {
      const user = await h.signup(`writer${i}`)
      await h.send('/api/posts', { postData: { content: `post ${i}` } }, { token: user.token })
    }
    expect((await h.get('/api/posts?limit=20', token)).status).toBe(200)
    expect(cache.summaries.size).toBeLessThanOrEqual(5)
    expect(cache.postImages.size).toBeLessThanOrEqual(5)
    expect(cache.sessions.size).toBeLessThanOrEqual(5)
    expect(cache.summaries.size).toBeGreaterThan(0)
  })

  it('finds the posts and users any event names, wherever they stand', () => {
    const named = namedIn({
      post: { _id: '7', content: 'x', author: { _id: '3', username: 'a' } },
      comment: { _id: '9', postId: '8', author: { _id: '4', username: 'b' } },
      someNewThing: { nested: [{ authorId: '5' }] },
    })
    expect([...named.posts].sort()).toEqual([7, 8])
    expect([...named.users].sort()).toEqual([3, 4, 5])
  })
})
