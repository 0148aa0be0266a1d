import { describe, expect, it } from 'vitest'
import {
  ApiError,
  UNUSABLE_ANSWER_MESSAGE,
  request,
  withRetryHint,
} from '../../src/renderer/src/api/client'
import { getPost, listPosts } from '../../src/renderer/src/api/posts'
import { getUser, searchUsers } from '../../src/renderer/src/api/users'
import { postOf, summaryOf } from './answer-fixtures'
import { fakeFriendServer, jsonResponse } from './fake-server'

const fetchMock = fakeFriendServer()

/** What a hostile friend's server might answer for a user. */
function hostileUser(extra: Record<string, unknown> = {}) {
  return {
    ...summaryOf('mallory', '7'),
    bio: 'hi',
    createdAt: '2026-01-01T00:00:00+00:00',
    updatedAt: '2026-01-01T00:00:00+00:00',
    followers: [summaryOf('//evil.example', '8'), summaryOf('friendly', '9')],
    following: [],
    bookmarks: [],
    followerCount: 2,
    followingCount: 0,
    postCount: 0,
    ...extra,
  }
}

describe('checking a friend’s server’s answers', () => {
  it('leaves out list items whose username breaks the username rule', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        posts: [
          postOf('1', '/evil.example'),
          postOf('2', 'fine_name'),
          postOf('3', '../../home'),
          postOf('4', 'x'.repeat(31)),
        ],
        nextCursor: null,
      }),
    )
    const page = await listPosts('recent')
    expect(page.posts.map((post) => post.username)).toEqual(['fine_name'])
  })

  it('strips bidi overrides, zero-width characters and NUL from names and bios', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        user: hostileUser({
          firstName: 'Ad\u202Emin\u200B',
          lastName: 'x\u0000y\u2066z',
          bio: 'line one\nline\u202E two\uFEFF',
        }),
      }),
    )
    const { user } = await getUser('mallory')
    expect(user.firstName).toBe('Admin')
    expect(user.lastName).toBe('xyz')
    expect(user.bio).toBe('line one\nline two')
    expect(user.followers.map((follower) => follower.username)).toEqual(['friendly'])
  })

  it('shows the default picture for a profile picture on another site', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        users: [
          summaryOf('tracked', '1', { profileImg: 'http://tracker.example/pixel.png' }),
          summaryOf('lan_device', '2', { profileImg: 'http://192.168.1.1/reboot' }),
          summaryOf('own', '3', { profileImg: '/api/media/abc_DEF-123abcde' }),
        ].map((user) => ({ ...user, bio: '', followerCount: 0, followingCount: 0 })),
        nextCursor: null,
      }),
    )
    const { users } = await searchUsers('x')
    expect(users.map((user) => user.profileImg)).toEqual([
      '/api/media/default-avatar.svg',
      '/api/media/default-avatar.svg',
      '/api/media/abc_DEF-123abcde',
    ])
  })

  it('shows only the server’s own images in a post, and none from an older server', async () => {
    const image = (id: string, url: string) => ({
      id,
      url,
      thumbUrl: url,
      width: 640,
      height: 360,
      alt: 'a clutch',
    })
    const own = image('m1', '/api/media/abc_DEF-123abcde')
    const { media, ...older } = postOf('2')
    expect(media).toEqual([])
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        posts: [
          postOf('1', 'player1', {
            media: [own, image('m2', 'http://tracker.example/pixel.png'), image('m3', '//x')],
          }),
          older,
        ],
        nextCursor: null,
      }),
    )
    const { posts } = await listPosts('recent')
    expect(posts[0]?.media).toEqual([own])
    expect(posts[1]?.media).toEqual([])
    expect(posts[1]?.editedAt).toBeNull()
  })

  it.each([
    ['a post without an author', { post: { ...postOf('1'), author: undefined } }],
    ['a post whose id is a path', { post: postOf('../../users/1') }],
    ['a post whose author breaks the username rule', { post: postOf('1', '/evil.example') }],
    ['a count that is text', { post: { ...postOf('1'), likes: { likeCount: 'many' } } }],
    ['no post at all', { posts: [] }],
  ])('refuses %s with a clear message', async (_what, body) => {
    fetchMock.mockResolvedValue(jsonResponse(200, body))
    const error = await getPost('1').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe(UNUSABLE_ANSWER_MESSAGE)
  })
})

describe('when to try again', () => {
  it('keeps a 429 sentence that already says when, and reads Retry-After', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        429,
        { errors: ['Too many posts. Try again in 12 minutes.'] },
        { 'Retry-After': '700' },
      ),
    )
    const error = (await request('/posts', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    )) as ApiError
    expect(error.status).toBe(429)
    expect(error.retryAfterSeconds).toBe(700)
    expect(error.message).toBe('Too many posts. Try again in 12 minutes.')
  })

  it('adds when to try again to a 503 that does not say it', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(503, { errors: ['The server is busy.'] }, { 'Retry-After': '5' }),
    )
    const error = (await request('/auth/login', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    )) as ApiError
    expect(error.message).toBe('The server is busy. Try again in 5 seconds.')
  })

  it.each([
    ['Slow down.', 1, 'Slow down. Try again in 1 second.'],
    ['Slow down.', 89, 'Slow down. Try again in 89 seconds.'],
    ['Slow down.', 3600, 'Slow down. Try again in 60 minutes.'],
    ['Slow down.', null, 'Slow down.'],
  ])('words %j after %j seconds as %j', (message, seconds, expected) => {
    expect(withRetryHint(message, seconds)).toBe(expected)
  })
})
