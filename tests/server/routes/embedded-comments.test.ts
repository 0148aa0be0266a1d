/**
 * The comments a whole answer embeds in its posts (`GET /api/posts` without `limit`, a post by
 * its id) follow the rules of the comment lists (docs/API.md, "Blocking"): none by a suspended
 * author for anyone, none by a player the viewer blocked, was blocked by or muted.
 */
import type { Post } from '../../../src/shared/api-types'
import { addComment, createPost, ok, quickUser, signedInAs } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

/** The texts of the comments embedded in the post `postId`, in the whole list and on its own. */
async function embedded(app: TestApp, postId: string, token?: string) {
  const whole = await ok<{ posts: Post[] }>(app.get('/api/posts', token))
  const inList = whole.posts.find((post) => post._id === postId)?.comments ?? []
  const single = await ok<{ post: Post }>(app.get(`/api/posts/${postId}`, token))
  return {
    inList: inList.map((comment) => comment.text),
    single: single.post.comments.map((comment) => comment.text),
  }
}

async function scene(app: TestApp) {
  const author = await quickUser(app, 'author')
  const viewer = await quickUser(app, 'viewer')
  const other = await quickUser(app, 'other')
  const postId = await createPost(app, author.token, 'a thread')
  await addComment(app, author.token, postId, 'by the author')
  await addComment(app, other.token, postId, 'by the other')
  return { author, viewer, other, postId }
}

describe('comments embedded in whole answers', () => {
  it.override({ appOptions: { demo: false, admins: ['boss'] } })

  it('leave out those of a player the viewer blocked, and show them to others', async ({ app }) => {
    const s = await scene(app)
    await ok(app.send(`/api/users/me/block/${s.other.id}`, {}, { token: s.viewer.token }))
    const both = ['by the other', 'by the author']
    expect(await embedded(app, s.postId, s.viewer.token)).toEqual({
      inList: ['by the author'],
      single: ['by the author'],
    })
    expect(await embedded(app, s.postId, s.author.token)).toEqual({ inList: both, single: both })
    expect(await embedded(app, s.postId)).toEqual({ inList: both, single: both })
  })

  it('leave out those of a muted player for the muter', async ({ app }) => {
    const s = await scene(app)
    await ok(app.send(`/api/users/me/mute/${s.other.id}`, {}, { token: s.viewer.token }))
    expect(await embedded(app, s.postId, s.viewer.token)).toEqual({
      inList: ['by the author'],
      single: ['by the author'],
    })
  })

  it('leave out those of a suspended player for everyone', async ({ app }) => {
    const s = await scene(app)
    const boss = await signedInAs(app, 'boss')
    await ok(app.send(`/api/moderation/suspend/${s.other.id}`, {}, { token: boss.token }))
    for (const token of [s.viewer.token, s.author.token, undefined]) {
      expect(await embedded(app, s.postId, token)).toEqual({
        inList: ['by the author'],
        single: ['by the author'],
      })
    }
  })
})
