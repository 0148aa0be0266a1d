/**
 * Reporting a person: from a profile, someone who never posted can be
 * reported; the hosts hear of it ("reported a player") and see the person in their reports; the
 * reporter hears only that it was handled. SQLite and, with vitest.pg.config.ts, PostgreSQL.
 */
import type {
  NotificationsPage,
  ReportResponse,
  ReportsResponse,
} from '../../../src/shared/api-types'
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../src/server/errors/messages'
import { expectError, ok, signedInAs } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

describe('POST /api/reports with userId', () => {
  it('reports someone who never posted; the host sees them, dismisses, the reporter hears', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false, admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const reporter = await app.signup('reporter')
    const quiet = await app.signup('quiet_troll')
    const report = (body: unknown, token = reporter.token) =>
      app.send('/api/reports', body, { token })

    const filed = await ok<ReportResponse>(report({ userId: quiet.id, reason: 'rude name' }), 201)
    expect(filed.report.target).toMatchObject({ kind: 'user', _id: quiet.id })
    await expectError(
      report({ userId: quiet.id, reason: 'again' }),
      400,
      ACCOUNT_MESSAGES.alreadyReported,
      'STATE_CONFLICT',
    )
    await expectError(
      report({ userId: reporter.id, reason: 'me' }),
      400,
      ACCOUNT_MESSAGES.reportSelf,
      'SELF_TARGET',
    )
    await expectError(report({ userId: '999999', reason: 'x' }), 404, MESSAGES.userNotFound)
    await expectError(report({ userId: 'abc', reason: 'x' }), 404, MESSAGES.userNotFound)
    await expectError(
      report({ userId: quiet.id, postId: '1', reason: 'x' }),
      400,
      'Report one post (postId), comment (commentId), person (userId) or message (messageId).',
      'VALIDATION',
    )

    const { reports } = await ok<ReportsResponse>(app.get('/api/reports', boss.token))
    expect(reports).toHaveLength(1)
    expect(reports[0]?.target).toEqual({
      kind: 'user',
      _id: quiet.id,
      author: expect.objectContaining({ username: 'quiet_troll', suspended: false }),
    })
    const hostHeard = await ok<NotificationsPage>(app.get('/api/notifications', boss.token))
    expect(hostHeard.notifications[0]).toMatchObject({ type: 'report', postId: null })

    await ok(
      app.send(`/api/reports/${reports[0]?._id ?? ''}`, undefined, {
        token: boss.token,
        method: 'DELETE',
      }),
    )
    const heard = await ok<NotificationsPage>(app.get('/api/notifications', reporter.token))
    expect(heard.notifications.map((n) => n.type)).toEqual(['report-handled'])
    expect((await ok<ReportsResponse>(app.get('/api/reports', boss.token))).reports).toEqual([])
  })

  it('closes with the account it is about', async ({ makeApp }) => {
    const app = await makeApp({ demo: false, admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const reporter = await app.signup('reporter')
    const leaving = await app.signup('leaving')
    await ok(
      app.send('/api/reports', { userId: leaving.id, reason: 'spam' }, { token: reporter.token }),
      201,
    )
    await app.db.run('DELETE FROM users WHERE id = ?', Number(leaving.id))
    expect((await ok<ReportsResponse>(app.get('/api/reports', boss.token))).reports).toEqual([])
  })
})
