/**
 * What the host deletes (docs/API.md, "Moderation") leaves every screen live, as the author's own
 * deletion does: `post-deleted` with the author's new post count, `comment-deleted` with the
 * post's new comment count, and the unread count of whoever had a notification about it.
 */
import { afterEach } from 'vitest'
import type { CommentResponse, PostResponse } from '../../../src/shared/api-types'
import { ok, signedInAs } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { readEvents, type EventReader } from '../../helpers/sse'
import { describe, expect, it, test } from '../../helpers/fixtures'

const readers: EventReader[] = []
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()))
})

async function connect(app: TestApp, token: string): Promise<EventReader> {
  const response = await app.request('/api/events', { headers: { authorization: token } })
  expect(response.status).toBe(200)
  const reader = readEvents(response)
  readers.push(reader)
  await reader.next('ready')
  return reader
}

const minimal = { prefer: 'return=minimal' }

describe('host deletions on the live stream', () => {
  test.override({ appOptions: { demo: false, admins: ['boss'] } })

  it('sends post-deleted with the author’s new count, and lowers the author’s unread count', async ({
    app,
  }) => {
    const boss = await signedInAs(app, 'boss')
    const author = await app.signup('author')
    const fan = await app.signup('fan')
    const { post } = await ok<PostResponse>(
      app.send(
        '/api/posts',
        { postData: { content: 'rule-breaking post' } },
        {
          token: author.token,
          headers: minimal,
        },
      ),
      201,
    )
    await ok(app.send(`/api/posts/like/${post._id}`, {}, { token: fan.token }))
    const watcher = await connect(app, fan.token)
    const authorStream = await connect(app, author.token)

    await ok(
      app.send(`/api/moderation/posts/${post._id}`, undefined, {
        token: boss.token,
        method: 'DELETE',
      }),
    )

    const deleted = await watcher.next('post-deleted')
    expect(deleted.data).toEqual({ postId: post._id, authorId: author.id, authorPostCount: 0 })
    // The like's notification went with the post: the author's badge falls to 0.
    expect((await authorStream.next('unread-count')).data).toEqual({ unreadCount: 0 })
  })

  it('sends comment-deleted with the post’s new comment count', async ({ app }) => {
    const boss = await signedInAs(app, 'boss')
    const author = await app.signup('author')
    const { post } = await ok<PostResponse>(
      app.send(
        '/api/posts',
        { postData: { content: 'a fine post' } },
        {
          token: author.token,
          headers: minimal,
        },
      ),
      201,
    )
    const { comment } = await ok<CommentResponse>(
      app.send(
        `/api/comments/add/${post._id}`,
        { commentData: { text: 'spam' } },
        {
          token: boss.token,
          headers: minimal,
        },
      ),
      201,
    )
    const watcher = await connect(app, author.token)

    await ok(
      app.send(`/api/moderation/comments/${comment._id}`, undefined, {
        token: boss.token,
        method: 'DELETE',
      }),
    )

    expect((await watcher.next('comment-deleted')).data).toEqual({
      postId: post._id,
      commentId: comment._id,
      commentCount: 0,
      placeholder: false,
      countDelta: -1,
    })
  })

  it('sends nothing when the host’s delete is refused', async ({ app }) => {
    const boss = await signedInAs(app, 'boss')
    const someone = await app.signup('someone')
    const watcher = await connect(app, someone.token)
    const missing = await app.send('/api/moderation/posts/999999', undefined, {
      token: boss.token,
      method: 'DELETE',
    })
    expect(missing.status).toBe(404)
    const notHost = await app.send('/api/moderation/posts/1', undefined, {
      token: someone.token,
      method: 'DELETE',
    })
    expect(notHost.status).toBe(403)
    expect(await watcher.settle(200)).toEqual([])
  })
})
