import { atom } from 'jotai'
import type { Getter, Setter } from 'jotai'
import type { Comment, CommentVotes, Reactor } from '../../../shared/api-types'
import * as api from '../api/comments'
import { messageOf, notifyError, notifyFailure, notifySuccess } from '../lib/notify'
import { NOT_LOADED, hasFailed, needsPageLoad, retryWhenBack, runKeyedLoad } from './async'
import type { Loadable } from './async'
import { bumpCommentCountAtom } from './posts'
import { echoCount } from './toggles'
import { SPEC_TEXT } from '../copy'

/** One post's comments, newest first, a page at a time, as the server last said. */
export interface CommentList extends Loadable {
  items: Comment[]
  nextCursor: string | null
  /** Deleted comments: a placeholder keeps their place, so nothing moves under the pointer. */
  removedIds?: string[]
}

export const EMPTY_COMMENTS: CommentList = { ...NOT_LOADED, items: [], nextCursor: null }

/** Comments by post id. */
export const commentListsAtom = atom<Record<string, CommentList>>({})

/** Echo keys (toggles.ts) of the live events about one comment: its arrival and its removal. */
export const commentEchoKey = (commentId: string) => `comment:${commentId}`
export const commentGoneEchoKey = (commentId: string) => `comment-deleted:${commentId}`

export function updateComments(
  get: Getter,
  set: Setter,
  postId: string,
  patch: (list: CommentList) => CommentList,
) {
  const lists = get(commentListsAtom)
  set(commentListsAtom, { ...lists, [postId]: patch(lists[postId] ?? EMPTY_COMMENTS) })
}

/** A comment's votes with the viewer's own vote, as a page answers them (the viewer alone). */
export function withOwnVote(
  counts: Pick<CommentVotes, 'upvoteCount' | 'downvoteCount'>,
  viewer: Reactor,
  vote: 'up' | 'down' | 'none',
): CommentVotes {
  return {
    upvoteCount: counts.upvoteCount,
    downvoteCount: counts.downvoteCount,
    upvotedBy: vote === 'up' ? [viewer] : [],
    downvotedBy: vote === 'down' ? [viewer] : [],
  }
}

export function replaceComment(list: CommentList, comment: Comment): CommentList {
  return { ...list, items: list.items.map((c) => (c._id === comment._id ? comment : c)) }
}

/** A comment first in its list, or in its place when the list has it (an edit, an echo). */
export function putComment(list: CommentList, comment: Comment): CommentList {
  return list.items.some((c) => c._id === comment._id)
    ? replaceComment(list, comment)
    : { ...list, items: [comment, ...list.items] }
}

/** Marks a comment deleted: a placeholder keeps its place. */
export function markCommentRemoved(list: CommentList, commentId: string): CommentList {
  const removed = list.removedIds ?? []
  return removed.includes(commentId) ? list : { ...list, removedIds: [...removed, commentId] }
}

export const loadCommentsAtom = atom(
  null,
  async (get, set, postId: string, options: { reset?: boolean } = {}) => {
    const current = get(commentListsAtom)[postId] ?? EMPTY_COMMENTS
    if (!needsPageLoad(current, options.reset === true)) return
    const cursor = options.reset ? null : current.nextCursor
    await runKeyedLoad(
      get,
      set,
      { record: commentListsAtom, key: postId, empty: EMPTY_COMMENTS },
      () => api.listComments(postId, cursor),
      (list, page) => {
        const base = options.reset || !list.loaded ? [] : list.items
        const seen = new Set(base.map((c) => c._id))
        return {
          items: [...base, ...page.comments.filter((c) => !seen.has(c._id))],
          nextCursor: page.nextCursor ?? null,
          removedIds: options.reset ? [] : list.removedIds,
        }
      },
    )
  },
)

retryWhenBack((get, set) => {
  for (const [postId, list] of Object.entries(get(commentListsAtom))) {
    if (hasFailed(list)) void set(loadCommentsAtom, postId, { reset: true })
  }
})

/** Resolves to null once the server accepted the comment, else to the reason it did not. */
export const addCommentAtom = atom(
  null,
  async (get, set, postId: string, text: string): Promise<string | null> => {
    try {
      const { comment } = await api.addComment(postId, text)
      updateComments(get, set, postId, (list) => putComment(list, comment))
      // The live stream may have brought it first, with the count that includes it.
      set(bumpCommentCountAtom, postId, 1, echoCount(get, commentEchoKey(comment._id)) > 0)
      return null
    } catch (error) {
      return notifyFailure(error)
    }
  },
)

export const editCommentAtom = atom(
  null,
  async (get, set, postId: string, commentId: string, text: string): Promise<string | null> => {
    try {
      const { comment } = await api.editComment(postId, commentId, text)
      updateComments(get, set, postId, (list) => replaceComment(list, comment))
      return null
    } catch (error) {
      return notifyFailure(error)
    }
  },
)

/** After this viewer (or the host) deleted a comment: its placeholder, and the count once. */
export const commentDeletedAtom = atom(null, (get, set, postId: string, commentId: string) => {
  updateComments(get, set, postId, (list) => markCommentRemoved(list, commentId))
  set(bumpCommentCountAtom, postId, -1, echoCount(get, commentGoneEchoKey(commentId)) > 0)
})

export const deleteCommentAtom = atom(
  null,
  async (_get, set, postId: string, commentId: string) => {
    try {
      await api.deleteComment(postId, commentId)
      set(commentDeletedAtom, postId, commentId)
      notifySuccess(SPEC_TEXT.commentDeleted)
    } catch (error) {
      notifyError(messageOf(error))
    }
  },
)

export const resetCommentsAtom = atom(null, (_get, set) => set(commentListsAtom, {}))
