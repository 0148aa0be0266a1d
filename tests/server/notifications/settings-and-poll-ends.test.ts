/**
 * Notifications for everything that concerns the user (docs/API.md, "Notifications",
 * "Notification settings"): a mention says it once (also to the post's author, the answered and
 * the quoted), a poll's end is told once across instances, and each kind can be turned off.
 */
import type {
  CommentResponse,
  Notification,
  NotificationsPage,
  PostResponse,
  UnreadCountResponse,
} from '../../../src/shared/api-types'
import type { NotificationSettingsResponse } from '../../../src/shared/notification-kinds'
import { NOTIFICATION_KINDS } from '../../../src/shared/notification-kinds'
import type { Live } from '../../../src/server/actions/live'
import { tellPollEnded } from '../../../src/server/actions/polls'
import { tellPollEndsOnTime } from '../../../src/server/startup/poll-ends'
import { expectError, ok } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { createPoll, vote } from '../../helpers/polls'
import type { TestApp } from '../../helpers/server-app'

type Session = { token: string; id: string }
const minimal = { prefer: 'return=minimal' }

const liveOfApp = (app: TestApp): Live => ({
  db: app.db,
  hub: app.events,
  media: app.media,
  hostIds: [],
})

async function post(app: TestApp, author: Session, content: string, quoteOf?: string) {
  const body = { postData: { content, ...(quoteOf ? { quoteOf } : {}) } }
  return (
    await ok<PostResponse>(app.send('/api/posts', body, { ...author, headers: minimal }), 201)
  ).post
}

async function comment(
  app: TestApp,
  author: Session,
  postId: string,
  text: string,
  replyTo?: string,
) {
  const body = { commentData: { text, ...(replyTo ? { replyTo } : {}) } }
  return (
    await ok<CommentResponse>(
      app.send(`/api/comments/add/${postId}`, body, { ...author, headers: minimal }),
      201,
    )
  ).comment
}

const listOf = async (app: TestApp, user: Session): Promise<Notification[]> =>
  (await ok<NotificationsPage>(app.get('/api/notifications', user.token))).notifications

const said = (list: Notification[]) => list.map((n) => `${n.type} ${n.actor.username}`)

const unread = async (app: TestApp, user: Session) =>
  (await ok<UnreadCountResponse>(app.get('/api/notifications/unread-count', user.token)))
    .unreadCount

const patchSettings = (app: TestApp, user: Session, body: unknown) =>
  app.send('/api/notifications/settings', body, { token: user.token, method: 'PATCH' })

describe('mentions wherever they are', () => {
  it('the post’s author mentioned in a comment on their post hears of the mention alone', async ({
    app,
  }) => {
    const ana = await app.signup('anna')
    const bo = await app.signup('bobby')
    const p = await post(app, ana, 'my post')
    const c = await comment(app, bo, p._id, 'look @anna')
    const list = await listOf(app, ana)
    expect(said(list)).toEqual(['mention bobby'])
    expect(list[0]).toMatchObject({ postId: p._id, commentId: c._id })
    expect(await unread(app, ana)).toBe(1)
    // An edit that drops the mention leaves what the author heard as it is: one per comment.
    await ok(
      app.send(`/api/comments/edit/${p._id}/${c._id}`, { commentData: { text: 'look' } }, bo),
    )
    expect(said(await listOf(app, ana))).toEqual(['mention bobby'])
  })

  it('a comment without the mention still says "commented"', async ({ app }) => {
    const ana = await app.signup('anna')
    const bo = await app.signup('bobby')
    const p = await post(app, ana, 'my post')
    await comment(app, bo, p._id, 'nice')
    expect(said(await listOf(app, ana))).toEqual(['comment bobby'])
  })

  it('a reply that mentions whom it answers says the mention once', async ({ app }) => {
    const ana = await app.signup('anna')
    const bo = await app.signup('bobby')
    const cy = await app.signup('cyril')
    const p = await post(app, ana, 'my post')
    const first = await comment(app, bo, p._id, 'first')
    await comment(app, cy, p._id, '@bobby agreed', first._id)
    expect(said(await listOf(app, bo))).toEqual(['mention cyril'])
    // The post's author, neither answered nor mentioned, hears of a comment.
    expect(said(await listOf(app, ana))).toEqual(['comment cyril', 'comment bobby'])
  })

  it('a quote that mentions the quoted author says the mention once', async ({ app }) => {
    const ana = await app.signup('anna')
    const bo = await app.signup('bobby')
    const original = await post(app, ana, 'original')
    await post(app, bo, 'see @anna', original._id)
    expect(said(await listOf(app, ana))).toEqual(['mention bobby'])
    await post(app, bo, 'again', original._id)
    expect(said(await listOf(app, ana))).toEqual(['quote bobby', 'mention bobby'])
  })

  it('with mentions off, the post’s author hears "commented" instead', async ({ app }) => {
    const ana = await app.signup('anna')
    const bo = await app.signup('bobby')
    await ok(patchSettings(app, ana, { settings: { mentions: { inApp: false } } }))
    const p = await post(app, ana, 'my post')
    await comment(app, bo, p._id, 'look @anna')
    expect(said(await listOf(app, ana))).toEqual(['comment bobby'])
  })
})

describe('notification settings', () => {
  it('are all on at first, change one switch at a time and stay per user', async ({ app }) => {
    const ana = await app.signup('anna')
    const bo = await app.signup('bobby')
    const first = await ok<NotificationSettingsResponse>(
      app.get('/api/notifications/settings', ana.token),
    )
    expect(Object.keys(first.settings)).toEqual([...NOTIFICATION_KINDS])
    for (const kind of NOTIFICATION_KINDS) {
      expect(first.settings[kind]).toEqual({ inApp: true, desktop: true })
    }
    const changed = await ok<NotificationSettingsResponse>(
      patchSettings(app, ana, {
        settings: { likes: { desktop: false }, follows: { inApp: false } },
      }),
    )
    expect(changed.settings.likes).toEqual({ inApp: true, desktop: false })
    expect(changed.settings.follows).toEqual({ inApp: false, desktop: true })
    // A second change keeps the first's other switch.
    await ok(patchSettings(app, ana, { settings: { likes: { inApp: false } } }))
    const read = await ok<NotificationSettingsResponse>(
      app.get('/api/notifications/settings', ana.token),
    )
    expect(read.settings.likes).toEqual({ inApp: false, desktop: false })
    expect(read.settings.comments).toEqual({ inApp: true, desktop: true })
    const others = await ok<NotificationSettingsResponse>(
      app.get('/api/notifications/settings', bo.token),
    )
    expect(others.settings.likes).toEqual({ inApp: true, desktop: true })
  })

  it('refuse bad input with a clear error and change nothing', async ({ app }) => {
    const ana = await app.signup('anna')
    const bad: [unknown, RegExp][] = [
      [{}, /settings/],
      [{ settings: { pokes: { inApp: false } } }, /kinds of notification are "likes"/],
      [{ settings: { likes: { inApp: 'no' } } }, /inApp must be true or false/],
      [{ settings: { likes: { desktop: 1 } } }, /desktop must be true or false/],
      [{ settings: { likes: { email: true } } }, /only "inApp" and "desktop"/],
      [{ settings: { likes: false } }, /object such as/],
      [{ settings: [] }, /settings must be an object/],
      [{ settings: { likes: { inApp: false } }, extra: 1 }, /settings/],
    ]
    for (const [body, message] of bad) {
      await expectError(patchSettings(app, ana, body), 400, message, 'VALIDATION')
    }
    await expectError(
      app.send('/api/notifications/settings', 'not json', { ...ana, method: 'PATCH' }),
      400,
      /./,
    )
    await expectError(
      app.send('/api/notifications/settings', { settings: {} }, { method: 'PATCH' }),
      401,
      /./,
    )
    const read = await ok<NotificationSettingsResponse>(
      app.get('/api/notifications/settings', ana.token),
    )
    for (const kind of NOTIFICATION_KINDS) {
      expect(read.settings[kind]).toEqual({ inApp: true, desktop: true })
    }
  })

  it('in-app off: none of the kind is written, so the list and the count agree', async ({
    app,
  }) => {
    const ana = await app.signup('anna')
    const bo = await app.signup('bobby')
    await ok(patchSettings(app, ana, { settings: { follows: { inApp: false } } }))
    await ok(app.send(`/api/users/follow/${ana.id}`, {}, bo))
    const p = await post(app, ana, 'my post')
    await comment(app, bo, p._id, 'hi')
    expect(said(await listOf(app, ana))).toEqual(['comment bobby'])
    expect(await unread(app, ana)).toBe(1)
    // On again: new ones come; what came while off never does.
    await ok(patchSettings(app, ana, { settings: { follows: { inApp: true } } }))
    const cy = await app.signup('cyril')
    await ok(app.send(`/api/users/follow/${ana.id}`, {}, cy))
    expect(said(await listOf(app, ana))).toEqual(['follow cyril', 'comment bobby'])
    expect(await unread(app, ana)).toBe(2)
  })
})

describe('poll ends', () => {
  it.override({ appOptions: { demo: false } })

  it('are told once to the author and every voter, across two claims and timers', async ({
    app,
  }) => {
    const ana = await app.signup('anna')
    const bo = await app.signup('bobby')
    const cy = await app.signup('cyril')
    const dee = await app.signup('deedee')
    const { postId, optionIds } = await createPoll(app, ana.token, 5)
    for (const voter of [ana, bo, cy]) await ok(vote(app, voter.token, postId, optionIds[0] ?? ''))
    // Cy blocked the author since: blocks hold, as for every notification.
    await ok(app.send(`/api/users/me/block/${ana.id}`, {}, cy))
    const live = liveOfApp(app)
    const after = Date.now() + 5 * 60_000 + 1000
    // Not before the end.
    expect(await tellPollEnded(live, Number(postId), Date.now())).toBe(false)
    // Two instances claim at once: one tells it.
    const claims = await Promise.all([
      tellPollEnded(live, Number(postId), after),
      tellPollEnded(liveOfApp(app), Number(postId), after),
    ])
    expect(claims.filter(Boolean)).toHaveLength(1)
    // A timer started afterwards (a restart) tells nothing more.
    const stop = tellPollEndsOnTime(live, { now: () => after })
    await stop()
    const ended = (list: Notification[]) => list.filter((n) => n.type === 'poll-ended')
    const anas = ended(await listOf(app, ana))
    expect(anas).toHaveLength(1)
    expect(anas[0]).toMatchObject({ postId, actor: { username: 'anna' }, snippet: 'Who’s in?' })
    expect(said(ended(await listOf(app, bo)))).toEqual(['poll-ended anna'])
    expect(ended(await listOf(app, cy))).toHaveLength(0)
    expect(ended(await listOf(app, dee))).toHaveLength(0)
  })

  it('ended while the server was down: the timer tells it at its start', async ({ app }) => {
    const ana = await app.signup('anna')
    const bo = await app.signup('bobby')
    const { postId, optionIds } = await createPoll(app, ana.token, 5)
    await ok(vote(app, bo.token, postId, optionIds[1] ?? ''))
    const later = Date.now() + 6 * 60_000
    const stops = [
      tellPollEndsOnTime(liveOfApp(app), { now: () => later }),
      tellPollEndsOnTime(liveOfApp(app), { now: () => later }),
    ]
    try {
      await expect
        .poll(async () => said(await listOf(app, bo)), { timeout: 5000, interval: 50 })
        .toEqual(['poll-ended anna'])
    } finally {
      for (const stop of stops) await stop()
    }
    expect(said((await listOf(app, ana)).filter((n) => n.type === 'poll-ended'))).toEqual([
      'poll-ended anna',
    ])
    expect(said(await listOf(app, bo))).toEqual(['poll-ended anna'])
  })

  it('turned off: the voter hears nothing of it', async ({ app }) => {
    const ana = await app.signup('anna')
    const bo = await app.signup('bobby')
    await ok(patchSettings(app, bo, { settings: { 'poll-ends': { inApp: false } } }))
    const { postId, optionIds } = await createPoll(app, ana.token, 5)
    await ok(vote(app, bo.token, postId, optionIds[0] ?? ''))
    expect(await tellPollEnded(liveOfApp(app), Number(postId), Date.now() + 6 * 60_000)).toBe(true)
    expect(await listOf(app, bo)).toHaveLength(0)
  })
})
