/**
 * Reposts and quotes (docs/API.md, "Reposts and quotes"): one repost per user and post, undone
 * with DELETE, both idempotent; quotes as posts with `quoteOf`, embedded one level deep and shown
 * as deleted once the original goes; counts, notifications, the home feed and its rule for a post
 * reposted more than once; and the hostile cases (blocks either way, deleted posts, suspended
 * authors, mutes).
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type {
  NotificationsPage,
  Post,
  PostResponse,
  PostsPage,
  UserSummary,
} from '../../../src/shared/api-types'
import { MESSAGES, SHARE_MESSAGES } from '../../../src/server/errors/messages'
import { expectError, ok, quickUser, walkPages } from '../../helpers/api'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const connect = liveStreams()

interface Player {
  token: string
  id: string
}

const minimal = (who: Player) => ({ token: who.token, headers: { prefer: 'return=minimal' } })

const write = async (app: TestApp, who: Player, content: string, quoteOf?: string) =>
  (
    await ok<PostResponse>(
      app.send(
        '/api/posts',
        { postData: { content, ...(quoteOf ? { quoteOf } : {}) } },
        minimal(who),
      ),
      201,
    )
  ).post

const repost = (app: TestApp, who: Player, postId: string) =>
  app.send(`/api/posts/${postId}/repost`, {}, { token: who.token })
const undo = (app: TestApp, who: Player, postId: string) =>
  app.send(`/api/posts/${postId}/repost`, {}, { token: who.token, method: 'DELETE' })
const follow = (app: TestApp, who: Player, target: Player) =>
  ok(app.send(`/api/users/follow/${target.id}`, {}, { token: who.token }))
const feed = async (app: TestApp, who: Player, query = '?limit=20') =>
  (await ok<PostsPage>(app.get(`/api/feed${query}`, who.token))).posts
const postAs = async (app: TestApp, id: string, who?: Player) =>
  (
    await ok<PostResponse>(
      app.request(`/api/posts/${id}`, {
        headers: { prefer: 'return=minimal', ...(who ? { authorization: who.token } : {}) },
      }),
    )
  ).post
const notifications = async (app: TestApp, who: Player) =>
  (await ok<NotificationsPage>(app.get('/api/notifications?limit=20', who.token))).notifications

/** Three players: `author` writes, `sharer` reposts, `reader` follows only `sharer`. */
async function cast(app: TestApp) {
  const author = await quickUser(app, 'author')
  const sharer = await quickUser(app, 'sharer')
  const reader = await quickUser(app, 'reader')
  await follow(app, reader, sharer)
  return { author, sharer, reader }
}

describe('reposts', () => {
  it('counts a repost once, however often it is sent, and undoes it the same way', async ({
    app,
  }) => {
    const { author, sharer } = await cast(app)
    const post = await write(app, author, 'gg everyone')
    expect(post.repostCount).toBe(0)
    expect(post.reposted).toBe(false)
    const first = await ok<PostResponse>(repost(app, sharer, post._id))
    expect(first.post.repostCount).toBe(1)
    expect(first.post.reposted).toBe(true)
    const again = await ok<PostResponse>(repost(app, sharer, post._id))
    expect(again.post.repostCount).toBe(1)
    expect((await postAs(app, post._id, author)).reposted).toBe(false)
    const undone = await ok<PostResponse>(undo(app, sharer, post._id))
    expect(undone.post.repostCount).toBe(0)
    expect(undone.post.reposted).toBe(false)
    expect((await ok<PostResponse>(undo(app, sharer, post._id))).post.repostCount).toBe(0)
  })

  it("brings the post into followers' home feeds with who reposted it, and takes it out on undo", async ({
    app,
  }) => {
    const { author, sharer, reader } = await cast(app)
    const post = await write(app, author, 'a post the reader does not follow')
    expect((await feed(app, reader)).map((p) => p._id)).not.toContain(post._id)
    await ok(repost(app, sharer, post._id))
    const [top] = await feed(app, reader)
    expect(top?._id).toBe(post._id)
    expect(top?.repostedBy?.user.username).toBe('sharer')
    expect(top?.repostCount).toBe(1)
    // The sharer sees their own repost in their own feed too.
    expect((await feed(app, sharer))[0]?.repostedBy?.user.username).toBe('sharer')
    await ok(undo(app, sharer, post._id))
    expect((await feed(app, reader)).map((p) => p._id)).not.toContain(post._id)
  })

  it('shows a post reposted by several followed users once a page, under the newest repost', async ({
    app,
  }) => {
    const { author, sharer, reader } = await cast(app)
    const other = await quickUser(app, 'other_sharer')
    await follow(app, reader, other)
    await follow(app, reader, author)
    const post = await write(app, author, 'everyone shares this')
    await sleep(3)
    await ok(repost(app, sharer, post._id))
    await sleep(3)
    await ok(repost(app, other, post._id))
    const posts = await feed(app, reader)
    expect(posts.filter((p) => p._id === post._id)).toHaveLength(1)
    expect(posts[0]?._id).toBe(post._id)
    expect(posts[0]?.repostedBy?.user.username).toBe('other_sharer')
    expect(posts[0]?.repostCount).toBe(2)
  })

  it('pages through a feed of posts and reposts, each once and newest first', async ({ app }) => {
    const { author, sharer, reader } = await cast(app)
    await follow(app, reader, author)
    const written: string[] = []
    for (let index = 0; index < 9; index += 1) {
      written.push((await write(app, author, `post ${index}`))._id)
    }
    const strangerPost = await write(app, await quickUser(app, 'stranger'), 'from a stranger')
    for (const id of [written[1], written[4], strangerPost._id]) {
      await sleep(2)
      await ok(repost(app, sharer, id ?? ''))
    }
    const { items } = await walkPages<Post>(app, '/api/feed?limit=3', 'posts', reader.token)
    const ids = items.map((post) => post._id)
    // The reposts come first (newest), then the author's posts not seen above.
    expect(ids.slice(0, 3)).toEqual([strangerPost._id, written[4], written[1]])
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.sort()).toEqual([...written, strangerPost._id].sort())
  })

  it('notifies the author ("X reposted your post"), never for their own repost, and takes it back on undo', async ({
    app,
  }) => {
    const { author, sharer } = await cast(app)
    const post = await write(app, author, 'notify me')
    await ok(repost(app, author, post._id))
    expect(await notifications(app, author)).toEqual([])
    await ok(repost(app, sharer, post._id))
    const [note] = await notifications(app, author)
    expect(note?.type).toBe('repost')
    expect(note?.actor.username).toBe('sharer')
    expect(note?.postId).toBe(post._id)
    expect(note?.snippet).toBe('notify me')
    await ok(undo(app, sharer, post._id))
    expect(await notifications(app, author)).toEqual([])
  })

  it('sends followers the post live, and everyone the counts', async ({ app }) => {
    const { author, sharer, reader } = await cast(app)
    const post = await write(app, author, 'live share')
    const stream = await connect(app, reader)
    await ok(repost(app, sharer, post._id))
    const event = await stream.next('repost')
    expect(event.data).toMatchObject({
      postId: post._id,
      repostCount: 1,
      action: 'repost',
      user: { _id: sharer.id, username: 'sharer' },
    })
    expect(event.data.post?.content).toBe('live share')
    await ok(undo(app, sharer, post._id))
    expect((await stream.next('repost')).data).toMatchObject({
      action: 'undo',
      repostCount: 0,
      post: null,
    })
    // A repost that changes nothing tells nobody.
    await ok(undo(app, sharer, post._id))
    expect(await stream.settle(50)).not.toContain('repost')
  })

  it('refuses a repost of a blocked user’s post, and by someone blocked, either way', async ({
    app,
  }) => {
    const { author, sharer } = await cast(app)
    const post = await write(app, author, 'blocked soon')
    await ok(app.send(`/api/users/me/block/${sharer.id}`, {}, { token: author.token }))
    await expectError(repost(app, sharer, post._id), 403, SHARE_MESSAGES.blockedShare, 'BLOCKED')
    const theirs = await write(app, sharer, 'by the blocked one')
    await expectError(repost(app, author, theirs._id), 403, SHARE_MESSAGES.blockedShare, 'BLOCKED')
    await expectError(
      app.send(
        '/api/posts',
        { postData: { content: 'quoting', quoteOf: post._id } },
        minimal(sharer),
      ),
      403,
      SHARE_MESSAGES.blockedShare,
      'BLOCKED',
    )
    expect((await postAs(app, post._id)).repostCount).toBe(0)
    expect((await postAs(app, post._id)).quoteCount).toBe(0)
  })

  it('answers 404 for a deleted post or one that never was', async ({ app }) => {
    const { author, sharer } = await cast(app)
    const post = await write(app, author, 'short lived')
    await ok(app.send(`/api/posts/${post._id}`, {}, { token: author.token, method: 'DELETE' }))
    await expectError(repost(app, sharer, post._id), 404, MESSAGES.postNotFound, 'POST_NOT_FOUND')
    await expectError(undo(app, sharer, post._id), 404, MESSAGES.postNotFound, 'POST_NOT_FOUND')
    await expectError(repost(app, sharer, 'abc'), 404, MESSAGES.postNotFound, 'POST_NOT_FOUND')
    await expectError(
      app.send('/api/posts', { postData: { content: 'q', quoteOf: post._id } }, minimal(sharer)),
      404,
      MESSAGES.postNotFound,
      'POST_NOT_FOUND',
    )
    await expectError(
      app.send('/api/posts', { postData: { content: 'q', quoteOf: 'x1' } }, minimal(sharer)),
      400,
      'quoteOf must be the id of the post to quote.',
      'VALIDATION',
    )
    // Neither refused quote became a post.
    expect((await ok<PostsPage>(app.get('/api/posts/user/sharer?limit=5'))).posts).toEqual([])
  })

  it("refuses reposting and quoting a suspended author's post", async ({ makeApp }) => {
    const app = await makeApp({ admins: ['player1'] })
    const host = await app.loginDemo()
    const { author, sharer } = await cast(app)
    const post = await write(app, author, 'soon hidden')
    await ok(app.send(`/api/moderation/suspend/${author.id}`, {}, { token: host.token }))
    await expectError(
      repost(app, sharer, post._id),
      403,
      SHARE_MESSAGES.authorSuspended,
      'POST_UNAVAILABLE',
    )
    await expectError(
      app.send('/api/posts', { postData: { content: 'q', quoteOf: post._id } }, minimal(sharer)),
      403,
      SHARE_MESSAGES.authorSuspended,
      'POST_UNAVAILABLE',
    )
  })

  it('keeps muted reposters, muted authors and blocked authors out of the feed', async ({
    app,
  }) => {
    const { author, sharer, reader } = await cast(app)
    const post = await write(app, author, 'muted or not')
    await ok(repost(app, sharer, post._id))
    expect((await feed(app, reader)).map((p) => p._id)).toContain(post._id)
    await ok(app.send(`/api/users/me/mute/${sharer.id}`, {}, { token: reader.token }))
    expect((await feed(app, reader)).map((p) => p._id)).not.toContain(post._id)
    await ok(app.send(`/api/users/me/unmute/${sharer.id}`, {}, { token: reader.token }))
    await ok(app.send(`/api/users/me/mute/${author.id}`, {}, { token: reader.token }))
    expect((await feed(app, reader)).map((p) => p._id)).not.toContain(post._id)
    await ok(app.send(`/api/users/me/unmute/${author.id}`, {}, { token: reader.token }))
    await ok(app.send(`/api/users/me/block/${author.id}`, {}, { token: reader.token }))
    expect((await feed(app, reader)).map((p) => p._id)).not.toContain(post._id)
  })
})

describe('quotes', () => {
  it('embeds the original, counts the quote on it and notifies its author', async ({ app }) => {
    const { author, sharer } = await cast(app)
    const original = await write(app, author, 'the original')
    const quote = await write(app, sharer, 'look at this', original._id)
    expect(quote.quoteOf?.state).toBe('visible')
    expect(quote.quoteOf?.postId).toBe(original._id)
    expect(quote.quoteOf?.post?.content).toBe('the original')
    expect((await postAs(app, original._id)).quoteCount).toBe(1)
    const [note] = await notifications(app, author)
    expect(note).toMatchObject({ type: 'quote', postId: quote._id, snippet: 'look at this' })
    expect(note?.actor.username).toBe('sharer')
  })

  it('embeds one level only: a quote of a quote names the inner quote without loading it', async ({
    app,
  }) => {
    const { author, sharer, reader } = await cast(app)
    const original = await write(app, author, 'level 0')
    const first = await write(app, sharer, 'level 1', original._id)
    const second = await write(app, reader, 'level 2', first._id)
    expect(second.quoteOf?.post?.content).toBe('level 1')
    expect(second.quoteOf?.post?.quoteOf).toEqual({
      postId: original._id,
      state: 'nested',
      post: null,
    })
  })

  it('shows a deleted original as deleted inside the quote, and a deleted quote counts no more', async ({
    app,
  }) => {
    const { author, sharer } = await cast(app)
    const original = await write(app, author, 'going away')
    const quote = await write(app, sharer, 'quoting it', original._id)
    const other = await write(app, sharer, 'quoting it again', original._id)
    expect((await postAs(app, original._id)).quoteCount).toBe(2)
    await ok(app.send(`/api/posts/${other._id}`, {}, { token: sharer.token, method: 'DELETE' }))
    expect((await postAs(app, original._id)).quoteCount).toBe(1)
    await ok(app.send(`/api/posts/${original._id}`, {}, { token: author.token, method: 'DELETE' }))
    expect((await postAs(app, quote._id)).quoteOf).toEqual({
      postId: original._id,
      state: 'deleted',
      post: null,
    })
    // A quote of a deleted post is still deleted normally.
    await ok(app.send(`/api/posts/${quote._id}`, {}, { token: sharer.token, method: 'DELETE' }))
  })

  it('shows an original hidden from the viewer (blocked, muted) as unavailable', async ({
    app,
  }) => {
    const { author, sharer, reader } = await cast(app)
    const original = await write(app, author, 'not for the reader')
    const quote = await write(app, sharer, 'quoting', original._id)
    await ok(app.send(`/api/users/me/mute/${author.id}`, {}, { token: reader.token }))
    const seen = (await feed(app, reader)).find((p) => p._id === quote._id)
    expect(seen?.quoteOf).toEqual({ postId: original._id, state: 'unavailable', post: null })
    expect((await postAs(app, quote._id, sharer)).quoteOf?.state).toBe('visible')
  })

  it('tells everyone the new quote count live', async ({ app }) => {
    const { author, sharer, reader } = await cast(app)
    const original = await write(app, author, 'count me')
    const stream = await connect(app, reader)
    await write(app, sharer, 'quote', original._id)
    expect((await stream.next('repost')).data).toMatchObject({
      postId: original._id,
      action: 'quote',
      quoteCount: 1,
    })
    expect((await stream.next('post')).data.post.quoteOf?.postId).toBe(original._id)
  })
})

// --- who reposted, and stable paging of the home feed ---
describe('who reposted and stable feed pages', () => {
  it('lists who reposts a post, newest first, a page at a time, without hidden users', async ({
    app,
  }) => {
    const author = await quickUser(app, 'author')
    const post = await write(app, author, 'who reposted')
    const fans: Player[] = []
    for (const name of ['fan_a', 'fan_b', 'fan_c', 'fan_d', 'fan_e']) {
      const fan = await quickUser(app, name)
      fans.push(fan)
      await ok(repost(app, fan, post._id))
      await sleep(2)
    }
    const path = `/api/posts/${post._id}/reposts?limit=2`
    const all = await walkPages<UserSummary>(app, path, 'users')
    expect(all.items.map((user) => user.username)).toEqual([
      'fan_e',
      'fan_d',
      'fan_c',
      'fan_b',
      'fan_a',
    ])
    expect(all.pages).toBe(3)
    // A repost taken back leaves the list; a blocked user is not shown to the one who blocked.
    await ok(undo(app, fans[4] as Player, post._id))
    await ok(app.send(`/api/users/me/block/${fans[2]?.id}`, {}, { token: author.token }))
    const seen = await walkPages<UserSummary>(app, path, 'users', author.token)
    expect(seen.items.map((user) => user.username)).toEqual(['fan_d', 'fan_b', 'fan_a'])
    await expectError(app.get('/api/posts/9999/reposts'), 404, MESSAGES.postNotFound)
    await expectError(app.get(`/api/posts/${post._id}/reposts?limit=0`), 400, /./)
  })

  it('keeps paging stable: a repost made while reading does not hide a post a later page holds', async ({
    app,
  }) => {
    const { author, sharer, reader } = await cast(app)
    await follow(app, reader, author)
    const written: string[] = []
    for (let index = 0; index < 4; index += 1) {
      written.push((await write(app, author, `post ${index}`))._id)
      await sleep(2)
    }
    const first = await ok<PostsPage>(app.get('/api/feed?limit=2', reader.token))
    expect(first.posts.map((post) => post._id)).toEqual([written[3], written[2]])
    // While the reader reads page 1, someone they follow reposts the oldest post.
    await sleep(2)
    await ok(repost(app, sharer, written[0] ?? ''))
    const second = await ok<PostsPage>(
      app.get(
        `/api/feed?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
        reader.token,
      ),
    )
    // As of page 1, its newest appearance is its own: page 2 still holds it, by its author.
    expect(second.posts.map((post) => [post._id, post.repostedBy?.user.username ?? null])).toEqual([
      [written[1], null],
      [written[0], null],
    ])
    // Read again from the top, it comes once, under the repost.
    const { items } = await walkPages<Post>(app, '/api/feed?limit=2', 'posts', reader.token)
    expect(items.map((post) => [post._id, post.repostedBy?.user.username ?? null])).toEqual([
      [written[0], 'sharer'],
      [written[3], null],
      [written[2], null],
      [written[1], null],
    ])
  })

  it('still takes a cursor of three numbers, read as of now', async ({ app }) => {
    const { author, reader } = await cast(app)
    await follow(app, reader, author)
    for (let index = 0; index < 3; index += 1) await write(app, author, `post ${index}`)
    const first = await ok<PostsPage>(app.get('/api/feed?limit=1', reader.token))
    const [time, postId, reposter] = JSON.parse(
      Buffer.from(first.nextCursor ?? '', 'base64url').toString(),
    ) as number[]
    const old = Buffer.from(JSON.stringify([time, postId, reposter])).toString('base64url')
    const page = await ok<PostsPage>(app.get(`/api/feed?limit=5&cursor=${old}`, reader.token))
    expect(page.posts).toHaveLength(2)
    await expectError(app.get('/api/feed?cursor=bm90IGEgY3Vyc29y', reader.token), 400, /./)
  })
})
