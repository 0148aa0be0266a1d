import { Hono } from 'hono'
import type {
  OkResponse,
  ReportResponse,
  ReportsResponse,
  SuspensionResponse,
} from '../../shared/api-types'
import { reportSchema } from '../../shared/schemas'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import { setSuspended } from '../actions/host'
import { liveOf } from '../actions/live'
import { hostDeleteComment } from '../actions/comments'
import { hostDeletePost } from '../actions/posts'
import { createReport, dismissReport } from '../actions/reports'
import { assertHost } from '../services/hosting'
import { listReports } from '../services/reports'
import { toUserSummary } from '../services/serialize'
import { idOr404, idParams, validate } from '../http/validate'

/** Reports (anyone signed in files one; the host reads them) and the host's own actions. */
export function moderationRoutes(deps: AppDeps) {
  const { db } = deps
  const live = liveOf(deps)
  const auth = requireUser(deps)
  const hostIds = deps.hostIds ?? []
  const host = requireUser(deps)
  const hostOnly = [
    host,
    async (c: Parameters<typeof host>[0], next: () => Promise<void>) => {
      await assertHost(db, c.get('user'), hostIds)
      await next()
    },
  ] as const
  const suspension = async (userId: number, suspended: boolean): Promise<SuspensionResponse> => {
    const user = await setSuspended(live, userId, suspended, hostIds)
    return { user: toUserSummary(user), suspended: user.suspendedAt !== null }
  }

  return new Hono<AppEnv>()
    .post('/reports', auth, validate('json', reportSchema), async (c) => {
      const { postId, commentId, reason } = c.req.valid('json')
      // The schema lets exactly one of the two through.
      const target =
        postId !== undefined
          ? { postId: idOr404(postId, 'postId'), reason }
          : { commentId: idOr404(commentId ?? '', 'commentId'), reason }
      return c.json(
        { report: await createReport(live, c.get('user'), target) } satisfies ReportResponse,
        201,
      )
    })
    .get('/reports', ...hostOnly, async (c) =>
      c.json({ reports: await listReports(db) } satisfies ReportsResponse),
    )
    .delete('/reports/:reportId', ...hostOnly, idParams('reportId'), async (c) => {
      await dismissReport(live, c.req.valid('param').reportId)
      return c.json({ ok: true } satisfies OkResponse)
    })
    .delete('/moderation/posts/:postId', ...hostOnly, idParams('postId'), async (c) => {
      await hostDeletePost(live, c.req.valid('param').postId)
      return c.json({ ok: true } satisfies OkResponse)
    })
    .delete('/moderation/comments/:commentId', ...hostOnly, idParams('commentId'), async (c) => {
      await hostDeleteComment(live, c.req.valid('param').commentId)
      return c.json({ ok: true } satisfies OkResponse)
    })
    .post('/moderation/suspend/:userId', ...hostOnly, idParams('userId'), async (c) =>
      c.json((await suspension(c.req.valid('param').userId, true)) satisfies SuspensionResponse),
    )
    .post('/moderation/unsuspend/:userId', ...hostOnly, idParams('userId'), async (c) =>
      c.json((await suspension(c.req.valid('param').userId, false)) satisfies SuspensionResponse),
    )
}
