import type { PostResponse, PostSort, PostsPage } from '../../../shared/api-types'
import { LIMITS } from '../../../shared/limits'
import { request, toggleCall } from './client'
import type { PollInput } from './polls'

const limit = LIMITS.pageSizeDefault
const enc = encodeURIComponent

export function listPosts(sort: PostSort, cursor?: string | null): Promise<PostsPage> {
  return request<PostsPage>('/posts', {
    query: { limit, cursor, sort: sort === 'likes' ? 'likes' : undefined },
    answer: 'postsPage',
  })
}

export function getFeed(cursor?: string | null): Promise<PostsPage> {
  return request<PostsPage>('/feed', { query: { limit, cursor }, answer: 'postsPage' })
}

export function listUserPosts(username: string, cursor?: string | null): Promise<PostsPage> {
  return request<PostsPage>(`/posts/user/${enc(username)}`, {
    query: { limit, cursor },
    answer: 'postsPage',
  })
}

/** A tag's posts, newest first (`tag` without its `#`; docs/API.md "Mentions and tags"). */
export function listTagPosts(tag: string, cursor?: string | null): Promise<PostsPage> {
  return request<PostsPage>('/posts', { query: { tag, limit, cursor }, answer: 'postsPage' })
}

/** One post as its page needs it: counts and the viewer's own reaction, not every reactor. */
export function getPost(postId: string): Promise<PostResponse> {
  return request<PostResponse>(`/posts/${enc(postId)}`, { minimal: true, answer: 'post' })
}

export function createPost(
  content: string,
  media: { id: string; alt: string }[] = [],
  poll?: PollInput,
): Promise<PostResponse> {
  return request<PostResponse>('/posts', {
    method: 'POST',
    body: {
      postData: {
        content,
        ...(media.length > 0 ? { media } : {}),
        // docs/API.md "Polls": a poll and images are not both allowed.
        ...(poll ? { poll } : {}),
      },
    },
    minimal: true,
    answer: 'post',
  })
}

/**
 * `poll` left out keeps the post's poll; an object replaces it and null removes it, both only
 * while nobody has voted (docs/API.md "Polls", Editing).
 */
export function editPost(
  postId: string,
  content: string,
  poll?: PollInput | null,
): Promise<PostResponse> {
  return request<PostResponse>(`/posts/edit/${enc(postId)}`, {
    method: 'POST',
    body: { postData: poll === undefined ? { content } : { content, poll } },
    minimal: true,
    answer: 'post',
  })
}

export function deletePost(postId: string): Promise<PostResponse> {
  return request<PostResponse>(`/posts/${enc(postId)}`, {
    method: 'DELETE',
    minimal: true,
    answer: 'post',
  })
}

export function likePost(postId: string): Promise<PostResponse> {
  return request<PostResponse>(`/posts/like/${enc(postId)}`, {
    method: 'POST',
    body: {},
    minimal: true,
    answer: 'post',
    ...toggleCall(),
  })
}

export function dislikePost(postId: string): Promise<PostResponse> {
  return request<PostResponse>(`/posts/dislike/${enc(postId)}`, {
    method: 'POST',
    body: {},
    minimal: true,
    answer: 'post',
    ...toggleCall(),
  })
}
