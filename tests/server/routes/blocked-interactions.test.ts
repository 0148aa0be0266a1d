/**
 * Nobody reaches someone they blocked, or who blocked them, through a post (docs/API.md,
 * "Blocking"): liking, disliking and commenting on the other's posts and voting on the other's
 * comments are refused with 403 BLOCKED both ways, even by a post's address; nothing is written.
 * Others are untouched, and an unblock lets everything through again.
 */
import { addComment, commentsOf, createPost, expectError, ok, onePost } from '../../helpers/api'
import { describe, expect, it, test } from '../../helpers/fixtures'

const MESSAGE = 'You cannot react to or comment on the posts of someone blocked.'

describe('actions across a block', () => {
  test.override({ appOptions: { demo: false } })

  it('are refused both ways and write nothing; an unblock lets them through', async ({ app }) => {
    const star = await app.signup('star')
    const pest = await app.signup('pest')
    const host = await app.signup('party_host')
    const starPost = await createPost(app, star.token, 'my post')
    const pestPost = await createPost(app, pest.token, 'pest post')
    const hostPost = await createPost(app, host.token, 'open thread')
    const starComment = await addComment(app, star.token, hostPost, 'star was here')
    const pestComment = await addComment(app, pest.token, hostPost, 'pest was here')
    // A like from before the block, so a dislike is not refused for a count of 0 instead.
    await ok(app.send(`/api/posts/like/${starPost}`, {}, { token: host.token }))
    await ok(app.send(`/api/posts/like/${pestPost}`, {}, { token: host.token }))
    await ok(app.send(`/api/users/me/block/${pest.id}`, {}, { token: star.token }))

    const attempts = (actor: string, theirPost: string, theirComment: string) => [
      app.send(`/api/posts/like/${theirPost}`, {}, { token: actor }),
      app.send(`/api/posts/dislike/${theirPost}`, {}, { token: actor }),
      app.send(`/api/comments/add/${theirPost}`, { commentData: { text: 'hi' } }, { token: actor }),
      app.send(`/api/comments/upvote/${hostPost}/${theirComment}`, {}, { token: actor }),
      app.send(`/api/comments/downvote/${hostPost}/${theirComment}`, {}, { token: actor }),
    ]
    // The one blocked, and the blocker.
    for (const attempt of attempts(pest.token, starPost, starComment)) {
      await expectError(attempt, 403, MESSAGE, 'BLOCKED')
    }
    for (const attempt of attempts(star.token, pestPost, pestComment)) {
      await expectError(attempt, 403, MESSAGE, 'BLOCKED')
    }

    // Nothing was written.
    for (const id of [starPost, pestPost]) {
      const seen = await onePost(app, id, host.token)
      expect(seen.likes).toMatchObject({ likeCount: 1, dislikedBy: [] })
      expect(seen.commentCount).toBe(0)
    }
    const votes = (await commentsOf(app, hostPost, host.token)).map((c) => c.votes)
    expect(votes.every((v) => v.upvoteCount === 0 && v.downvoteCount === 0)).toBe(true)

    // Someone else's post stays open to both.
    await addComment(app, pest.token, hostPost, 'still here')
    await ok(app.send(`/api/posts/like/${hostPost}`, {}, { token: star.token }))

    await ok(app.send(`/api/users/me/unblock/${pest.id}`, {}, { token: star.token }))
    await ok(app.send(`/api/posts/like/${starPost}`, {}, { token: pest.token }))
    await addComment(app, star.token, pestPost, 'friends again')
    const upvote = `/api/comments/upvote/${hostPost}/${starComment}`
    await ok(app.send(upvote, {}, { token: pest.token }))
  })
})
