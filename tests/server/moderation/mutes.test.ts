/**
 * Muting (docs/API.md, "Muting"): a muted player is hidden from the muter everywhere but their
 * own profile (posts, tag pages, comments, search, suggestions, follow lists, notifications from
 * them and live events of what they write), for a chosen time or for good; a mute that ran out
 * hides nothing, checked at read time. Time is moved with Vitest's fake Date only (the app's
 * timers keep running).
 */
import { afterEach, vi } from 'vitest'
import type {
  CommentsPage,
  NotificationsPage,
  PostsPage,
  RelationsResponse,
  UsersPage,
} from '../../../src/shared/api-types'
import { ACCOUNT_MESSAGES } from '../../../src/server/errors/messages'
import { addComment, createPost, expectError, ok, TIMESTAMP } from '../../helpers/api'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it, test } from '../../helpers/fixtures'

const HOUR = 60 * 60 * 1000
const device = liveStreams()

afterEach(() => {
  vi.useRealTimers()
})

/** Moves the app's clock (Date only) to `ms`. */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(ms)
}

/**
 * A muter, a loud player with a tagged post and a comment on the muter's post, and a bystander
 * who follows the loud player.
 */
async function scene(app: TestApp) {
  const muter = await app.signup('muter')
  const loud = await app.signup('loud_one')
  const other = await app.signup('bystander')
  const loudPost = await createPost(app, loud.token, 'loud post #raid')
  const otherPost = await createPost(app, other.token, 'calm post #raid')
  const thread = await createPost(app, muter.token, 'my thread')
  await addComment(app, loud.token, thread, 'loud comment')
  await addComment(app, other.token, thread, 'calm comment')
  await ok(app.send(`/api/users/follow/${loud.id}`, {}, { token: other.token }))
  return { muter, loud, other, loudPost, otherPost, thread }
}

type Scene = Awaited<ReturnType<typeof scene>>

/** What the muter sees of the loud player in every list a mute hides them from. */
async function seenOfLoud(app: TestApp, s: Scene) {
  const token = s.muter.token
  const contents = async (path: string) =>
    (await ok<PostsPage>(app.get(path, token))).posts.map((post) => post.content)
  const names = async (path: string) =>
    (await ok<UsersPage>(app.get(path, token))).users.map((user) => user.username)
  const comments = (
    await ok<CommentsPage>(app.get(`/api/comments/${s.thread}?limit=10`, token))
  ).comments.map((comment) => comment.text)
  return {
    explore: (await contents('/api/posts?limit=10')).includes('loud post #raid'),
    tag: (await contents('/api/posts?tag=raid&limit=10')).includes('loud post #raid'),
    comments: comments.includes('loud comment'),
    search: (await names('/api/users?search=loud&limit=10')).includes('loud_one'),
    suggestions: (await names('/api/users?suggest=true&limit=10')).includes('loud_one'),
    followers: (await names('/api/users/bystander/following?limit=10')).includes('loud_one'),
    // Their own profile always shows their posts.
    profile: (await contents('/api/posts/user/loud_one?limit=10')).includes('loud post #raid'),
  }
}

const SHOWN = {
  explore: true,
  tag: true,
  comments: true,
  search: true,
  suggestions: true,
  followers: true,
  profile: true,
}
const HIDDEN = {
  explore: false,
  tag: false,
  comments: false,
  search: false,
  suggestions: false,
  followers: false,
  profile: true,
}

describe('muting', () => {
  test.override({ appOptions: { demo: false } })

  it('hides the muted player everywhere but their own profile, until unmuted', async ({ app }) => {
    const s = await scene(app)
    expect(await seenOfLoud(app, s)).toEqual(SHOWN)

    const answer = await ok<RelationsResponse>(
      app.send(`/api/users/me/mute/${s.loud.id}`, {}, { token: s.muter.token }),
    )
    expect(answer.muted).toEqual([
      expect.objectContaining({ username: 'loud_one', mutedUntil: null }),
    ])
    expect(await seenOfLoud(app, s)).toEqual(HIDDEN)
    // Nobody else's lists change.
    const calm = (await ok<PostsPage>(app.get('/api/posts?limit=10', s.other.token))).posts
    expect(calm.map((post) => post.content)).toContain('loud post #raid')

    await ok(app.send(`/api/users/me/unmute/${s.loud.id}`, {}, { token: s.muter.token }))
    expect(await seenOfLoud(app, s)).toEqual(SHOWN)
  })

  it('for a chosen time: hides until then, and the mute then hides nothing and leaves the list', async ({
    app,
  }) => {
    const start = Date.UTC(2026, 0, 10, 12)
    clockAt(start)
    const s = await scene(app)
    const answer = await ok<RelationsResponse>(
      app.send(`/api/users/me/mute/${s.loud.id}`, { duration: '1h' }, { token: s.muter.token }),
    )
    expect(answer.muted).toHaveLength(1)
    expect(answer.muted[0]?.mutedUntil).toMatch(TIMESTAMP)
    expect(Date.parse(answer.muted[0]?.mutedUntil ?? '')).toBe(start + HOUR)

    clockAt(start + HOUR - 1000)
    expect(await seenOfLoud(app, s)).toEqual(HIDDEN)

    clockAt(start + HOUR)
    expect(await seenOfLoud(app, s)).toEqual(SHOWN)
    const relations = await ok<RelationsResponse>(app.get('/api/users/me/relations', s.muter.token))
    expect(relations.muted).toEqual([])
  })

  it('muting again replaces the time (a week, then for good), and the sweep deletes run-out rows', async ({
    app,
  }) => {
    const start = Date.UTC(2026, 0, 10, 12)
    clockAt(start)
    const s = await scene(app)
    const mute = (duration?: string) =>
      ok<RelationsResponse>(
        app.send(`/api/users/me/mute/${s.loud.id}`, duration ? { duration } : {}, {
          token: s.muter.token,
        }),
      )
    expect(Date.parse((await mute('1w')).muted[0]?.mutedUntil ?? '')).toBe(start + 7 * 24 * HOUR)
    expect(Date.parse((await mute('1d')).muted[0]?.mutedUntil ?? '')).toBe(start + 24 * HOUR)
    expect((await mute('forever')).muted[0]?.mutedUntil).toBeNull()
    clockAt(start + 3 * 24 * HOUR)
    expect((await seenOfLoud(app, s)).explore).toBe(false)

    // A run-out mute of someone else is swept when the user mutes again.
    await ok(app.send(`/api/users/me/mute/${s.other.id}`, { duration: '1h' }, s.muter))
    clockAt(start + 4 * 24 * HOUR)
    await mute()
    const rows = await app.db.all<{ mutedId: number }>(
      'SELECT muted_id AS "mutedId" FROM mutes WHERE muter_id = ?',
      Number(s.muter.id),
    )
    expect(rows.map((row) => Number(row.mutedId))).toEqual([Number(s.loud.id)])
  })

  it('refuses a bad duration or an unknown field with a clear message', async ({ app }) => {
    const s = await scene(app)
    for (const body of [{ duration: '2h' }, { duration: 3600 }, { duration: null }]) {
      await expectError(
        app.send(`/api/users/me/mute/${s.loud.id}`, body, s.muter),
        400,
        'The mute duration must be "1h", "1d", "1w" or "forever".',
        'VALIDATION',
      )
    }
    await expectError(
      app.send(`/api/users/me/mute/${s.loud.id}`, { until: 5 }, s.muter),
      400,
      /until/,
      'VALIDATION',
    )
    await expectError(
      app.send(`/api/users/me/mute/${s.muter.id}`, { duration: '1h' }, s.muter),
      400,
      ACCOUNT_MESSAGES.muteSelf,
      'SELF_TARGET',
    )
    const relations = await ok<RelationsResponse>(app.get('/api/users/me/relations', s.muter.token))
    expect(relations.muted).toEqual([])
  })

  it('stops notifications from the muted player while the mute lasts', async ({ app }) => {
    const start = Date.UTC(2026, 0, 10, 12)
    clockAt(start)
    const s = await scene(app)
    const notificationsOf = async () =>
      (
        await ok<NotificationsPage>(app.get('/api/notifications?limit=50', s.muter.token))
      ).notifications.filter((n) => n.actor.username === 'loud_one').length
    const before = await notificationsOf()
    expect(before).toBeGreaterThan(0)
    await ok(app.send(`/api/users/me/mute/${s.loud.id}`, { duration: '1h' }, s.muter))
    await addComment(app, s.loud.token, s.thread, 'muted comment @muter')
    expect(await notificationsOf()).toBe(before)
    clockAt(start + 2 * HOUR)
    await addComment(app, s.loud.token, s.thread, 'after the mute')
    expect(await notificationsOf()).toBe(before + 1)
  })

  it('keeps live posts and comments of the muted player from the muter, and from nobody else', async ({
    app,
  }) => {
    const s = await scene(app)
    await ok(app.send(`/api/users/me/mute/${s.loud.id}`, { duration: '1d' }, s.muter))
    const [muterStream, otherStream] = [await device(app, s.muter), await device(app, s.other)]
    await createPost(app, s.loud.token, 'live loud post')
    await addComment(app, s.loud.token, s.otherPost, 'live loud comment')
    expect((await otherStream.next('post')).data.post.content).toBe('live loud post')
    expect((await otherStream.next('comment')).data.comment.text).toBe('live loud comment')
    await muterStream.settle()
    expect(muterStream.events.map((event) => event.type)).not.toContain('post')
    expect(muterStream.events.map((event) => event.type)).not.toContain('comment')
    // The muter's own comment under the muted player's post still reaches the muter.
    await addComment(app, s.muter.token, s.loudPost, 'mine')
    expect((await muterStream.next('comment')).data.comment.text).toBe('mine')
  })
})
