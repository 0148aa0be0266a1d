import type { Post, UserSummary } from '../../src/shared/api-types'

/** A user summary as a Gamerstage server answers it. */
export function summaryOf(username: string, id = '1', extra: Partial<UserSummary> = {}) {
  return {
    _id: id,
    id,
    username,
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImg: '/api/media/default-avatar.svg',
    ...extra,
  }
}

/** A post as a Gamerstage server answers it in a page. */
export function postOf(id: string, username = 'player1', extra: Partial<Post> = {}): Post {
  return {
    _id: id,
    id,
    content: `Post ${id}`,
    username,
    author: summaryOf(username),
    createdAt: '2026-01-01T00:00:00+00:00',
    updatedAt: '2026-01-01T00:00:00+00:00',
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    comments: [],
    commentCount: 0,
    editedAt: null,
    media: [],
    mentions: [],
    ...extra,
  }
}
