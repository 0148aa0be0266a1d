/**
 * A replay (the stream going back to the earliest read, docs/API.md "Live events") brings events
 * whose changes the screens already hold. Merging them changes nothing (live/merge.ts).
 */
import './state-mocks'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  liveCommentAtom,
  livePostAtom,
  liveReactionAtom,
  liveVoteAtom,
} from '../../src/renderer/src/live/merge'
import { commentListAtom } from '../../src/renderer/src/state/comment-votes'
import { commentListsAtom } from '../../src/renderer/src/state/comments'
import { newPostCountAtom, postAtom, postListsAtom } from '../../src/renderer/src/state/posts'
import { NOVA, RIVAL, comment, loadList, post, signedInStore, type Store } from './state-fixtures'

let store: Store
beforeEach(() => {
  vi.resetAllMocks()
  store = signedInStore([NOVA])
  // Read after p2 was posted, liked twice and commented on: the replay starts before all that.
  const fresh = post('p2', NOVA, {
    likes: { likeCount: 2, likedBy: [], dislikedBy: [] },
    commentCount: 1,
  })
  loadList(store, 'feed', [fresh, post('p1', NOVA)])
  loadList(store, 'explore:recent', [fresh, post('p1', NOVA)])
  store.set(commentListsAtom, {
    p2: {
      status: 'ready',
      loaded: true,
      error: null,
      items: [
        comment('c1', 'p2', RIVAL, {
          votes: { upvotedBy: [], downvotedBy: [], upvoteCount: 1, downvoteCount: 0 },
        }),
      ],
      nextCursor: null,
    },
  })
})

describe('a replay of changes already loaded', () => {
  it('counts no post already listed as new, and ends on the latest counts', () => {
    store.set(livePostAtom, { post: post('p2', NOVA), authorPostCount: 2 })
    store.set(liveReactionAtom, { postId: 'p2', likeCount: 1, user: RIVAL, reaction: 'like' })
    store.set(liveCommentAtom, { comment: comment('c1', 'p2', RIVAL), commentCount: 1 })
    store.set(liveVoteAtom, {
      postId: 'p2',
      commentId: 'c1',
      upvoteCount: 1,
      downvoteCount: 0,
      user: NOVA,
      vote: 'up',
    })
    store.set(liveReactionAtom, { postId: 'p2', likeCount: 2, user: NOVA, reaction: 'like' })

    expect(store.get(newPostCountAtom('feed'))).toBe(0)
    expect(store.get(newPostCountAtom('explore:recent'))).toBe(0)
    expect(store.get(postListsAtom).feed?.ids).toEqual(['p2', 'p1'])
    expect(store.get(postAtom('p2'))?.likes.likeCount).toBe(2)
    expect(store.get(postAtom('p2'))?.commentCount).toBe(1)
    const comments = store.get(commentListAtom('p2')).items
    expect(comments.map((c) => c._id)).toEqual(['c1'])
    expect(comments[0]?.votes.upvoteCount).toBe(1)
  })

  it('still shows a post the first read missed behind the pill, once', () => {
    store.set(livePostAtom, { post: post('p3', NOVA), authorPostCount: 3 })
    store.set(livePostAtom, { post: post('p3', NOVA), authorPostCount: 3 })
    expect(store.get(newPostCountAtom('feed'))).toBe(1)
  })
})
