import { afterEach } from 'vitest'
import type {
  Comment,
  CommentsPage,
  Post,
  PostResponse,
  PostsPage,
  UserResponse,
} from '../../../src/shared/api-types'
import { addComment, createPost, deleteUserRow, ok, quickUser } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { readEvents, type EventReader } from '../../helpers/sse'
import { describe, expect, it } from '../../helpers/fixtures'
import { readCacheOf } from '../../../src/server/caches/store-caches'

const readers: EventReader[] = []
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()))
})

const minimal = { prefer: 'return=minimal' }

async function postPage(app: TestApp, token?: string): Promise<Post[]> {
  return (await ok<PostsPage>(app.get('/api/posts?limit=20', token))).posts
}

async function onePost(
  app: TestApp,
  id: string,
  headers: Record<string, string> = {},
): Promise<Post> {
  return (await ok<PostResponse>(app.request(`/api/posts/${id}`, { headers }))).post
}

describe('the mentions field of posts and comments', () => {
  it.override({ appOptions: { demo: false } })

  it('names the mentioned users that exist, spelled as stored, once each, in order', async ({
    app,
  }) => {
    const alice = await app.signup('alice')
    await quickUser(app, 'Nova_Strike')
    await quickUser(app, 'bob.the-builder')
    const id = await createPost(
      app,
      alice.token,
      'gg @nova_strike and @ghost_player, @NOVA_STRIKE again, (@bob.the-builder). ' +
        'mail bob@example.com, @me',
    )
    const [post] = await postPage(app, alice.token)
    expect(post?._id).toBe(id)
    // ghost_player does not exist; bob@example.com is an address; `@me` is too short a name.
    expect(post?.mentions).toEqual(['Nova_Strike', 'bob.the-builder'])
  })

  it('is on every post shape: a page, the minimal and full single post, and the whole list', async ({
    app,
  }) => {
    const alice = await app.signup('alice')
    await quickUser(app, 'bob_1')
    await createPost(app, alice.token, 'hi @bob_1')
    const id = await createPost(app, alice.token, 'and @BOB_1 again')
    expect((await onePost(app, id, minimal)).mentions).toEqual(['bob_1'])
    expect((await onePost(app, id)).mentions).toEqual(['bob_1'])
    const whole = (await ok<{ posts: Post[] }>(app.get('/api/posts'))).posts
    expect(whole.map((post) => post.mentions)).toEqual([['bob_1'], ['bob_1']])
    const byUser = (await ok<PostsPage>(app.get('/api/posts/user/alice?limit=5'))).posts
    expect(byUser.map((post) => post.mentions)).toEqual([['bob_1'], ['bob_1']])
  })

  it('is an empty list for a text without mentions, and on the posts of a tag page', async ({
    app,
  }) => {
    const alice = await app.signup('alice')
    await createPost(app, alice.token, 'plain #lan')
    await createPost(app, alice.token, '#lan with @alice')
    const tagged = (await ok<PostsPage>(app.get('/api/posts?tag=lan'))).posts
    expect(tagged.map((post) => post.mentions)).toEqual([['alice'], []])
  })

  it('is on comments, in pages, whole lists and the minimal answer', async ({ app }) => {
    const alice = await app.signup('alice')
    const bob = await quickUser(app, 'bob_1')
    const postId = await createPost(app, alice.token, 'a post')
    const answer = await ok<{ comment: Comment }>(
      app.send(
        `/api/comments/add/${postId}`,
        { commentData: { text: '@Alice see @nobody_here' } },
        { token: bob.token, headers: minimal },
      ),
      201,
    )
    expect(answer.comment.mentions).toEqual(['alice'])
    await addComment(app, bob.token, postId, 'no one')
    const page = await ok<CommentsPage>(app.get(`/api/comments/${postId}?limit=10`))
    expect(page.comments.map((comment) => comment.mentions)).toEqual([[], ['alice']])
    const whole = await ok<{ comments: Comment[] }>(app.get(`/api/comments/${postId}`))
    expect(whole.comments.map((comment) => comment.mentions)).toEqual([[], ['alice']])
    const full = await onePost(app, postId)
    expect(full.comments.map((comment) => comment.mentions)).toEqual([[], ['alice']])
  })

  it('follows edits, new users and deleted users on every read', async ({ app }) => {
    const alice = await app.signup('alice')
    const id = await createPost(app, alice.token, 'hello @later_user')
    expect((await onePost(app, id, minimal)).mentions).toEqual([])
    // A sign-up through the API: every kept answer is dropped by its event, so the name
    // resolves on the very next read.
    const later = await app.signup('later_user')
    expect((await onePost(app, id, minimal)).mentions).toEqual(['later_user'])
    await deleteUserRow(app, later.id)
    // Deleted by raw SQL, which no command announces: the read cache is told by hand.
    readCacheOf(app.db)?.clear()
    expect((await onePost(app, id, minimal)).mentions).toEqual([])
    await quickUser(app, 'carol')
    const edited = await ok<PostResponse>(
      app.send(
        `/api/posts/edit/${id}`,
        { postData: { content: 'now @carol' } },
        { token: alice.token, headers: minimal },
      ),
    )
    expect(edited.post.mentions).toEqual(['carol'])
  })

  it('counts at most 20 distinct mentions of a text, as notifications do', async ({ app }) => {
    const alice = await app.signup('alice')
    const names = Array.from({ length: 25 }, (_, index) => `user_${String(index).padStart(2, '0')}`)
    for (const name of names) await quickUser(app, name)
    const id = await createPost(app, alice.token, names.map((name) => `@${name}`).join(' '))
    expect((await onePost(app, id, minimal)).mentions).toEqual(names.slice(0, 20))
  })

  it("is in bookmarks of the user's own answer and in live post events", async ({ app }) => {
    const alice = await app.signup('alice')
    await quickUser(app, 'bob_1')
    const response = await app.request('/api/events', {
      headers: { authorization: alice.token },
    })
    const reader = readEvents(response)
    readers.push(reader)
    await reader.next('ready')
    const id = await createPost(app, alice.token, 'live @bob_1')
    const event = await reader.next('post')
    expect(event.data.post.mentions).toEqual(['bob_1'])
    await ok(app.send(`/api/users/bookmark/${id}`, {}, { token: alice.token }))
    const me = await ok<UserResponse>(app.get('/api/users/alice', alice.token))
    expect(me.user.bookmarks.map((post) => post.mentions)).toEqual([['bob_1']])
  })
})
