/**
 * The hosts' tools: reports reach every host (a notification and a live count), the
 * reporter hears "handled", suspensions are listed and lifted apart from reports, hosts are made
 * and removed from the app (the owner and `--admin` accounts stay), and every host action lands
 * in the audit list. Runs on SQLite and, with vitest.pg.config.ts, on PostgreSQL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type {
  HostActionsResponse,
  HostsResponse,
  ModerationStatusResponse,
  NotificationsPage,
  OpenReportsResponse,
  PostResponse,
  CommentResponse,
  ReportResponse,
  ReportsResponse,
  SessionResponse,
  SuspendedAccountsResponse,
  User,
} from '../../../src/shared/api-types'
import { createApp } from '../../../src/server/app'
import type { OpenStore } from '../../../src/server/db/store'
import { EventHub } from '../../../src/server/events/hub'
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../src/server/errors/messages'
import { ensureHostAccounts } from '../../../src/server/services/writes/hosting'
import { initializeDatabase } from '../../../src/server/services/writes/seed'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { expectError, ok } from '../../helpers/api'
import { TEST_SECRET } from '../../helpers/server-app'
import { openTestStore } from '../../helpers/test-store'

const PASSWORD = 'correct horse battery'
const open: OpenStore[] = []
afterEach(async () => {
  for (const db of open.splice(0)) await db.close()
})

async function harness() {
  const db = await openTestStore()
  open.push(db)
  await initializeDatabase(db, false, { passwordCost: TEST_SCRYPT_PARAMS })
  const [admin] = await ensureHostAccounts(db, ['boss'], TEST_SCRYPT_PARAMS)
  if (!admin?.oneTimePassword) throw new Error('no admin')
  const hub = new EventHub()
  const publish = vi.spyOn(hub, 'publish')
  const app = createApp({
    db,
    secret: TEST_SECRET,
    version: 't',
    hostIds: [admin.id],
    passwordCost: TEST_SCRYPT_PARAMS,
    claimOwnerFromLoopback: true,
    events: hub,
  })
  const call = (
    path: string,
    init: {
      method?: string
      body?: unknown
      token?: string
      loopback?: boolean
      minimal?: boolean
    } = {},
  ) =>
    app.request(
      path,
      {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: init.token } : {}),
          ...(init.minimal ? { Prefer: 'return=minimal' } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      },
      { incoming: { socket: { remoteAddress: init.loopback ? '127.0.0.1' : '192.168.1.20' } } },
    )
  const signup = async (username: string, loopback = false) => {
    const answer = await ok<{ createdUser: User; encodedToken: string }>(
      call('/api/auth/signup', { body: { username, password: PASSWORD }, loopback }),
      201,
    )
    return { token: answer.encodedToken, id: answer.createdUser._id, username }
  }
  const login = async (username: string, password: string) => {
    const answer = await ok<{ encodedToken: string }>(
      call('/api/auth/login', { body: { username, password } }),
    )
    return answer.encodedToken
  }
  // The desktop owner signs up from this computer; `boss` is the --admin account.
  const owner = await signup('deskowner', true)
  // The --admin account chooses its own password first, as the app makes it do.
  const chosen = await ok<{ encodedToken: string }>(
    call('/api/auth/password', {
      body: { currentPassword: admin.oneTimePassword, newPassword: PASSWORD },
      token: await login('boss', admin.oneTimePassword),
    }),
  )
  const boss = { token: chosen.encodedToken, id: String(admin.id) }
  const post = async (token: string, content: string) =>
    (
      await ok<PostResponse>(
        call('/api/posts', { body: { postData: { content } }, token, minimal: true }),
        201,
      )
    ).post._id
  const comment = async (token: string, postId: string, text: string) =>
    (
      await ok<CommentResponse>(
        call(`/api/comments/add/${postId}`, {
          body: { commentData: { text } },
          token,
          minimal: true,
        }),
        201,
      )
    ).comment._id
  const notifications = async (token: string) =>
    (await ok<NotificationsPage>(call('/api/notifications', { token }))).notifications
  const audit = async (token: string) =>
    (await ok<HostActionsResponse>(call('/api/moderation/audit', { token }))).actions
  const openReportEvents = () =>
    publish.mock.calls
      .filter(([type]) => type === 'open-reports')
      .map(([, data, audience]) => ({ data, to: audience?.to }))
  return {
    db,
    call,
    signup,
    owner,
    boss,
    post,
    comment,
    notifications,
    audit,
    openReportEvents,
    publish,
  }
}

describe('reports reach every host', { timeout: 30_000 }, () => {
  it('notifies each host, counts open reports live, and tells the reporter "handled"', async () => {
    const h = await harness()
    const author = await h.signup('author')
    const reporter = await h.signup('reporter')
    const postId = await h.post(author.token, 'a rude post')
    const commentId = await h.comment(author.token, postId, 'a rude comment')

    await ok<ReportResponse>(
      h.call('/api/reports', { token: reporter.token, body: { postId, reason: 'rude' } }),
      201,
    )
    await ok<ReportResponse>(
      h.call('/api/reports', { token: reporter.token, body: { commentId, reason: 'also rude' } }),
      201,
    )

    for (const host of [h.owner, h.boss]) {
      const [latest, earlier] = await h.notifications(host.token)
      expect(latest).toMatchObject({ type: 'report', postId, commentId, read: false })
      expect(latest?.actor.username).toBe('reporter')
      expect(latest?.snippet).toBe('a rude comment')
      expect(earlier).toMatchObject({ type: 'report', postId, commentId: null })
      expect(
        await ok<OpenReportsResponse>(h.call('/api/reports/count', { token: host.token })),
      ).toEqual({ openReports: 2 })
    }
    // Members are not told, nor may they read the count.
    expect(await h.notifications(author.token)).toEqual([])
    await expectError(
      h.call('/api/reports/count', { token: author.token }),
      403,
      ACCOUNT_MESSAGES.hostOnly,
      'HOST_ONLY',
    )

    // The count went to each host, on each report: 1, then 2.
    const told = h.openReportEvents()
    expect(told).toEqual(
      expect.arrayContaining([
        { data: { openReports: 1 }, to: Number(h.owner.id) },
        { data: { openReports: 1 }, to: Number(h.boss.id) },
        { data: { openReports: 2 }, to: Number(h.owner.id) },
        { data: { openReports: 2 }, to: Number(h.boss.id) },
      ]),
    )
    expect(told.every(({ to }) => to === Number(h.owner.id) || to === Number(h.boss.id))).toBe(true)
    const hostNotified = h.publish.mock.calls.filter(
      ([type, , audience]) => type === 'notification' && audience?.to === Number(h.owner.id),
    )
    expect(hostNotified).toHaveLength(2)

    // Deleting the post closes both reports: the reporter hears once, naming no action.
    await ok(h.call(`/api/moderation/posts/${postId}`, { token: h.owner.token, method: 'DELETE' }))
    const [handled, ...rest] = await h.notifications(reporter.token)
    expect(rest).toEqual([])
    expect(handled).toMatchObject({
      type: 'report-handled',
      postId: null,
      commentId: null,
      snippet: '',
    })
    expect(handled?.actor.username).toBe('deskowner')
    expect(h.openReportEvents().at(-1)?.data).toEqual({ openReports: 0 })
    expect(
      await ok<OpenReportsResponse>(h.call('/api/reports/count', { token: h.boss.token })),
    ).toEqual({ openReports: 0 })
  })

  it('a dismissed report tells its reporter and is audited', async () => {
    const h = await harness()
    const author = await h.signup('author')
    const reporter = await h.signup('reporter')
    const postId = await h.post(author.token, 'fine post')
    await h.call('/api/reports', { token: reporter.token, body: { postId, reason: 'meh' } })
    const [report] = (await ok<ReportsResponse>(h.call('/api/reports', { token: h.boss.token })))
      .reports
    await ok(h.call(`/api/reports/${report?._id}`, { token: h.boss.token, method: 'DELETE' }))
    expect((await h.notifications(reporter.token))[0]?.type).toBe('report-handled')
    expect(await h.audit(h.owner.token)).toMatchObject([
      { host: 'boss', action: 'dismiss-report', target: 'reporter' },
    ])
    await expectError(
      h.call(`/api/reports/${report?._id}`, { token: h.boss.token, method: 'DELETE' }),
      404,
      ACCOUNT_MESSAGES.reportNotFound,
      'REPORT_NOT_FOUND',
    )
  })
})

describe('moderation that can be undone', { timeout: 30_000 }, () => {
  it('lists suspended accounts apart from reports, and lifts them', async () => {
    const h = await harness()
    const author = await h.signup('author')
    const reporter = await h.signup('reporter')
    const postId = await h.post(author.token, 'bad post')
    await h.call('/api/reports', { token: reporter.token, body: { postId, reason: 'bad' } })
    await ok(h.call(`/api/moderation/suspend/${author.id}`, { token: h.owner.token, body: {} }))
    // Suspending again changes nothing and audits nothing.
    await ok(h.call(`/api/moderation/suspend/${author.id}`, { token: h.owner.token, body: {} }))
    await ok(h.call(`/api/moderation/posts/${postId}`, { token: h.owner.token, method: 'DELETE' }))
    expect(
      (await ok<ReportsResponse>(h.call('/api/reports', { token: h.owner.token }))).reports,
    ).toEqual([])

    const listed = await ok<SuspendedAccountsResponse>(
      h.call('/api/moderation/suspended', { token: h.owner.token }),
    )
    expect(listed.suspended.map((entry) => entry.user.username)).toEqual(['author'])
    expect(
      await ok<ModerationStatusResponse>(
        h.call(`/api/moderation/users/${author.id}`, { token: h.boss.token }),
      ),
    ).toEqual({ suspended: true, host: null })

    await ok(h.call(`/api/moderation/unsuspend/${author.id}`, { token: h.boss.token, body: {} }))
    expect(
      (
        await ok<SuspendedAccountsResponse>(
          h.call('/api/moderation/suspended', { token: h.owner.token }),
        )
      ).suspended,
    ).toEqual([])
    expect(await h.audit(h.owner.token)).toMatchObject([
      { host: 'boss', action: 'unsuspend', target: 'author' },
      { host: 'deskowner', action: 'delete-post', target: 'author' },
      { host: 'deskowner', action: 'suspend', target: 'author' },
    ])
    await expectError(
      h.call('/api/moderation/suspended', { token: reporter.token }),
      403,
      ACCOUNT_MESSAGES.hostOnly,
      'HOST_ONLY',
    )
    await expectError(
      h.call('/api/moderation/audit', { token: reporter.token }),
      403,
      ACCOUNT_MESSAGES.hostOnly,
      'HOST_ONLY',
    )
  })

  it('makes a host from the app and removes it; the owner and --admin accounts stay', async () => {
    const h = await harness()
    const friend = await h.signup('friend')
    const other = await h.signup('other')
    await expectError(
      h.call(`/api/moderation/hosts/${other.id}`, { token: friend.token, body: {} }),
      403,
      ACCOUNT_MESSAGES.hostOnly,
      'HOST_ONLY',
    )
    const made = await ok<HostsResponse>(
      h.call(`/api/moderation/hosts/${friend.id}`, { token: h.owner.token, body: {} }),
    )
    expect(made.hosts.map((entry) => [entry.user.username, entry.kind])).toEqual([
      ['deskowner', 'owner'],
      ['boss', 'admin'],
      ['friend', 'made'],
    ])
    // Made twice: still one host, one audit line.
    await ok(h.call(`/api/moderation/hosts/${friend.id}`, { token: h.owner.token, body: {} }))
    const session = await ok<SessionResponse>(h.call('/api/auth/session', { token: friend.token }))
    expect(session.isHost).toBe(true)
    // The new host hears of reports and may act.
    const postId = await h.post(other.token, 'hello')
    const reporter = await h.signup('reporter')
    await h.call('/api/reports', { token: reporter.token, body: { postId, reason: 'x' } })
    expect((await h.notifications(friend.token))[0]?.type).toBe('report')
    expect(h.openReportEvents().some(({ to }) => to === Number(friend.id))).toBe(true)
    // A host cannot be suspended; the owner and --admin cannot be removed.
    await expectError(
      h.call(`/api/moderation/suspend/${friend.id}`, { token: h.boss.token, body: {} }),
      403,
      ACCOUNT_MESSAGES.cannotSuspendHost,
      'HOST_PROTECTED',
    )
    for (const fixed of [h.owner.id, h.boss.id]) {
      await expectError(
        h.call(`/api/moderation/hosts/${fixed}`, { token: friend.token, method: 'DELETE' }),
        403,
        ACCOUNT_MESSAGES.cannotRemoveHost,
        'HOST_PROTECTED',
      )
    }
    const removed = await ok<HostsResponse>(
      h.call(`/api/moderation/hosts/${friend.id}`, { token: h.boss.token, method: 'DELETE' }),
    )
    expect(removed.hosts.map((entry) => entry.user.username)).toEqual(['deskowner', 'boss'])
    await expectError(
      h.call(`/api/moderation/hosts/${friend.id}`, { token: h.boss.token, method: 'DELETE' }),
      400,
      ACCOUNT_MESSAGES.notHost,
      'STATE_CONFLICT',
    )
    await expectError(
      h.call('/api/reports', { token: friend.token }),
      403,
      ACCOUNT_MESSAGES.hostOnly,
      'HOST_ONLY',
    )
    // A suspended account cannot be made host.
    await ok(h.call(`/api/moderation/suspend/${other.id}`, { token: h.boss.token, body: {} }))
    await expectError(
      h.call(`/api/moderation/hosts/${other.id}`, { token: h.boss.token, body: {} }),
      400,
      ACCOUNT_MESSAGES.suspendedCannotHost,
      'STATE_CONFLICT',
    )
    await expectError(
      h.call('/api/moderation/hosts/999999', { token: h.boss.token, body: {} }),
      404,
      MESSAGES.userNotFound,
      'USER_NOT_FOUND',
    )
    expect(
      (await h.audit(h.owner.token)).map((line) => [line.host, line.action, line.target]),
    ).toEqual([
      ['boss', 'suspend', 'other'],
      ['boss', 'remove-host', 'friend'],
      ['deskowner', 'make-host', 'friend'],
    ])
  })
})
