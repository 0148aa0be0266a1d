/**
 * Replies in threads on the post page (docs/API.md "Threads"): the list's comments
 * grouped as threads, live replies in their thread, the viewer's own count kept by deltas (never
 * twice for one's own action), deleted roots as placeholders, "Show N more replies" paging and
 * deep-link threads.
 */
import './state-mocks'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Comment } from '../../src/shared/api-types'
import * as commentsApi from '../../src/renderer/src/api/comments'
import { CommentThread, threadsOf } from '../../src/renderer/src/components/CommentThread'
import { liveCommentAtom, liveCommentDeletedAtom } from '../../src/renderer/src/live/merge'
import {
  addCommentAtom,
  commentListsAtom,
  deleteCommentAtom,
  loadCommentThreadAtom,
  loadCommentsAtom,
  loadMoreRepliesAtom,
} from '../../src/renderer/src/state/comments'
import { postAtom } from '../../src/renderer/src/state/posts'
import { ME, NOVA, RIVAL, comment, loadList, post, signedInStore } from './state-fixtures'
import type { Store } from './state-fixtures'

let store: Store
beforeEach(() => {
  vi.resetAllMocks()
  store = signedInStore([NOVA])
  loadList(store, 'feed', [post('p1', NOVA, { commentCount: 2 })])
  store.set(commentListsAtom, {
    p1: {
      status: 'ready',
      loaded: true,
      error: null,
      nextCursor: null,
      items: [
        comment('root', 'p1', NOVA, { parentId: null, replyCount: 1, repliesCursor: null }),
        reply('r1', RIVAL, 'root'),
      ],
    },
  })
})
afterEach(cleanup)

function reply(id: string, author = RIVAL, replyTo = 'root', extra: Partial<Comment> = {}) {
  return comment(id, 'p1', author, {
    parentId: 'root',
    replyToId: replyTo,
    replyToUsername: NOVA.username,
    createdAt: `2026-01-01T00:00:0${id.replace(/\D/g, '').slice(-1) || '0'}+00:00`,
    ...extra,
  })
}

const list = () => store.get(commentListsAtom).p1
const count = () => store.get(postAtom('p1'))?.commentCount
const root = () => list()?.items.find((c) => c._id === 'root')

describe('threads in the comment list', () => {
  it('group replies oldest first under their root, top-level comments in the list’s order', () => {
    const items = [
      comment('b', 'p1'),
      reply('r3', NOVA, 'root', { parentId: 'a' }),
      comment('a', 'p1'),
      reply('r1', NOVA, 'root', { parentId: 'a' }),
      reply('r2', NOVA, 'root', { parentId: 'b' }),
    ]
    expect(
      threadsOf(items).map(({ root, replies }) => [root._id, replies.map((c) => c._id)]),
    ).toEqual([
      ['b', ['r2']],
      ['a', ['r1', 'r3']],
    ])
  })

  it('put a live reply in its thread, its root and the post counting one more', () => {
    store.set(liveCommentAtom, { comment: reply('r2'), commentCount: 9, created: true })
    expect(list()?.items.map((c) => c._id)).toEqual(['root', 'r1', 'r2'])
    expect(root()?.replyCount).toBe(2)
    // The event's count is nobody's: the viewer's own goes up by one.
    expect(count()).toBe(3)
  })

  it('count one’s own reply once, whichever comes first', async () => {
    const mine = reply('r5', ME)
    vi.mocked(commentsApi.addComment).mockResolvedValue({ comment: mine })
    expect(await store.set(addCommentAtom, 'p1', 'mine', 'root')).toBeNull()
    expect(commentsApi.addComment).toHaveBeenCalledWith('p1', 'mine', 'root')
    store.set(liveCommentAtom, { comment: mine, commentCount: 9, created: true })
    expect(count()).toBe(3)
    expect(root()?.replyCount).toBe(2)

    const again = reply('r6', ME)
    vi.mocked(commentsApi.addComment).mockResolvedValue({ comment: again })
    store.set(liveCommentAtom, { comment: again, commentCount: 9, created: true })
    await store.set(addCommentAtom, 'p1', 'again', 'root')
    expect(count()).toBe(4)
  })

  it('keep an edit’s count as it was, and the root’s thread fields', () => {
    store.set(liveCommentAtom, {
      comment: comment('root', 'p1', NOVA, { text: 'edited' }),
      commentCount: 9,
      created: false,
    })
    expect(root()).toMatchObject({ text: 'edited', replyCount: 1 })
    expect(count()).toBe(2)
  })

  it('take off what the deletion says: nothing for a comment the viewer never saw', () => {
    store.set(liveCommentDeletedAtom, {
      postId: 'p1',
      commentId: 'unseen',
      commentCount: 9,
      placeholder: false,
      countDelta: 0,
    })
    expect(count()).toBe(2)
    store.set(liveCommentDeletedAtom, {
      postId: 'p1',
      commentId: 'root',
      commentCount: 9,
      placeholder: true,
      countDelta: -1,
    })
    expect(root()).toMatchObject({ deleted: true, text: '' })
    expect(count()).toBe(1)
    store.set(liveCommentDeletedAtom, {
      postId: 'p1',
      commentId: 'r1',
      commentCount: 9,
      placeholder: false,
      countDelta: -1,
    })
    expect(list()?.removedIds).toEqual(['r1'])
    expect(root()?.replyCount).toBe(0)
    expect(count()).toBe(0)
  })

  it('leave a placeholder when the viewer deletes a root with replies, counted once', async () => {
    vi.mocked(commentsApi.deleteComment).mockResolvedValue({ comment: comment('root', 'p1') })
    await store.set(deleteCommentAtom, 'p1', 'root')
    expect(root()?.deleted).toBe(true)
    expect(list()?.removedIds ?? []).toEqual([])
    expect(count()).toBe(1)
    store.set(liveCommentDeletedAtom, {
      postId: 'p1',
      commentId: 'root',
      commentCount: 1,
      placeholder: true,
      countDelta: -1,
    })
    expect(count()).toBe(1)
  })

  it('load more replies after the cursor, once each', async () => {
    store.set(commentListsAtom, {
      p1: {
        ...(list() as NonNullable<ReturnType<typeof list>>),
        items: [
          comment('root', 'p1', NOVA, { replyCount: 3, repliesCursor: 'after-r1' }),
          reply('r1'),
        ],
      },
    })
    vi.mocked(commentsApi.listReplies).mockResolvedValue({
      comments: [reply('r1'), reply('r2'), reply('r3')],
      nextCursor: null,
    })
    expect(await store.set(loadMoreRepliesAtom, 'p1', 'root')).toBeNull()
    expect(commentsApi.listReplies).toHaveBeenCalledWith('p1', 'root', 'after-r1')
    expect(list()?.items.map((c) => c._id)).toEqual(['root', 'r1', 'r2', 'r3'])
    expect(root()?.repliesCursor).toBeNull()
  })

  it('load a deep link’s thread into the list and answer the linked comment', async () => {
    vi.mocked(commentsApi.commentThread).mockResolvedValue({
      comment: comment('old', 'p1', NOVA, {
        replyCount: 2,
        replies: [reply('r8', RIVAL, 'old', { parentId: 'old' })],
        repliesCursor: 'x',
      }),
      commentId: 'r8',
    })
    expect(await store.set(loadCommentThreadAtom, 'p1', 'r8')).toBe('r8')
    expect(list()?.items.map((c) => c._id)).toEqual(['old', 'root', 'r1', 'r8'])
    expect(list()?.items[0]).not.toHaveProperty('replies')
  })
})

describe('CommentThread', () => {
  function draw(rootComment: Comment, replies: Comment[], threads = true) {
    return render(
      <Provider store={store}>
        <MemoryRouter>
          <ul>
            <CommentThread
              root={rootComment}
              replies={replies}
              postId="p1"
              postOwner={NOVA.username}
              removedIds={[]}
              highlightId="r1"
              threads={threads}
            />
          </ul>
        </MemoryRouter>
      </Provider>,
    )
  }

  it('shows replies under the root, how many more there are, and a reply box', async () => {
    draw(comment('root', 'p1', NOVA, { replyCount: 6, repliesCursor: 'c' }), [reply('r1')])
    const replies = screen.getByRole('list', { name: `Replies to ${NOVA.username}` })
    expect(replies.querySelectorAll('li.comment')).toHaveLength(1)
    expect(replies.querySelector('li.highlighted')?.id).toBe('comment-r1')
    expect(screen.getByText('Replying to')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Show 5 more replies' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: `Reply to ${RIVAL.username}` }))
    const box = screen.getByRole('textbox', { name: `Write a reply to ${RIVAL.username}` })
    expect(document.activeElement).toBe(box)
    expect(box.getAttribute('dir')).toBe('auto')
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(screen.queryByRole('textbox', { name: /Write a reply/ })).toBeNull()
  })

  it('shows a deleted root as a placeholder above its replies', () => {
    draw(comment('root', 'p1', NOVA, { deleted: true, text: '', replyCount: 1 }), [reply('r1')])
    expect(screen.getByText('Deleted comment')).toBeTruthy()
    expect(screen.queryByRole('button', { name: `Reply to ${NOVA.username}` })).toBeNull()
    expect(screen.getByRole('button', { name: `Reply to ${RIVAL.username}` })).toBeTruthy()
  })

  it('lays a reply out in its own direction, its mention in place', () => {
    const text = 'כן @nova_strike מגיע ל #lan_party'
    draw(comment('root', 'p1', NOVA), [
      reply('r1', RIVAL, 'root', { text, mentions: ['nova_strike'] }),
    ])
    const paragraph = screen.getByText(
      (_, element) => element?.textContent === text && element.tagName === 'P',
    )
    expect(paragraph.getAttribute('dir')).toBe('auto')
    expect([...paragraph.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([
      '@nova_strike',
      '#lan_party',
    ])
  })

  it('offers no reply on a server without threads', () => {
    draw(comment('root', 'p1', NOVA), [], false)
    expect(screen.queryByRole('button', { name: /^Reply to/ })).toBeNull()
  })
})

// --- replies to threads beyond the loaded pages, deep links over resyncs ---
describe('threads not loaded yet', () => {
  const far = (extra: Partial<Comment> = {}) =>
    comment('far', 'p1', NOVA, { parentId: null, replyCount: 0, repliesCursor: null, ...extra })
  const farReply = (id: string) => reply(id, RIVAL, 'far', { parentId: 'far' })
  const morePages = () => {
    const current = list()
    if (current) store.set(commentListsAtom, { p1: { ...current, nextCursor: 'page2' } })
  }

  it('hold a live reply until its thread comes, then show it and count it once', async () => {
    morePages()
    store.set(liveCommentAtom, { comment: farReply('r7'), commentCount: 9, created: true })
    // Not on screen (its thread is not), but the post counts it.
    expect(list()?.items.map((c) => c._id)).toEqual(['root', 'r1'])
    expect(count()).toBe(3)
    // Page 2 was read before the reply was written: the thread comes without it.
    vi.mocked(commentsApi.listComments).mockResolvedValue({
      comments: [far({ replies: [] })],
      nextCursor: null,
    })
    await store.set(loadCommentsAtom, 'p1')
    expect(list()?.items.map((c) => c._id)).toEqual(['root', 'r1', 'far', 'r7'])
    expect(list()?.items.find((c) => c._id === 'far')?.replyCount).toBe(1)
    expect(list()?.pendingReplies).toEqual([])
    expect(count()).toBe(3)
  })

  it('take the thread as the page says when the page has the reply already', async () => {
    morePages()
    store.set(liveCommentAtom, { comment: farReply('r7'), commentCount: 9, created: true })
    vi.mocked(commentsApi.listComments).mockResolvedValue({
      comments: [far({ replyCount: 1, replies: [farReply('r7')] })],
      nextCursor: null,
    })
    await store.set(loadCommentsAtom, 'p1')
    expect(list()?.items.map((c) => c._id)).toEqual(['root', 'r1', 'far', 'r7'])
    expect(list()?.items.find((c) => c._id === 'far')?.replyCount).toBe(1)
  })

  it('leave a held reply to "Show more replies" when the thread has more on the server', async () => {
    morePages()
    store.set(liveCommentAtom, { comment: farReply('r9'), commentCount: 9, created: true })
    vi.mocked(commentsApi.listComments).mockResolvedValue({
      comments: [far({ replyCount: 4, replies: [farReply('r1x')], repliesCursor: 'more' })],
      nextCursor: null,
    })
    await store.set(loadCommentsAtom, 'p1')
    expect(list()?.items.map((c) => c._id)).toEqual(['root', 'r1', 'far', 'r1x'])
    expect(list()?.items.find((c) => c._id === 'far')?.replyCount).toBe(4)
  })

  it('forget a held reply deleted before its thread came', async () => {
    morePages()
    store.set(liveCommentAtom, { comment: farReply('r7'), commentCount: 9, created: true })
    store.set(liveCommentDeletedAtom, {
      postId: 'p1',
      commentId: 'r7',
      commentCount: 8,
      countDelta: -1,
    })
    expect(list()?.pendingReplies).toEqual([])
    vi.mocked(commentsApi.listComments).mockResolvedValue({
      comments: [far({ replies: [] })],
      nextCursor: null,
    })
    await store.set(loadCommentsAtom, 'p1')
    expect(list()?.items.map((c) => c._id)).toEqual(['root', 'r1', 'far'])
  })

  it('keep a deep-linked thread beyond the first page over a live resync', async () => {
    vi.mocked(commentsApi.commentThread).mockResolvedValue({
      comment: comment('old', 'p1', NOVA, {
        replyCount: 1,
        replies: [reply('r8', RIVAL, 'old', { parentId: 'old' })],
        repliesCursor: null,
      }),
      commentId: 'r8',
    })
    await store.set(loadCommentThreadAtom, 'p1', 'r8')
    // The first page again, as a resync reads it: the linked thread is not on it.
    vi.mocked(commentsApi.listComments).mockResolvedValue({
      comments: [
        comment('new', 'p1', RIVAL, { parentId: null, replyCount: 0, replies: [] }),
        comment('root', 'p1', NOVA, { parentId: null, replyCount: 1, replies: [reply('r1')] }),
      ],
      nextCursor: 'page2',
    })
    await store.set(loadCommentsAtom, 'p1', { reset: true })
    expect(list()?.items.map((c) => c._id)).toEqual(['old', 'new', 'root', 'r1', 'r8'])
    expect(list()?.linkedRootId).toBe('old')
  })
})
