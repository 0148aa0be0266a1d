import type { CommentResponse, CommentsPage } from '../../../shared/api-types'
import { ANSWERS } from '../../../shared/answer-schemas'
import { LIMITS } from '../../../shared/limits'
import { request } from './client'

const enc = encodeURIComponent

export function listComments(postId: string, cursor?: string | null): Promise<CommentsPage> {
  return request<CommentsPage>(`/comments/${enc(postId)}`, {
    query: { limit: LIMITS.pageSizeDefault, cursor },
    answer: ANSWERS.commentsPage,
  })
}

function commentCall(path: string, body: unknown = {}): Promise<CommentResponse> {
  return request<CommentResponse>(path, {
    method: 'POST',
    body,
    minimal: true,
    answer: ANSWERS.comment,
  })
}

export function addComment(postId: string, text: string): Promise<CommentResponse> {
  return commentCall(`/comments/add/${enc(postId)}`, { commentData: { text } })
}

export function editComment(postId: string, commentId: string, text: string) {
  return commentCall(`/comments/edit/${enc(postId)}/${enc(commentId)}`, { commentData: { text } })
}

export function deleteComment(postId: string, commentId: string) {
  return commentCall(`/comments/delete/${enc(postId)}/${enc(commentId)}`)
}

export function upvoteComment(postId: string, commentId: string) {
  return commentCall(`/comments/upvote/${enc(postId)}/${enc(commentId)}`)
}

export function downvoteComment(postId: string, commentId: string) {
  return commentCall(`/comments/downvote/${enc(postId)}/${enc(commentId)}`)
}
