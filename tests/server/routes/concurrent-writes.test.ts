/**
 * Writes that arrive at once end as if they came one after another, on both databases: SQLite
 * runs one transaction at a time, PostgreSQL runs them together READ COMMITTED, with atomic
 * counter updates, unique keys and row locks where a decision reads what it writes
 * (src/server/db/README.md, "Concurrent writes"). A check-then-write (a username free, a post
 * not liked yet) therefore never lets two through, and no counter loses a step. The same with
 * three instances and twenty writers: tests/server/cluster/concurrent-writes.test.ts.
 */
import type { Post, User } from '../../../src/shared/api-types'
import { body, createPost, onePost, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

const ATTEMPTS = 8

describe('writes at the same moment', () => {
  it('sign up one username once, the others told it is taken', async ({ app }) => {
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, () =>
        app.send('/api/auth/signup', { username: 'Simultaneous', password: 'correct horse 1' }),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([201, ...Array<number>(ATTEMPTS - 1).fill(422)])
    const refused = answers.filter((answer) => answer.status === 422)
    for (const answer of refused) {
      expect(((await answer.json()) as { code: string }).code).toBe('USERNAME_TAKEN')
    }
  })

  it('count every like of many players at once', async ({ app }) => {
    const author = await quickUser(app, 'author')
    const postId = await createPost(app, author.token, 'like me')
    const players = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) => quickUser(app, `fan${index}`)),
    )
    const answers = await Promise.all(
      players.map(({ token }) => app.send(`/api/posts/like/${postId}`, {}, { token })),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(ATTEMPTS).fill(200))
    const post: Post = await onePost(app, postId)
    expect(post.likes.likeCount).toBe(ATTEMPTS)
    expect(post.likes.likedBy).toHaveLength(ATTEMPTS)
  })

  it('take one like of one player sent many times at once, the rest already done', async ({
    app,
  }) => {
    const author = await quickUser(app, 'author')
    const fan = await quickUser(app, 'fan')
    const postId = await createPost(app, author.token, 'like me once')
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, () =>
        app.send(`/api/posts/like/${postId}`, {}, { token: fan.token }),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, ...Array<number>(ATTEMPTS - 1).fill(400)])
    expect((await onePost(app, postId)).likes.likeCount).toBe(1)
  })

  it('count every follower who follows at once', async ({ app }) => {
    const star = await quickUser(app, 'star')
    const fans = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) => quickUser(app, `follower${index}`)),
    )
    const answers = await Promise.all(
      fans.map(({ token }) => app.send(`/api/users/follow/${star.id}`, {}, { token })),
    )
    expect(answers.every((answer) => answer.status < 300)).toBe(true)
    const profile = await body<{ user: User }>(await app.get('/api/users/star'))
    expect(profile.user.followers).toHaveLength(ATTEMPTS)
  })
})
