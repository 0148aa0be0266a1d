import type {
  CommentResponse,
  CommentsPage,
  CommentThreadResponse,
} from '../../../shared/api-types'
import { LIMITS } from '../../../shared/limits'
import { request, toggleCall, type RequestOptions } from './client'

const enc = encodeURIComponent

export function listComments(postId: string, cursor?: string | null): Promise<CommentsPage> {
  return request<CommentsPage>(`/comments/${enc(postId)}`, {
    query: { limit: LIMITS.pageSizeDefault, cursor },
    answer: 'commentsPage',
  })
}

function commentCall(
  path: string,
  body: unknown = {},
  options: Pick<RequestOptions, 'signal'> = {},
): Promise<CommentResponse> {
  return request<CommentResponse>(path, {
    method: 'POST',
    body,
    minimal: true,
    answer: 'comment',
    ...options,
  })
}

/** threads: with `replyTo`, a reply to that comment (docs/API.md, "Threads"). */
export function addComment(
  postId: string,
  text: string,
  replyTo?: string,
): Promise<CommentResponse> {
  const commentData = replyTo === undefined ? { text } : { text, replyTo }
  return commentCall(`/comments/add/${enc(postId)}`, { commentData })
}

/** threads: a thread's replies after `cursor`, oldest first. */
export function listReplies(postId: string, rootId: string, cursor: string): Promise<CommentsPage> {
  return request<CommentsPage>(`/comments/${enc(postId)}/replies/${enc(rootId)}`, {
    query: { limit: LIMITS.pageSizeDefault, cursor },
    answer: 'commentsPage',
  })
}

/** threads: a deep link's thread, up to the linked comment. */
export function commentThread(postId: string, commentId: string): Promise<CommentThreadResponse> {
  return request<CommentThreadResponse>(`/comments/${enc(postId)}/thread/${enc(commentId)}`, {
    answer: 'commentThread',
  })
}

export function editComment(postId: string, commentId: string, text: string) {
  return commentCall(`/comments/edit/${enc(postId)}/${enc(commentId)}`, { commentData: { text } })
}

export function deleteComment(postId: string, commentId: string) {
  return commentCall(`/comments/delete/${enc(postId)}/${enc(commentId)}`)
}

export function upvoteComment(postId: string, commentId: string) {
  return commentCall(`/comments/upvote/${enc(postId)}/${enc(commentId)}`, {}, toggleCall())
}

export function downvoteComment(postId: string, commentId: string) {
  return commentCall(`/comments/downvote/${enc(postId)}/${enc(commentId)}`, {}, toggleCall())
}
