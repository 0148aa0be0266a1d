/**
 * A toggle's call gives up (api/client.ts, TOGGLE_TIMEOUT_MS): a server that vanished without a
 * word leaves a call hanging for minutes, and the control pressed with it. Past the wait, the
 * call fails as one that found no server: the banner shows and the toggle goes back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, TOGGLE_TIMEOUT_MS, configureApi } from '../../src/renderer/src/api/client'
import { downvoteComment, upvoteComment } from '../../src/renderer/src/api/comments'
import { dislikePost, likePost } from '../../src/renderer/src/api/posts'
import { setEmojiReaction, setRepost } from '../../src/renderer/src/api/shares'
import {
  bookmarkPost,
  followUser,
  removeBookmark,
  unfollowUser,
} from '../../src/renderer/src/api/users'
import { fakeFriendServer } from './fake-server'

describe('a toggle’s call', () => {
  const fetchMock = fakeFriendServer()
  const onNetworkError = vi.fn()
  afterEach(() => {
    vi.restoreAllMocks()
    onNetworkError.mockReset()
  })

  it.each([
    ['like', () => likePost('p1')],
    ['dislike', () => dislikePost('p1')],
    ['bookmark', () => bookmarkPost('p1')],
    ['remove a bookmark', () => removeBookmark('p1')],
    ['follow', () => followUser('u1')],
    ['unfollow', () => unfollowUser('u1')],
    ['upvote', () => upvoteComment('p1', 'c1')],
    ['downvote', () => downvoteComment('p1', 'c1')],
    ['repost', () => setRepost('p1', true)],
    ['react', () => setEmojiReaction('p1', 'fire', true)],
  ])('to %s fails as unreachable once its wait is over', async (_name, call) => {
    configureApi({ onNetworkError })
    // The wait's signal, fired by hand rather than after 15 real seconds.
    const wait = new AbortController()
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(wait.signal)
    // A server that never answers: only the signal ends the call.
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    )
    const answer = call()
    expect(timeout).toHaveBeenCalledWith(TOGGLE_TIMEOUT_MS)
    wait.abort(new DOMException('The operation timed out.', 'TimeoutError'))
    const error: unknown = await answer.catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(0)
    expect(onNetworkError).toHaveBeenCalledWith('http://friend:4567')
  })
})
