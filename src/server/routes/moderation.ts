import { Hono } from 'hono'
import type {
  OkResponse,
  ReportResponse,
  ReportsResponse,
  SuspensionResponse,
} from '../../shared/api-types'
import { reportSchema } from '../../shared/schemas'
import { requireUser, type AppDeps, type AppEnv } from '../context'
import {
  assertHost,
  createReport,
  dismissReport,
  hostDeleteComment,
  hostDeletePost,
  listReports,
  setSuspended,
} from '../services/moderation'
import { toUserSummary } from '../services/present'
import { validate } from '../validate'

/** Reports (anyone signed in files one; the host reads them) and the host's own actions. */
export function moderationRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const admins = deps.admins ?? []
  const host = requireUser(deps)
  const hostOnly = [
    host,
    async (c: Parameters<typeof host>[0], next: () => Promise<void>) => {
      assertHost(db, c.get('user'), admins)
      await next()
    },
  ] as const
  const suspension = (rawId: string, suspended: boolean): SuspensionResponse => {
    const user = setSuspended(db, rawId, suspended, admins)
    if (suspended) deps.events?.disconnectUser(user.id)
    return { user: toUserSummary(user), suspended: user.suspendedAt !== null }
  }

  return new Hono<AppEnv>()
    .post('/reports', auth, validate('json', reportSchema), (c) =>
      c.json<ReportResponse>(
        { report: createReport(db, c.get('user').id, c.req.valid('json')) },
        201,
      ),
    )
    .get('/reports', ...hostOnly, (c) => c.json<ReportsResponse>({ reports: listReports(db) }))
    .delete('/reports/:reportId', ...hostOnly, (c) => {
      dismissReport(db, c.req.param('reportId'))
      return c.json<OkResponse>({ ok: true })
    })
    .delete('/moderation/posts/:postId', ...hostOnly, (c) => {
      hostDeletePost(db, c.req.param('postId'))
      return c.json<OkResponse>({ ok: true })
    })
    .delete('/moderation/comments/:commentId', ...hostOnly, (c) => {
      hostDeleteComment(db, c.req.param('commentId'))
      return c.json<OkResponse>({ ok: true })
    })
    .post('/moderation/suspend/:userId', ...hostOnly, (c) =>
      c.json<SuspensionResponse>(suspension(c.req.param('userId'), true)),
    )
    .post('/moderation/unsuspend/:userId', ...hostOnly, (c) =>
      c.json<SuspensionResponse>(suspension(c.req.param('userId'), false)),
    )
}
