import { atom } from 'jotai'
import type { Atom, Getter, Setter } from 'jotai'
import type { Comment, CommentResponse, Reactor } from '../../../shared/api-types'
import * as api from '../api/comments'
import { messageOf, notifyError, notifySuccess } from '../lib/notify'
import { NOT_LOADED, isLoading, runLoad } from './async'
import type { Loadable } from './async'
import { userAtom } from './auth'
import { bumpCommentCountAtom } from './posts'
import { createToggle, echoCount, intentOf } from './toggles'

/** One post's comments, newest first, a page at a time, as the server last said. */
export interface CommentList extends Loadable {
  items: Comment[]
  nextCursor: string | null
  /** Deleted comments: a placeholder keeps their place, so nothing moves under the pointer. */
  removedIds?: string[]
}

const EMPTY: CommentList = { ...NOT_LOADED, items: [], nextCursor: null }

/** Comments by post id. */
export const commentListsAtom = atom<Record<string, CommentList>>({})

/** Echo keys (toggles.ts) of the live events about one comment: its arrival and its removal. */
export const commentEchoKey = (commentId: string) => `comment:${commentId}`
export const commentGoneEchoKey = (commentId: string) => `comment-deleted:${commentId}`
const voteKey = (commentId: string) => `vote:${commentId}`

export type Vote = 'up' | 'down'

export function voteOf(comment: Comment, username: string | undefined): Vote | null {
  if (!username) return null
  if (comment.votes.upvotedBy.some((r) => r.username === username)) return 'up'
  if (comment.votes.downvotedBy.some((r) => r.username === username)) return 'down'
  return null
}

/** A comment as the viewer should see it: the server's, with the vote the viewer is sending. */
function shownComment(get: Getter, comment: Comment): Comment {
  const vote = intentOf<Vote>(get, voteKey(comment._id))
  const me = get(userAtom)
  const current = voteOf(comment, me?.username)
  if (!vote || !me || vote === current) return comment
  const viewer: Reactor = { _id: me._id, username: me.username }
  const { upvoteCount, downvoteCount } = comment.votes
  const up = vote === 'up'
  return {
    ...comment,
    votes: {
      upvotedBy: up ? [viewer] : [],
      downvotedBy: up ? [] : [viewer],
      upvoteCount: Math.max(0, upvoteCount + (up ? 1 : current === 'up' ? -1 : 0)),
      downvoteCount: Math.max(0, downvoteCount + (up ? (current === 'down' ? -1 : 0) : 1)),
    },
  }
}

const views = new Map<string, Atom<CommentList>>()
export function commentListAtom(postId: string): Atom<CommentList> {
  let view = views.get(postId)
  if (!view) {
    view = atom((get) => {
      const list = get(commentListsAtom)[postId] ?? EMPTY
      return { ...list, items: list.items.map((comment) => shownComment(get, comment)) }
    })
    views.set(postId, view)
  }
  return view
}

export function updateComments(
  get: Getter,
  set: Setter,
  postId: string,
  patch: (list: CommentList) => CommentList,
) {
  const lists = get(commentListsAtom)
  set(commentListsAtom, { ...lists, [postId]: patch(lists[postId] ?? EMPTY) })
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
    const current = get(commentListsAtom)[postId] ?? EMPTY
    if (isLoading(current)) return
    if (!options.reset && current.loaded && current.nextCursor === null) return
    const cursor = options.reset ? null : current.nextCursor
    await runLoad(
      () => get(commentListsAtom)[postId] ?? EMPTY,
      (list) => set(commentListsAtom, { ...get(commentListsAtom), [postId]: list }),
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
      const message = messageOf(error)
      notifyError(message)
      return message
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
      const message = messageOf(error)
      notifyError(message)
      return message
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
      notifySuccess('Comment Has been deleted')
    } catch (error) {
      notifyError(messageOf(error))
    }
  },
)

interface VoteTarget {
  postId: string
  commentId: string
}

function findComment(get: Getter, { postId, commentId }: VoteTarget): Comment | undefined {
  return get(commentListsAtom)[postId]?.items.find((c) => c._id === commentId)
}

/**
 * Up- and downvotes. There is no taking a vote back (docs/API.md), so the control's value is
 * up, down or none yet, and a click asks for up or down.
 */
export const voteToggleAtom = createToggle<VoteTarget, Vote | null, CommentResponse>({
  key: ({ commentId }) => voteKey(commentId),
  confirmed: (get, target) => {
    const comment = findComment(get, target)
    return comment ? voteOf(comment, get(userAtom)?.username) : null
  },
  send: ({ postId, commentId }, vote) =>
    vote === 'down' ? api.downvoteComment(postId, commentId) : api.upvoteComment(postId, commentId),
  accept: (get, set, { target, answer: { comment }, echoed }) => {
    const current = findComment(get, target)
    // The stream already told this vote and what came after it: its counts are the fresher.
    const fresh =
      echoed && current
        ? {
            ...comment,
            votes: {
              ...comment.votes,
              upvoteCount: current.votes.upvoteCount,
              downvoteCount: current.votes.downvoteCount,
            },
          }
        : comment
    updateComments(get, set, target.postId, (list) => replaceComment(list, fresh))
  },
})

export const voteCommentAtom = atom(
  null,
  async (get, set, postId: string, commentId: string, vote: Vote) => {
    if (!get(userAtom) || !findComment(get, { postId, commentId })) return
    await set(voteToggleAtom, { postId, commentId }, vote)
  },
)

export const resetCommentsAtom = atom(null, (_get, set) => set(commentListsAtom, {}))
