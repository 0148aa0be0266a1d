import type {
  Comment,
  CommentResponse,
  Notification,
  NotificationsPage,
  Post,
  PostResponse,
  UnreadCountResponse,
} from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import { expectError, ok, TIMESTAMP } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

type Session = { token: string; id: string }
const minimal = { prefer: 'return=minimal' }

async function post(app: TestApp, author: Session, content: string): Promise<Post> {
  const answer = await ok<PostResponse>(
    app.send('/api/posts', { postData: { content } }, { ...author, headers: minimal }),
    201,
  )
  return answer.post
}

async function comment(
  app: TestApp,
  author: Session,
  postId: string,
  text: string,
): Promise<Comment> {
  const answer = await ok<CommentResponse>(
    app.send(
      `/api/comments/add/${postId}`,
      { commentData: { text } },
      {
        ...author,
        headers: minimal,
      },
    ),
    201,
  )
  return answer.comment
}

async function notificationsOf(
  app: TestApp,
  user: Session,
  query = '',
): Promise<NotificationsPage> {
  return ok<NotificationsPage>(app.get(`/api/notifications${query}`, user.token))
}

const summary = (list: Notification[]) =>
  list.map((n) => `${n.type} ${n.actor.username} ${n.postId ?? '-'} ${n.commentId ?? '-'}`)

async function unread(app: TestApp, user: Session): Promise<number> {
  return (await ok<UnreadCountResponse>(app.get('/api/notifications/unread-count', user.token)))
    .unreadCount
}

async function threeUsers(app: TestApp) {
  return {
    alice: await app.signup('alice'),
    bob: await app.signup('bob_b'),
    carol: await app.signup('carol'),
  }
}

/** Alice's post `p`, and Bob's comment `c` on it saying `text`, which Alice hears of. */
async function bobCommentsOnAlicesPost(app: TestApp, text: string) {
  const users = await threeUsers(app)
  const p = await post(app, users.alice, 'post')
  const c = await comment(app, users.bob, p._id, text)
  expect(summary((await notificationsOf(app, users.alice)).notifications)).toEqual([
    `comment bob_b ${p._id} ${c._id}`,
  ])
  return { ...users, p, c }
}

describe('notifications', () => {
  it.override({ appOptions: { demo: false } })

  it('refuses every notification route without a valid token', async ({ app }) => {
    await expectError(app.get('/api/notifications'), 401, MESSAGES.invalidToken)
    await expectError(app.get('/api/notifications/unread-count'), 401, MESSAGES.invalidToken)
    await expectError(app.send('/api/notifications/read', {}), 401, MESSAGES.invalidToken)
  })

  it('tells the author of a liked post, with the actor, the post and a snippet', async ({
    app,
  }) => {
    const { alice, bob } = await threeUsers(app)
    const liked = await post(app, alice, `Good game everyone ${'x'.repeat(200)}`)
    await ok(app.send(`/api/posts/like/${liked._id}`, {}, bob))
    const { notifications, nextCursor } = await notificationsOf(app, alice)
    expect(nextCursor).toBeNull()
    expect(notifications).toHaveLength(1)
    const [notification] = notifications
    expect(notification).toMatchObject({
      type: 'like',
      postId: liked._id,
      commentId: null,
      read: false,
      actor: { _id: bob.id, id: bob.id, username: 'bob_b' },
    })
    expect(notification?.snippet).toBe(liked.content.slice(0, 100))
    expect(notification?.createdAt).toMatch(TIMESTAMP)
    expect(Object.keys(notification ?? {}).sort()).toEqual(
      ['actor', 'commentId', 'createdAt', 'id', 'postId', 'read', 'snippet', 'type'].sort(),
    )
    expect(await unread(app, alice)).toBe(1)
    expect(await unread(app, bob)).toBe(0)
  })

  it('never notifies anyone of their own actions', async ({ app }) => {
    const { alice } = await threeUsers(app)
    const own = await post(app, alice, 'talking to myself, @alice')
    await ok(app.send(`/api/posts/like/${own._id}`, {}, alice))
    const mine = await comment(app, alice, own._id, 'me again @ALICE')
    await ok(app.send(`/api/comments/upvote/${own._id}/${mine._id}`, {}, alice))
    expect((await notificationsOf(app, alice)).notifications).toEqual([])
    expect(await unread(app, alice)).toBe(0)
  })

  it('removes a like notification when the like is taken back by a dislike', async ({ app }) => {
    const { alice, bob } = await threeUsers(app)
    const liked = await post(app, alice, 'like then dislike')
    await ok(app.send(`/api/posts/like/${liked._id}`, {}, bob))
    await ok(app.send(`/api/posts/dislike/${liked._id}`, {}, bob))
    expect((await notificationsOf(app, alice)).notifications).toEqual([])
    // Liking again notifies again, once.
    await ok(app.send(`/api/posts/like/${liked._id}`, {}, bob))
    expect(summary((await notificationsOf(app, alice)).notifications)).toEqual([
      `like bob_b ${liked._id} -`,
    ])
  })

  it('tells a post author of comments and a comment author of upvotes, and undoes them', async ({
    app,
  }) => {
    const { alice, bob, carol, p, c } = await bobCommentsOnAlicesPost(
      app,
      'first comment, quite long',
    )
    expect((await notificationsOf(app, alice)).notifications[0]?.snippet).toBe(
      'first comment, quite long',
    )

    await ok(app.send(`/api/comments/upvote/${p._id}/${c._id}`, {}, carol))
    expect(summary((await notificationsOf(app, bob)).notifications)).toEqual([
      `upvote carol ${p._id} ${c._id}`,
    ])
    await ok(app.send(`/api/comments/downvote/${p._id}/${c._id}`, {}, carol))
    expect((await notificationsOf(app, bob)).notifications).toEqual([])

    await ok(app.send(`/api/comments/delete/${p._id}/${c._id}`, {}, bob))
    expect((await notificationsOf(app, alice)).notifications).toEqual([])
  })

  it('removes everything a post caused when the post is deleted', async ({ app }) => {
    const { alice, bob, carol } = await threeUsers(app)
    const p = await post(app, alice, 'doomed, hi @carol')
    await ok(app.send(`/api/posts/like/${p._id}`, {}, bob))
    const c = await comment(app, bob, p._id, 'a comment')
    await ok(app.send(`/api/comments/upvote/${p._id}/${c._id}`, {}, carol))
    expect(await unread(app, alice)).toBe(2)
    expect(await unread(app, bob)).toBe(1)
    expect(await unread(app, carol)).toBe(1)
    await ok(app.send(`/api/posts/${p._id}`, undefined, { ...alice, method: 'DELETE' }))
    for (const user of [alice, bob, carol]) {
      expect((await notificationsOf(app, user)).notifications).toEqual([])
      expect(await unread(app, user)).toBe(0)
    }
  })

  it('tells a user of a follow and takes it back on unfollow', async ({ app }) => {
    const { alice, bob } = await threeUsers(app)
    await ok(app.send(`/api/users/follow/${alice.id}`, {}, bob))
    const [followed] = (await notificationsOf(app, alice)).notifications
    expect(followed).toMatchObject({ type: 'follow', postId: null, commentId: null, snippet: '' })
    await ok(app.send(`/api/users/unfollow/${alice.id}`, {}, bob))
    expect((await notificationsOf(app, alice)).notifications).toEqual([])
    // A refused follow (oneself) causes nothing.
    await expectError(
      app.send(`/api/users/follow/${alice.id}`, {}, alice),
      400,
      MESSAGES.followSelf,
    )
    expect((await notificationsOf(app, alice)).notifications).toEqual([])
  })

  it('tells existing users they were mentioned, once, whatever the case', async ({ app }) => {
    const { alice, bob, carol } = await threeUsers(app)
    const p = await post(app, alice, 'gg @Bob_B and @bob_b, @carol. Not @nobody_here or bob@carol')
    expect(summary((await notificationsOf(app, bob)).notifications)).toEqual([
      `mention alice ${p._id} -`,
    ])
    expect(summary((await notificationsOf(app, carol)).notifications)).toEqual([
      `mention alice ${p._id} -`,
    ])
  })

  it('keeps mention notifications in step with edits, keeping the read state of those that stay', async ({
    app,
  }) => {
    const { alice, bob, carol } = await threeUsers(app)
    const p = await post(app, alice, 'hey @bob_b')
    await ok(app.send('/api/notifications/read', {}, bob))
    await ok(
      app.send(`/api/posts/edit/${p._id}`, { postData: { content: 'hey @bob_b @carol' } }, alice),
    )
    expect((await notificationsOf(app, bob)).notifications.map((n) => n.read)).toEqual([true])
    expect(await unread(app, carol)).toBe(1)
    await ok(app.send(`/api/posts/edit/${p._id}`, { postData: { content: 'hey nobody' } }, alice))
    expect((await notificationsOf(app, bob)).notifications).toEqual([])
    expect((await notificationsOf(app, carol)).notifications).toEqual([])
  })

  it('counts a mention in a comment, and the post author mentioned in a comment hears of the mention once', async ({
    app,
  }) => {
    const { alice, bob, carol } = await threeUsers(app)
    const p = await post(app, alice, 'post')
    const c = await comment(app, bob, p._id, '@alice look, @carol was here')
    // One notification for the author: the mention, which says more than "commented".
    expect(summary((await notificationsOf(app, alice)).notifications)).toEqual([
      `mention bob_b ${p._id} ${c._id}`,
    ])
    expect(summary((await notificationsOf(app, carol)).notifications)).toEqual([
      `mention bob_b ${p._id} ${c._id}`,
    ])
    expect((await notificationsOf(app, carol)).notifications[0]?.snippet).toBe(
      '@alice look, @carol was here',
    )
    await ok(
      app.send(
        `/api/comments/edit/${p._id}/${c._id}`,
        { commentData: { text: 'never mind' } },
        bob,
      ),
    )
    expect((await notificationsOf(app, carol)).notifications).toEqual([])
  })

  it('pages newest first and refuses a bad limit or cursor', async ({ app }) => {
    const { alice } = await threeUsers(app)
    const fans = []
    for (let index = 0; index < 5; index++) fans.push(await app.signup(`fan_${index}`))
    for (const fan of fans) await ok(app.send(`/api/users/follow/${alice.id}`, {}, fan))
    const first = await notificationsOf(app, alice, '?limit=2')
    expect(first.notifications.map((n) => n.actor.username)).toEqual(['fan_4', 'fan_3'])
    const second = await notificationsOf(app, alice, `?limit=2&cursor=${first.nextCursor}`)
    expect(second.notifications.map((n) => n.actor.username)).toEqual(['fan_2', 'fan_1'])
    const third = await notificationsOf(app, alice, `?limit=2&cursor=${second.nextCursor}`)
    expect(third.notifications.map((n) => n.actor.username)).toEqual(['fan_0'])
    expect(third.nextCursor).toBeNull()
    expect((await notificationsOf(app, alice)).notifications).toHaveLength(5)

    await expectError(app.get('/api/notifications?limit=0', alice.token), 400, /limit/i)
    await expectError(
      app.get('/api/notifications?cursor=nonsense', alice.token),
      400,
      MESSAGES.invalidCursor,
    )
  }, 30_000)

  it("marks all read, or up to an id, only ever the caller's own", async ({ app }) => {
    const { alice, bob, carol } = await threeUsers(app)
    for (const fan of [bob, carol]) await ok(app.send(`/api/users/follow/${alice.id}`, {}, fan))
    await ok(app.send(`/api/users/follow/${bob.id}`, {}, carol))
    const [newest, oldest] = (await notificationsOf(app, alice)).notifications
    const bobsId = (await notificationsOf(app, bob)).notifications[0]?.id ?? ''

    expect(
      await ok<UnreadCountResponse>(
        app.send('/api/notifications/read', { upTo: oldest?.id }, alice),
      ),
    ).toEqual({ unreadCount: 1 })
    expect((await notificationsOf(app, alice)).notifications.map((n) => n.read)).toEqual([
      false,
      true,
    ])
    expect(newest?.read).toBe(false)

    // Alice naming Bob's notification reads none of Bob's.
    await ok(app.send('/api/notifications/read', { upTo: bobsId }, alice))
    expect(await unread(app, bob)).toBe(1)

    await ok(
      app.request('/api/notifications/read', {
        method: 'POST',
        headers: { authorization: alice.token },
      }),
    )
    expect(await unread(app, alice)).toBe(0)
    expect(await unread(app, bob)).toBe(1)

    for (const upTo of ['abc', '0', '-1', 5]) {
      await expectError(
        app.send('/api/notifications/read', { upTo }, alice),
        400,
        'upTo must be a notification id.',
      )
    }
  })

  it('reserves the usernames of the notifications and tags pages', async ({ app }) => {
    for (const username of ['notifications', 'Tags']) {
      await expectError(
        app.send('/api/auth/signup', { username, password: 'correct horse battery' }),
        400,
        'That username is reserved. Pick another one.',
      )
    }
  })
})
