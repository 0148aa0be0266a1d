import { afterEach, describe, expect, it } from 'vitest'
import type {
  Comment,
  Post,
  RelationsResponse,
  ReportsResponse,
  SessionResponse,
  User,
} from '../../../src/shared/api-types'
import { createApp } from '../../../src/server/app'
import type { OpenStore, Store } from '../../../src/server/db/store'
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../src/server/errors/messages'
import { ensureHostAccounts } from '../../../src/server/services/writes/hosting'
import { initializeDatabase } from '../../../src/server/services/writes/seed'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { getDemoAccount, getDemoUserIds } from '../../../src/server/services/reads/settings'
import { TINY_PNG, expectError, ok, signedInAs } from '../../helpers/api'
import { TEST_SECRET } from '../../helpers/server-app'
import { openTestStore } from '../../helpers/test-store'

const PASSWORD = 'correct horse battery'

interface Harness {
  db: OpenStore
  /** Uploads a tiny PNG as the token's user. */
  upload(token: string): Promise<Response>
  call(
    path: string,
    init?: { method?: string; body?: unknown; token?: string; loopback?: boolean },
  ): Promise<Response>
  signup(username: string, options?: { loopback?: boolean }): Promise<{ token: string; id: string }>
}

const open: OpenStore[] = []
afterEach(async () => {
  for (const db of open.splice(0)) await db.close()
})

async function harness(
  options: { admins?: string[]; claim?: boolean; demo?: boolean } = {},
): Promise<Harness> {
  const db = await openTestStore()
  open.push(db)
  await initializeDatabase(db, options.demo ?? true, { passwordCost: TEST_SCRYPT_PARAMS })
  const hosts = await ensureHostAccounts(db, options.admins ?? [], TEST_SCRYPT_PARAMS)
  const app = createApp({
    db,
    secret: TEST_SECRET,
    version: 't',
    hostIds: hosts.map((host) => host.id),
    passwordCost: TEST_SCRYPT_PARAMS,
    claimOwnerFromLoopback: options.claim,
  })
  const call: Harness['call'] = async (path, init = {}) =>
    app.request(
      path,
      {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: init.token } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      },
      // What @hono/node-server hands the app: the socket the request came on.
      { incoming: { socket: { remoteAddress: init.loopback ? '127.0.0.1' : '192.168.1.20' } } },
    )
  const signup: Harness['signup'] = async (username, { loopback = false } = {}) => {
    const answer = await ok<{ createdUser: User; encodedToken: string }>(
      call('/api/auth/signup', { body: { username, password: PASSWORD }, loopback }),
      201,
    )
    return { token: answer.encodedToken, id: answer.createdUser._id }
  }
  const upload: Harness['upload'] = async (token) => {
    const form = new FormData()
    form.append(
      'file',
      new Blob([TINY_PNG as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
      'a.png',
    )
    return app.request('/api/media', {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    })
  }
  return { db, call, signup, upload }
}

const countsOf = async (db: Store) => ({
  users: await db.all(
    'SELECT id, follower_count AS followers, following_count AS following, post_count AS posts FROM users ORDER BY id',
  ),
  posts: await db.all<{ id: number; likes: number; comments: number }>(
    'SELECT id, like_count AS likes, comment_count AS comments FROM posts ORDER BY id',
  ),
  comments: await db.all(
    'SELECT id, upvote_count AS up, downvote_count AS down FROM comments ORDER BY id',
  ),
})

/** What the counts must be: recounted from the relation tables (seed likes aside). */
const recounted = async (db: Store) => ({
  followers: await db.all(
    `SELECT id, (SELECT count(*) FROM follows WHERE followee_id = users.id) AS followers,
     (SELECT count(*) FROM follows WHERE follower_id = users.id) AS following,
     (SELECT count(*) FROM posts WHERE author_id = users.id) AS posts FROM users ORDER BY id`,
  ),
  comments: await db.all(
    `SELECT id, (SELECT count(*) FROM comments WHERE post_id = posts.id) AS comments FROM posts ORDER BY id`,
  ),
  votes: await db.all(
    `SELECT id, (SELECT count(*) FROM comment_votes WHERE comment_id = comments.id AND kind = 'up') AS up,
     (SELECT count(*) FROM comment_votes WHERE comment_id = comments.id AND kind = 'down') AS down
     FROM comments ORDER BY id`,
  ),
})

describe('DELETE /api/users/me', { timeout: 30_000 }, () => {
  it('removes the user and everything of theirs, keeping every count right', async () => {
    const h = await harness({ demo: false })
    const doomed = await h.signup('doomed')
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const post = async (token: string, content: string) =>
      (
        await ok<{ post: Post }>(
          h
            .call('/api/posts', { body: { postData: { content } }, token, method: 'POST' })
            .then((r) => r),
          201,
        )
      ).post
    // The minimal answer is not asked for here: read the new post back from the list.
    await post(alice.token, 'alice post')
    await post(doomed.token, 'doomed post')
    const [dPost, aPost] = (await ok<{ posts: Post[] }>(h.call('/api/posts'))).posts
    if (!aPost || !dPost) throw new Error('posts missing')
    const comment = async (token: string, postId: string, text: string) =>
      ok(h.call(`/api/comments/add/${postId}`, { body: { commentData: { text } }, token }), 201)
    await comment(doomed.token, aPost._id, 'doomed on alice 1')
    await comment(doomed.token, aPost._id, 'doomed on alice 2')
    await comment(bob.token, aPost._id, 'bob on alice')
    await comment(alice.token, dPost._id, 'alice on doomed')
    await ok(h.call(`/api/posts/like/${aPost._id}`, { body: {}, token: doomed.token }))
    await ok(h.call(`/api/posts/like/${aPost._id}`, { body: {}, token: bob.token }))
    await ok(h.call(`/api/posts/like/${dPost._id}`, { body: {}, token: alice.token }))
    const comments = (await ok<{ comments: Comment[] }>(h.call(`/api/comments/${aPost._id}`)))
      .comments
    const bobComment = comments.find((c) => c.text === 'bob on alice')
    if (!bobComment) throw new Error('comment missing')
    await ok(
      h.call(`/api/comments/upvote/${aPost._id}/${bobComment._id}`, {
        body: {},
        token: doomed.token,
      }),
    )
    await ok(
      h.call(`/api/comments/downvote/${aPost._id}/${bobComment._id}`, {
        body: {},
        token: alice.token,
      }),
    )
    await ok(h.call(`/api/users/follow/${alice.id}`, { body: {}, token: doomed.token }))
    await ok(h.call(`/api/users/follow/${doomed.id}`, { body: {}, token: bob.token }))
    await ok(h.call(`/api/users/follow/${bob.id}`, { body: {}, token: alice.token }))
    await ok(h.call(`/api/users/bookmark/${dPost._id}`, { body: {}, token: bob.token }))
    await ok(h.call(`/api/users/me/mute/${alice.id}`, { body: {}, token: doomed.token }))
    await ok(h.upload(doomed.token), 201)
    await ok(h.upload(alice.token), 201)
    await ok(
      h.call('/api/reports', { body: { postId: aPost._id, reason: 'spam' }, token: doomed.token }),
      201,
    )

    await expectError(
      h.call('/api/users/me', {
        method: 'DELETE',
        body: { password: 'wrong one!' },
        token: doomed.token,
      }),
      403,
      ACCOUNT_MESSAGES.wrongPasswordForDelete,
    )
    // Someone else's token deletes only its own account: there is no way to name another.
    expect(
      await ok(
        h.call('/api/users/me', {
          method: 'DELETE',
          body: { password: PASSWORD },
          token: doomed.token,
        }),
      ),
    ).toEqual({ ok: true })

    await expectError(
      h.call('/api/auth/session', { token: doomed.token }),
      404,
      MESSAGES.userNotRegistered,
    )
    await expectError(h.call('/api/users/doomed'), 404, MESSAGES.userNotFound)
    const left = (await ok<{ posts: Post[] }>(h.call('/api/posts'))).posts
    expect(left.map((p) => p.content)).toEqual(['alice post'])
    const alicePost = left[0] as Post
    expect(alicePost.likes.likeCount).toBe(1)
    expect(alicePost.likes.likedBy.map((u) => u.username)).toEqual(['bob'])
    expect(alicePost.commentCount).toBe(1)
    expect(alicePost.comments.map((c) => c.text)).toEqual(['bob on alice'])
    const [bobsComment] = (await ok<{ comments: Comment[] }>(h.call(`/api/comments/${aPost._id}`)))
      .comments
    expect(bobsComment?.votes).toMatchObject({ upvoteCount: 0, downvoteCount: 1 })
    const aliceUser = (await ok<{ user: User }>(h.call('/api/users/alice'))).user
    const bobUser = (await ok<{ user: User }>(h.call('/api/users/bob', { token: bob.token }))).user
    expect(aliceUser.followers).toEqual([])
    expect(aliceUser.following.map((u) => u.username)).toEqual(['bob'])
    expect(bobUser.following).toEqual([])
    expect(bobUser.bookmarks).toEqual([])
    const counts = await countsOf(h.db)
    const truth = await recounted(h.db)
    expect(counts.users).toEqual(truth.followers)
    expect(counts.posts.map(({ id, comments: c }) => ({ id, comments: c }))).toEqual(truth.comments)
    expect(counts.comments).toEqual(truth.votes)
    // What is left is alice's and bob's alone: bob's like, alice's downvote and picture.
    const rowsIn = async (table: string) =>
      (await h.db.ids(`SELECT count(*) AS n FROM ${table}`))[0]
    const tables = [
      'media',
      'reports',
      'mutes',
      'blocks',
      'bookmarks',
      'post_reactions',
      'comment_votes',
    ]
    expect(
      Object.fromEntries(
        await Promise.all(tables.map(async (table) => [table, await rowsIn(table)] as const)),
      ),
    ).toEqual({
      media: 1,
      reports: 0,
      mutes: 0,
      blocks: 0,
      bookmarks: 0,
      post_reactions: 1,
      comment_votes: 1,
    })
  })

  it('refuses without a password or a token', async () => {
    const h = await harness({ demo: false })
    const me = await h.signup('keeper')
    await expectError(
      h.call('/api/users/me', { method: 'DELETE', body: {}, token: me.token }),
      400,
      'Enter your password to delete your account.',
    )
    await expectError(
      h.call('/api/users/me', { method: 'DELETE', body: { password: PASSWORD } }),
      401,
      MESSAGES.invalidToken,
    )
    await ok(h.call('/api/users/keeper'))
  })

  it('deleting a demo account takes it off the demo list and the login page', async () => {
    const h = await harness()
    const login = await ok<{ encodedToken: string }>(
      h.call('/api/auth/login', { body: { username: 'player1', password: 'gamerstage' } }),
    )
    await ok(
      h.call('/api/users/me', {
        method: 'DELETE',
        body: { password: 'gamerstage' },
        token: login.encodedToken,
      }),
    )
    expect(await getDemoUserIds(h.db)).toEqual([2, 3, 4])
    expect(await getDemoAccount(h.db)).toBeNull()
    // Seeded likes (no rows behind them) are left alone; nova lost a follower.
    const nova = (await ok<{ user: User }>(h.call('/api/users/nova_strike'))).user
    expect(nova.followers).toEqual([])
  })
})

describe('block and mute', { timeout: 30_000 }, () => {
  it('block hides posts and comments both ways, ends follows both ways and forbids new ones', async () => {
    const h = await harness({ demo: false })
    const a = await h.signup('blocker')
    const b = await h.signup('blocked')
    await ok(
      h.call('/api/posts', { body: { postData: { content: 'from a' } }, token: a.token }),
      201,
    )
    await ok(
      h.call('/api/posts', { body: { postData: { content: 'from b' } }, token: b.token }),
      201,
    )
    const postsAll = (await ok<{ posts: Post[] }>(h.call('/api/posts'))).posts
    const aPost = postsAll.find((p) => p.content === 'from a') as Post
    await ok(
      h.call(`/api/comments/add/${aPost._id}`, { body: { commentData: 'b says' }, token: b.token }),
      201,
    )
    await ok(h.call(`/api/users/follow/${b.id}`, { body: {}, token: a.token }))
    await ok(h.call(`/api/users/follow/${a.id}`, { body: {}, token: b.token }))

    const relations = await ok<RelationsResponse>(
      h.call(`/api/users/me/block/${b.id}`, { body: {}, token: a.token }),
    )
    expect(relations.blocked.map((u) => u.username)).toEqual(['blocked'])

    const seen = async (token: string, path = '/api/posts') =>
      (await ok<{ posts: Post[] }>(h.call(path, { token }))).posts.map((p) => p.content)
    expect(await seen(a.token)).toEqual(['from a'])
    expect(await seen(b.token)).toEqual(['from b'])
    expect(await seen(a.token, '/api/posts?limit=10')).toEqual(['from a'])
    expect(await seen(b.token, '/api/posts/user/blocker')).toEqual([])
    expect(await seen(a.token, '/api/feed?limit=10')).toEqual(['from a'])
    // Someone else still sees both.
    expect((await seen('')).sort()).toEqual(['from a', 'from b'])
    const commentsForA = (
      await ok<{ comments: Comment[] }>(h.call(`/api/comments/${aPost._id}`, { token: a.token }))
    ).comments
    expect(commentsForA).toEqual([])
    const commentsForAnyone = (
      await ok<{ comments: Comment[] }>(h.call(`/api/comments/${aPost._id}?limit=5`))
    ).comments
    expect(commentsForAnyone.map((c) => c.text)).toEqual(['b says'])

    const aUser = (await ok<{ user: User }>(h.call('/api/users/blocker'))).user
    expect(aUser.followers).toEqual([])
    expect(aUser.following).toEqual([])
    await expectError(
      h.call(`/api/users/follow/${a.id}`, { body: {}, token: b.token }),
      403,
      ACCOUNT_MESSAGES.blocked,
    )
    await expectError(
      h.call(`/api/users/follow/${b.id}`, { body: {}, token: a.token }),
      403,
      ACCOUNT_MESSAGES.blocked,
    )
    await expectError(
      h.call(`/api/users/me/block/${a.id}`, { body: {}, token: a.token }),
      400,
      ACCOUNT_MESSAGES.blockSelf,
    )
    await expectError(
      h.call('/api/users/me/block/999', { body: {}, token: a.token }),
      404,
      MESSAGES.userNotFound,
    )

    await ok(h.call(`/api/users/me/unblock/${b.id}`, { body: {}, token: a.token }))
    expect((await seen(a.token)).sort()).toEqual(['from a', 'from b'])
    await ok(h.call(`/api/users/follow/${b.id}`, { body: {}, token: a.token }))
  })

  it('mute hides the muted user’s posts from the home feed and Explore, not from their profile', async () => {
    const h = await harness({ demo: false })
    const a = await h.signup('muter')
    const b = await h.signup('loud')
    await ok(
      h.call('/api/posts', { body: { postData: { content: 'loud post' } }, token: b.token }),
      201,
    )
    await ok(h.call(`/api/users/follow/${b.id}`, { body: {}, token: a.token }))
    const feed = async () =>
      (await ok<{ posts: Post[] }>(h.call('/api/feed?limit=10', { token: a.token }))).posts.map(
        (p) => p.content,
      )
    expect(await feed()).toEqual(['loud post'])
    const relations = await ok<RelationsResponse>(
      h.call(`/api/users/me/mute/${b.id}`, { body: {}, token: a.token }),
    )
    expect(relations.muted.map((u) => u.username)).toEqual(['loud'])
    expect(await feed()).toEqual([])
    const everyone = (await ok<{ posts: Post[] }>(h.call('/api/posts', { token: a.token }))).posts
    expect(everyone.map((p) => p.content)).toEqual([])
    const profile = await ok<{ posts: Post[] }>(
      h.call('/api/posts/user/loud?limit=10', { token: a.token }),
    )
    expect(profile.posts.map((p) => p.content)).toEqual(['loud post'])
    await ok(h.call(`/api/users/me/unmute/${b.id}`, { body: {}, token: a.token }))
    expect(await feed()).toEqual(['loud post'])
  })
})

describe('host moderation', { timeout: 30_000 }, () => {
  it('the first account signed up from this computer hosts the desktop app’s server; LAN sign-ups never do', async () => {
    const h = await harness({ claim: true })
    const friend = await h.signup('friend_on_lan')
    const owner = await h.signup('lan_owner', { loopback: true })
    const later = await h.signup('later_local', { loopback: true })
    const isHost = async (token: string) =>
      (await ok<SessionResponse>(h.call('/api/auth/session', { token }))).isHost
    expect(await isHost(friend.token)).toBe(false)
    expect(await isHost(owner.token)).toBe(true)
    expect(await isHost(later.token)).toBe(false)
  })

  it('a demo account never becomes the owner, and without the desktop flag nobody claims it', async () => {
    const h = await harness({ claim: true })
    const demo = await ok<{ encodedToken: string }>(
      h.call('/api/auth/login', {
        body: { username: 'player1', password: 'gamerstage' },
        loopback: true,
      }),
    )
    expect(
      (
        await ok<SessionResponse>(
          h.call('/api/auth/session', { token: demo.encodedToken, loopback: true }),
        )
      ).isHost,
    ).toBe(false)
    const headless = await harness()
    const local = await headless.signup('local', { loopback: true })
    expect(
      (
        await ok<SessionResponse>(
          headless.call('/api/auth/session', { token: local.token, loopback: true }),
        )
      ).isHost,
    ).toBe(false)
  })

  it('reports reach the host, who deletes, suspends and dismisses; nobody else can', async () => {
    const h = await harness({ admins: ['Boss'], demo: false })
    const boss = await signedInAs(h, 'boss')
    const troll = await h.signup('troll')
    const victim = await h.signup('victim')
    await ok(
      h.call('/api/posts', { body: { postData: { content: 'troll post' } }, token: troll.token }),
      201,
    )
    await ok(
      h.call('/api/posts', {
        body: { postData: { content: 'second troll post' } },
        token: troll.token,
      }),
      201,
    )
    await ok(
      h.call('/api/posts', { body: { postData: { content: 'victim post' } }, token: victim.token }),
      201,
    )
    const all = (await ok<{ posts: Post[] }>(h.call('/api/posts'))).posts
    const trollPost = all.find((p) => p.content === 'troll post') as Post
    const victimPost = all.find((p) => p.content === 'victim post') as Post
    await ok(
      h.call(`/api/comments/add/${victimPost._id}`, {
        body: { commentData: 'rude' },
        token: troll.token,
      }),
      201,
    )
    const [rude] = (await ok<{ comments: Comment[] }>(h.call(`/api/comments/${victimPost._id}`)))
      .comments
    if (!rude) throw new Error('comment missing')

    await ok(
      h.call('/api/reports', {
        body: { postId: trollPost._id, reason: 'spam' },
        token: victim.token,
      }),
      201,
    )
    await ok(
      h.call('/api/reports', {
        body: { commentId: rude._id, reason: 'rude' },
        token: victim.token,
      }),
      201,
    )
    await expectError(
      h.call('/api/reports', {
        body: { postId: trollPost._id, reason: 'again' },
        token: victim.token,
      }),
      400,
      ACCOUNT_MESSAGES.alreadyReported,
    )
    await expectError(
      h.call('/api/reports', {
        body: { postId: victimPost._id, reason: 'me' },
        token: victim.token,
      }),
      400,
      ACCOUNT_MESSAGES.reportOwn,
    )
    await expectError(
      h.call('/api/reports', { body: { reason: 'what' }, token: victim.token }),
      400,
      'Report one post (postId), comment (commentId), person (userId) or message (messageId).',
    )
    await expectError(
      h.call('/api/reports', { body: { postId: '99999', reason: 'x' }, token: victim.token }),
      404,
      MESSAGES.postNotFound,
    )
    await expectError(
      h.call('/api/reports', {
        body: { postId: trollPost._id, reason: 'x'.repeat(201) },
        token: victim.token,
      }),
      400,
      'The note can be at most 200 characters.',
    )

    // Not the host: every moderation call is refused and changes nothing.
    for (const [method, path] of [
      ['GET', '/api/reports'],
      ['DELETE', `/api/moderation/posts/${victimPost._id}`],
      ['DELETE', `/api/moderation/comments/${rude._id}`],
      ['POST', `/api/moderation/suspend/${troll.id}`],
      ['DELETE', '/api/reports/1'],
    ] as const) {
      await expectError(
        h.call(path, { method, token: victim.token, body: method === 'GET' ? undefined : {} }),
        403,
        ACCOUNT_MESSAGES.hostOnly,
      )
      await expectError(
        h.call(path, { method, body: method === 'GET' ? undefined : {} }),
        401,
        MESSAGES.invalidToken,
      )
    }
    // Nor can anyone delete someone else's post through the ordinary route.
    await expectError(
      h.call(`/api/posts/${victimPost._id}`, { method: 'DELETE', token: troll.token }),
      400,
      MESSAGES.deleteForeignPost,
    )

    const { reports } = await ok<ReportsResponse>(h.call('/api/reports', { token: boss.token }))
    expect(
      reports.map((r) => [
        r.target.kind,
        r.target.kind === 'user' ? null : r.target.text,
        r.reason,
        r.reporter.username,
      ]),
    ).toEqual([
      ['comment', 'rude', 'rude', 'victim'],
      ['post', 'troll post', 'spam', 'victim'],
    ])
    expect(reports[0]?.target.author).toMatchObject({ username: 'troll', suspended: false })

    await ok(
      h.call(`/api/moderation/comments/${rude._id}`, { method: 'DELETE', token: boss.token }),
    )
    const victimAfter = (await ok<{ post: Post }>(h.call(`/api/posts/${victimPost._id}`))).post
    expect(victimAfter.commentCount).toBe(0)
    await ok(
      h.call(`/api/moderation/posts/${trollPost._id}`, { method: 'DELETE', token: boss.token }),
    )
    await expectError(h.call(`/api/posts/${trollPost._id}`), 404, MESSAGES.postNotFound)
    const trollUser = (
      await ok<{ user: User & { postCount?: number } }>(h.call('/api/users/troll'))
    ).user
    expect(trollUser).toBeTruthy()
    expect(
      (
        await h.db.get<{ n: number }>(
          'SELECT post_count AS n FROM users WHERE id = ?',
          Number(troll.id),
        )
      )?.n,
    ).toBe(1)
    // Deleting the content closed its reports.
    expect(
      (await ok<ReportsResponse>(h.call('/api/reports', { token: boss.token }))).reports,
    ).toEqual([])

    await ok(h.call(`/api/moderation/suspend/${troll.id}`, { body: {}, token: boss.token }))
    await expectError(
      h.call('/api/auth/session', { token: troll.token }),
      401,
      MESSAGES.invalidToken,
    )
    await expectError(
      h.call('/api/auth/login', { body: { username: 'troll', password: PASSWORD } }),
      403,
      ACCOUNT_MESSAGES.accountSuspended,
    )
    const visible = (await ok<{ posts: Post[] }>(h.call('/api/posts'))).posts.map((p) => p.content)
    expect(visible).toEqual(['victim post'])
    expect((await ok<{ posts: Post[] }>(h.call('/api/posts/user/troll?limit=5'))).posts).toEqual([])
    await expectError(
      h.call(`/api/moderation/suspend/${boss.id}`, { body: {}, token: boss.token }),
      403,
      ACCOUNT_MESSAGES.cannotSuspendHost,
    )

    await ok(h.call(`/api/moderation/unsuspend/${troll.id}`, { body: {}, token: boss.token }))
    const again = await ok<{ encodedToken: string }>(
      h.call('/api/auth/login', { body: { username: 'troll', password: PASSWORD } }),
    )
    // The old session stays ended.
    await expectError(
      h.call('/api/auth/session', { token: troll.token }),
      401,
      MESSAGES.invalidToken,
    )

    await ok(
      h.call('/api/reports', {
        body: { postId: victimPost._id, reason: 'meh' },
        token: again.encodedToken,
      }),
      201,
    )
    const [open] = (await ok<ReportsResponse>(h.call('/api/reports', { token: boss.token })))
      .reports
    await ok(h.call(`/api/reports/${open?._id}`, { method: 'DELETE', token: boss.token }))
    await expectError(
      h.call(`/api/reports/${open?._id}`, { method: 'DELETE', token: boss.token }),
      404,
      ACCOUNT_MESSAGES.reportNotFound,
    )
    await ok(h.call(`/api/posts/${victimPost._id}`))
  })
})
