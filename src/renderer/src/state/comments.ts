import { atom } from 'jotai'
import type { Atom, Getter, Setter } from 'jotai'
import type { Comment } from '../../../shared/api-types'
import * as api from '../api/comments'
import { messageOf, notifyError, notifySuccess } from '../lib/notify'
import { userAtom } from './auth'
import { bumpCommentCountAtom } from './posts'

export interface CommentList {
  items: Comment[]
  nextCursor: string | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  loaded: boolean
  error: string | null
  /** Deleted comments: a placeholder keeps their place, so nothing moves under the pointer. */
  removedIds?: string[]
}

const EMPTY: CommentList = {
  items: [],
  nextCursor: null,
  status: 'idle',
  loaded: false,
  error: null,
}

/** Comments by post id, newest first, a page at a time. */
export const commentListsAtom = atom<Record<string, CommentList>>({})

const views = new Map<string, Atom<CommentList>>()
export function commentListAtom(postId: string): Atom<CommentList> {
  let view = views.get(postId)
  if (!view) {
    view = atom((get) => get(commentListsAtom)[postId] ?? EMPTY)
    views.set(postId, view)
  }
  return view
}

function update(
  get: Getter,
  set: Setter,
  postId: string,
  patch: (list: CommentList) => CommentList,
) {
  const lists = get(commentListsAtom)
  set(commentListsAtom, { ...lists, [postId]: patch(lists[postId] ?? EMPTY) })
}

function replaceComment(list: CommentList, comment: Comment): CommentList {
  return { ...list, items: list.items.map((c) => (c._id === comment._id ? comment : c)) }
}

export const loadCommentsAtom = atom(
  null,
  async (get, set, postId: string, options: { reset?: boolean } = {}) => {
    const current = get(commentListsAtom)[postId] ?? EMPTY
    if (current.status === 'loading') return
    if (!options.reset && current.loaded && current.nextCursor === null) return
    const cursor = options.reset ? null : current.nextCursor
    update(get, set, postId, (list) => ({ ...list, status: 'loading', error: null }))
    try {
      const page = await api.listComments(postId, cursor)
      update(get, set, postId, (list) => {
        const base = options.reset || !list.loaded ? [] : list.items
        const seen = new Set(base.map((c) => c._id))
        return {
          items: [...base, ...page.comments.filter((c) => !seen.has(c._id))],
          nextCursor: page.nextCursor ?? null,
          status: 'ready',
          loaded: true,
          error: null,
        }
      })
    } catch (error) {
      update(get, set, postId, (list) => ({ ...list, status: 'error', error: messageOf(error) }))
    }
  },
)

/** Resolves to null once the server accepted the comment, else to the reason it did not. */
export const addCommentAtom = atom(
  null,
  async (get, set, postId: string, text: string): Promise<string | null> => {
    try {
      const { comment } = await api.addComment(postId, text)
      update(get, set, postId, (list) => ({ ...list, items: [comment, ...list.items] }))
      set(bumpCommentCountAtom, postId, 1)
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
      update(get, set, postId, (list) => replaceComment(list, comment))
      return null
    } catch (error) {
      const message = messageOf(error)
      notifyError(message)
      return message
    }
  },
)

export const deleteCommentAtom = atom(null, async (get, set, postId: string, commentId: string) => {
  try {
    await api.deleteComment(postId, commentId)
    update(get, set, postId, (list) => ({
      ...list,
      removedIds: [...(list.removedIds ?? []), commentId],
    }))
    set(bumpCommentCountAtom, postId, -1)
    notifySuccess('Comment Has been deleted')
  } catch (error) {
    notifyError(messageOf(error))
  }
})

export type Vote = 'up' | 'down'

export function voteOf(comment: Comment, username: string | undefined): Vote | null {
  if (!username) return null
  if (comment.votes.upvotedBy.some((r) => r.username === username)) return 'up'
  if (comment.votes.downvotedBy.some((r) => r.username === username)) return 'down'
  return null
}

/** Up- or downvotes; voting the way one already voted is refused by the server, so skip it. */
export const voteCommentAtom = atom(
  null,
  async (get, set, postId: string, commentId: string, vote: Vote) => {
    const user = get(userAtom)
    const before = get(commentListsAtom)[postId]?.items.find((c) => c._id === commentId)
    if (!user || !before) return
    const current = voteOf(before, user.username)
    if (current === vote) return
    const me = { _id: user._id, username: user.username }
    const v = before.votes
    const optimistic: Comment = {
      ...before,
      votes:
        vote === 'up'
          ? {
              upvotedBy: [me],
              downvotedBy: [],
              upvoteCount: v.upvoteCount + 1,
              downvoteCount: Math.max(0, v.downvoteCount - (current === 'down' ? 1 : 0)),
            }
          : {
              upvotedBy: [],
              downvotedBy: [me],
              upvoteCount: Math.max(0, v.upvoteCount - (current === 'up' ? 1 : 0)),
              downvoteCount: v.downvoteCount + 1,
            },
    }
    update(get, set, postId, (list) => replaceComment(list, optimistic))
    try {
      const { comment } =
        vote === 'up'
          ? await api.upvoteComment(postId, commentId)
          : await api.downvoteComment(postId, commentId)
      update(get, set, postId, (list) => replaceComment(list, comment))
    } catch (error) {
      update(get, set, postId, (list) => replaceComment(list, before))
      notifyError(messageOf(error))
    }
  },
)

export const resetCommentsAtom = atom(null, (_get, set) => set(commentListsAtom, {}))
