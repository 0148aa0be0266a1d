/**
 * Toggles through a Jotai store (state/toggles.ts): a burst of clicks ends in the last click's
 * state with one request in flight per control, the control shows the intent at once, and a
 * failure falls back to the server's last confirmed state, not to a snapshot from the click, and
 * says so once while the server cannot be reached.
 */
import './state-mocks'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CommentResponse, FollowResponse, PostResponse } from '../../src/shared/api-types'
import { ApiError } from '../../src/renderer/src/api/client'
import * as commentsApi from '../../src/renderer/src/api/comments'
import * as postsApi from '../../src/renderer/src/api/posts'
import * as usersApi from '../../src/renderer/src/api/users'
import { COPY } from '../../src/renderer/src/copy'
import { notifyError } from '../../src/renderer/src/lib/notify'
import { userAtom } from '../../src/renderer/src/state/auth'
import { commentListAtom, voteCommentAtom } from '../../src/renderer/src/state/comment-votes'
import { commentListsAtom } from '../../src/renderer/src/state/comments'
import { EMPTY_LIST } from '../../src/renderer/src/state/lists'
import { liveReactionAtom, liveVoteAtom } from '../../src/renderer/src/live/merge'
import {
  postAtom,
  postListAtom,
  postListsAtom,
  shownBookmarkIdsAtom,
  toggleBookmarkAtom,
  toggleLikeAtom,
} from '../../src/renderer/src/state/posts'
import {
  markServerReachableAtom,
  markServerUnreachableAtom,
} from '../../src/renderer/src/state/server-status'
import { logoutAtom } from '../../src/renderer/src/state/session'
import { TOGGLE_FAILED_TOAST } from '../../src/renderer/src/state/toggle-failures'
import {
  profileAtom,
  profilesAtom,
  shownFollowingNamesAtom,
  toggleFollowAtom,
} from '../../src/renderer/src/state/users'
import {
  ME,
  NOVA,
  RIVAL,
  comment,
  deferred,
  loadList,
  post,
  settle,
  signedInStore,
  userOf,
} from './state-fixtures'
import type { Deferred, Store } from './state-fixtures'

/** How many fake server calls run at once, across the calls that share it. */
function concurrency() {
  return { now: 0, max: 0 }
}

/**
 * Puts a fake server call in place of `api`, a function of a mocked API module: each call waits
 * for the test to answer it; `shared` keeps the highest number of calls in flight at once
 * (across the like and the dislike call, say).
 */
function answerByHand<Api extends (...args: never[]) => Promise<unknown>>(
  api: Api,
  shared = concurrency(),
) {
  const calls: { args: unknown[]; answer: Deferred<Awaited<ReturnType<Api>>> }[] = []
  const fn = (...args: unknown[]) => {
    const answer = deferred<Awaited<ReturnType<Api>>>()
    calls.push({ args, answer })
    shared.now += 1
    shared.max = Math.max(shared.max, shared.now)
    return answer.promise.finally(() => {
      shared.now -= 1
    })
  }
  vi.mocked(api).mockImplementation(fn as unknown as Api)
  return { calls }
}

const liked = (id: string, likeCount: number) =>
  ({
    post: post(id, NOVA, { likes: { likeCount, likedBy: [ME], dislikedBy: [] } }),
  }) satisfies PostResponse
const disliked = (id: string, likeCount: number) =>
  ({
    post: post(id, NOVA, { likes: { likeCount, likedBy: [], dislikedBy: [ME] } }),
  }) satisfies PostResponse

let store: Store
beforeEach(() => {
  vi.resetAllMocks()
  store = signedInStore()
  loadList(store, 'feed', [
    post('p1', NOVA, { likes: { likeCount: 3, likedBy: [], dislikedBy: [] } }),
  ])
})
afterEach(() => vi.useRealTimers())

const shown = (id = 'p1') => store.get(postAtom(id))?.likes

describe('the like toggle', () => {
  it('shows the intended state at once and sends one request', async () => {
    const likes = answerByHand(postsApi.likePost)
    const done = store.set(toggleLikeAtom, 'p1')
    expect(shown()).toMatchObject({ likeCount: 4, likedBy: [{ username: 'viewer' }] })
    // Every list resolves the same post, so the card in the feed shows it too.
    expect(store.get(postListAtom('feed')).posts[0]?.likes.likeCount).toBe(4)
    likes.calls[0]?.answer.resolve(liked('p1', 4))
    await done
    expect(shown()).toMatchObject({ likeCount: 4, likedBy: [{ username: 'viewer' }] })
    expect(likes.calls).toHaveLength(1)
  })

  it('coalesces a burst into the last click, with at most one request in flight', async () => {
    const control = concurrency()
    const likes = answerByHand(postsApi.likePost, control)
    const dislikes = answerByHand(postsApi.dislikePost, control)

    // Four clicks while the first like is still on its way: like, unlike, like, unlike.
    const first = store.set(toggleLikeAtom, 'p1')
    for (const expected of [3, 4, 3]) {
      void store.set(toggleLikeAtom, 'p1')
      expect(shown()?.likeCount).toBe(expected)
    }
    expect(shown()?.likedBy).toEqual([])
    expect(likes.calls).toHaveLength(1)
    expect(dislikes.calls).toHaveLength(0)

    likes.calls[0]?.answer.resolve(liked('p1', 4))
    await settle()
    // The last click was an unlike: one dislike follows, and nothing runs beside it.
    expect(dislikes.calls).toHaveLength(1)
    expect(shown()?.likeCount).toBe(3)
    dislikes.calls[0]?.answer.resolve(disliked('p1', 3))
    await first
    expect(shown()).toMatchObject({
      likeCount: 3,
      likedBy: [],
      dislikedBy: [{ username: 'viewer' }],
    })
    expect(control.max).toBe(1)
    expect(likes.calls).toHaveLength(1)
  })

  it('sends nothing more when a burst ends where the first answer left it', async () => {
    const likes = answerByHand(postsApi.likePost)
    const first = store.set(toggleLikeAtom, 'p1')
    void store.set(toggleLikeAtom, 'p1')
    void store.set(toggleLikeAtom, 'p1')
    likes.calls[0]?.answer.resolve(liked('p1', 4))
    await first
    expect(likes.calls).toHaveLength(1)
    expect(postsApi.dislikePost).not.toHaveBeenCalled()
  })

  it('rolls back to the confirmed state, with what changed since the click, and says why', async () => {
    const likes = answerByHand(postsApi.likePost)
    const done = store.set(toggleLikeAtom, 'p1')
    // Meanwhile two other people liked it: the stream says the count is 5 now.
    store.set(liveReactionAtom, { postId: 'p1', likeCount: 5, user: RIVAL, reaction: 'like' })
    expect(shown()?.likeCount).toBe(6)
    likes.calls[0]?.answer.reject(new Error('The post is gone.'))
    await done
    // Not the 3 of the click's moment: the server's last word, 5, and not liked.
    expect(shown()).toMatchObject({ likeCount: 5, likedBy: [] })
    expect(notifyError).toHaveBeenCalledWith('The post is gone.')
  })

  it('after a burst whose second request fails, shows what the first answer confirmed', async () => {
    const likes = answerByHand(postsApi.likePost)
    const dislikes = answerByHand(postsApi.dislikePost)
    const done = store.set(toggleLikeAtom, 'p1')
    void store.set(toggleLikeAtom, 'p1')
    likes.calls[0]?.answer.resolve(liked('p1', 4))
    await settle()
    dislikes.calls[0]?.answer.reject(new Error('Cannot reach the server. Check your connection.'))
    await done
    expect(shown()).toMatchObject({ likeCount: 4, likedBy: [{ username: 'viewer' }] })
    expect(notifyError).toHaveBeenCalledOnce()
  })

  it('keeps the stream’s fresher count when the stream told the like before its answer', async () => {
    const likes = answerByHand(postsApi.likePost)
    const done = store.set(toggleLikeAtom, 'p1')
    // The stream: our own like (4), then someone else's (5); then our answer, still saying 4.
    store.set(liveReactionAtom, { postId: 'p1', likeCount: 4, user: ME, reaction: 'like' })
    expect(shown()?.likeCount).toBe(4)
    store.set(liveReactionAtom, { postId: 'p1', likeCount: 5, user: RIVAL, reaction: 'like' })
    likes.calls[0]?.answer.resolve(liked('p1', 4))
    await done
    expect(shown()).toMatchObject({ likeCount: 5, likedBy: [{ username: 'viewer' }] })
  })

  it('settles on the stream’s count when the answer comes first', async () => {
    const likes = answerByHand(postsApi.likePost)
    const done = store.set(toggleLikeAtom, 'p1')
    likes.calls[0]?.answer.resolve(liked('p1', 4))
    await done
    store.set(liveReactionAtom, { postId: 'p1', likeCount: 4, user: ME, reaction: 'like' })
    // Our own like's echo does not count it twice.
    expect(shown()?.likeCount).toBe(4)
    store.set(liveReactionAtom, { postId: 'p1', likeCount: 5, user: RIVAL, reaction: 'like' })
    expect(shown()).toMatchObject({ likeCount: 5, likedBy: [{ username: 'viewer' }] })
  })

  it('drops an answer that arrives after sign-out', async () => {
    const likes = answerByHand(postsApi.likePost)
    const done = store.set(toggleLikeAtom, 'p1')
    store.set(logoutAtom)
    likes.calls[0]?.answer.resolve(liked('p1', 4))
    await done
    expect(shown()).toBeUndefined()
    expect(store.get(userAtom)).toBeNull()
  })

  it('does nothing for a post the store does not hold', async () => {
    await store.set(toggleLikeAtom, 'missing')
    expect(postsApi.likePost).not.toHaveBeenCalled()
  })
})

describe('the bookmark toggle', () => {
  it('ends in the last click’s state and keeps the Saved list in step', async () => {
    store.set(postListsAtom, {
      ...store.get(postListsAtom),
      bookmarks: { ...EMPTY_LIST, status: 'ready', loaded: true },
    })
    const adds = answerByHand(usersApi.bookmarkPost)
    const removes = answerByHand(usersApi.removeBookmark)
    const done = store.set(toggleBookmarkAtom, 'p1')
    expect(store.get(shownBookmarkIdsAtom).has('p1')).toBe(true)
    void store.set(toggleBookmarkAtom, 'p1')
    void store.set(toggleBookmarkAtom, 'p1')
    expect(store.get(shownBookmarkIdsAtom).has('p1')).toBe(true)
    adds.calls[0]?.answer.resolve({ post: post('p1') })
    await done
    expect(adds.calls).toHaveLength(1)
    expect(removes.calls).toHaveLength(0)
    expect(store.get(userAtom)?.bookmarks.map((p) => p._id)).toEqual(['p1'])
    expect(store.get(postListsAtom).bookmarks?.ids).toEqual(['p1'])
  })

  it('rolls back when refused', async () => {
    vi.mocked(usersApi.bookmarkPost).mockRejectedValue(new Error('No such post.'))
    await store.set(toggleBookmarkAtom, 'p1')
    expect(store.get(shownBookmarkIdsAtom).has('p1')).toBe(false)
    expect(notifyError).toHaveBeenCalledWith('No such post.')
  })
})

/** rival's profile on screen, with 7 followers: what a follow changes besides the button. */
function showRivalProfile() {
  store.set(profilesAtom, {
    rival: {
      status: 'ready',
      loaded: true,
      error: null,
      user: userOf(RIVAL, { followerCount: 7 }),
    },
  })
}

describe('the follow toggle', () => {
  const answer = (following: boolean, rivalFollowers: number): FollowResponse => ({
    user: userOf(ME, {
      following: following ? [NOVA, RIVAL] : [NOVA],
      followingCount: following ? 2 : 1,
    }),
    followUser: userOf(RIVAL, { followerCount: rivalFollowers }),
  })

  beforeEach(showRivalProfile)

  it('shows the follow and the profile’s count at once, and ends in the last click', async () => {
    const control = concurrency()
    const follows = answerByHand(usersApi.followUser, control)
    const unfollows = answerByHand(usersApi.unfollowUser, control)
    const done = store.set(toggleFollowAtom, RIVAL)
    expect(store.get(shownFollowingNamesAtom).has('rival')).toBe(true)
    expect(store.get(profileAtom('rival')).user?.followerCount).toBe(8)
    void store.set(toggleFollowAtom, RIVAL)
    expect(store.get(profileAtom('rival')).user?.followerCount).toBe(7)
    follows.calls[0]?.answer.resolve(answer(true, 8))
    await settle()
    expect(unfollows.calls).toHaveLength(1)
    unfollows.calls[0]?.answer.resolve(answer(false, 7))
    await done
    expect(control.max).toBe(1)
    expect(store.get(shownFollowingNamesAtom).has('rival')).toBe(false)
    expect(store.get(profileAtom('rival')).user?.followerCount).toBe(7)
    expect(store.get(userAtom)?.followingCount).toBe(1)
  })

  it('rolls back to the confirmed follow state on failure', async () => {
    vi.mocked(usersApi.followUser).mockRejectedValue(new Error('You cannot follow this user.'))
    await store.set(toggleFollowAtom, RIVAL)
    expect(store.get(shownFollowingNamesAtom).has('rival')).toBe(false)
    expect(store.get(profileAtom('rival')).user?.followerCount).toBe(7)
    expect(notifyError).toHaveBeenCalledWith('You cannot follow this user.')
  })

  it('never follows oneself', async () => {
    await store.set(toggleFollowAtom, ME)
    expect(usersApi.followUser).not.toHaveBeenCalled()
  })
})

describe('comment votes', () => {
  const target = comment('c1', 'p1', NOVA, {
    votes: { upvotedBy: [], downvotedBy: [], upvoteCount: 2, downvoteCount: 1 },
  })
  const voted = (up: boolean, upvoteCount: number, downvoteCount: number): CommentResponse => ({
    comment: {
      ...target,
      votes: {
        upvotedBy: up ? [ME] : [],
        downvotedBy: up ? [] : [ME],
        upvoteCount,
        downvoteCount,
      },
    },
  })
  const votes = () => store.get(commentListAtom('p1')).items[0]?.votes

  beforeEach(() => {
    store.set(commentListsAtom, {
      p1: { status: 'ready', loaded: true, error: null, items: [target], nextCursor: null },
    })
  })

  it('ends an up-down-up-down burst down, one request at a time', async () => {
    const control = concurrency()
    const ups = answerByHand(commentsApi.upvoteComment, control)
    const downs = answerByHand(commentsApi.downvoteComment, control)
    const done = store.set(voteCommentAtom, 'p1', 'c1', 'up')
    expect(votes()).toMatchObject({ upvoteCount: 3, downvoteCount: 1 })
    void store.set(voteCommentAtom, 'p1', 'c1', 'down')
    expect(votes()).toMatchObject({ upvoteCount: 2, downvoteCount: 2 })
    void store.set(voteCommentAtom, 'p1', 'c1', 'up')
    void store.set(voteCommentAtom, 'p1', 'c1', 'down')
    ups.calls[0]?.answer.resolve(voted(true, 3, 1))
    await settle()
    // From up to down: the downvote moves one from the ups.
    expect(votes()).toMatchObject({ upvoteCount: 2, downvoteCount: 2 })
    downs.calls[0]?.answer.resolve(voted(false, 2, 2))
    await done
    expect(ups.calls).toHaveLength(1)
    expect(downs.calls).toHaveLength(1)
    expect(control.max).toBe(1)
    expect(votes()).toMatchObject({ upvoteCount: 2, downvoteCount: 2, downvotedBy: [ME] })
  })

  it('rolls back to the stream’s counts when the vote fails', async () => {
    vi.mocked(commentsApi.upvoteComment).mockReturnValue(
      Promise.reject(new Error('Comment not found')),
    )
    const done = store.set(voteCommentAtom, 'p1', 'c1', 'up')
    store.set(liveVoteAtom, {
      postId: 'p1',
      commentId: 'c1',
      upvoteCount: 9,
      downvoteCount: 1,
      user: RIVAL,
      vote: 'up',
    })
    await done
    expect(votes()).toMatchObject({ upvoteCount: 9, downvoteCount: 1, upvotedBy: [] })
    expect(notifyError).toHaveBeenCalledWith('Comment not found')
  })

  it('sends nothing to vote the way one already voted', async () => {
    store.set(commentListsAtom, {
      p1: {
        status: 'ready',
        loaded: true,
        error: null,
        items: [voted(true, 3, 1).comment],
        nextCursor: null,
      },
    })
    await store.set(voteCommentAtom, 'p1', 'c1', 'up')
    expect(commentsApi.upvoteComment).not.toHaveBeenCalled()
  })
})

describe('a toggle the server answers ALREADY_DONE (another device got there first)', () => {
  /** The server's refusal when what the click asks for is already so (docs/API.md, "Errors"). */
  const alreadySo = (sentence: string) => new ApiError(400, sentence, { code: 'ALREADY_DONE' })

  it('shows a bookmark the stored user lacks, with no error, and can take it back', async () => {
    loadList(store, 'bookmarks', [])
    vi.mocked(usersApi.bookmarkPost).mockRejectedValue(alreadySo('This Post is already bookmarked'))
    await store.set(toggleBookmarkAtom, 'p1')
    expect(notifyError).not.toHaveBeenCalled()
    expect(store.get(shownBookmarkIdsAtom).has('p1')).toBe(true)
    expect(store.get(userAtom)?.bookmarks.map((p) => p._id)).toEqual(['p1'])
    expect(store.get(postListsAtom).bookmarks?.ids).toEqual(['p1'])

    // The button now reads "bookmarked", so the next click removes it.
    vi.mocked(usersApi.removeBookmark).mockResolvedValue({ post: post('p1') })
    await store.set(toggleBookmarkAtom, 'p1')
    expect(usersApi.removeBookmark).toHaveBeenCalledWith('p1')
    expect(store.get(shownBookmarkIdsAtom).has('p1')).toBe(false)
    expect(store.get(postListsAtom).bookmarks?.ids).toEqual([])
  })

  it('takes out a bookmark the server no longer has', async () => {
    store = signedInStore([NOVA], { bookmarks: [post('p1')] })
    loadList(store, 'bookmarks', [post('p1')])
    vi.mocked(usersApi.removeBookmark).mockRejectedValue(alreadySo('Post not bookmarked yet'))
    await store.set(toggleBookmarkAtom, 'p1')
    expect(notifyError).not.toHaveBeenCalled()
    expect(store.get(shownBookmarkIdsAtom).has('p1')).toBe(false)
    expect(store.get(userAtom)?.bookmarks).toEqual([])
    expect(store.get(postListsAtom).bookmarks?.ids).toEqual([])
  })

  it('shows a follow, and an unfollow, the server already had', async () => {
    vi.mocked(usersApi.followUser).mockRejectedValue(alreadySo('User Already following'))
    await store.set(toggleFollowAtom, RIVAL)
    expect(store.get(shownFollowingNamesAtom).has('rival')).toBe(true)
    expect(store.get(userAtom)?.following.map((u) => u.username)).toEqual(['nova', 'rival'])

    vi.mocked(usersApi.unfollowUser).mockRejectedValue(alreadySo('User already not following'))
    await store.set(toggleFollowAtom, NOVA)
    expect(store.get(shownFollowingNamesAtom).has('nova')).toBe(false)
    expect(store.get(userAtom)?.following.map((u) => u.username)).toEqual(['rival'])
    expect(notifyError).not.toHaveBeenCalled()
  })

  it('shows a like the server already had at once, then the count the server has', async () => {
    vi.mocked(postsApi.likePost).mockRejectedValue(
      alreadySo('Cannot like a post that is already liked. '),
    )
    // The other device's like moved the count on the server.
    const likes = { likeCount: 4, likedBy: [{ _id: '1', username: 'viewer' }], dislikedBy: [] }
    const reread = deferred<PostResponse>()
    vi.mocked(postsApi.getPost).mockReturnValue(reread.promise)
    await store.set(toggleLikeAtom, 'p1')
    expect(notifyError).not.toHaveBeenCalled()
    expect(shown()).toEqual({
      likeCount: 3,
      likedBy: [{ _id: '1', username: 'viewer' }],
      dislikedBy: [],
    })
    expect(postsApi.getPost).toHaveBeenCalledWith('p1')
    reread.resolve({ post: post('p1', NOVA, { likes }) })
    await settle()
    expect(shown()).toEqual(likes)
  })

  it('keeps a reaction changed while the post was read again', async () => {
    vi.mocked(postsApi.likePost).mockRejectedValue(
      alreadySo('Cannot like a post that is already liked. '),
    )
    const reread = deferred<PostResponse>()
    vi.mocked(postsApi.getPost).mockReturnValue(reread.promise)
    await store.set(toggleLikeAtom, 'p1')
    vi.mocked(postsApi.dislikePost).mockResolvedValue({
      post: post('p1', NOVA, { likes: { likeCount: 3, likedBy: [], dislikedBy: [] } }),
    })
    await store.set(toggleLikeAtom, 'p1')
    reread.resolve({
      post: post('p1', NOVA, {
        likes: { likeCount: 4, likedBy: [{ _id: '1', username: 'viewer' }], dislikedBy: [] },
      }),
    })
    await settle()
    expect(shown()?.likedBy).toEqual([])
  })

  it('shows a vote the server already had, keeping its counts', async () => {
    store.set(commentListsAtom, {
      p1: {
        status: 'ready',
        loaded: true,
        error: null,
        items: [comment('c1', 'p1', NOVA)],
        nextCursor: null,
      },
    })
    vi.mocked(commentsApi.upvoteComment).mockRejectedValue(
      alreadySo('Cannot upvote a post that is already upvoted. '),
    )
    await store.set(voteCommentAtom, 'p1', 'c1', 'up')
    expect(notifyError).not.toHaveBeenCalled()
    expect(store.get(commentListAtom('p1')).items[0]?.votes).toEqual({
      upvoteCount: 0,
      downvoteCount: 0,
      upvotedBy: [{ _id: '1', username: 'viewer' }],
      downvotedBy: [],
    })
  })

  it('still rolls back, and says why, on a refusal that is not ALREADY_DONE', async () => {
    loadList(store, 'feed', [
      post('p1', NOVA, { likes: { likeCount: 0, likedBy: [ME], dislikedBy: [] } }),
    ])
    vi.mocked(postsApi.dislikePost).mockRejectedValue(
      new ApiError(400, 'Cannot decrement like less than 0.', { code: 'STATE_CONFLICT' }),
    )
    await store.set(toggleLikeAtom, 'p1')
    expect(notifyError).toHaveBeenCalledWith('Cannot decrement like less than 0.')
    expect(shown()).toMatchObject({ likedBy: [ME], dislikedBy: [] })
  })
})

describe('toggles while the server cannot be reached', () => {
  /** What the API client throws when fetch itself fails or times out (api/client.ts). */
  const unreachable = () => new ApiError(0, COPY.errors.unreachable)
  const told = [COPY.errors.toggleNotSaved, TOGGLE_FAILED_TOAST]

  beforeEach(showRivalProfile)

  it('puts a like’s pressed state and count back together, to the server’s last word', async () => {
    const likes = answerByHand(postsApi.likePost)
    const done = store.set(toggleLikeAtom, 'p1')
    expect(shown()).toMatchObject({ likeCount: 4, likedBy: [{ username: 'viewer' }] })
    likes.calls[0]?.answer.reject(unreachable())
    await done
    expect(shown()).toEqual({ likeCount: 3, likedBy: [], dislikedBy: [] })
    expect(store.get(postListAtom('feed')).posts[0]?.likes).toEqual(shown())
    expect(notifyError).toHaveBeenCalledExactlyOnceWith(...told)
  })

  it('says so once for a like, a bookmark, a follow and a vote that all fail', async () => {
    store.set(commentListsAtom, {
      p1: {
        status: 'ready',
        loaded: true,
        error: null,
        items: [comment('c1', 'p1')],
        nextCursor: null,
      },
    })
    vi.mocked(postsApi.likePost).mockRejectedValue(unreachable())
    vi.mocked(usersApi.bookmarkPost).mockRejectedValue(unreachable())
    vi.mocked(usersApi.followUser).mockRejectedValue(unreachable())
    vi.mocked(commentsApi.upvoteComment).mockRejectedValue(unreachable())
    await Promise.all([
      store.set(toggleLikeAtom, 'p1'),
      store.set(toggleBookmarkAtom, 'p1'),
      store.set(toggleFollowAtom, RIVAL),
      store.set(voteCommentAtom, 'p1', 'c1', 'up'),
    ])
    await store.set(toggleLikeAtom, 'p1')

    expect(shown()).toEqual({ likeCount: 3, likedBy: [], dislikedBy: [] })
    expect(store.get(shownBookmarkIdsAtom).has('p1')).toBe(false)
    expect(store.get(userAtom)?.bookmarks).toEqual([])
    expect(store.get(shownFollowingNamesAtom).has('rival')).toBe(false)
    expect(store.get(profileAtom('rival')).user?.followerCount).toBe(7)
    expect(store.get(userAtom)?.followingCount).toBe(1)
    expect(store.get(commentListAtom('p1')).items[0]?.votes).toMatchObject({
      upvoteCount: 0,
      upvotedBy: [],
    })
    expect(notifyError).toHaveBeenCalledExactlyOnceWith(...told)
  })

  it('says it again in the next outage, and a like then goes through', async () => {
    vi.mocked(usersApi.bookmarkPost).mockRejectedValue(unreachable())
    store.set(markServerUnreachableAtom, 'http://127.0.0.1:1')
    await store.set(toggleBookmarkAtom, 'p1')
    await store.set(toggleBookmarkAtom, 'p1')
    expect(notifyError).toHaveBeenCalledOnce()

    store.set(markServerReachableAtom)
    vi.mocked(postsApi.likePost).mockResolvedValue(liked('p1', 4))
    await store.set(toggleLikeAtom, 'p1')
    expect(shown()).toMatchObject({ likeCount: 4, likedBy: [{ username: 'viewer' }] })

    store.set(markServerUnreachableAtom, 'http://127.0.0.1:1')
    await store.set(toggleBookmarkAtom, 'p1')
    expect(notifyError).toHaveBeenCalledTimes(2)
    expect(notifyError).toHaveBeenLastCalledWith(...told)
  })

  it('shows one toast for server failures (5xx), with the server’s sentence', async () => {
    const failed = new ApiError(503, 'The server is busy. Try again in 5 seconds.', {
      retryAfterSeconds: 5,
    })
    vi.mocked(postsApi.likePost).mockRejectedValue(failed)
    vi.mocked(usersApi.followUser).mockRejectedValue(failed)
    await Promise.all([store.set(toggleLikeAtom, 'p1'), store.set(toggleFollowAtom, RIVAL)])
    expect(shown()).toMatchObject({ likeCount: 3, likedBy: [] })
    expect(store.get(profileAtom('rival')).user?.followerCount).toBe(7)
    // The same toast id twice: react-toastify shows the first and lets the second go.
    expect(vi.mocked(notifyError).mock.calls).toEqual([
      [failed.message, TOGGLE_FAILED_TOAST],
      [failed.message, TOGGLE_FAILED_TOAST],
    ])
  })

  it('keeps a refusal with a meaning of its own (a post gone) as it was', async () => {
    vi.mocked(usersApi.bookmarkPost).mockRejectedValue(
      new ApiError(404, 'Post not found', { code: 'POST_NOT_FOUND' }),
    )
    await store.set(toggleBookmarkAtom, 'p1')
    expect(store.get(shownBookmarkIdsAtom).has('p1')).toBe(false)
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('Post not found')
  })
})
