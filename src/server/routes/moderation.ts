import { Hono } from 'hono'
import type {
  OkResponse,
  ReportResponse,
  ReportsResponse,
  SuspensionResponse,
} from '../../shared/api-types'
import { reportSchema } from '../../shared/schemas'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import { liveActionsOf } from '../events/live-actions'
import {
  assertHost,
  createReport,
  dismissReport,
  listReports,
  setSuspended,
} from '../services/moderation'
import { toUserSummary } from '../services/serialize'
import { idOr404, idParams, validate } from '../http/validate'

/** Reports (anyone signed in files one; the host reads them) and the host's own actions. */
export function moderationRoutes(deps: AppDeps) {
  const { db } = deps
  const live = liveActionsOf(deps)
  const auth = requireUser(deps)
  const hostIds = deps.hostIds ?? []
  const host = requireUser(deps)
  const hostOnly = [
    host,
    async (c: Parameters<typeof host>[0], next: () => Promise<void>) => {
      assertHost(db, c.get('user'), hostIds)
      await next()
    },
  ] as const
  const suspension = (userId: number, suspended: boolean): SuspensionResponse => {
    const user = setSuspended(db, userId, suspended, hostIds)
    if (suspended) deps.events?.disconnectUser(user.id)
    return { user: toUserSummary(user), suspended: user.suspendedAt !== null }
  }

  return new Hono<AppEnv>()
    .post('/reports', auth, validate('json', reportSchema), (c) => {
      const { postId, commentId, reason } = c.req.valid('json')
      // The schema lets exactly one of the two through.
      const target =
        postId !== undefined
          ? { postId: idOr404(postId, 'postId'), reason }
          : { commentId: idOr404(commentId ?? '', 'commentId'), reason }
      return c.json(
        { report: createReport(db, c.get('user').id, target) } satisfies ReportResponse,
        201,
      )
    })
    .get('/reports', ...hostOnly, (c) =>
      c.json({ reports: listReports(db) } satisfies ReportsResponse),
    )
    .delete('/reports/:reportId', ...hostOnly, idParams('reportId'), (c) => {
      dismissReport(db, c.req.valid('param').reportId)
      return c.json({ ok: true } satisfies OkResponse)
    })
    .delete('/moderation/posts/:postId', ...hostOnly, idParams('postId'), (c) => {
      live.hostDeletePost(c.req.valid('param').postId)
      return c.json({ ok: true } satisfies OkResponse)
    })
    .delete('/moderation/comments/:commentId', ...hostOnly, idParams('commentId'), (c) => {
      live.hostDeleteComment(c.req.valid('param').commentId)
      return c.json({ ok: true } satisfies OkResponse)
    })
    .post('/moderation/suspend/:userId', ...hostOnly, idParams('userId'), (c) =>
      c.json(suspension(c.req.valid('param').userId, true) satisfies SuspensionResponse),
    )
    .post('/moderation/unsuspend/:userId', ...hostOnly, idParams('userId'), (c) =>
      c.json(suspension(c.req.valid('param').userId, false) satisfies SuspensionResponse),
    )
}
