/**
 * Live events landing in a Jotai store (live/merge.ts): new posts wait behind the pill, one's own
 * actions never count twice, counts are patched in place, deletions leave placeholders.
 */
import './state-mocks'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PostResponse } from '../../src/shared/api-types'
import * as commentsApi from '../../src/renderer/src/api/comments'
import * as postsApi from '../../src/renderer/src/api/posts'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import {
  connectLiveState,
  liveCommentAtom,
  liveCommentDeletedAtom,
  liveFollowAtom,
  livePostAtom,
  livePostDeletedAtom,
  liveReactionAtom,
  liveUserAtom,
  liveVoteAtom,
} from '../../src/renderer/src/live/merge'
import { relationsAtom } from '../../src/renderer/src/state/relations'
import { userAtom } from '../../src/renderer/src/state/auth'
import { commentListAtom } from '../../src/renderer/src/state/comment-votes'
import {
  addCommentAtom,
  commentListsAtom,
  deleteCommentAtom,
} from '../../src/renderer/src/state/comments'
import { liveResyncAtom } from '../../src/renderer/src/live/status'
import {
  createPostAtom,
  deletedPostIdsAtom,
  loadPostListAtom,
  newPostCountAtom,
  newPostIdsAtom,
  postAtom,
  postListAtom,
  postListsAtom,
  refreshPostListAtom,
  showNewPostsAtom,
} from '../../src/renderer/src/state/posts'
import { profileAtom, profilesAtom, suggestionsAtom } from '../../src/renderer/src/state/users'
import {
  ME,
  NOVA,
  RIVAL,
  comment,
  loadList,
  post,
  settle,
  signedInStore,
  summary,
  userOf,
} from './state-fixtures'
import type { Store } from './state-fixtures'

let store: Store
beforeEach(() => {
  vi.resetAllMocks()
  // The viewer follows nova, not rival.
  store = signedInStore([NOVA])
  loadList(store, 'feed', [post('p1', NOVA)])
  loadList(store, 'explore:recent', [post('p1', NOVA)])
})

const ids = (key: 'feed' | 'explore:recent') => store.get(postListsAtom)[key]?.ids
const waiting = (key: 'feed' | 'explore:recent') => store.get(newPostCountAtom(key))

describe('new posts', () => {
  it('wait behind the pill of Home (followed author) and Explore, without moving the lists', () => {
    store.set(livePostAtom, { authorPostCount: 1, post: post('p2', NOVA) })
    expect(waiting('feed')).toBe(1)
    expect(waiting('explore:recent')).toBe(1)
    expect(ids('feed')).toEqual(['p1'])
    expect(ids('explore:recent')).toEqual(['p1'])
  })

  it('from someone not followed go to Explore only', () => {
    store.set(livePostAtom, { authorPostCount: 1, post: post('p2', RIVAL) })
    expect(waiting('feed')).toBe(0)
    expect(waiting('explore:recent')).toBe(1)
  })

  it('show at the top, newest first, once the pill is clicked', () => {
    store.set(livePostAtom, { authorPostCount: 1, post: post('p2', NOVA) })
    store.set(livePostAtom, { authorPostCount: 1, post: post('p3', NOVA) })
    store.set(livePostAtom, { authorPostCount: 1, post: post('p3', NOVA) })
    expect(waiting('feed')).toBe(2)
    store.set(showNewPostsAtom, 'feed')
    expect(store.get(postListAtom('feed')).posts.map((p) => p._id)).toEqual(['p3', 'p2', 'p1'])
    expect(waiting('feed')).toBe(0)
    // Explore's pill is its own.
    expect(waiting('explore:recent')).toBe(2)
  })

  it('of one’s own are never counted as new, and show once whichever comes first', async () => {
    const mine = post('p9', ME)
    vi.mocked(postsApi.createPost).mockResolvedValue({ post: mine } satisfies PostResponse)
    // The stream first, then the request's answer.
    store.set(livePostAtom, { authorPostCount: 1, post: mine })
    await store.set(createPostAtom, 'gg')
    expect(waiting('feed')).toBe(0)
    expect(waiting('explore:recent')).toBe(0)
    expect(ids('feed')).toEqual(['p9', 'p1'])
    expect(ids('explore:recent')).toEqual(['p9', 'p1'])

    // The answer first, then the stream.
    const next = post('p10', ME)
    vi.mocked(postsApi.createPost).mockResolvedValue({ post: next })
    await store.set(createPostAtom, 'gg again')
    store.set(livePostAtom, { authorPostCount: 1, post: next })
    expect(ids('feed')).toEqual(['p10', 'p9', 'p1'])
    expect(waiting('feed')).toBe(0)
  })

  it('are ignored for lists not loaded, from blocked authors, and from muted ones but on their profile', () => {
    const { feed: _notLoaded, ...others } = store.get(postListsAtom)
    store.set(postListsAtom, others)
    store.set(livePostAtom, { authorPostCount: 1, post: post('p2', NOVA) })
    expect(store.get(newPostIdsAtom).feed ?? []).toEqual([])
    expect(waiting('explore:recent')).toBe(1)

    loadList(store, 'feed', [post('p1', NOVA)])
    store.set(relationsAtom, {
      blocked: new Set([RIVAL._id]),
      muted: new Set([NOVA._id]),
      mutedUntil: new Map([[NOVA._id, null]]),
    })
    store.set(livePostAtom, { authorPostCount: 1, post: post('p3', RIVAL) })
    store.set(livePostAtom, { authorPostCount: 1, post: post('p4', NOVA) })
    expect(waiting('feed')).toBe(0)
    expect(store.get(newPostIdsAtom)['explore:recent']).toEqual(['p2'])
    // Their profile still gathers them (a notice says they are muted).
    loadList(store, 'user:nova', [post('p1', NOVA)])
    store.set(livePostAtom, { authorPostCount: 2, post: post('p5', NOVA) })
    expect(store.get(newPostIdsAtom)['user:nova']).toEqual(['p5'])
  })

  it('told again after Home loaded, a post first seen on its author’s profile waits on Home too', () => {
    // On nova's profile, Home not loaded: the post shows on the profile only.
    const { feed: _notLoaded, ...others } = store.get(postListsAtom)
    store.set(postListsAtom, others)
    loadList(store, 'user:nova', [post('p1', NOVA)])
    const fresh = { authorPostCount: 2, post: post('p2', NOVA) }
    store.set(livePostAtom, fresh)
    // Home's first page was read before p2 was posted; the stream replays from that read.
    loadList(store, 'feed', [post('p1', NOVA)])
    store.set(livePostAtom, fresh)
    expect(store.get(newPostIdsAtom).feed).toEqual(['p2'])
    // An edit told of a post Home lacks does not put it there.
    const { feed: _again, ...withoutFeed } = store.get(postListsAtom)
    store.set(postListsAtom, withoutFeed)
    store.set(livePostAtom, { authorPostCount: 3, post: post('p3', NOVA) })
    loadList(store, 'feed', [post('p1', NOVA)])
    store.set(livePostAtom, {
      authorPostCount: 3,
      post: post('p3', NOVA, { editedAt: '2026-01-01T00:05:00+00:00' }),
    })
    expect(store.get(newPostIdsAtom).feed).toEqual(['p2'])
  })

  it('wait behind the pill of their author’s profile, whether followed or not', () => {
    loadList(store, 'user:rival', [post('r1', RIVAL)])
    loadList(store, 'user:nova', [post('p1', NOVA)])
    const profile = (name: string) => ({
      ids: store.get(postListsAtom)[`user:${name}`]?.ids,
      waiting: store.get(newPostCountAtom(`user:${name}`)),
    })
    store.set(livePostAtom, { authorPostCount: 2, post: post('r2', RIVAL) })
    store.set(livePostAtom, { authorPostCount: 2, post: post('r2', RIVAL) })
    expect(profile('rival')).toEqual({ ids: ['r1'], waiting: 1 })
    expect(profile('nova')).toEqual({ ids: ['p1'], waiting: 0 })
    store.set(showNewPostsAtom, 'user:rival')
    expect(profile('rival')).toEqual({ ids: ['r2', 'r1'], waiting: 0 })
    // A profile never opened gathers nothing; a deleted post leaves the profile's pill.
    store.set(livePostAtom, { authorPostCount: 2, post: post('p5', NOVA) })
    expect(profile('nova').waiting).toBe(1)
    store.set(livePostDeletedAtom, { postId: 'p5', authorId: NOVA._id, authorPostCount: 1 })
    expect(profile('nova').waiting).toBe(0)
    store.set(livePostAtom, { authorPostCount: 1, post: post('s1', summary('someone', '9')) })
    expect(store.get(newPostIdsAtom)['user:someone']).toBeUndefined()
  })

  it('show at once in an empty list: nothing is being read there', () => {
    loadList(store, 'feed', [])
    store.set(livePostAtom, { authorPostCount: 1, post: post('p2', NOVA) })
    expect(ids('feed')).toEqual(['p2'])
    expect(waiting('feed')).toBe(0)
  })

  it('leave the pill when a first page brings them', async () => {
    store.set(livePostAtom, { authorPostCount: 1, post: post('p2', NOVA) })
    vi.mocked(postsApi.getFeed).mockResolvedValue({
      posts: [post('p2', NOVA), post('p1', NOVA)],
      nextCursor: null,
    })
    await store.set(loadPostListAtom, 'feed', { reset: true })
    expect(ids('feed')).toEqual(['p2', 'p1'])
    expect(waiting('feed')).toBe(0)
  })

  it('that a resync finds wait behind the pill too, and the shown posts get fresh counts', async () => {
    vi.mocked(postsApi.getFeed).mockResolvedValue({
      posts: [post('p5', NOVA), post('p1', NOVA, { commentCount: 4 })],
      nextCursor: null,
    })
    await store.set(refreshPostListAtom, 'feed')
    expect(ids('feed')).toEqual(['p1'])
    expect(waiting('feed')).toBe(1)
    expect(store.get(postAtom('p1'))?.commentCount).toBe(4)
  })
})

describe('edits, reactions and deletions', () => {
  it('patch an edited post in place and keep the viewer’s own like', () => {
    loadList(store, 'feed', [
      post('p1', NOVA, { likes: { likeCount: 2, likedBy: [ME], dislikedBy: [] } }),
    ])
    store.set(livePostAtom, {
      authorPostCount: 1,
      post: post('p1', NOVA, {
        content: 'edited',
        editedAt: '2026-01-02T00:00:00+00:00',
        likes: { likeCount: 2, likedBy: [], dislikedBy: [] },
      }),
    })
    const shown = store.get(postAtom('p1'))
    expect(shown?.content).toBe('edited')
    expect(shown?.likes.likedBy).toEqual([ME])
    expect(waiting('feed')).toBe(0)
  })

  it('ignore an edit of a post never loaded', () => {
    store.set(livePostAtom, {
      authorPostCount: 1,
      post: post('p7', NOVA, { editedAt: '2026-01-02T00:00:00+00:00' }),
    })
    expect(store.get(postAtom('p7'))).toBeUndefined()
    expect(waiting('feed')).toBe(0)
  })

  it('set the like count from someone else’s reaction and leave the viewer’s state alone', () => {
    store.set(liveReactionAtom, { postId: 'p1', likeCount: 6, user: RIVAL, reaction: 'like' })
    expect(store.get(postAtom('p1'))?.likes).toEqual({
      likeCount: 6,
      likedBy: [],
      dislikedBy: [],
    })
    store.set(liveReactionAtom, { postId: 'p1', likeCount: 7, user: ME, reaction: 'like' })
    store.set(liveReactionAtom, { postId: 'p1', likeCount: 7, user: ME, reaction: 'like' })
    // Sets, never adds: our own like, told twice, is still 7.
    expect(store.get(postAtom('p1'))?.likes).toMatchObject({ likeCount: 7, likedBy: [ME] })
  })

  it('mark a deleted post everywhere and take it out of the pill', () => {
    store.set(livePostAtom, { authorPostCount: 1, post: post('p2', NOVA) })
    store.set(livePostDeletedAtom, { postId: 'p2', authorId: NOVA._id, authorPostCount: 0 })
    store.set(livePostDeletedAtom, { postId: 'p1', authorId: NOVA._id, authorPostCount: 0 })
    expect(waiting('feed')).toBe(0)
    expect(store.get(deletedPostIdsAtom).has('p1')).toBe(true)
    // A deleted post that comes again (a replay) is not new.
    store.set(livePostAtom, { authorPostCount: 1, post: post('p2', NOVA) })
    expect(waiting('feed')).toBe(0)
  })
})

describe('comments and votes', () => {
  beforeEach(() => {
    store.set(commentListsAtom, {
      p1: {
        status: 'ready',
        loaded: true,
        error: null,
        items: [comment('c1', 'p1')],
        nextCursor: null,
      },
    })
  })
  const items = () => store.get(commentListAtom('p1')).items.map((c) => c._id)
  const count = () => store.get(postAtom('p1'))?.commentCount

  it('put a new comment first on the open post and set the card’s count', () => {
    store.set(liveCommentAtom, { comment: comment('c2', 'p1', RIVAL), commentCount: 2 })
    expect(items()).toEqual(['c2', 'c1'])
    expect(count()).toBe(2)
  })

  it('count one’s own comment once when the stream tells it before the answer', async () => {
    const mine = comment('c3', 'p1', ME)
    vi.mocked(commentsApi.addComment).mockResolvedValue({ comment: mine })
    store.set(liveCommentAtom, { comment: mine, commentCount: 1 })
    await store.set(addCommentAtom, 'p1', 'mine')
    expect(items()).toEqual(['c3', 'c1'])
    expect(count()).toBe(1)
  })

  it('count one’s own comment once when the answer comes first', async () => {
    const mine = comment('c3', 'p1', ME)
    vi.mocked(commentsApi.addComment).mockResolvedValue({ comment: mine })
    await store.set(addCommentAtom, 'p1', 'mine')
    expect(count()).toBe(1)
    store.set(liveCommentAtom, { comment: mine, commentCount: 1 })
    expect(items()).toEqual(['c3', 'c1'])
    expect(count()).toBe(1)
  })

  it('replace an edited comment in place, keeping the viewer’s vote', () => {
    store.set(commentListsAtom, {
      p1: {
        status: 'ready',
        loaded: true,
        error: null,
        nextCursor: null,
        items: [
          comment('c1', 'p1', NOVA, {
            votes: { upvotedBy: [ME], downvotedBy: [], upvoteCount: 1, downvoteCount: 0 },
          }),
        ],
      },
    })
    store.set(liveCommentAtom, {
      comment: comment('c1', 'p1', NOVA, {
        text: 'edited',
        votes: { upvotedBy: [], downvotedBy: [], upvoteCount: 1, downvoteCount: 0 },
      }),
      commentCount: 0,
    })
    const [edited] = store.get(commentListAtom('p1')).items
    expect(edited?.text).toBe('edited')
    expect(edited?.votes.upvotedBy).toEqual([ME])
  })

  it('leave a placeholder for a deleted comment and lower the count once', async () => {
    store.set(liveCommentDeletedAtom, { postId: 'p1', commentId: 'c1', commentCount: 0 })
    expect(store.get(commentListsAtom).p1?.removedIds).toEqual(['c1'])
    expect(count()).toBe(0)
    // Our own delete's answer after its echo: no second decrement (it would stay 0 anyway), and
    // with a count of 3 before: still the stream's.
    store.set(liveCommentAtom, { comment: comment('c4', 'p1', ME), commentCount: 3 })
    store.set(liveCommentDeletedAtom, { postId: 'p1', commentId: 'c4', commentCount: 2 })
    vi.mocked(commentsApi.deleteComment).mockResolvedValue({ comment: comment('c4', 'p1', ME) })
    await store.set(deleteCommentAtom, 'p1', 'c4')
    expect(count()).toBe(2)
  })

  it('set vote counts from someone else’s vote', () => {
    store.set(liveVoteAtom, {
      postId: 'p1',
      commentId: 'c1',
      upvoteCount: 4,
      downvoteCount: 1,
      user: RIVAL,
      vote: 'up',
    })
    expect(store.get(commentListAtom('p1')).items[0]?.votes).toEqual({
      upvotedBy: [],
      downvotedBy: [],
      upvoteCount: 4,
      downvoteCount: 1,
    })
  })

  it('leave comments of blocked authors out, but keep the count the server says', () => {
    store.set(relationsAtom, {
      blocked: new Set([RIVAL._id]),
      muted: new Set<string>(),
      mutedUntil: new Map(),
    })
    store.set(liveCommentAtom, { comment: comment('c9', 'p1', RIVAL), commentCount: 2 })
    expect(items()).toEqual(['c1'])
    expect(count()).toBe(2)
  })
})

describe('follows and profile edits', () => {
  it('set both sides’ counts and lists, the viewer’s included', () => {
    store.set(profilesAtom, {
      rival: {
        status: 'ready',
        loaded: true,
        error: null,
        user: userOf(RIVAL, { followerCount: 3 }),
      },
    })
    store.set(liveFollowAtom, {
      follower: { _id: ME._id, username: ME.username, followerCount: 0, followingCount: 2 },
      followee: { _id: RIVAL._id, username: RIVAL.username, followerCount: 4, followingCount: 0 },
      following: true,
    })
    const rival = store.get(profileAtom('rival')).user
    expect(rival?.followerCount).toBe(4)
    expect(rival?.followers.map((u) => u.username)).toEqual(['viewer'])
    expect(store.get(userAtom)?.followingCount).toBe(2)
    expect(store.get(userAtom)?.following.map((u) => u.username)).toEqual(['nova', 'rival'])
  })

  it('tell the viewer of a new follower', () => {
    const fan = summary('fan', '8')
    store.set(liveFollowAtom, {
      follower: { _id: fan._id, username: fan.username, followerCount: 0, followingCount: 1 },
      followee: { _id: ME._id, username: ME.username, followerCount: 1, followingCount: 1 },
      following: true,
    })
    expect(store.get(userAtom)?.followerCount).toBe(1)
    expect(store.get(userAtom)?.followers.map((u) => u.username)).toEqual(['fan'])
  })

  it('update a suggestion’s follower count', () => {
    store.set(suggestionsAtom, {
      status: 'ready',
      loaded: true,
      error: null,
      users: [{ ...RIVAL, bio: '', followerCount: 1, followingCount: 0 }],
    })
    store.set(liveFollowAtom, {
      follower: { _id: NOVA._id, username: NOVA.username, followerCount: 0, followingCount: 1 },
      followee: { _id: RIVAL._id, username: RIVAL.username, followerCount: 2, followingCount: 0 },
      following: true,
    })
    expect(store.get(suggestionsAtom).users[0]?.followerCount).toBe(2)
  })

  it('show a profile edit on the author’s posts', () => {
    store.set(liveUserAtom, {
      user: { ...NOVA, firstName: 'Nova', bio: 'gg', followerCount: 1, followingCount: 0 },
    })
    expect(store.get(postAtom('p1'))?.author.firstName).toBe('Nova')
  })
})

describe('the bus', () => {
  const unsubscribers: (() => void)[] = []
  afterEach(() => {
    for (const off of unsubscribers.splice(0)) off()
  })

  it('carries each event into the store, and a reset asks the screens to refetch', async () => {
    unsubscribers.push(connectLiveState(store))
    publishLiveEvent('post', { authorPostCount: 1, post: post('p2', NOVA) }, 'run-1')
    publishLiveEvent('reaction', { postId: 'p1', likeCount: 3, user: RIVAL, reaction: 'like' })
    publishLiveEvent('reset', { reason: 'too-old' })
    await settle()
    expect(waiting('feed')).toBe(1)
    expect(store.get(postAtom('p1'))?.likes.likeCount).toBe(3)
    expect(store.get(liveResyncAtom)).toBe(1)
  })

  it('stops once disconnected', () => {
    connectLiveState(store)()
    publishLiveEvent('post', { authorPostCount: 1, post: post('p2', NOVA) })
    expect(waiting('feed')).toBe(0)
  })
})
