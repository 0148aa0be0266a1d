/** The calls of reposts, quotes and emoji reactions (docs/API.md, "Reposts and quotes"). */
import type { PostResponse, ReactorsPage } from '../../../shared/api-types'
import { LIMITS } from '../../../shared/limits'
import type { Reaction } from '../../../shared/reactions'
import { request, toggleCall } from './client'

const enc = encodeURIComponent

/** Reposts (`on`) or takes the repost back; both idempotent. */
export function setRepost(postId: string, on: boolean): Promise<PostResponse> {
  return request<PostResponse>(`/posts/${enc(postId)}/repost`, {
    method: on ? 'POST' : 'DELETE',
    body: on ? {} : undefined,
    answer: 'post',
    ...toggleCall(),
  })
}

/** A new post quoting `quoteOf`. */
export function createQuote(content: string, quoteOf: string): Promise<PostResponse> {
  return request<PostResponse>('/posts', {
    method: 'POST',
    body: { postData: { content, quoteOf } },
    minimal: true,
    answer: 'post',
  })
}

/** Adds (`on`) or takes back the viewer's emoji reaction; both idempotent. */
export function setEmojiReaction(
  postId: string,
  reaction: Reaction,
  on: boolean,
): Promise<PostResponse> {
  return request<PostResponse>(`/posts/${enc(postId)}/reactions/${enc(reaction)}`, {
    method: on ? 'PUT' : 'DELETE',
    body: on ? {} : undefined,
    answer: 'post',
    ...toggleCall(),
  })
}

/** Who reacted to a post with `reaction`, newest first, a page at a time. */
export function listReactors(
  postId: string,
  reaction: Reaction,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<ReactorsPage> {
  return request<ReactorsPage>(`/posts/${enc(postId)}/reactions/${enc(reaction)}`, {
    query: { limit: LIMITS.pageSizeDefault, cursor },
    signal,
    answer: 'reactorsPage',
  })
}

/** Who reposts a post, newest first, a page at a time. */
export function listReposters(
  postId: string,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<ReactorsPage> {
  return request<ReactorsPage>(`/posts/${enc(postId)}/reposts`, {
    query: { limit: LIMITS.pageSizeDefault, cursor },
    signal,
    answer: 'reactorsPage',
  })
}
