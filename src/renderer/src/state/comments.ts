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
  /**
   * threads (leftovers): live replies whose top-level comment is not in the list yet (beyond the
   * pages loaded). They join their thread when a page or a deep link brings it (adoptReplies).
   */
  pendingReplies?: Comment[]
  /**
   * threads (leftovers): the top-level comment of a deep-linked thread. A reload of the first
   * page (a live resync) keeps that thread when the page does not hold it.
   */
  linkedRootId?: string | null
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

/**
 * A comment in its place. threads: what the answer leaves out (a mutation's or an event's
 * comment has no `replyCount` or `repliesCursor`) stays as the list had it.
 */
export function replaceComment(list: CommentList, comment: Comment): CommentList {
  return {
    ...list,
    items: list.items.map((c) => (c._id === comment._id ? { ...c, ...comment } : c)),
  }
}

/**
 * A comment first in its list, or in its place when the list has it (an edit, an echo).
 * threads: a reply goes after the others (the thread sorts its replies) and its root counts it.
 */
export function putComment(list: CommentList, comment: Comment): CommentList {
  if (list.items.some((c) => c._id === comment._id)) return replaceComment(list, comment)
  const rootId = comment.parentId ?? null
  if (rootId === null) return { ...list, items: [comment, ...list.items] }
  return {
    ...list,
    items: [
      ...list.items.map((c) =>
        c._id === rootId ? { ...c, replyCount: (c.replyCount ?? 0) + 1 } : c,
      ),
      comment,
    ],
  }
}

// --- threads: replies to threads not loaded yet, deep links over resyncs ---

/** A live reply whose thread is not in the list: kept until its thread comes (once). */
export function holdReply(list: CommentList, reply: Comment): CommentList {
  const pending = list.pendingReplies ?? []
  if (pending.some((c) => c._id === reply._id)) {
    return { ...list, pendingReplies: pending.map((c) => (c._id === reply._id ? reply : c)) }
  }
  return { ...list, pendingReplies: [...pending, reply] }
}

/** A held reply deleted before its thread came: forgotten. */
export function dropHeldReply(list: CommentList, commentId: string): CommentList {
  const pending = list.pendingReplies ?? []
  if (!pending.some((c) => c._id === commentId)) return list
  return { ...list, pendingReplies: pending.filter((c) => c._id !== commentId) }
}

/**
 * Held replies whose thread is now in the list join it. A thread that came with all its replies
 * (no `repliesCursor`) but without a held one was read before that reply was written: the reply
 * joins it and its count. A thread with more replies on the server leaves it to "Show N more
 * replies", which reads it with the others (the count then already includes it).
 */
export function adoptReplies(list: CommentList): CommentList {
  const pending = list.pendingReplies ?? []
  if (pending.length === 0) return list
  const roots = new Map(
    list.items.filter((c) => (c.parentId ?? null) === null).map((c) => [c._id, c]),
  )
  const present = new Set(list.items.map((c) => c._id))
  const removed = new Set(list.removedIds ?? [])
  const joining: Comment[] = []
  const keep: Comment[] = []
  for (const reply of pending) {
    const root = roots.get(reply.parentId ?? '')
    if (!root) keep.push(reply)
    else if (!present.has(reply._id) && !removed.has(reply._id) && !root.repliesCursor) {
      joining.push(reply)
    }
  }
  const added = new Map<string, number>()
  for (const reply of joining) {
    const rootId = reply.parentId ?? ''
    added.set(rootId, (added.get(rootId) ?? 0) + 1)
  }
  return {
    ...list,
    items: [
      ...list.items.map((c) => {
        const more = added.get(c._id)
        return more ? { ...c, replyCount: (c.replyCount ?? 0) + more } : c
      }),
      ...joining,
    ],
    pendingReplies: keep,
  }
}

/**
 * The first page again (a live resync, a reload): a deep-linked thread the page does not hold
 * stays first, with the replies it had, rather than vanishing from under the reader.
 */
export function keepLinkedThread(previous: CommentList, page: Comment[]): Comment[] {
  const rootId = previous.linkedRootId ?? null
  if (rootId === null || page.some((c) => c._id === rootId)) return page
  const root = previous.items.find((c) => c._id === rootId)
  if (!root) return page
  const inPage = new Set(page.map((c) => c._id))
  const replies = previous.items.filter((c) => c.parentId === rootId && !inPage.has(c._id))
  return [root, ...page, ...replies]
}
// --- end threads leftovers ---

/** threads: a page's top-level comments with their replies, flat (the root keeps the counts). */
export function flattenThreads(comments: readonly Comment[]): Comment[] {
  return comments.flatMap(({ replies, ...root }) => [root, ...(replies ?? [])])
}

/** threads: a top-level comment deleted while it had replies, now their placeholder. */
export function markCommentPlaceholder(list: CommentList, commentId: string): CommentList {
  return {
    ...list,
    items: list.items.map((c) =>
      c._id === commentId ? { ...c, deleted: true, text: '', mentions: [] } : c,
    ),
  }
}

/** threads: whether deleting this comment leaves a placeholder (a root with replies). */
export function keepsPlaceholder(list: CommentList, commentId: string): boolean {
  const comment = list.items.find((c) => c._id === commentId)
  if (!comment || (comment.parentId ?? null) !== null) return false
  return list.items.some(
    (c) => c.parentId === commentId && !(list.removedIds ?? []).includes(c._id),
  )
}

/** threads: a deleted reply leaves its root's count. */
function uncountReply(list: CommentList, commentId: string): CommentList {
  const rootId = list.items.find((c) => c._id === commentId)?.parentId ?? null
  if (rootId === null) return list
  return {
    ...list,
    items: list.items.map((c) =>
      c._id === rootId ? { ...c, replyCount: Math.max(0, (c.replyCount ?? 1) - 1) } : c,
    ),
  }
}

/** threads: what a deletion does to the list: a placeholder, or a removed comment. */
export function applyCommentDeletion(
  list: CommentList,
  commentId: string,
  placeholder: boolean,
): CommentList {
  if (placeholder) return markCommentPlaceholder(list, commentId)
  if ((list.removedIds ?? []).includes(commentId)) return list
  return markCommentRemoved(uncountReply(list, commentId), commentId)
}

/** threads: whether this deletion is already shown (one's own delete before its event). */
export function deletionShown(list: CommentList | undefined, commentId: string): boolean {
  if (!list) return false
  return (
    (list.removedIds ?? []).includes(commentId) ||
    list.items.some((c) => c._id === commentId && c.deleted === true)
  )
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
        const flat = flattenThreads(page.comments)
        if (options.reset) {
          // threads (leftovers): a deep-linked thread stays; held replies are read again.
          return adoptReplies({
            ...list,
            items: keepLinkedThread(list, flat),
            nextCursor: page.nextCursor ?? null,
            removedIds: [],
            pendingReplies: list.pendingReplies ?? [],
            linkedRootId: list.linkedRootId ?? null,
          })
        }
        const base = list.loaded ? list.items : []
        const seen = new Set(base.map((c) => c._id))
        return adoptReplies({
          ...list,
          items: [...base, ...flat.filter((c) => !seen.has(c._id))],
          nextCursor: page.nextCursor ?? null,
          removedIds: list.removedIds,
        })
      },
    )
  },
)

retryWhenBack((get, set) => {
  for (const [postId, list] of Object.entries(get(commentListsAtom))) {
    if (hasFailed(list)) void set(loadCommentsAtom, postId, { reset: true })
  }
})

/**
 * threads: the next page of a thread's replies ("Show N more replies"), after those it has;
 * resolves to null, or to the reason it failed.
 */
export const loadMoreRepliesAtom = atom(
  null,
  async (get, set, postId: string, rootId: string): Promise<string | null> => {
    const root = get(commentListsAtom)[postId]?.items.find((c) => c._id === rootId)
    if (!root?.repliesCursor) return null
    try {
      const page = await api.listReplies(postId, rootId, root.repliesCursor)
      updateComments(get, set, postId, (list) => {
        const seen = new Set(list.items.map((c) => c._id))
        return {
          ...list,
          items: [
            ...list.items.map((c) =>
              c._id === rootId ? { ...c, repliesCursor: page.nextCursor ?? null } : c,
            ),
            ...page.comments.filter((c) => !seen.has(c._id)),
          ],
        }
      })
      return null
    } catch (error) {
      return notifyFailure(error)
    }
  },
)

/**
 * threads: a deep link's thread (`/post/:id?comment=:cid`): its root and replies up to the
 * linked comment join the list (the root in its place, or first). Answers the linked comment's
 * id, or null when it is gone or hidden (and says so).
 */
export const loadCommentThreadAtom = atom(
  null,
  async (get, set, postId: string, commentId: string): Promise<string | null> => {
    try {
      const { comment, commentId: linked } = await api.commentThread(postId, commentId)
      const [root, ...replies] = flattenThreads([comment])
      if (!root) return null
      updateComments(get, set, postId, (list) => {
        const known = list.items.some((c) => c._id === root._id)
        const items = known
          ? list.items.map((c) => (c._id === root._id ? { ...c, ...root } : c))
          : [root, ...list.items]
        const seen = new Set(items.map((c) => c._id))
        return adoptReplies({
          ...list,
          items: [...items, ...replies.filter((c) => !seen.has(c._id))],
          linkedRootId: root._id,
        })
      })
      return linked
    } catch (error) {
      notifyError(messageOf(error))
      return null
    }
  },
)

/** Resolves to null once the server accepted the comment, else to the reason it did not. */
export const addCommentAtom = atom(
  null,
  async (get, set, postId: string, text: string, replyTo?: string): Promise<string | null> => {
    try {
      const { comment } = await api.addComment(postId, text, replyTo)
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
  const echoed = echoCount(get, commentGoneEchoKey(commentId)) > 0
  updateComments(get, set, postId, (list) =>
    echoed ? list : applyCommentDeletion(list, commentId, keepsPlaceholder(list, commentId)),
  )
  set(bumpCommentCountAtom, postId, -1, echoed)
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
