import type { Post, PostsPage } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import {
  body,
  createPost,
  expectError,
  ok,
  quickUser,
  seededToken,
  walkPages,
} from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

describe('feed routes', () => {
  describe('GET /api/feed', () => {
    it("answers the viewer's own and followed users' posts, newest first, as {posts, nextCursor}", async ({
      app,
    }) => {
      const { token } = await seededToken()
      const response = await app.get('/api/feed', token)
      expect(response.status).toBe(200)
      const page = await body<PostsPage>(response)
      expect(Object.keys(page).sort()).toEqual(['nextCursor', 'posts'])
      // player1 wrote post 4 and follows nova_strike (posts 5 and 1).
      expect(page.posts.map((post) => post._id)).toEqual(['5', '4', '1'])
      expect(page.nextCursor).toBeNull()
    })

    it('follows and unfollows change what the feed holds', async ({ app }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/users/follow/3', {}, { token }))
      await ok(app.send('/api/users/unfollow/2', {}, { token }))
      const page = await ok<PostsPage>(app.get('/api/feed', token))
      expect(page.posts.map((post) => post.username)).toEqual(['player1', 'questlord'])
    })

    it("walks a long feed page by page and never shows a stranger's post", async ({ app }) => {
      const me = await seededToken()
      const friend = await quickUser(app, 'friend')
      const stranger = await quickUser(app, 'stranger')
      await ok(app.send(`/api/users/follow/${friend.id}`, {}, { token: me.token }))
      const authors = [me, friend, stranger]
      for (let index = 0; index < 24; index += 1) {
        await createPost(app, authors[index % 3]?.token ?? '', `feed ${index}`)
      }
      const { items, pages } = await walkPages<Post>(app, '/api/feed?limit=5', 'posts', me.token)
      const allowed = new Set(['player1', 'nova_strike', 'friend'])
      expect(items.every((post) => allowed.has(post.username))).toBe(true)
      expect(items).toHaveLength(16 + 3)
      expect(pages).toBe(4)
      const whole = (await ok<{ posts: Post[] }>(app.get('/api/posts'))).posts
      expect(items.map((post) => post._id)).toEqual(
        whole.filter((post) => allowed.has(post.username)).map((post) => post._id),
      )
      for (const post of items) {
        expect(post.comments).toEqual([])
        expect(post.likes.likedBy.every((reactor) => reactor._id === '1')).toBe(true)
      }
    })

    it('answers a new user with only their own posts', async ({ app }) => {
      const { token } = await quickUser(app, 'newcomer')
      expect((await ok<PostsPage>(app.get('/api/feed', token))).posts).toEqual([])
      await createPost(app, token, 'hello world')
      const posts = (await ok<PostsPage>(app.get('/api/feed', token))).posts
      expect(posts.map((post) => post.content)).toEqual(['hello world'])
    })

    it('answers 401 without a token', async ({ app }) => {
      await expectError(app.get('/api/feed'), 401, MESSAGES.invalidToken)
    })

    it.for<[string, string]>([
      ['limit=0', 'limit must be a whole number from 1 to 100.'],
      ['limit=101', 'limit must be a whole number from 1 to 100.'],
      ['limit=x', 'limit must be a whole number from 1 to 100.'],
      ['limit=1.5', 'limit must be a whole number from 1 to 100.'],
      ['limit=2&cursor=garbage', MESSAGES.invalidCursor],
    ])('refuses ?%s with 400', async ([query, message], { app }) => {
      const { token } = await seededToken()
      await expectError(app.get(`/api/feed?${query}`, token), 400, message)
    })
  })
})
