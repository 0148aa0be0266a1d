/**
 * Whole answers kept per viewer and address (http/kept-answers.ts): served again only
 * while nothing was written, never past what the clock changes in them (a poll's end, a mute's),
 * never with another request's headers, and bounded in bytes. read-cache.test.ts compares every
 * read path byte for byte, cached and not, after every kind of change.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PostResponse, PostsPage } from '../../../src/shared/api-types'
import { LIVE_EVENT_ID_HEADER } from '../../../src/shared/live-event-id'
import { ReadCache } from '../../../src/server/caches/read-cache'
import { KeptAnswers } from '../../../src/server/caches/whole-answers'
import { createPoll } from '../../helpers/polls'
import { makeTestApp, type TestApp } from '../../helpers/server-app'

let app: TestApp | undefined
afterEach(async () => {
  vi.useRealTimers()
  await app?.close()
  app = undefined
})

const HOUR = 60 * 60 * 1000
const minimal = { prefer: 'return=minimal' }

/** A server whose kept answers live `answerMs`, its statements counted. */
async function serverKeeping(answerMs = 1_000) {
  const statements: string[] = []
  const cache = new ReadCache({ answerMs })
  app = await makeTestApp({ readCache: cache, onStatement: (sql) => statements.push(sql) })
  return { app, cache, statements }
}

async function read(
  h: TestApp,
  path: string,
  token?: string,
  headers: Record<string, string> = {},
) {
  const response = await h.request(path, {
    headers: { ...(token ? { authorization: token } : {}), ...headers },
  })
  return { response, text: await response.text() }
}

describe('kept answers', () => {
  it('answers a read again without a statement, until a write of any kind drops it', async () => {
    const { app: h, cache, statements } = await serverKeeping()
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    await h.send('/api/posts', { postData: { content: 'first' } }, { token: bob.token })

    const first = await read(h, '/api/posts?limit=20', alice.token)
    statements.length = 0
    const again = await read(h, '/api/posts?limit=20', alice.token)
    expect(again.text).toBe(first.text)
    expect(statements.filter((sql) => !/revoked|tokens/i.test(sql))).toEqual([])
    expect(cache.answers.size).toBeGreaterThan(0)

    // Another viewer's request is theirs alone.
    statements.length = 0
    await read(h, '/api/posts?limit=20', bob.token)
    expect(statements.length).toBeGreaterThan(0)

    await h.send(
      `/api/posts/like/${(JSON.parse(first.text) as PostsPage).posts[0]?._id}`,
      {},
      {
        token: alice.token,
        headers: minimal,
      },
    )
    const afterLike = JSON.parse(
      (await read(h, '/api/posts?limit=20', alice.token)).text,
    ) as PostsPage
    expect(afterLike.posts[0]?.likes.likeCount).toBe(1)
    expect(afterLike.posts[0]?.likes.likedBy).toEqual([{ _id: alice.id, username: 'alice' }])
  })

  it('keeps answers through presence, which no kept answer shows, and drops them on other events', async () => {
    const { app: h, cache } = await serverKeeping()
    const alice = await h.signup('alice')
    await read(h, '/api/users/alice', alice.token)
    const size = cache.answers.size
    expect(size).toBeGreaterThan(0)
    h.events.publish('presence', { userId: alice.id, state: 'online' } as never)
    h.events.publish('presences', { users: { [alice.id]: 'online' } })
    expect(cache.answers.size).toBe(size)
    // A type no one has listed (a later command's) counts as a change.
    h.events.publish('some-new-event' as never, { anything: true } as never)
    expect(cache.answers.size).toBe(0)
  })

  it('is not served past a second, or ten kept with its parts, even with nothing written', async () => {
    const { app: h, cache } = await serverKeeping()
    const alice = await h.signup('alice')
    const looked = vi.spyOn(cache, 'answer')
    const start = Date.now()
    /** Whether `path` is answered from what is kept, `ms` after the first read. */
    const kept = async (path: string, ms: number) => {
      vi.useFakeTimers({ toFake: ['Date'], now: start + ms })
      await read(h, path, alice.token)
      return looked.mock.results.at(-1)?.value !== undefined
    }
    // By likes: kept as any answer. Newest first: with its parts (its list's version).
    const byLikes = '/api/posts?limit=20&sort=likes'
    const newest = '/api/posts?limit=20'
    expect(await kept(byLikes, 0)).toBe(false)
    expect(await kept(newest, 0)).toBe(false)
    expect([await kept(byLikes, 999), await kept(newest, 999)]).toEqual([true, true])
    expect([await kept(byLikes, 1_001), await kept(newest, 1_001)]).toEqual([false, true])
    expect(await kept(newest, 9_999)).toBe(true)
    expect(await kept(newest, 10_001)).toBe(false)
  })

  it("is not served past a poll's end, however long answers may live", async () => {
    const { app: h } = await serverKeeping(24 * HOUR)
    const alice = await h.signup('alice')
    const { postId } = await createPoll(h, alice.token, 60)
    const open = JSON.parse((await read(h, `/api/posts/${postId}`, alice.token, minimal)).text)
    expect((open as PostResponse).post.poll?.ended).toBe(false)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HOUR + 1_000 })
    const ended = JSON.parse((await read(h, `/api/posts/${postId}`, alice.token, minimal)).text)
    expect((ended as PostResponse).post.poll?.ended).toBe(true)
  })

  it("is not served past the end of a mute that hid a player's posts", async () => {
    const { app: h } = await serverKeeping(24 * HOUR)
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    await h.send('/api/posts', { postData: { content: 'bob was here' } }, { token: bob.token })
    await h.send(`/api/users/me/mute/${bob.id}`, { duration: '1h' }, { token: alice.token })
    const contents = async () =>
      (JSON.parse((await read(h, '/api/posts?limit=20', alice.token)).text) as PostsPage).posts.map(
        (post) => post.content,
      )
    expect(await contents()).not.toContain('bob was here')
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HOUR + 1_000 })
    expect(await contents()).toContain('bob was here')
  })

  it("sets this request's own headers around a kept body: CORS and the latest live event", async () => {
    const { app: h } = await serverKeeping()
    const alice = await h.signup('alice')
    const first = await read(h, '/api/users/alice', alice.token, {
      origin: 'http://127.0.0.1:5173',
    })
    expect(first.response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    h.events.publish('presence', { userId: alice.id, state: 'online' } as never)
    const again = await read(h, '/api/users/alice', alice.token, {
      origin: 'http://localhost:4000',
    })
    expect(again.text).toBe(first.text)
    expect(again.response.headers.get('access-control-allow-origin')).toBe('http://localhost:4000')
    expect(again.response.headers.get(LIVE_EVENT_ID_HEADER)).not.toBe(
      first.response.headers.get(LIVE_EVENT_ID_HEADER),
    )
    expect(again.response.headers.get('content-type')).toBe(
      first.response.headers.get('content-type'),
    )
    const none = await read(h, '/api/users/alice', alice.token)
    expect(none.response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('keeps no fill whose reads began before a change, nor a refusal, nor a whole list', async () => {
    const { app: h, cache } = await serverKeeping()
    const alice = await h.signup('alice')
    const mark = cache.answerMark
    cache.forgetNamedIn('post', { postId: '1' })
    const made = { body: bytes('{}'), contentType: 'application/json', route: '/api/feed' }
    cache.keepAnswer('raced', made, mark, Infinity)
    expect(cache.answer('raced')).toBeUndefined()

    expect((await read(h, '/api/posts/999999', alice.token)).response.status).toBe(404)
    expect((await read(h, '/api/posts', alice.token)).response.status).toBe(200)
    expect(cache.answers.size).toBe(0)
  })
})

const bytes = (text: string) => new TextEncoder().encode(text)

describe('KeptAnswers', () => {
  it('stays within its bound in bytes, dropping the least recently used first', () => {
    const kept = new KeptAnswers(20_000)
    const answer = (body: string) => ({
      body: bytes(body),
      contentType: 'application/json',
      route: '/api/feed',
      generation: 0,
      until: Infinity,
    })
    for (let index = 0; index < 50; index++) kept.set(`key ${index}`, answer('x'.repeat(1_000)))
    expect(kept.usedBytes).toBeLessThanOrEqual(20_000)
    expect(kept.size).toBeGreaterThan(5)
    expect(kept.get('key 0', () => true, 0)).toBeUndefined()
    expect(kept.get('key 49', () => true, 0)?.body).toHaveLength(1_000)
    // An answer over an eighth of the bound is not kept at all.
    kept.set('huge', answer('y'.repeat(5_000)))
    expect(kept.get('huge', () => true, 0)).toBeUndefined()
    kept.clear()
    expect(kept.usedBytes).toBe(0)
  })

  it('answers nothing that no longer holds or is past its time, and forgets it', () => {
    const kept = new KeptAnswers(20_000)
    const made = { body: bytes('{}'), contentType: 'application/json', route: '/api/feed' }
    kept.set('a', { ...made, generation: 1, until: 100 })
    expect(kept.get('a', (answer) => answer.generation === 2, 0)).toBeUndefined()
    expect(kept.size).toBe(0)
    kept.set('b', { ...made, generation: 1, until: 100 })
    expect(kept.get('b', () => true, 100)).toBeUndefined()
    expect(kept.usedBytes).toBe(0)
  })
})
