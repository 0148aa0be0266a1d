/**
 * A game night's thread (docs/API.md, "Game nights"): the host's post announcing the night, whose
 * comments are the night's, with every rule of comments (blocks, bad input, live events); the
 * lists of one player's nights (`with`) and of more than a page; and the demo's LAN party. On
 * SQLite (`npm run test:unit`) and PostgreSQL (`npm run test:pg`).
 */
import type { Comment, CommentResponse, PostResponse } from '../../../src/shared/api-types'
import type { GameNightResponse, GameNightsPage } from '../../../src/shared/game-night-types'
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../src/server/errors/messages'
import { nextSaturdayEvening } from '../../../src/server/services/writes/seed'
import { addComment, commentsOf, expectError, ok, quickUser, seededToken } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'

const connect = liveStreams()

type Who = { token: string; id: string }

const HOUR = 3_600_000
const inHours = (hours: number) =>
  new Date(Math.floor((Date.now() + hours * HOUR) / 1000) * 1000).toISOString()

const addGame = (app: TestApp, who: Who) =>
  ok(app.send('/api/me/games', { games: ['Counter-Strike 2'] }, { ...who, method: 'PUT' }))

async function plan(app: TestApp, host: Who, fields: Record<string, unknown> = {}) {
  return (
    await ok<GameNightResponse>(
      app.send(
        '/api/game-nights',
        {
          game: 'counterstrike2',
          title: 'Ranked tonight',
          startsAt: inHours(3),
          durationMinutes: 120,
          ...fields,
        },
        host,
      ),
      201,
    )
  ).gameNight
}

const answer = (app: TestApp, who: Who, id: string, choice: string) =>
  ok(app.send(`/api/game-nights/${id}/rsvp`, { answer: choice }, { ...who, method: 'PUT' }))

const listed = async (app: TestApp, who: Who, query: string) =>
  (await ok<GameNightsPage>(app.get(`/api/game-nights?${query}`, who.token))).gameNights.map(
    (night) => night.title,
  )

describe('a game night thread', () => {
  it.override({ appOptions: { demo: false } })

  it('is the host’s post announcing the night, and its comments are the night’s, live', async ({
    app,
  }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    await addGame(app, sam)
    const stream = await connect(app, ana)
    const night = await plan(app, sam, { title: 'Ranked #tonight' })
    expect(night.threadPostId).toMatch(/^\d+$/)
    const threadId = night.threadPostId ?? ''
    const { post } = await ok<PostResponse>(app.get(`/api/posts/${threadId}`, sam.token))
    expect(post).toMatchObject({
      username: 'sam',
      content: 'Game night: Ranked #tonight (Counter-Strike 2)',
    })
    // Announced as any post: the follower's stream hears of it, the list of the night reads it.
    expect((await stream.next('post')).data).toMatchObject({ post: { _id: threadId } })
    const listedNight = (await ok<GameNightsPage>(app.get('/api/game-nights', ana.token)))
      .gameNights[0]
    expect(listedNight?.threadPostId).toBe(threadId)

    // Ana comments, mentioning Sam: the comment reaches the others live, the host is told.
    const commentId = await addComment(app, ana.token, threadId, 'Count me in @sam')
    const event = await stream.next('comment')
    expect(event.data).toMatchObject({
      comment: { _id: commentId, postId: threadId },
      created: true,
    })
    expect((await commentsOf(app, threadId, sam.token)).map((c: Comment) => c.text)).toEqual([
      'Count me in @sam',
    ])
    // She edits and deletes her own comment as any other.
    await ok<CommentResponse>(
      app.send(
        `/api/comments/edit/${threadId}/${commentId}`,
        { commentData: { text: 'Count me in' } },
        { token: ana.token, headers: { Prefer: 'return=minimal' } },
      ),
    )
    expect((await commentsOf(app, threadId, sam.token))[0]?.text).toBe('Count me in')
    await ok(app.send(`/api/comments/delete/${threadId}/${commentId}`, {}, ana))
    expect(await commentsOf(app, threadId, sam.token)).toEqual([])
  })

  it('refuses bad comments and comments across a block, and loses the thread with its post', async ({
    app,
  }) => {
    const sam = await quickUser(app, 'sam')
    const bo = await quickUser(app, 'bo')
    await addGame(app, sam)
    const night = await plan(app, sam)
    const threadId = night.threadPostId ?? ''
    await expectError(
      app.send(`/api/comments/add/${threadId}`, { commentData: { text: '   ' } }, bo),
      400,
      'A comment cannot be empty.',
      'VALIDATION',
    )
    await expectError(
      app.send(`/api/comments/add/${threadId}`, { commentData: { text: 'x'.repeat(501) } }, bo),
      400,
      'A comment can be at most 500 characters.',
      'VALIDATION',
    )
    expect(await commentsOf(app, threadId, sam.token)).toEqual([])
    // Sam blocks Bo: the night and its thread are closed to him.
    await ok(app.send(`/api/users/me/block/${bo.id}`, {}, sam))
    await expectError(
      app.send(`/api/comments/add/${threadId}`, { commentData: { text: 'let me in' } }, bo),
      403,
      ACCOUNT_MESSAGES.blockedInteraction,
      'BLOCKED',
    )
    expect(await commentsOf(app, threadId, sam.token)).toEqual([])
    // The host deletes the post: the night stays, without a thread.
    await ok(app.send(`/api/posts/${threadId}`, {}, { ...sam, method: 'DELETE' }))
    const after = await ok<GameNightResponse>(app.get(`/api/game-nights/${night._id}`, sam.token))
    expect(after.gameNight.threadPostId).toBeNull()
  })

  it('lists the nights one player hosts or answered going, maybe or waiting', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    await addGame(app, sam)
    await addGame(app, ana)
    const hosted = await plan(app, ana, { title: 'hosted by ana', startsAt: inHours(5) })
    const going = await plan(app, sam, { title: 'ana going', startsAt: inHours(2) })
    const maybe = await plan(app, sam, { title: 'ana maybe', startsAt: inHours(3) })
    const cant = await plan(app, sam, { title: 'ana cant', startsAt: inHours(4) })
    await plan(app, sam, { title: 'not answered', startsAt: inHours(6) })
    await answer(app, ana, going._id, 'going')
    await answer(app, ana, maybe._id, 'maybe')
    await answer(app, ana, cant._id, 'cant')
    expect(await listed(app, bo, 'with=ana')).toEqual(['ana going', 'ana maybe', 'hosted by ana'])
    expect(hosted.isHost).toBe(true)
    // Over: in the past list; a night in progress is still upcoming.
    await app.db.run(
      'UPDATE game_nights SET starts_at = ? WHERE id = ?',
      Date.now() - 10 * HOUR,
      Number(maybe._id),
    )
    await app.db.run(
      'UPDATE game_nights SET starts_at = ? WHERE id = ?',
      Date.now() - HOUR,
      Number(going._id),
    )
    expect(await listed(app, bo, 'with=ana&when=past')).toEqual(['ana maybe'])
    expect(await listed(app, bo, 'with=ana')).toEqual(['ana going', 'hosted by ana'])
    // Someone nobody has: 404; hidden by a block: no nights; too long: 400.
    await expectError(app.get('/api/game-nights?with=nobody', bo.token), 404, MESSAGES.userNotFound)
    await ok(app.send(`/api/users/me/block/${bo.id}`, {}, ana))
    expect(await listed(app, bo, 'with=ana')).toEqual([])
    await expectError(
      app.get(`/api/game-nights?with=${'a'.repeat(101)}`, bo.token),
      400,
      'with must be a username.',
    )
  })

  it('pages past 20: upcoming soonest first, then past latest first, nobody twice', async ({
    app,
  }) => {
    const sam = await quickUser(app, 'sam')
    await addGame(app, sam)
    for (let index = 0; index < 23; index += 1) {
      await plan(app, sam, { title: `night ${index}`, startsAt: inHours(2 + index) })
    }
    const first = await ok<GameNightsPage>(app.get('/api/game-nights?limit=20', sam.token))
    expect(first.gameNights).toHaveLength(20)
    expect(first.nextCursor).not.toBeNull()
    const second = await ok<GameNightsPage>(
      app.get(`/api/game-nights?limit=20&cursor=${first.nextCursor}`, sam.token),
    )
    expect(second.nextCursor).toBeNull()
    const titles = [...first.gameNights, ...second.gameNights].map((night) => night.title)
    expect(titles).toEqual(Array.from({ length: 23 }, (_, index) => `night ${index}`))
    await expectError(
      app.get('/api/game-nights?cursor=nonsense', sam.token),
      400,
      MESSAGES.invalidCursor,
    )
  })
})

describe('the demo’s LAN party', () => {
  it('is a game night on the LAN party post, with a few answers and its comments', async ({
    app,
  }) => {
    const player1 = await seededToken()
    const page = await ok<GameNightsPage>(app.get('/api/game-nights', player1.token))
    expect(page.gameNights.map((night) => night.title)).toEqual(['LAN party this Saturday'])
    const night = page.gameNights[0]
    if (!night) throw new Error('no night')
    expect(night).toMatchObject({
      host: { username: 'player1' },
      game: { name: 'Age of Empires II: Definitive Edition' },
      counts: { going: 3, maybe: 1, cant: 0, waiting: 0 },
    })
    const start = new Date(night.startsAt)
    expect(start.getUTCDay()).toBe(6)
    expect(start.getTime()).toBeGreaterThan(Date.now() - 60_000)
    const { post } = await ok<PostResponse>(
      app.get(`/api/posts/${night.threadPostId ?? ''}`, player1.token),
    )
    expect(post.content).toMatch(/^LAN party this Saturday/)
    expect(post.commentCount).toBe(2)
    const nova = await seededToken('nova_strike')
    expect(
      (await ok<GameNightsPage>(app.get('/api/game-nights?with=questlord', nova.token))).gameNights,
    ).toHaveLength(1)
  })

  it('falls on the next Saturday evening, never on a past one', () => {
    // Monday 30 November 2026, 06:00 UTC: Saturday 5 December, 18:00.
    expect(new Date(nextSaturdayEvening(Date.UTC(2026, 10, 30, 6))).toISOString()).toBe(
      '2026-12-05T18:00:00.000Z',
    )
    // Saturday before 18:00: the same day; after it: a week on.
    expect(new Date(nextSaturdayEvening(Date.UTC(2026, 11, 5, 17))).toISOString()).toBe(
      '2026-12-05T18:00:00.000Z',
    )
    expect(new Date(nextSaturdayEvening(Date.UTC(2026, 11, 5, 19))).toISOString()).toBe(
      '2026-12-12T18:00:00.000Z',
    )
  })
})
