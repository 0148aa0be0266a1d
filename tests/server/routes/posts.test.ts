import { afterEach, vi } from 'vitest'
import type { Post, PostsPage, User } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import {
  BAD_IDS,
  DEMO,
  TIMESTAMP,
  TRAVERSAL_IDS,
  addComment,
  allPosts,
  body,
  commentsOf,
  createPost,
  expectError,
  ok,
  onePost,
  quickUser,
  seededToken,
  userNamed,
  walkPages,
} from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

afterEach(() => {
  vi.useRealTimers()
})

const minimal = { Prefer: 'return=minimal' }

describe('posts routes', () => {
  describe('GET /api/posts', () => {
    it('answers every seeded post, newest first, under {posts} without a token', async ({
      app,
    }) => {
      const response = await app.get('/api/posts')
      expect(response.status).toBe(200)
      const answer = await body<{ posts: Post[] }>(response)
      expect(Object.keys(answer)).toEqual(['posts'])
      expect(answer.posts.map((post) => post._id)).toEqual(['5', '4', '3', '2', '1'])
      expect(answer.posts.map((post) => post.username)).toEqual([
        'nova_strike',
        'player1',
        'lootgoblin',
        'questlord',
        'nova_strike',
      ])
      expect(answer.posts.map((post) => post.likes.likeCount)).toEqual([0, 0, 0, 10, 1000])
    })

    it('gives every post id === _id, formatted timestamps, its comments and their count', async ({
      app,
    }) => {
      for (const post of await allPosts(app)) {
        expect(post.id).toBe(post._id)
        expect(post.createdAt).toMatch(TIMESTAMP)
        expect(post.updatedAt).toMatch(TIMESTAMP)
        expect(post.author).toMatchObject({ _id: expect.any(String), username: post.username })
        expect(post.author.id).toBe(post.author._id)
        expect(post.comments).toHaveLength(2)
        expect(post.commentCount).toBe(2)
        for (const comment of post.comments) {
          expect(comment.id).toBe(comment._id)
          expect(comment.postId).toBe(post._id)
          expect(comment.createdAt).toMatch(TIMESTAMP)
        }
      }
    })

    it('orders by likeCount, highest first, with sort=likes', async ({ app }) => {
      const response = await app.get('/api/posts?sort=likes')
      expect(response.status).toBe(200)
      const posts = (await body<{ posts: Post[] }>(response)).posts
      expect(posts.map((post) => post.likes.likeCount)).toEqual([1000, 10, 0, 0, 0])
      expect(posts.map((post) => post._id).slice(0, 2)).toEqual(['1', '2'])
    })

    it('refuses an unknown sort with 400', async ({ app }) => {
      await expectError(app.get('/api/posts?sort=oldest'), 400, 'sort must be "recent" or "likes".')
    })

    it('lists every reactor in the whole list', async ({ app }) => {
      const a = await seededToken()
      const b = await quickUser(app, 'second')
      await app.send('/api/posts/like/3', {}, { token: a.token })
      await app.send('/api/posts/like/3', {}, { token: b.token })
      const post = (await allPosts(app)).find((candidate) => candidate._id === '3')
      expect(post?.likes.likeCount).toBe(2)
      expect(post?.likes.likedBy).toHaveLength(2)
      expect(post?.likes.likedBy).toEqual(
        expect.arrayContaining([
          { _id: '1', username: 'player1' },
          { _id: b.id, username: 'second' },
        ]),
      )
    })
  })

  describe('GET /api/posts with ?limit=', () => {
    it('walks ~30 posts a page at a time, each exactly once, newest first', async ({ app }) => {
      const { token } = await seededToken()
      for (let index = 0; index < 25; index += 1) await createPost(app, token, `post ${index}`)
      const whole = (await allPosts(app)).map((post) => post._id)
      expect(whole).toHaveLength(30)
      const { items, pages } = await walkPages<Post>(app, '/api/posts?limit=7', 'posts')
      expect(pages).toBe(5)
      expect(items.map((post) => post._id)).toEqual(whole)
    })

    it('walks sort=likes pages in likeCount order, each post exactly once', async ({ app }) => {
      const { token } = await seededToken()
      const ids: string[] = []
      for (let index = 0; index < 25; index += 1)
        ids.push(await createPost(app, token, `p${index}`))
      // A few likes so that the order is not just the creation order.
      const liker1 = await quickUser(app, 'liker1')
      const liker2 = await quickUser(app, 'liker2')
      await app.send(`/api/posts/like/${ids[3]}`, {}, { token })
      await app.send(`/api/posts/like/${ids[10]}`, {}, { token })
      await app.send(`/api/posts/like/${ids[10]}`, {}, { token: liker1.token })
      await app.send(`/api/posts/like/${ids[20]}`, {}, { token: liker2.token })
      const whole = (await ok<{ posts: Post[] }>(app.get('/api/posts?sort=likes'))).posts
      const { items } = await walkPages<Post>(app, '/api/posts?sort=likes&limit=4', 'posts')
      expect(items.map((post) => post._id)).toEqual(whole.map((post) => post._id))
      const counts = items.map((post) => post.likes.likeCount)
      expect(counts).toEqual([...counts].sort((x, y) => y - x))
      expect(counts.slice(0, 3)).toEqual([1000, 10, 2])
      expect(new Set(items.map((post) => post._id)).size).toBe(30)
    })

    it('answers nextCursor null when the page holds the rest', async ({ app }) => {
      const response = await app.get('/api/posts?limit=5')
      expect(response.status).toBe(200)
      const page = await body<PostsPage>(response)
      expect(page.posts).toHaveLength(5)
      expect(page.nextCursor).toBeNull()
    })

    it('trims a page: no embedded comments, commentCount kept, reactors only the viewer', async ({
      app,
    }) => {
      const me = await seededToken()
      const other = await quickUser(app, 'other')
      await app.send('/api/posts/like/2', {}, { token: other.token })
      await app.send('/api/posts/like/2', {}, { token: me.token })
      await app.send('/api/posts/dislike/1', {}, { token: other.token })

      const mine = (await ok<PostsPage>(app.get('/api/posts?limit=10', me.token))).posts
      const post2 = mine.find((post) => post._id === '2')
      expect(post2?.likes).toEqual({
        likeCount: 12,
        likedBy: [{ _id: '1', username: 'player1' }],
        dislikedBy: [],
      })
      expect(mine.find((post) => post._id === '1')?.likes.dislikedBy).toEqual([])
      for (const post of mine) {
        expect(post.comments).toEqual([])
        expect(post.commentCount).toBe(2)
      }

      const anonymous = (await ok<PostsPage>(app.get('/api/posts?limit=10'))).posts
      for (const post of anonymous) {
        expect(post.likes.likedBy).toEqual([])
        expect(post.likes.dislikedBy).toEqual([])
      }
    })

    it.for(['0', '101', 'x', '1.5', '-3', ''])(
      'refuses limit=%j with 400',
      async (limit, { app }) => {
        await expectError(
          app.get(`/api/posts?limit=${limit}`),
          400,
          'limit must be a whole number from 1 to 100.',
        )
      },
    )

    it.for([
      'garbage',
      '!!!',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('["x",1]').toString('base64url'),
      Buffer.from('[1.5,2]').toString('base64url'),
    ])('refuses the cursor %j with 400', async (cursor, { app }) => {
      await expectError(
        app.get(`/api/posts?limit=2&cursor=${encodeURIComponent(cursor)}`),
        400,
        MESSAGES.invalidCursor,
      )
    })

    it('answers a page of the default size to a cursor sent without a limit', async ({ app }) => {
      const first = await ok<PostsPage>(app.get('/api/posts?limit=2'))
      const next = await ok<PostsPage>(app.get(`/api/posts?cursor=${first.nextCursor}`))
      expect(next.posts.map((post) => post._id)).toEqual(['3', '2', '1'])
      expect(next.nextCursor).toBeNull()
      await expectError(app.get('/api/posts?cursor=garbage'), 400, MESSAGES.invalidCursor)
    })

    it('refuses a cursor of the recent order when sorting by likes', async ({ app }) => {
      const first = await ok<PostsPage>(app.get('/api/posts?limit=2'))
      expect(first.nextCursor).not.toBeNull()
      await expectError(
        app.get(`/api/posts?limit=2&sort=likes&cursor=${first.nextCursor}`),
        400,
        MESSAGES.invalidCursor,
      )
    })
  })

  describe('GET /api/posts/:postId', () => {
    it('answers {post} with its comments and every reactor', async ({ app }) => {
      const response = await app.get('/api/posts/2')
      expect(response.status).toBe(200)
      const answer = await body<{ post: Post }>(response)
      expect(Object.keys(answer)).toEqual(['post'])
      expect(answer.post).toMatchObject({ _id: '2', id: '2', username: 'questlord' })
      expect(answer.post.likes.likeCount).toBe(10)
      expect(answer.post.comments).toHaveLength(2)
    })

    it('answers the post trimmed like a page, with only the viewer, with Prefer: return=minimal', async ({
      app,
    }) => {
      const other = await quickUser(app, 'other')
      await ok(app.send('/api/posts/like/2', {}, { token: other.token }))
      const { token } = await seededToken()
      await ok(app.send('/api/posts/dislike/2', {}, { token }))
      const response = await app.request('/api/posts/2', {
        headers: { authorization: token, Prefer: 'return=minimal' },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      const answer = await body<{ post: Post }>(response)
      expect(Object.keys(answer)).toEqual(['post'])
      expect(answer.post.likes).toEqual({
        likeCount: 10,
        likedBy: [],
        dislikedBy: [{ _id: '1', username: 'player1' }],
      })
      expect(answer.post.comments).toEqual([])
      expect(answer.post.commentCount).toBe(2)
      const whole = await onePost(app, '2')
      expect(whole.likes.likedBy).toEqual([{ _id: other.id, username: 'other' }])
      expect(whole.comments).toHaveLength(2)
    })

    it.for(BAD_IDS)('answers 404 for the post id %j', async (id, { app }) => {
      await expectError(app.get(`/api/posts/${id}`), 404, MESSAGES.postNotFound)
    })

    it.for(TRAVERSAL_IDS)('answers 404 for the traversal %j', async (id, { app }) => {
      const response = await app.get(`/api/posts/${id}`)
      expect(response.status).toBe(404)
      expect(Object.keys(await body(response))).toEqual(['errors', 'code'])
    })
  })

  describe('GET /api/posts/user/:username', () => {
    it("answers only that user's posts, newest first, whatever the case of the name", async ({
      app,
    }) => {
      const response = await app.get('/api/posts/user/NOVA_STRIKE')
      expect(response.status).toBe(200)
      const answer = await body<{ posts: Post[] }>(response)
      expect(Object.keys(answer)).toEqual(['posts'])
      expect(answer.posts.map((post) => post._id)).toEqual(['5', '1'])
    })

    it('pages the posts of one user exactly once each', async ({ app }) => {
      const { token } = await seededToken()
      const other = await quickUser(app, 'other')
      for (let index = 0; index < 12; index += 1) {
        await createPost(app, index % 3 ? token : other.token, `mixed ${index}`)
      }
      const whole = await ok<{ posts: Post[] }>(app.get('/api/posts/user/player1'))
      expect(whole.posts).toHaveLength(9)
      const { items } = await walkPages<Post>(app, '/api/posts/user/player1?limit=2', 'posts')
      expect(items.map((post) => post._id)).toEqual(whole.posts.map((post) => post._id))
      expect(items.every((post) => post.username === 'player1')).toBe(true)
    })

    it('answers an empty list for a user without posts', async ({ app }) => {
      await quickUser(app, 'quiet')
      expect(await ok(app.get('/api/posts/user/quiet'))).toEqual({ posts: [] })
    })

    it('answers 404 for an unknown user', async ({ app }) => {
      await expectError(app.get('/api/posts/user/nobody'), 404, MESSAGES.userNotFound)
    })

    it('answers 400 for a bad limit', async ({ app }) => {
      await expectError(
        app.get('/api/posts/user/player1?limit=0'),
        400,
        'limit must be a whole number from 1 to 100.',
      )
    })
  })

  describe('POST /api/posts', () => {
    it('creates the post and answers 201 with every post, the new one first', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send('/api/posts', { postData: { content: 'GG all' } }, { token })
      expect(response.status).toBe(201)
      const answer = await body<{ posts: Post[] }>(response)
      expect(Object.keys(answer)).toEqual(['posts'])
      expect(answer.posts).toHaveLength(6)
      expect(answer.posts[0]).toMatchObject({
        _id: '6',
        id: '6',
        content: 'GG all',
        username: 'player1',
        likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
        comments: [],
        commentCount: 0,
      })
      expect(answer.posts[0]?.createdAt).toBe(answer.posts[0]?.updatedAt)
      expect((await userNamed(app, 'player1')).postCount).toBe(2)
    })

    it('accepts the raw token and a Bearer token alike', async ({ app }) => {
      const { token } = await seededToken()
      const raw = await app.send('/api/posts', { postData: { content: 'raw' } }, { token })
      expect(raw.status).toBe(201)
      const bearer = await app.send(
        '/api/posts',
        { postData: { content: 'bearer' } },
        { token: `Bearer ${token}` },
      )
      expect(bearer.status).toBe(201)
      expect((await allPosts(app)).map((post) => post.content).slice(0, 2)).toEqual([
        'bearer',
        'raw',
      ])
    })

    it('accepts {postData: "text"} as well as {postData: {content}}', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send('/api/posts', { postData: 'plain text' }, { token })
      expect(response.status).toBe(201)
      expect((await allPosts(app))[0]?.content).toBe('plain text')
    })

    it('stores the content trimmed and accepts exactly 1000 characters', async ({ app }) => {
      const { token } = await seededToken()
      await createPost(app, token, '   padded   ')
      const long = 'x'.repeat(1000)
      await createPost(app, token, long)
      const [newest, padded] = await allPosts(app)
      expect(newest?.content).toBe(long)
      expect(padded?.content).toBe('padded')
    })

    it('answers {post} and Preference-Applied with Prefer: return=minimal', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send(
        '/api/posts',
        { postData: { content: 'minimal' } },
        { token, headers: minimal },
      )
      expect(response.status).toBe(201)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      const answer = await body<{ post: Post }>(response)
      expect(Object.keys(answer)).toEqual(['post'])
      expect(answer.post).toMatchObject({ _id: '6', content: 'minimal', commentCount: 0 })
    })

    it('sends no Preference-Applied header without Prefer', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send('/api/posts', { postData: 'x' }, { token })
      expect(response.status).toBe(201)
      expect(response.headers.get('Preference-Applied')).toBeNull()
    })

    it.for<[unknown, string]>([
      [{ postData: { content: 'x'.repeat(1001) } }, 'A post can be at most 1000 characters.'],
      [{ postData: { content: '' } }, 'A post cannot be empty.'],
      [{ postData: { content: '  \n\t ' } }, 'A post cannot be empty.'],
      [{ postData: '   ' }, 'A post cannot be empty.'],
      [{ postData: { content: 5 } }, 'A post must be text.'],
      [{ postData: null }, 'Send the post as {"postData": {"content": "…"}}.'],
      [{ postData: 5 }, 'Send the post as {"postData": {"content": "…"}}.'],
      [{ content: 'top level' }, 'Send the post as {"postData": {"content": "…"}}.'],
      [{}, 'Send the post as {"postData": {"content": "…"}}.'],
      [['an', 'array'], 'Send the post as {"postData": {"content": "…"}}.'],
      ['a string', 'Send the post as {"postData": {"content": "…"}}.'],
    ])('refuses %j with 400 and creates nothing', async ([input, message], { app }) => {
      const { token } = await seededToken()
      await expectError(app.send('/api/posts', input, { token }), 400, message)
      expect(await allPosts(app)).toHaveLength(DEMO.postCount)
      expect((await userNamed(app, 'player1')).postCount).toBe(1)
    })

    it('refuses malformed JSON with 400 and creates nothing', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.request('/api/posts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', authorization: token },
        body: '{"postData": {"content": "oops"}',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        errors: ['The request body is not valid JSON.'],
        code: 'INVALID_JSON',
      })
      expect(await allPosts(app)).toHaveLength(DEMO.postCount)
    })

    it('refuses a body over 1 MB with 413 and creates nothing', async ({ app }) => {
      const { token } = await seededToken()
      const content = 'x'.repeat(1.1 * 1024 * 1024)
      await expectError(
        app.send('/api/posts', { postData: { content } }, { token }),
        413,
        MESSAGES.bodyTooLarge,
      )
      expect(await allPosts(app)).toHaveLength(DEMO.postCount)
    })

    it('refuses a request without a token with 401 and creates nothing', async ({ app }) => {
      await expectError(
        app.send('/api/posts', { postData: { content: 'anon' } }),
        401,
        MESSAGES.invalidToken,
      )
      expect(await allPosts(app)).toHaveLength(DEMO.postCount)
    })
  })

  describe('POST /api/posts/edit/:postId', () => {
    it('replaces the content, moves updatedAt and keeps createdAt', async ({ makeApp }) => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2031-05-01T10:00:00Z'))
      const app = await makeApp()
      const { token } = await seededToken()
      const before = await onePost(app, '4')
      vi.setSystemTime(new Date('2031-05-01T10:05:00Z'))
      const response = await app.send(
        '/api/posts/edit/4',
        { postData: { content: '  edited  ' } },
        { token },
      )
      expect(response.status).toBe(200)
      const answer = await body<{ posts: Post[] }>(response)
      expect(Object.keys(answer)).toEqual(['posts'])
      expect(answer.posts).toHaveLength(DEMO.postCount)
      const after = await onePost(app, '4')
      expect(after.content).toBe('edited')
      expect(after.createdAt).toBe(before.createdAt)
      expect(after.updatedAt).not.toBe(before.updatedAt)
      expect(new Date(after.updatedAt).getTime() - new Date(before.updatedAt).getTime()).toBe(
        10 * 60 * 60 * 1000 + 5 * 60 * 1000,
      )
      expect(after.comments).toHaveLength(2)
    })

    it('accepts the spec client form {postData: "text"}', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send('/api/posts/edit/4', { postData: 'new text' }, { token })
      expect(response.status).toBe(200)
      expect((await onePost(app, '4')).content).toBe('new text')
    })

    it('answers {post} with Prefer: return=minimal', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send(
        '/api/posts/edit/4',
        { postData: 'short' },
        { token, headers: minimal },
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      const answer = await body<{ post: Post }>(response)
      expect(Object.keys(answer)).toEqual(['post'])
      expect(answer.post).toMatchObject({ _id: '4', content: 'short', comments: [] })
    })

    it("refuses to edit someone else's post with 400 and changes nothing", async ({ app }) => {
      const { token } = await seededToken()
      const before = await onePost(app, '1')
      await expectError(
        app.send('/api/posts/edit/1', { postData: 'hijack' }, { token }),
        400,
        MESSAGES.editForeignPost,
      )
      expect(await onePost(app, '1')).toEqual(before)
    })

    it('refuses an over-long edit with 400 and keeps the old content', async ({ app }) => {
      const { token } = await seededToken()
      const before = await onePost(app, '4')
      await expectError(
        app.send('/api/posts/edit/4', { postData: 'y'.repeat(1001) }, { token }),
        400,
        'A post can be at most 1000 characters.',
      )
      expect(await onePost(app, '4')).toEqual(before)
    })

    it.for(BAD_IDS)('answers 404 for the post id %j', async (id, { app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send(`/api/posts/edit/${id}`, { postData: 'x' }, { token }),
        404,
        MESSAGES.postNotFound,
      )
    })

    it('answers 401 without a token', async ({ app }) => {
      await expectError(
        app.send('/api/posts/edit/4', { postData: 'x' }),
        401,
        MESSAGES.invalidToken,
      )
    })
  })

  describe('DELETE /api/posts/:postId', () => {
    it('deletes the post with its comments and bookmarks and lowers the postCount', async ({
      app,
    }) => {
      const { token } = await seededToken()
      const { token: novaToken } = await seededToken('nova_strike')
      await ok(app.send('/api/users/bookmark/4', {}, { token: novaToken }))
      await ok(app.send('/api/posts/like/4', {}, { token: novaToken }))

      const response = await app.send('/api/posts/4', undefined, { token, method: 'DELETE' })
      expect(response.status).toBe(200)
      const answer = await body<{ posts: Post[] }>(response)
      expect(Object.keys(answer)).toEqual(['posts'])
      expect(answer.posts.map((post) => post._id)).toEqual(['5', '3', '2', '1'])

      await expectError(app.get('/api/posts/4'), 404, MESSAGES.postNotFound)
      await expectError(app.get('/api/comments/4'), 404, MESSAGES.postNotFound)
      expect((await userNamed(app, 'player1')).postCount).toBe(0)
      expect(
        (await ok<{ bookmarks: Post[] }>(app.get('/api/users/bookmark', novaToken))).bookmarks,
      ).toEqual([])
      const [left] = await app.db.ids(
        `SELECT (SELECT count(*) FROM comments WHERE post_id = 4)
              + (SELECT count(*) FROM bookmarks WHERE post_id = 4)
              + (SELECT count(*) FROM post_reactions WHERE post_id = 4) AS n`,
      )
      expect(left).toBe(0)
    })

    it('answers the deleted post as {post} with Prefer: return=minimal', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send('/api/posts/4', undefined, {
        token,
        method: 'DELETE',
        headers: minimal,
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      const answer = await body<{ post: Post }>(response)
      expect(Object.keys(answer)).toEqual(['post'])
      expect(answer.post._id).toBe('4')
      expect(await allPosts(app)).toHaveLength(4)
    })

    it("refuses to delete someone else's post with 400 and keeps it", async ({ app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send('/api/posts/1', undefined, { token, method: 'DELETE' }),
        400,
        MESSAGES.deleteForeignPost,
      )
      expect(await allPosts(app)).toHaveLength(DEMO.postCount)
      expect((await commentsOf(app, '1')).length).toBe(2)
      expect((await userNamed(app, 'nova_strike')).postCount).toBe(2)
    })

    it.for(BAD_IDS)('answers 404 for the post id %j', async (id, { app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send(`/api/posts/${id}`, undefined, { token, method: 'DELETE' }),
        404,
        MESSAGES.postNotFound,
      )
      expect(await allPosts(app)).toHaveLength(DEMO.postCount)
    })

    it('answers 404 when deleting the same post twice', async ({ app }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/posts/4', undefined, { token, method: 'DELETE' }))
      await expectError(
        app.send('/api/posts/4', undefined, { token, method: 'DELETE' }),
        404,
        MESSAGES.postNotFound,
      )
      expect((await userNamed(app, 'player1')).postCount).toBe(0)
    })

    it('answers 401 without a token and deletes nothing', async ({ app }) => {
      await expectError(
        app.request('/api/posts/4', { method: 'DELETE' }),
        401,
        MESSAGES.invalidToken,
      )
      expect(await allPosts(app)).toHaveLength(DEMO.postCount)
    })
  })

  describe('POST /api/posts/like/:postId and /dislike/:postId', () => {
    it('like adds the user to likedBy, raises likeCount by one and moves updatedAt', async ({
      makeApp,
    }) => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2031-05-01T10:00:00Z'))
      const app = await makeApp()
      const { token } = await seededToken()
      const before = await onePost(app, '2')
      vi.setSystemTime(new Date('2031-05-01T10:00:07Z'))
      const response = await app.send('/api/posts/like/2', {}, { token })
      expect(response.status).toBe(200)
      const answer = await body<{ posts: Post[] }>(response)
      expect(Object.keys(answer)).toEqual(['posts'])
      expect(answer.posts).toHaveLength(DEMO.postCount)
      const after = answer.posts.find((post) => post._id === '2')
      expect(after?.likes).toEqual({
        likeCount: 11,
        likedBy: [{ _id: '1', username: 'player1' }],
        dislikedBy: [],
      })
      expect(after?.updatedAt).not.toBe(before.updatedAt)
      expect(after?.createdAt).toBe(before.createdAt)
    })

    it('dislike moves the user from likedBy to dislikedBy and lowers likeCount by one', async ({
      app,
    }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/posts/like/2', {}, { token }))
      const response = await app.send('/api/posts/dislike/2', {}, { token })
      expect(response.status).toBe(200)
      expect((await onePost(app, '2')).likes).toEqual({
        likeCount: 10,
        likedBy: [],
        dislikedBy: [{ _id: '1', username: 'player1' }],
      })
    })

    it('like after dislike moves the user back and raises likeCount by one', async ({ app }) => {
      const { token } = await seededToken()
      const steps: [string, number][] = [
        ['dislike', 9],
        ['like', 10],
        ['dislike', 9],
        ['like', 10],
      ]
      for (const [action, count] of steps) {
        await ok(app.send(`/api/posts/${action}/2`, {}, { token }))
        const likes = (await onePost(app, '2')).likes
        expect(likes.likeCount).toBe(count)
        const me = [{ _id: '1', username: 'player1' }]
        expect(likes.likedBy).toEqual(action === 'like' ? me : [])
        expect(likes.dislikedBy).toEqual(action === 'dislike' ? me : [])
      }
    })

    it('refuses a second like with the exact spec text and keeps the count', async ({ app }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/posts/like/2', {}, { token }))
      await expectError(
        app.send('/api/posts/like/2', {}, { token }),
        400,
        'Cannot like a post that is already liked. ',
      )
      expect((await onePost(app, '2')).likes.likeCount).toBe(11)
    })

    it('refuses a second dislike with the exact spec text and keeps the count', async ({ app }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/posts/dislike/2', {}, { token }))
      await expectError(
        app.send('/api/posts/dislike/2', {}, { token }),
        400,
        'Cannot dislike a post that is already disliked. ',
      )
      expect((await onePost(app, '2')).likes.likeCount).toBe(9)
    })

    it('refuses to dislike a post whose likeCount is 0', async ({ app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send('/api/posts/dislike/3', {}, { token }),
        400,
        'Cannot decrement like less than 0.',
      )
      expect((await onePost(app, '3')).likes).toEqual({
        likeCount: 0,
        likedBy: [],
        dislikedBy: [],
      })
    })

    it('answers {post} with only the viewer in the reactor lists with Prefer: return=minimal', async ({
      app,
    }) => {
      const other = await quickUser(app, 'other')
      await ok(app.send('/api/posts/like/2', {}, { token: other.token }))
      const { token } = await seededToken()
      const response = await app.send('/api/posts/like/2', {}, { token, headers: minimal })
      expect(response.status).toBe(200)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      const answer = await body<{ post: Post }>(response)
      expect(Object.keys(answer)).toEqual(['post'])
      expect(answer.post.likes).toEqual({
        likeCount: 12,
        likedBy: [{ _id: '1', username: 'player1' }],
        dislikedBy: [],
      })
    })

    it('ignores a malformed or empty body, as the spec client sends {}', async ({ app }) => {
      const { token } = await seededToken()
      const empty = await app.request('/api/posts/like/2', {
        method: 'POST',
        headers: { authorization: token },
      })
      expect(empty.status).toBe(200)
      expect((await onePost(app, '2')).likes.likeCount).toBe(11)
    })

    it.for(['like', 'dislike'])('answers 404 for unknown ids on %s', async (action, { app }) => {
      const { token } = await seededToken()
      for (const id of BAD_IDS) {
        await expectError(
          app.send(`/api/posts/${action}/${id}`, {}, { token }),
          404,
          MESSAGES.postNotFound,
        )
      }
      expect((await allPosts(app)).map((post) => post.likes.likeCount)).toEqual([0, 0, 0, 10, 1000])
    })

    it.for(['like', 'dislike'])('answers 401 on %s without a token', async (action, { app }) => {
      await expectError(app.send(`/api/posts/${action}/2`, {}), 401, MESSAGES.invalidToken)
      expect((await onePost(app, '2')).likes.likeCount).toBe(10)
    })
  })

  describe('comment counts on posts', () => {
    it('adding a comment raises commentCount and deleting one lowers it', async ({ app }) => {
      const { token } = await seededToken()
      const id = await addComment(app, token, '1', 'nice')
      expect((await onePost(app, '1')).commentCount).toBe(3)
      await ok(app.send(`/api/comments/delete/1/${id}`, {}, { token }))
      expect((await onePost(app, '1')).commentCount).toBe(2)
    })
  })

  it('keeps the author summary in step with profile edits', async ({ app }) => {
    const { token } = await seededToken()
    await ok(app.send('/api/users/edit', { userData: { firstName: 'Renamed' } }, { token }))
    const post = await onePost(app, '4')
    expect(post.author.firstName).toBe('Renamed')
    const user: User = await userNamed(app, 'player1')
    expect(user.firstName).toBe('Renamed')
  })
})
