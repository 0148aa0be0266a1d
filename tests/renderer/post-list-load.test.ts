/**
 * A list's first page, loaded at start (main.tsx), is not asked for again when the list mounts a
 * moment later (PostList); an older one is.
 */
import './state-mocks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as postsApi from '../../src/renderer/src/api/posts'
import { loadPostListAtom, postListAtom } from '../../src/renderer/src/state/posts'
import { post, signedInStore } from './state-fixtures'

const getFeed = vi.mocked(postsApi.getFeed)

describe('loading a first page again', () => {
  afterEach(() => {
    vi.useRealTimers()
    getFeed.mockReset()
  })

  it('keeps a first page younger than the given age, and reloads an older one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const store = signedInStore()
    getFeed.mockResolvedValueOnce({ posts: [post('1')], nextCursor: null })
    await store.set(loadPostListAtom, 'feed', { reset: true })
    expect(getFeed).toHaveBeenCalledOnce()

    vi.setSystemTime(Date.now() + 2000)
    await store.set(loadPostListAtom, 'feed', { reset: true, unlessNewerThanMs: 3000 })
    expect(getFeed).toHaveBeenCalledOnce()

    vi.setSystemTime(Date.now() + 2000)
    getFeed.mockResolvedValueOnce({ posts: [post('2'), post('1')], nextCursor: null })
    await store.set(loadPostListAtom, 'feed', { reset: true, unlessNewerThanMs: 3000 })
    expect(getFeed).toHaveBeenCalledTimes(2)
    expect(store.get(postListAtom('feed')).posts.map((p) => p._id)).toEqual(['2', '1'])

    // Without the option a reset always asks.
    getFeed.mockResolvedValueOnce({ posts: [post('2'), post('1')], nextCursor: null })
    await store.set(loadPostListAtom, 'feed', { reset: true })
    expect(getFeed).toHaveBeenCalledTimes(3)
  })

  it('loads a list that has no first page yet, or only a failed one', async () => {
    const store = signedInStore()
    getFeed.mockRejectedValueOnce(new Error('Cannot reach the server. Check your connection.'))
    await store.set(loadPostListAtom, 'feed', { reset: true, unlessNewerThanMs: 3000 })
    expect(store.get(postListAtom('feed')).error).toMatch(/Cannot reach/)

    getFeed.mockResolvedValueOnce({ posts: [post('1')], nextCursor: null })
    await store.set(loadPostListAtom, 'feed', { reset: true, unlessNewerThanMs: 3000 })
    expect(getFeed).toHaveBeenCalledTimes(2)
    expect(store.get(postListAtom('feed')).posts.map((p) => p._id)).toEqual(['1'])
  })
})
