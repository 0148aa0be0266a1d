/**
 * Comment votes, and the comments as the viewer sees them while votes are being sent: only the
 * post page needs these, so they load with it, not with the first screen.
 */
import { atom } from 'jotai'
import type { Getter } from 'jotai'
import { atomFamily } from 'jotai-family'
import type { Comment, CommentResponse, Reactor } from '../../../shared/api-types'
import * as api from '../api/comments'
import { userAtom } from './auth'
import {
  EMPTY_COMMENTS,
  commentListsAtom,
  replaceComment,
  updateComments,
  withOwnVote,
} from './comments'
import type { CommentList } from './comments'
import { createToggle, intentOf } from './toggles'

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
  const counts = {
    upvoteCount: Math.max(0, upvoteCount + (up ? 1 : current === 'up' ? -1 : 0)),
    downvoteCount: Math.max(0, downvoteCount + (up ? (current === 'down' ? -1 : 0) : 1)),
  }
  return { ...comment, votes: withOwnVote(counts, viewer, vote) }
}

/** A post's comments as the viewer should see them, by post id. */
export const commentListAtom = atomFamily((postId: string) =>
  atom((get): CommentList => {
    const list = get(commentListsAtom)[postId] ?? EMPTY_COMMENTS
    return { ...list, items: list.items.map((comment) => shownComment(get, comment)) }
  }),
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
  already: (get, set, { target, value: vote }) => {
    const comment = findComment(get, target)
    const me = get(userAtom)
    if (!comment || !me || !vote) return
    // The counts the store has are the server's, the viewer's vote in them: only theirs is news.
    const votes = withOwnVote(comment.votes, { _id: me._id, username: me.username }, vote)
    updateComments(get, set, target.postId, (list) => replaceComment(list, { ...comment, votes }))
  },
})

export const voteCommentAtom = atom(
  null,
  async (get, set, postId: string, commentId: string, vote: Vote) => {
    if (!get(userAtom) || !findComment(get, { postId, commentId })) return
    await set(voteToggleAtom, { postId, commentId }, vote)
  },
)
