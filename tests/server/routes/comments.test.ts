import { afterEach, vi } from 'vitest'
import type { Comment, CommentsPage } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import {
  BAD_IDS,
  TIMESTAMP,
  addComment,
  body,
  commentsOf,
  expectError,
  ok,
  onePost,
  quickUser,
  seededToken,
  walkPages,
} from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

afterEach(() => {
  vi.useRealTimers()
})

const minimal = { Prefer: 'return=minimal' }

/** The seeded comments of post 4 (player1's post): one by nova_strike, one by lootgoblin. */
async function seededCommentsOfPost4(app: TestApp) {
  const comments = await commentsOf(app, '4')
  const byNova = comments.find((comment) => comment.username === 'nova_strike')
  const byGoblin = comments.find((comment) => comment.username === 'lootgoblin')
  if (!byNova || !byGoblin) throw new Error('seed changed')
  return { byNova, byGoblin }
}

describe('comments routes', () => {
  describe('GET /api/comments/:postId', () => {
    it('answers the comments of a post, newest first, under {comments} without a token', async ({
      app,
    }) => {
      const response = await app.get('/api/comments/1')
      expect(response.status).toBe(200)
      const answer = await body<{ comments: Comment[] }>(response)
      expect(Object.keys(answer)).toEqual(['comments'])
      expect(answer.comments.map((comment) => comment.username)).toEqual([
        'lootgoblin',
        'questlord',
      ])
      for (const comment of answer.comments) {
        expect(comment.id).toBe(comment._id)
        expect(comment.postId).toBe('1')
        expect(comment.author.username).toBe(comment.username)
        expect(comment.createdAt).toMatch(TIMESTAMP)
        expect(comment.updatedAt).toMatch(TIMESTAMP)
        expect(comment.votes).toEqual({
          upvotedBy: [],
          downvotedBy: [],
          upvoteCount: 0,
          downvoteCount: 0,
        })
      }
    })

    it('walks 25 comments a page at a time, newest first, each exactly once', async ({ app }) => {
      const { token } = await seededToken()
      for (let index = 0; index < 23; index += 1) await addComment(app, token, '3', `c${index}`)
      const whole = await commentsOf(app, '3')
      expect(whole).toHaveLength(25)
      expect(whole[0]?.text).toBe('c22')
      const { items, pages } = await walkPages<Comment>(app, '/api/comments/3?limit=6', 'comments')
      expect(pages).toBe(5)
      expect(items.map((comment) => comment._id)).toEqual(whole.map((comment) => comment._id))
    })

    it('shows only the viewer in the vote lists of a page', async ({ app }) => {
      const me = await seededToken()
      const other = await quickUser(app, 'other')
      const [newest] = await commentsOf(app, '2')
      const path = `/api/comments/upvote/2/${newest?._id}`
      await ok(app.send(path, {}, { token: other.token }))
      await ok(app.send(path, {}, { token: me.token }))

      const mine = await ok<CommentsPage>(app.get('/api/comments/2?limit=5', me.token))
      expect(mine.comments[0]?.votes).toEqual({
        upvotedBy: [{ _id: '1', username: 'player1' }],
        downvotedBy: [],
        upvoteCount: 2,
        downvoteCount: 0,
      })
      const anonymous = await ok<CommentsPage>(app.get('/api/comments/2?limit=5'))
      expect(anonymous.comments[0]?.votes.upvotedBy).toEqual([])
      expect(anonymous.comments[0]?.votes.upvoteCount).toBe(2)
      const whole = await commentsOf(app, '2')
      expect(whole[0]?.votes.upvotedBy.map((voter) => voter.username).sort()).toEqual([
        'other',
        'player1',
      ])
    })

    it.for(BAD_IDS)('answers 404 for the post id %j', async (id, { app }) => {
      await expectError(app.get(`/api/comments/${id}`), 404, MESSAGES.postNotFound)
    })

    it.for(['0', '101', 'x', '1.5'])('refuses limit=%j with 400', async (limit, { app }) => {
      await expectError(
        app.get(`/api/comments/1?limit=${limit}`),
        400,
        'limit must be a whole number from 1 to 100.',
      )
    })

    it('refuses a garbage cursor with 400', async ({ app }) => {
      await expectError(
        app.get('/api/comments/1?limit=1&cursor=not-a-cursor'),
        400,
        MESSAGES.invalidCursor,
      )
    })
  })

  describe('POST /api/comments/add/:postId', () => {
    it('adds the comment, answers 201 with all comments and raises commentCount', async ({
      app,
    }) => {
      const { token } = await seededToken()
      const response = await app.send(
        '/api/comments/add/1',
        { commentData: { text: '  hello  ' } },
        { token },
      )
      expect(response.status).toBe(201)
      const answer = await body<{ comments: Comment[] }>(response)
      expect(Object.keys(answer)).toEqual(['comments'])
      expect(answer.comments).toHaveLength(3)
      expect(answer.comments[0]).toMatchObject({
        text: 'hello',
        username: 'player1',
        postId: '1',
        votes: { upvotedBy: [], downvotedBy: [], upvoteCount: 0, downvoteCount: 0 },
      })
      const post = await onePost(app, '1')
      expect(post.commentCount).toBe(3)
      expect(post.comments).toHaveLength(3)
    })

    it('accepts the spec client form {commentData: "text"}', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send('/api/comments/add/1', { commentData: 'bare' }, { token })
      expect(response.status).toBe(201)
      expect((await commentsOf(app, '1'))[0]?.text).toBe('bare')
    })

    it('answers {comment} and Preference-Applied with Prefer: return=minimal', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.send(
        '/api/comments/add/1',
        { commentData: 'min' },
        { token, headers: minimal },
      )
      expect(response.status).toBe(201)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      const answer = await body<{ comment: Comment }>(response)
      expect(Object.keys(answer)).toEqual(['comment'])
      expect(answer.comment).toMatchObject({ text: 'min', postId: '1', username: 'player1' })
    })

    it.for<[unknown, string]>([
      [{ commentData: 'x'.repeat(501) }, 'A comment can be at most 500 characters.'],
      [{ commentData: '   ' }, 'A comment cannot be empty.'],
      [{ commentData: { text: '' } }, 'A comment cannot be empty.'],
      [{ commentData: { text: 7 } }, 'A comment must be text.'],
      [{ commentData: null }, 'Send the comment as {"commentData": {"text": "…"}}.'],
      [{ text: 'top level' }, 'Send the comment as {"commentData": {"text": "…"}}.'],
      [[1, 2], 'Send the comment as {"commentData": {"text": "…"}}.'],
    ])('refuses %j with 400 and adds nothing', async ([input, message], { app }) => {
      const { token } = await seededToken()
      await expectError(app.send('/api/comments/add/1', input, { token }), 400, message)
      expect(await commentsOf(app, '1')).toHaveLength(2)
      expect((await onePost(app, '1')).commentCount).toBe(2)
    })

    it('accepts exactly 500 characters', async ({ app }) => {
      const { token } = await seededToken()
      await addComment(app, token, '1', 'z'.repeat(500))
      expect((await commentsOf(app, '1'))[0]?.text).toHaveLength(500)
    })

    it.for(BAD_IDS)('answers 404 for the post id %j', async (id, { app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send(`/api/comments/add/${id}`, { commentData: 'x' }, { token }),
        404,
        MESSAGES.postNotFound,
      )
    })

    it('answers 401 without a token and adds nothing', async ({ app }) => {
      await expectError(
        app.send('/api/comments/add/1', { commentData: 'x' }),
        401,
        MESSAGES.invalidToken,
      )
      expect(await commentsOf(app, '1')).toHaveLength(2)
    })
  })

  describe('POST /api/comments/edit/:postId/:commentId', () => {
    it('replaces the text and moves updatedAt, for the author', async ({ makeApp }) => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2031-01-01T12:00:00Z'))
      const app = await makeApp()
      const { token } = await seededToken()
      const id = await addComment(app, token, '1', 'first take')
      const [before] = await commentsOf(app, '1')
      vi.setSystemTime(new Date('2031-01-01T12:03:00Z'))
      const response = await app.send(
        `/api/comments/edit/1/${id}`,
        { commentData: { text: ' second take ' } },
        { token },
      )
      expect(response.status).toBe(200)
      const answer = await body<{ comments: Comment[] }>(response)
      expect(Object.keys(answer)).toEqual(['comments'])
      const after = answer.comments.find((comment) => comment._id === id)
      expect(after?.text).toBe('second take')
      expect(after?.createdAt).toBe(before?.createdAt)
      expect(after?.updatedAt).not.toBe(before?.updatedAt)
      expect((await onePost(app, '1')).commentCount).toBe(3)
    })

    it('accepts {commentData: "text"} and answers {comment} with Prefer: return=minimal', async ({
      app,
    }) => {
      const { token } = await seededToken()
      const id = await addComment(app, token, '1', 'v1')
      const response = await app.send(
        `/api/comments/edit/1/${id}`,
        { commentData: 'v2' },
        { token, headers: minimal },
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      expect((await body<{ comment: Comment }>(response)).comment).toMatchObject({
        _id: id,
        text: 'v2',
      })
    })

    it("refuses to edit someone else's comment, even on one's own post", async ({ app }) => {
      const { token } = await seededToken()
      const { byNova } = await seededCommentsOfPost4(app)
      await expectError(
        app.send(`/api/comments/edit/4/${byNova._id}`, { commentData: 'mine now' }, { token }),
        400,
        MESSAGES.editForeignComment,
      )
      expect((await commentsOf(app, '4')).find((c) => c._id === byNova._id)?.text).toBe(byNova.text)
    })

    it('refuses an over-long edit with 400 and keeps the text', async ({ app }) => {
      const { token } = await seededToken()
      const id = await addComment(app, token, '1', 'keep me')
      await expectError(
        app.send(`/api/comments/edit/1/${id}`, { commentData: 'x'.repeat(501) }, { token }),
        400,
        'A comment can be at most 500 characters.',
      )
      expect((await commentsOf(app, '1'))[0]?.text).toBe('keep me')
    })

    it('answers 404 for a comment named under another post', async ({ app }) => {
      const { token } = await seededToken()
      const id = await addComment(app, token, '1', 'on post 1')
      await expectError(
        app.send(`/api/comments/edit/2/${id}`, { commentData: 'moved' }, { token }),
        404,
        MESSAGES.commentNotFound,
      )
      expect((await commentsOf(app, '1'))[0]?.text).toBe('on post 1')
    })

    it.for(BAD_IDS)('answers 404 for %j as a comment id and as a post id', async (id, { app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send(`/api/comments/edit/1/${id}`, { commentData: 'x' }, { token }),
        404,
        MESSAGES.commentNotFound,
      )
      await expectError(
        app.send(`/api/comments/edit/${id}/1`, { commentData: 'x' }, { token }),
        404,
        MESSAGES.postNotFound,
      )
    })
  })

  describe('POST /api/comments/delete/:postId/:commentId', () => {
    it('lets the author delete their comment and lowers commentCount', async ({ app }) => {
      const { token } = await seededToken()
      const id = await addComment(app, token, '1', 'oops')
      const response = await app.send(`/api/comments/delete/1/${id}`, {}, { token })
      expect(response.status).toBe(200)
      const answer = await body<{ comments: Comment[] }>(response)
      expect(Object.keys(answer)).toEqual(['comments'])
      expect(answer.comments.map((comment) => comment._id)).not.toContain(id)
      expect(answer.comments).toHaveLength(2)
      expect((await onePost(app, '1')).commentCount).toBe(2)
    })

    it("lets the post's owner delete someone else's comment on their post", async ({ app }) => {
      const { token } = await seededToken()
      const { byNova, byGoblin } = await seededCommentsOfPost4(app)
      const response = await app.send(`/api/comments/delete/4/${byNova._id}`, {}, { token })
      expect(response.status).toBe(200)
      expect((await commentsOf(app, '4')).map((comment) => comment._id)).toEqual([byGoblin._id])
      expect((await onePost(app, '4')).commentCount).toBe(1)
    })

    it('refuses a third party who neither wrote the comment nor owns the post', async ({ app }) => {
      const { token: questlord } = await seededToken('questlord')
      const { byNova } = await seededCommentsOfPost4(app)
      await expectError(
        app.send(`/api/comments/delete/4/${byNova._id}`, {}, { token: questlord }),
        400,
        MESSAGES.deleteForeignComment,
      )
      expect(await commentsOf(app, '4')).toHaveLength(2)
      expect((await onePost(app, '4')).commentCount).toBe(2)
    })

    it("lets a commenter delete their own comment on someone else's post", async ({ app }) => {
      const { token: nova } = await seededToken('nova_strike')
      const { byNova } = await seededCommentsOfPost4(app)
      const response = await app.send(
        `/api/comments/delete/4/${byNova._id}`,
        {},
        { token: nova, headers: minimal },
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      expect((await body<{ comment: Comment }>(response)).comment._id).toBe(byNova._id)
      expect(await commentsOf(app, '4')).toHaveLength(1)
    })

    it('answers 404 for a comment that is already deleted', async ({ app }) => {
      const { token } = await seededToken()
      const id = await addComment(app, token, '1', 'twice')
      await ok(app.send(`/api/comments/delete/1/${id}`, {}, { token }))
      await expectError(
        app.send(`/api/comments/delete/1/${id}`, {}, { token }),
        404,
        MESSAGES.commentNotFound,
      )
      expect((await onePost(app, '1')).commentCount).toBe(2)
    })

    it.for(BAD_IDS)('answers 404 for the ids %j', async (id, { app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send(`/api/comments/delete/4/${id}`, {}, { token }),
        404,
        MESSAGES.commentNotFound,
      )
      await expectError(
        app.send(`/api/comments/delete/${id}/1`, {}, { token }),
        404,
        MESSAGES.postNotFound,
      )
      expect(await commentsOf(app, '4')).toHaveLength(2)
    })

    it('answers 401 without a token', async ({ app }) => {
      await expectError(app.send('/api/comments/delete/4/7', {}), 401, MESSAGES.invalidToken)
      expect(await commentsOf(app, '4')).toHaveLength(2)
    })
  })

  describe('POST /api/comments/upvote and /downvote', () => {
    it('upvote adds the user to upvotedBy and counts it', async ({ app }) => {
      const { token } = await seededToken()
      const [comment] = await commentsOf(app, '1')
      const response = await app.send(`/api/comments/upvote/1/${comment?._id}`, {}, { token })
      expect(response.status).toBe(200)
      const answer = await body<{ comments: Comment[] }>(response)
      expect(Object.keys(answer)).toEqual(['comments'])
      expect(answer.comments.find((c) => c._id === comment?._id)?.votes).toEqual({
        upvotedBy: [{ _id: '1', username: 'player1' }],
        downvotedBy: [],
        upvoteCount: 1,
        downvoteCount: 0,
      })
    })

    it('downvote moves the user out of upvotedBy into downvotedBy, and back', async ({ app }) => {
      const { token } = await seededToken()
      const [comment] = await commentsOf(app, '1')
      const me = [{ _id: '1', username: 'player1' }]
      await ok(app.send(`/api/comments/upvote/1/${comment?._id}`, {}, { token }))
      await ok(app.send(`/api/comments/downvote/1/${comment?._id}`, {}, { token }))
      expect((await commentsOf(app, '1'))[0]?.votes).toEqual({
        upvotedBy: [],
        downvotedBy: me,
        upvoteCount: 0,
        downvoteCount: 1,
      })
      await ok(app.send(`/api/comments/upvote/1/${comment?._id}`, {}, { token }))
      expect((await commentsOf(app, '1'))[0]?.votes).toEqual({
        upvotedBy: me,
        downvotedBy: [],
        upvoteCount: 1,
        downvoteCount: 0,
      })
    })

    it('counts the votes of several users', async ({ app }) => {
      const a = await seededToken()
      const b = await quickUser(app, 'voter_b')
      const c = await quickUser(app, 'voter_c')
      const [comment] = await commentsOf(app, '1')
      await ok(app.send(`/api/comments/upvote/1/${comment?._id}`, {}, { token: a.token }))
      await ok(app.send(`/api/comments/upvote/1/${comment?._id}`, {}, { token: b.token }))
      await ok(app.send(`/api/comments/downvote/1/${comment?._id}`, {}, { token: c.token }))
      const votes = (await commentsOf(app, '1'))[0]?.votes
      expect(votes?.upvoteCount).toBe(2)
      expect(votes?.downvoteCount).toBe(1)
      expect(votes?.upvotedBy.map((voter) => voter.username).sort()).toEqual(['player1', 'voter_b'])
      expect(votes?.downvotedBy.map((voter) => voter.username)).toEqual(['voter_c'])
    })

    it('refuses a second upvote with the exact spec text', async ({ app }) => {
      const { token } = await seededToken()
      const [comment] = await commentsOf(app, '1')
      await ok(app.send(`/api/comments/upvote/1/${comment?._id}`, {}, { token }))
      await expectError(
        app.send(`/api/comments/upvote/1/${comment?._id}`, {}, { token }),
        400,
        'Cannot upvote a post that is already upvoted. ',
      )
      expect((await commentsOf(app, '1'))[0]?.votes.upvoteCount).toBe(1)
    })

    it('refuses a second downvote with the exact spec text', async ({ app }) => {
      const { token } = await seededToken()
      const [comment] = await commentsOf(app, '1')
      await ok(app.send(`/api/comments/downvote/1/${comment?._id}`, {}, { token }))
      await expectError(
        app.send(`/api/comments/downvote/1/${comment?._id}`, {}, { token }),
        400,
        'Cannot downvote a post that is already downvoted. ',
      )
      expect((await commentsOf(app, '1'))[0]?.votes.downvoteCount).toBe(1)
    })

    it('answers {comment} with only the viewer with Prefer: return=minimal', async ({ app }) => {
      const other = await quickUser(app, 'other')
      const { token } = await seededToken()
      const [comment] = await commentsOf(app, '1')
      await ok(app.send(`/api/comments/upvote/1/${comment?._id}`, {}, { token: other.token }))
      const response = await app.send(
        `/api/comments/downvote/1/${comment?._id}`,
        {},
        { token, headers: minimal },
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      expect((await body<{ comment: Comment }>(response)).comment.votes).toEqual({
        upvotedBy: [],
        downvotedBy: [{ _id: '1', username: 'player1' }],
        upvoteCount: 1,
        downvoteCount: 1,
      })
    })

    it.for(['upvote', 'downvote'])('answers 404 for unknown ids on %s', async (action, { app }) => {
      const { token } = await seededToken()
      for (const id of BAD_IDS) {
        await expectError(
          app.send(`/api/comments/${action}/1/${id}`, {}, { token }),
          404,
          MESSAGES.commentNotFound,
        )
        await expectError(
          app.send(`/api/comments/${action}/${id}/1`, {}, { token }),
          404,
          MESSAGES.postNotFound,
        )
      }
    })

    it.for(['upvote', 'downvote'])('answers 401 on %s without a token', async (action, { app }) => {
      const [comment] = await commentsOf(app, '1')
      await expectError(
        app.send(`/api/comments/${action}/1/${comment?._id}`, {}),
        401,
        MESSAGES.invalidToken,
      )
      expect((await commentsOf(app, '1'))[0]?.votes.upvoteCount).toBe(0)
    })
  })
})
