/**
 * Emoji reactions (docs/API.md, "Emoji reactions"): one per user, post and emoji, added with PUT
 * and taken back with DELETE (both idempotent), counted on the post (only counts above 0, the
 * quick ones first) beside the viewer's own; who reacted, a page at a time; live counts; one
 * notification per person and post; like and dislike untouched; the hostile cases.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type {
  NotificationsPage,
  PostResponse,
  ReactorsPage,
  UserSummary,
} from '../../../src/shared/api-types'
import { MESSAGES, SHARE_MESSAGES } from '../../../src/server/errors/messages'
import { MAX_POST_REACTIONS, REACTIONS } from '../../../src/shared/reactions'
import { expectError, ok, quickUser } from '../../helpers/api'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const connect = liveStreams()

interface Player {
  token: string
  id: string
}

const react = (app: TestApp, who: Player, postId: string, reaction: string, on = true) =>
  app.send(
    `/api/posts/${postId}/reactions/${reaction}`,
    {},
    {
      token: who.token,
      method: on ? 'PUT' : 'DELETE',
    },
  )

const write = async (app: TestApp, who: Player, content: string) =>
  (
    await ok<PostResponse>(
      app.send(
        '/api/posts',
        { postData: { content } },
        {
          token: who.token,
          headers: { prefer: 'return=minimal' },
        },
      ),
      201,
    )
  ).post

const reactors = async (app: TestApp, path: string, who?: Player) => {
  const users: UserSummary[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const query: string = cursor ? `&cursor=${cursor}` : ''
    const page: ReactorsPage = await ok<ReactorsPage>(
      app.get(`${path}?limit=2${query}`, who?.token),
    )
    users.push(...page.users)
    cursor = page.nextCursor
    pages += 1
  } while (cursor)
  return { users, pages }
}

describe('emoji reactions', () => {
  it('counts one reaction per user and emoji, idempotently, and shows the viewer their own', async ({
    app,
  }) => {
    const author = await quickUser(app, 'author')
    const fan = await quickUser(app, 'fan')
    const other = await quickUser(app, 'other')
    const post = await write(app, author, 'clutch play')
    expect(post.reactions).toEqual({ counts: [], mine: [] })
    await ok(react(app, fan, post._id, 'gg'))
    await ok(react(app, fan, post._id, 'fire'))
    const again = await ok<PostResponse>(react(app, fan, post._id, 'fire'))
    // In the order of REACTIONS, whatever the order they were added in.
    expect(again.post.reactions).toEqual({
      counts: [
        { reaction: 'fire', count: 1 },
        { reaction: 'gg', count: 1 },
      ],
      mine: ['fire', 'gg'],
    })
    const theirs = await ok<PostResponse>(react(app, other, post._id, 'fire'))
    expect(theirs.post.reactions?.counts[0]).toEqual({ reaction: 'fire', count: 2 })
    expect(theirs.post.reactions?.mine).toEqual(['fire'])
    const off = await ok<PostResponse>(react(app, fan, post._id, 'gg', false))
    expect(off.post.reactions).toEqual({ counts: [{ reaction: 'fire', count: 2 }], mine: ['fire'] })
    // Taking back what is not there changes nothing.
    expect((await ok<PostResponse>(react(app, fan, post._id, 'gg', false))).post.reactions).toEqual(
      off.post.reactions,
    )
    // Like and dislike keep their own rules and count.
    expect(off.post.likes.likeCount).toBe(0)
    await ok(app.send(`/api/posts/like/${post._id}`, {}, { token: fan.token }))
    const liked = await ok<PostResponse>(
      app.request(`/api/posts/${post._id}`, {
        headers: { authorization: fan.token, prefer: 'return=minimal' },
      }),
    )
    expect(liked.post.likes.likeCount).toBe(1)
    expect(liked.post.reactions?.counts).toEqual([{ reaction: 'fire', count: 2 }])
  })

  it('takes the quick six by key, any known emoji as itself, and refuses anything else', async ({
    app,
  }) => {
    const fan = await quickUser(app, 'fan')
    for (const { key } of REACTIONS) await ok(react(app, fan, '1', key))
    const post = (await ok<PostResponse>(react(app, fan, '1', 'fire'))).post
    expect(post.reactions?.mine).toEqual(REACTIONS.map((r) => r.key))
    // Any emoji of the picker's set, encoded in the path: a skin tone, a flag, a keycap.
    const others = ['🦊', '👍🏽', '🏳️‍🌈', '#️⃣']
    for (const emoji of others) await ok(react(app, fan, '1', encodeURIComponent(emoji)))
    // A quick one's emoji is its key, and an emoji with or without its selector is one.
    await ok(react(app, fan, '1', encodeURIComponent('🔥')))
    const heart = await ok<PostResponse>(react(app, fan, '1', encodeURIComponent('❤')))
    await ok(react(app, fan, '1', encodeURIComponent('❤️')))
    const after = (await ok<PostResponse>(react(app, fan, '1', 'fire'))).post.reactions
    // The quick ones in their order, then the others by code point.
    const rest = [...others, '❤️'].sort()
    expect(after?.mine).toEqual([...REACTIONS.map((r) => r.key), ...rest])
    expect(after?.counts.map((c) => c.reaction)).toEqual(after?.mine)
    expect(after?.counts.every((c) => c.count === 1)).toBe(true)
    expect(heart.post.reactions?.mine).toContain('❤️')
    // Who reacted with one of them.
    const page = await ok<ReactorsPage>(
      app.get(`/api/posts/1/reactions/${encodeURIComponent('🦊')}`, fan.token),
    )
    expect(page.users.map((u) => u.username)).toHaveLength(1)
    const refused = [
      'heart',
      'FIRE',
      'like',
      encodeURIComponent('🔥🔥'),
      encodeURIComponent('a🦊'),
      encodeURIComponent('🏻'),
      encodeURIComponent('🇦'),
      encodeURIComponent('<b>🦊</b>'),
      encodeURIComponent('🦊'.repeat(40)),
      '%E0%A4%A',
    ]
    for (const bad of refused) {
      await expectError(
        react(app, fan, '1', bad),
        400,
        SHARE_MESSAGES.unknownReaction,
        'VALIDATION',
      )
    }
  })

  it('holds a post to MAX_POST_REACTIONS different emoji; those already there stay open', async ({
    app,
  }) => {
    const author = await quickUser(app, 'author')
    const fan = await quickUser(app, 'fan')
    const late = await quickUser(app, 'late')
    const post = await write(app, author, 'react to everything')
    const animals = [...'🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵🐔🐧🐦🐤🦆🦅']
    expect(animals.length).toBeGreaterThan(MAX_POST_REACTIONS)
    for (const emoji of animals.slice(0, MAX_POST_REACTIONS)) {
      await ok(react(app, fan, post._id, encodeURIComponent(emoji)))
    }
    const extra = animals[MAX_POST_REACTIONS] ?? ''
    await expectError(
      react(app, late, post._id, encodeURIComponent(extra)),
      400,
      SHARE_MESSAGES.tooManyReactions(MAX_POST_REACTIONS),
      'STATE_CONFLICT',
    )
    // Joining one already there works, and so does taking one back, which makes room.
    const joined = await ok<PostResponse>(react(app, late, post._id, encodeURIComponent('🐶')))
    expect(joined.post.reactions?.counts.find((c) => c.reaction === '🐶')?.count).toBe(2)
    await ok(react(app, fan, post._id, encodeURIComponent('🐱'), false))
    const room = await ok<PostResponse>(react(app, late, post._id, encodeURIComponent(extra)))
    expect(room.post.reactions?.counts).toHaveLength(MAX_POST_REACTIONS)
  })

  it('holds the cap when many add new emoji at once', async ({ app }) => {
    const author = await quickUser(app, 'author')
    const post = await write(app, author, 'everyone at once')
    const animals = [...'🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵🐔🐧🐦🐤🦆🦅🦉🦇🐺🐗']
    const fans = await Promise.all(animals.map((_, index) => quickUser(app, `crowd${index}`)))
    const answers = await Promise.all(
      animals.map((emoji, index) =>
        react(app, fans[index] as Player, post._id, encodeURIComponent(emoji)),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_POST_REACTIONS)
    expect(statuses.filter((status) => status === 400)).toHaveLength(
      animals.length - MAX_POST_REACTIONS,
    )
    const after = await ok<PostResponse>(app.get(`/api/posts/${post._id}`, author.token))
    expect(after.post.reactions?.counts).toHaveLength(MAX_POST_REACTIONS)
  })

  it('answers 404 for a missing post, 403 across a block, and 403 for a suspended author', async ({
    makeApp,
  }) => {
    const app = await makeApp({ admins: ['player1'] })
    const host = await app.loginDemo()
    const author = await quickUser(app, 'author')
    const fan = await quickUser(app, 'fan')
    const post = await write(app, author, 'hostile')
    await expectError(react(app, fan, '9999', 'fire'), 404, MESSAGES.postNotFound, 'POST_NOT_FOUND')
    await ok(app.send(`/api/users/me/block/${fan.id}`, {}, { token: author.token }))
    await expectError(
      react(app, fan, post._id, 'fire'),
      403,
      SHARE_MESSAGES.blockedShare,
      'BLOCKED',
    )
    await ok(app.send(`/api/users/me/unblock/${fan.id}`, {}, { token: author.token }))
    await ok(react(app, fan, post._id, 'fire'))
    await ok(app.send(`/api/moderation/suspend/${author.id}`, {}, { token: host.token }))
    await expectError(
      react(app, fan, post._id, 'laugh'),
      403,
      SHARE_MESSAGES.authorSuspended,
      'POST_UNAVAILABLE',
    )
    // Taking a reaction back is always allowed.
    await ok(react(app, fan, post._id, 'fire', false))
    await expectError(
      app.send(`/api/posts/${post._id}/reactions/fire`, {}, { method: 'PUT' }),
      401,
      MESSAGES.invalidToken,
      'INVALID_TOKEN',
    )
  })

  it('lists who reacted with an emoji, newest first, a page at a time, without hidden users', async ({
    app,
  }) => {
    const author = await quickUser(app, 'author')
    const post = await write(app, author, 'who reacted')
    const fans: Player[] = []
    for (const name of ['fan_a', 'fan_b', 'fan_c', 'fan_d', 'fan_e']) {
      const fan = await quickUser(app, name)
      fans.push(fan)
      await ok(react(app, fan, post._id, 'clap'))
      await sleep(2)
    }
    await ok(react(app, author, post._id, 'sad'))
    const path = `/api/posts/${post._id}/reactions/clap`
    const all = await reactors(app, path)
    expect(all.users.map((user) => user.username)).toEqual([
      'fan_e',
      'fan_d',
      'fan_c',
      'fan_b',
      'fan_a',
    ])
    expect(all.pages).toBe(3)
    expect(Object.keys(all.users[0] ?? {}).sort()).toEqual([
      '_id',
      'firstName',
      'id',
      'lastName',
      'profileImg',
      'username',
    ])
    await ok(app.send(`/api/users/me/block/${fans[2]?.id}`, {}, { token: author.token }))
    const seen = await reactors(app, path, author)
    expect(seen.users.map((user) => user.username)).not.toContain('fan_c')
    expect((await reactors(app, `/api/posts/${post._id}/reactions/wow`)).users).toEqual([])
    await expectError(
      app.get(`/api/posts/${post._id}/reactions/nope`),
      400,
      SHARE_MESSAGES.unknownReaction,
    )
    await expectError(app.get('/api/posts/9999/reactions/clap'), 404, MESSAGES.postNotFound)
  })

  it('moves the counts live for everyone, once per change', async ({ app }) => {
    const author = await quickUser(app, 'author')
    const fan = await quickUser(app, 'fan')
    const watcher = await quickUser(app, 'watcher')
    const post = await write(app, author, 'live counts')
    const stream = await connect(app, watcher)
    await ok(react(app, fan, post._id, 'wow'))
    expect((await stream.next('emoji-reaction')).data).toEqual({
      postId: post._id,
      counts: [{ reaction: 'wow', count: 1 }],
      user: { _id: fan.id, username: 'fan' },
      reaction: 'wow',
      reacted: true,
    })
    await ok(react(app, fan, post._id, 'wow'))
    await ok(react(app, fan, post._id, 'wow', false))
    const off = await stream.next('emoji-reaction')
    expect(off.data).toMatchObject({ counts: [], reacted: false })
    expect(await stream.settle(50)).not.toContain('emoji-reaction')
  })

  it('tells the author once per person: with their first emoji, gone with their last', async ({
    app,
  }) => {
    const author = await quickUser(app, 'author')
    const fan = await quickUser(app, 'fan')
    const other = await quickUser(app, 'other')
    const post = await write(app, author, 'ace round')
    const notes = async () =>
      (await ok<NotificationsPage>(app.get('/api/notifications?limit=20', author.token)))
        .notifications
    const unread = async () =>
      (await ok<{ unreadCount: number }>(app.get('/api/notifications/unread-count', author.token)))
        .unreadCount

    await ok(react(app, fan, post._id, 'gg'))
    await ok(react(app, fan, post._id, 'fire'))
    await ok(react(app, other, post._id, 'gg'))
    const told = await notes()
    expect(told.map((note) => [note.type, note.actor.username, note.postId, note.snippet])).toEqual(
      [
        ['reaction', 'other', post._id, 'ace round'],
        ['reaction', 'fan', post._id, 'ace round'],
      ],
    )
    expect(await unread()).toBe(2)

    // One emoji of two taken back: still reacting. The last: the notification goes.
    await ok(react(app, fan, post._id, 'gg', false))
    expect((await notes()).map((note) => note.actor.username)).toEqual(['other', 'fan'])
    await ok(react(app, fan, post._id, 'fire', false))
    expect((await notes()).map((note) => note.actor.username)).toEqual(['other'])
    expect(await unread()).toBe(1)

    // Nobody hears of their own reaction.
    await ok(react(app, author, post._id, 'fire'))
    expect(await notes()).toHaveLength(1)
  })

  it('goes with its post', async ({ app }) => {
    const author = await quickUser(app, 'author')
    const post = await write(app, author, 'short lived')
    await ok(react(app, author, post._id, 'fire'))
    await ok(app.send(`/api/posts/${post._id}`, {}, { token: author.token, method: 'DELETE' }))
    await expectError(app.get(`/api/posts/${post._id}/reactions/fire`), 404, MESSAGES.postNotFound)
    const left = await app.db.all(
      'SELECT * FROM post_emoji_counts WHERE post_id = ?',
      Number(post._id),
    )
    expect(left).toEqual([])
  })
})
