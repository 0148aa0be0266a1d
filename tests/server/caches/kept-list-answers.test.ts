/**
 * The explore page (newest first), a profile's posts page and a post's comments page kept whole
 * with what they show (caches/lists.ts, caches/answer-parts.ts): a write that changes nothing such a page shows
 * leaves it served as it was; a new post in its list, a deletion, a change to a post it shows, to
 * its comments or to its viewer's own state, or a write no version follows makes the next read a fill. The explore
 * page by likes follows no list version: any write fills it. Every answer is compared with the
 * server's answer without the cache, byte for byte.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PostResponse } from '../../../src/shared/api-types'
import { ReadCache } from '../../../src/server/caches/read-cache'
import { makeTestApp, type TestApp } from '../../helpers/server-app'

let app: TestApp | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
  vi.useRealTimers()
})

describe('kept explore and profile pages', () => {
  it('outlive the writes that change nothing they show, and only those', async () => {
    // One clock: no kept answer runs out, and a page's cursor (which carries its time) is the same.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const cache = new ReadCache()
    app = await makeTestApp({ readCache: cache })
    const h = app
    let served = 0
    const answer = cache.answer.bind(cache)
    cache.answer = (key, now) => {
      const kept = answer(key, now)
      if (kept) served++
      return kept
    }
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const carol = await h.signup('carol')
    const minimal = { prefer: 'return=minimal' }
    const send = async (path: string, body: unknown, token: string, method = 'POST') => {
      const response = await h.send(path, body, { token, method, headers: minimal })
      expect(response.status, `${method} ${path}`).toBeLessThan(300)
      return response
    }
    const post = async (token: string, content: string) =>
      ((await (await send('/api/posts', { postData: { content } }, token)).json()) as PostResponse)
        .post._id
    const bobOld = await post(bob.token, 'Bob, long ago')
    for (let n = 0; n < 3; n++) await post(carol.token, `Carol's news ${n}`)
    const bobNew = await post(bob.token, 'Bob is online')

    const pages = {
      explore: '/api/posts?limit=3',
      byLikes: '/api/posts?limit=3&sort=likes',
      bob: '/api/posts/user/bob?limit=1',
    }
    /** One page as alice reads it: whether it was served whole, checked against a fresh one. */
    const read = async (page: keyof typeof pages, after: string): Promise<'kept' | 'filled'> => {
      const before = served
      const text = await (await h.get(pages[page], alice.token)).text()
      const kept = served > before
      cache.enabled = false
      const fresh = await (await h.get(pages[page], alice.token)).text()
      cache.enabled = true
      expect({ page, after, text }).toEqual({ page, after, text: fresh })
      return kept ? 'kept' : 'filled'
    }
    const readAll = async (after: string) => ({
      explore: await read('explore', after),
      byLikes: await read('byLikes', after),
      bob: await read('bob', after),
    })

    expect(await readAll('first read')).toEqual({
      explore: 'filled',
      byLikes: 'filled',
      bob: 'filled',
    })
    expect(await readAll('nothing')).toEqual({ explore: 'kept', byLikes: 'kept', bob: 'kept' })
    // bobOld is on neither newest-first page (carol's three are newer than it).
    await send(`/api/posts/like/${bobOld}`, {}, carol.token)
    expect(await readAll('a like of a post on no page')).toEqual({
      explore: 'kept',
      byLikes: 'filled',
      bob: 'kept',
    })
    await send(`/api/posts/like/${bobNew}`, {}, carol.token)
    expect(await readAll("a like of bob's newest post")).toEqual({
      explore: 'filled',
      byLikes: 'filled',
      bob: 'filled',
    })
    await send(`/api/posts/like/${bobNew}`, {}, alice.token)
    expect(await readAll("alice's own like")).toEqual({
      explore: 'filled',
      byLikes: 'filled',
      bob: 'filled',
    })
    await post(carol.token, 'Carol again')
    expect(await readAll('a new post by carol')).toEqual({
      explore: 'filled',
      byLikes: 'filled',
      bob: 'kept',
    })
    const gone = await post(bob.token, 'Bob, to be deleted')
    expect(await readAll('a new post by bob')).toEqual({
      explore: 'filled',
      byLikes: 'filled',
      bob: 'filled',
    })
    await send(`/api/posts/${gone}`, {}, bob.token, 'DELETE')
    expect(await readAll("bob's post deleted")).toEqual({
      explore: 'filled',
      byLikes: 'filled',
      bob: 'filled',
    })
    expect(await readAll('nothing again')).toEqual({
      explore: 'kept',
      byLikes: 'kept',
      bob: 'kept',
    })
    await send('/api/users/edit', { userData: { firstName: 'Carolyn' } }, carol.token)
    expect(await readAll('a profile edit (no version follows it)')).toEqual({
      explore: 'filled',
      byLikes: 'filled',
      bob: 'filled',
    })
  })

  it('keep a comments page through writes elsewhere, and fill it after any change to its comments', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const cache = new ReadCache()
    app = await makeTestApp({ readCache: cache })
    const h = app
    let served = 0
    const answer = cache.answer.bind(cache)
    cache.answer = (key, now) => {
      const kept = answer(key, now)
      if (kept) served++
      return kept
    }
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const minimal = { prefer: 'return=minimal' }
    const send = async (path: string, body: unknown, token: string, method = 'POST') => {
      const response = await h.send(path, body, { token, method, headers: minimal })
      expect(response.status, `${method} ${path}`).toBeLessThan(300)
      return response
    }
    const post = async (token: string, content: string) =>
      ((await (await send('/api/posts', { postData: { content } }, token)).json()) as PostResponse)
        .post._id
    const talked = await post(bob.token, 'Talk to me')
    const other = await post(bob.token, 'Another post')
    const comment = async (postId: string, text: string, token: string) =>
      (
        (await (
          await send(`/api/comments/add/${postId}`, { commentData: { text } }, token)
        ).json()) as {
          comment: { _id: string }
        }
      ).comment._id
    const first = await comment(talked, 'first!', alice.token)
    const page = `/api/comments/${talked}?limit=20`
    const read = async (after: string): Promise<'kept' | 'filled'> => {
      const before = served
      const text = await (await h.get(page, alice.token)).text()
      const kept = served > before
      cache.enabled = false
      const fresh = await (await h.get(page, alice.token)).text()
      cache.enabled = true
      expect({ after, text }).toEqual({ after, text: fresh })
      return kept ? 'kept' : 'filled'
    }

    expect(await read('first read')).toBe('filled')
    expect(await read('nothing')).toBe('kept')
    await comment(other, 'elsewhere', bob.token)
    expect(await read('a comment on another post')).toBe('kept')
    await send(`/api/posts/like/${other}`, {}, alice.token)
    expect(await read('a like of another post')).toBe('kept')
    await send(`/api/comments/upvote/${talked}/${first}`, {}, bob.token)
    expect(await read('an upvote of a comment shown')).toBe('filled')
    await comment(talked, 'second', bob.token)
    expect(await read('a new comment')).toBe('filled')
    await send(
      `/api/comments/edit/${talked}/${first}`,
      { commentData: { text: 'first, edited' } },
      alice.token,
    )
    expect(await read('an edit')).toBe('filled')
    expect(await read('nothing again')).toBe('kept')
    await send(`/api/posts/like/${talked}`, {}, bob.token)
    expect(await read('a like of the post itself')).toBe('filled')
    await send(`/api/comments/delete/${talked}/${first}`, {}, alice.token)
    expect(await read('a deletion')).toBe('filled')
  })
})
