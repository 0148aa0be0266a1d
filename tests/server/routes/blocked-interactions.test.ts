/**
 * Nobody reaches someone they blocked, or who blocked them, through a post (docs/API.md,
 * "Blocking"): liking, disliking and commenting on the other's posts and voting on the other's
 * comments are refused with 403 BLOCKED both ways, even by a post's address; nothing is written.
 * Others are untouched, and an unblock lets everything through again.
 */
import type { CommentResponse, PostResponse } from '../../../src/shared/api-types'
import { commentsOf, expectError, ok, onePost } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it, test } from '../../helpers/fixtures'

const MESSAGE = 'You cannot react to or comment on the posts of someone blocked.'
/** The one changed object, rather than the spec's whole lists. */
const minimal = { prefer: 'return=minimal' }

async function post(app: TestApp, token: string, content: string) {
  return (
    await ok<PostResponse>(
      app.send('/api/posts', { postData: { content } }, { token, headers: minimal }),
      201,
    )
  ).post
}

async function comment(app: TestApp, token: string, postId: string, text: string) {
  const path = `/api/comments/add/${postId}`
  return (
    await ok<CommentResponse>(
      app.send(path, { commentData: { text } }, { token, headers: minimal }),
      201,
    )
  ).comment
}

describe('actions across a block', () => {
  test.override({ appOptions: { demo: false } })

  it('are refused both ways and write nothing; an unblock lets them through', async ({ app }) => {
    const star = await app.signup('star')
    const pest = await app.signup('pest')
    const host = await app.signup('host')
    const starPost = await post(app, star.token, 'my post')
    const pestPost = await post(app, pest.token, 'pest post')
    const hostPost = await post(app, host.token, 'open thread')
    const starComment = await comment(app, star.token, hostPost._id, 'star was here')
    const pestComment = await comment(app, pest.token, hostPost._id, 'pest was here')
    // A like from before the block, so a dislike is not refused for a count of 0 instead.
    await ok(app.send(`/api/posts/like/${starPost._id}`, {}, { token: host.token }))
    await ok(app.send(`/api/posts/like/${pestPost._id}`, {}, { token: host.token }))
    await ok(app.send(`/api/users/me/block/${pest.id}`, {}, { token: star.token }))

    const attempts = (actor: string, theirPost: string, theirComment: string) => [
      app.send(`/api/posts/like/${theirPost}`, {}, { token: actor }),
      app.send(`/api/posts/dislike/${theirPost}`, {}, { token: actor }),
      app.send(`/api/comments/add/${theirPost}`, { commentData: { text: 'hi' } }, { token: actor }),
      app.send(`/api/comments/upvote/${hostPost._id}/${theirComment}`, {}, { token: actor }),
      app.send(`/api/comments/downvote/${hostPost._id}/${theirComment}`, {}, { token: actor }),
    ]
    // The one blocked, and the blocker.
    for (const attempt of attempts(pest.token, starPost._id, starComment._id)) {
      await expectError(attempt, 403, MESSAGE, 'BLOCKED')
    }
    for (const attempt of attempts(star.token, pestPost._id, pestComment._id)) {
      await expectError(attempt, 403, MESSAGE, 'BLOCKED')
    }

    // Nothing was written.
    for (const id of [starPost._id, pestPost._id]) {
      const seen = await onePost(app, id, host.token)
      expect(seen.likes).toMatchObject({ likeCount: 1, dislikedBy: [] })
      expect(seen.commentCount).toBe(0)
    }
    const votes = (await commentsOf(app, hostPost._id, host.token)).map((c) => c.votes)
    expect(votes.every((v) => v.upvoteCount === 0 && v.downvoteCount === 0)).toBe(true)

    // Someone else's post stays open to both.
    await comment(app, pest.token, hostPost._id, 'still here')
    await ok(app.send(`/api/posts/like/${hostPost._id}`, {}, { token: star.token }))

    await ok(app.send(`/api/users/me/unblock/${pest.id}`, {}, { token: star.token }))
    await ok(app.send(`/api/posts/like/${starPost._id}`, {}, { token: pest.token }))
    await comment(app, star.token, pestPost._id, 'friends again')
    const upvote = `/api/comments/upvote/${hostPost._id}/${starComment._id}`
    await ok(app.send(upvote, {}, { token: pest.token }))
  })
})
