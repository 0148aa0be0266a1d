/**
 * Reports with reasons: a report names what kind of problem it is (spam,
 * harassment, cheating or scams, explicit content, something else) and may carry a note; the
 * hosts see the category; when a host deals with it (dismisses it, deletes what was reported or
 * suspends the person reported) the reporter is told it was handled, and nothing about what was
 * done to whom. SQLite and, with vitest.pg.config.ts, PostgreSQL.
 */
import type {
  NotificationsPage,
  PostResponse,
  ReportResponse,
  ReportsResponse,
} from '../../../src/shared/api-types'
import { expectError, ok, signedInAs } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

/** The new post's own answer, rather than the whole list (docs/API.md). */
const MINIMAL = { prefer: 'return=minimal' }

const BAD_CATEGORY =
  'Choose what the report is about: "spam", "harassment", "cheating", "explicit" or "other".'

describe('POST /api/reports with a category', () => {
  it('keeps the category and the optional note; refuses what is not a category', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false, admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const reporter = await app.signup('reporter')
    const spammer = await app.signup('spammer')
    const { post } = await ok<PostResponse>(
      app.send(
        '/api/posts',
        { postData: { content: 'buy gold now' } },
        { token: spammer.token, headers: MINIMAL },
      ),
      201,
    )
    const report = (body: unknown) => app.send('/api/reports', body, { token: reporter.token })

    for (const category of ['SPAM', 'scams', '', 42, null]) {
      await expectError(
        report({ postId: post._id, category, reason: '' }),
        400,
        BAD_CATEGORY,
        'VALIDATION',
      )
    }
    await expectError(
      report({ postId: post._id, category: 'spam', reason: 'x'.repeat(201) }),
      400,
      'The note can be at most 200 characters.',
      'VALIDATION',
    )
    await expectError(
      report({ postId: post._id, category: 'spam', reason: 7 }),
      400,
      'The note must be text.',
      'VALIDATION',
    )

    // No note at all: the category says it.
    const filed = await ok<ReportResponse>(report({ postId: post._id, category: 'spam' }), 201)
    expect(filed.report).toMatchObject({ category: 'spam', reason: '' })
    // An app from before categories sends a reason alone: "something else".
    const older = await ok<ReportResponse>(
      report({ userId: spammer.id, reason: '  sells accounts  ' }),
      201,
    )
    expect(older.report).toMatchObject({ category: 'other', reason: 'sells accounts' })

    const { reports } = await ok<ReportsResponse>(app.get('/api/reports', boss.token))
    expect(reports.map((r) => [r.target.kind, r.category, r.reason])).toEqual([
      ['user', 'other', 'sells accounts'],
      ['post', 'spam', ''],
    ])
  })

  it('tells the reporter it was handled when dismissed, and nothing of what or whom', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false, admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const reporter = await app.signup('reporter')
    const rude = await app.signup('rude_one')
    const filed = await ok<ReportResponse>(
      app.send(
        '/api/reports',
        { userId: rude.id, category: 'harassment', reason: 'insults in voice chat' },
        { token: reporter.token },
      ),
      201,
    )
    const before = await ok<NotificationsPage>(app.get('/api/notifications', reporter.token))
    expect(before.notifications).toEqual([])

    await ok(
      app.send(`/api/reports/${filed.report._id}`, undefined, {
        token: boss.token,
        method: 'DELETE',
      }),
    )
    const { notifications } = await ok<NotificationsPage>(
      app.get('/api/notifications', reporter.token),
    )
    expect(notifications).toHaveLength(1)
    expect(notifications[0]).toMatchObject({
      type: 'report-handled',
      actor: expect.objectContaining({ username: 'boss' }),
      postId: null,
      commentId: null,
      snippet: '',
    })
    // The reported person hears nothing of it.
    const theirs = await ok<NotificationsPage>(app.get('/api/notifications', rude.token))
    expect(theirs.notifications).toEqual([])
  })

  it('a suspension settles the reports about the person, not those of their posts', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false, admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const first = await app.signup('first')
    const second = await app.signup('second')
    const cheater = await app.signup('cheater')
    const { post } = await ok<PostResponse>(
      app.send(
        '/api/posts',
        { postData: { content: 'free aimbot, dm me' } },
        { token: cheater.token, headers: MINIMAL },
      ),
      201,
    )
    const file = (token: string, body: object) =>
      ok<ReportResponse>(app.send('/api/reports', body, { token }), 201)
    await file(first.token, { userId: cheater.id, category: 'cheating' })
    await file(second.token, { userId: cheater.id, category: 'cheating', reason: 'aimbot' })
    await file(second.token, { postId: post._id, category: 'cheating' })

    await ok(app.send(`/api/moderation/suspend/${cheater.id}`, {}, { token: boss.token }))

    const { reports } = await ok<ReportsResponse>(app.get('/api/reports', boss.token))
    expect(reports.map((r) => r.target.kind)).toEqual(['post'])
    for (const person of [first, second]) {
      const { notifications } = await ok<NotificationsPage>(
        app.get('/api/notifications', person.token),
      )
      expect(notifications.map((n) => n.type)).toEqual(['report-handled'])
    }
    // Suspending again settles nothing more and tells nobody twice.
    await ok(app.send(`/api/moderation/suspend/${cheater.id}`, {}, { token: boss.token }))
    const again = await ok<NotificationsPage>(app.get('/api/notifications', first.token))
    expect(again.notifications).toHaveLength(1)
  })
})
