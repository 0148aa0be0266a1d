import type {
  BookmarksPage,
  FollowListPage,
  FollowResponse,
  PostResponse,
  User,
  UserResponse,
  UsersPage,
} from '../../../shared/api-types'
import { LIMITS } from '../../../shared/limits'
import { request, toggleCall } from './client'

const enc = encodeURIComponent

export function getUser(username: string): Promise<UserResponse> {
  return request<UserResponse>(`/users/${enc(username)}`, { answer: 'user' })
}

export function searchUsers(search: string, signal?: AbortSignal): Promise<UsersPage> {
  return request<UsersPage>('/users', {
    query: { search: search.trim(), limit: 8 },
    signal,
    answer: 'usersPage',
  })
}

export function suggestUsers(limit = 5): Promise<UsersPage> {
  return request<UsersPage>('/users', {
    query: { suggest: true, limit },
    answer: 'usersPage',
  })
}

/** One page of a profile's followers or following, newest follow first. */
export function listFollows(
  username: string,
  list: 'followers' | 'following',
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FollowListPage> {
  return request<FollowListPage>(`/users/${enc(username)}/${list}`, {
    query: { limit: LIMITS.pageSizeDefault, cursor },
    signal,
    answer: 'usersPage',
  })
}

export type EditableUserData = Partial<Pick<User, 'bio' | 'profileImg' | 'firstName' | 'lastName'>>

export function editUser(userData: EditableUserData): Promise<UserResponse> {
  return request<UserResponse>('/users/edit', {
    method: 'POST',
    body: { userData },
    answer: 'user',
  })
}

export function followUser(userId: string): Promise<FollowResponse> {
  return request<FollowResponse>(`/users/follow/${enc(userId)}`, {
    method: 'POST',
    body: {},
    answer: 'follow',
    ...toggleCall(),
  })
}

export function unfollowUser(userId: string): Promise<FollowResponse> {
  return request<FollowResponse>(`/users/unfollow/${enc(userId)}`, {
    method: 'POST',
    body: {},
    answer: 'follow',
    ...toggleCall(),
  })
}

export function listBookmarks(cursor?: string | null): Promise<BookmarksPage> {
  return request<BookmarksPage>('/users/bookmark', {
    query: { limit: LIMITS.pageSizeDefault, cursor },
    answer: 'bookmarksPage',
  })
}

export function bookmarkPost(postId: string): Promise<PostResponse> {
  return request<PostResponse>(`/users/bookmark/${enc(postId)}`, {
    method: 'POST',
    body: {},
    minimal: true,
    answer: 'post',
    ...toggleCall(),
  })
}

export function removeBookmark(postId: string): Promise<PostResponse> {
  return request<PostResponse>(`/users/remove-bookmark/${enc(postId)}`, {
    method: 'POST',
    body: {},
    minimal: true,
    answer: 'post',
    ...toggleCall(),
  })
}
