import { afterEach, vi } from 'vitest'
import type { BookmarksPage, Post } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import {
  BAD_IDS,
  body,
  createPost,
  expectError,
  ok,
  quickUser,
  seededToken,
  userNamed,
  walkPages,
} from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

afterEach(() => {
  vi.useRealTimers()
})

const ids = (posts: Post[]) => posts.map((post) => post._id)

const bookmarksOf = async (app: TestApp, token: string) =>
  (await ok<{ bookmarks: Post[] }>(app.get('/api/users/bookmark', token))).bookmarks

describe('bookmark routes', () => {
  describe('GET /api/users/bookmark', () => {
    it('answers {bookmarks} empty for a user who saved nothing', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.get('/api/users/bookmark', token)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ bookmarks: [] })
    })

    it('answers 401 without a token', async ({ app }) => {
      await expectError(app.get('/api/users/bookmark'), 401, MESSAGES.invalidToken)
    })

    it('walks 25 bookmarks a page at a time, most recently saved first, each exactly once', async ({
      app,
    }) => {
      const { token } = await seededToken()
      const saved: string[] = []
      for (let index = 0; index < 20; index += 1)
        saved.push(await createPost(app, token, `b${index}`))
      saved.push('1', '2', '3', '4', '5')
      // One second apart, so that "most recently saved" is a strict order.
      vi.useFakeTimers({ toFake: ['Date'] })
      let now = Date.now()
      for (const id of saved) {
        vi.setSystemTime((now += 1000))
        await ok(app.send(`/api/users/bookmark/${id}`, {}, { token }))
      }
      const whole = await bookmarksOf(app, token)
      expect(ids(whole)).toEqual([...saved].reverse())
      const { items, pages } = await walkPages<Post>(
        app,
        '/api/users/bookmark?limit=10',
        'bookmarks',
        token,
      )
      expect(pages).toBe(3)
      expect(ids(items)).toEqual([...saved].reverse())
      for (const post of items) expect(post.comments).toEqual([])
    })

    it.for<[string, string]>([
      ['limit=0', 'limit must be a whole number from 1 to 100.'],
      ['limit=101', 'limit must be a whole number from 1 to 100.'],
      ['limit=1.5', 'limit must be a whole number from 1 to 100.'],
      ['limit=2&cursor=%%%', MESSAGES.invalidCursor],
    ])('refuses ?%s with 400', async ([query, message], { app }) => {
      const { token } = await seededToken()
      await expectError(app.get(`/api/users/bookmark?${query}`, token), 400, message)
    })
  })

  describe('POST /api/users/bookmark/:postId', () => {
    it('saves the post and answers {bookmarks} with it', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send('/api/users/bookmark/2', {}, { token })
      expect(response.status).toBe(200)
      const answer = await body<{ bookmarks: Post[] }>(response)
      expect(Object.keys(answer)).toEqual(['bookmarks'])
      expect(ids(answer.bookmarks)).toEqual(['2'])
      expect(answer.bookmarks[0]).toMatchObject({ _id: '2', id: '2', username: 'questlord' })
      expect(ids(await bookmarksOf(app, token))).toEqual(['2'])
      expect(ids((await userNamed(app, 'player1', token)).bookmarks)).toEqual(['2'])
    })

    it("keeps a user's bookmarks private to that user", async ({ app }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/users/bookmark/2', {}, { token }))
      expect((await userNamed(app, 'player1')).bookmarks).toEqual([])
      const other = await seededToken('nova_strike')
      expect((await userNamed(app, 'player1', other.token)).bookmarks).toEqual([])
      expect(ids((await userNamed(app, 'player1', token)).bookmarks)).toEqual(['2'])
    })

    it('answers {post} with Prefer: return=minimal', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send(
        '/api/users/bookmark/1',
        {},
        {
          token,
          headers: { Prefer: 'return=minimal' },
        },
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      const answer = await body<{ post: Post }>(response)
      expect(Object.keys(answer)).toEqual(['post'])
      expect(answer.post._id).toBe('1')
    })

    it('refuses to save the same post twice', async ({ app }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/users/bookmark/2', {}, { token }))
      await expectError(
        app.send('/api/users/bookmark/2', {}, { token }),
        400,
        MESSAGES.alreadyBookmarked,
      )
      expect(ids(await bookmarksOf(app, token))).toEqual(['2'])
    })

    it("keeps each user's bookmarks apart", async ({ app }) => {
      const me = await seededToken()
      const other = await quickUser(app, 'collector')
      await ok(app.send('/api/users/bookmark/2', {}, { token: me.token }))
      await ok(app.send('/api/users/bookmark/3', {}, { token: other.token }))
      expect(ids(await bookmarksOf(app, me.token))).toEqual(['2'])
      expect(ids(await bookmarksOf(app, other.token))).toEqual(['3'])
    })

    it.for(BAD_IDS)('answers 404 for the post id %j', async (id, { app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send(`/api/users/bookmark/${id}`, {}, { token }),
        404,
        MESSAGES.postNotFound,
      )
      expect(await bookmarksOf(app, token)).toEqual([])
    })

    it('answers 401 without a token', async ({ app }) => {
      await expectError(app.send('/api/users/bookmark/2', {}), 401, MESSAGES.invalidToken)
    })
  })

  describe('POST /api/users/remove-bookmark/:postId', () => {
    it('removes the post and answers the remaining {bookmarks}', async ({ app }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/users/bookmark/2', {}, { token }))
      await ok(app.send('/api/users/bookmark/3', {}, { token }))
      const response = await app.send('/api/users/remove-bookmark/2', {}, { token })
      expect(response.status).toBe(200)
      const answer = await body<{ bookmarks: Post[] }>(response)
      expect(Object.keys(answer)).toEqual(['bookmarks'])
      expect(ids(answer.bookmarks)).toEqual(['3'])
      expect(ids(await bookmarksOf(app, token))).toEqual(['3'])
    })

    it('answers {post} with Prefer: return=minimal', async ({ app }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/users/bookmark/2', {}, { token }))
      const response = await app.send(
        '/api/users/remove-bookmark/2',
        {},
        {
          token,
          headers: { Prefer: 'return=minimal' },
        },
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      expect((await body<{ post: Post }>(response)).post._id).toBe('2')
      expect(await bookmarksOf(app, token)).toEqual([])
    })

    it('refuses to remove a post that is not saved', async ({ app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send('/api/users/remove-bookmark/2', {}, { token }),
        400,
        MESSAGES.notBookmarked,
      )
    })

    it.for(BAD_IDS)('answers 404 for the post id %j', async (id, { app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send(`/api/users/remove-bookmark/${id}`, {}, { token }),
        404,
        MESSAGES.postNotFound,
      )
    })

    it('answers 401 without a token and keeps the bookmark', async ({ app }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/users/bookmark/2', {}, { token }))
      await expectError(app.send('/api/users/remove-bookmark/2', {}), 401, MESSAGES.invalidToken)
      expect(ids(await bookmarksOf(app, token))).toEqual(['2'])
    })
  })

  it('drops a bookmark when its post is deleted', async ({ app }) => {
    const { token } = await seededToken()
    await ok(app.send('/api/users/bookmark/4', {}, { token }))
    await ok(app.send('/api/users/bookmark/1', {}, { token }))
    await ok(app.send('/api/posts/4', undefined, { token, method: 'DELETE' }))
    expect(ids(await bookmarksOf(app, token))).toEqual(['1'])
    const page = await ok<BookmarksPage>(app.get('/api/users/bookmark?limit=5', token))
    expect(ids(page.bookmarks)).toEqual(['1'])
    expect(page.nextCursor).toBeNull()
  })
})
