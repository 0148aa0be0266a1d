import { Hono } from 'hono'
import type {
  HostActionsResponse,
  HostsResponse,
  ModerationStatusResponse,
  OkResponse,
  OpenReportsResponse,
  ReportResponse,
  ReportsResponse,
  SuspendedAccountsResponse,
  SuspensionResponse,
  ClipLimitResponse,
} from '../../shared/api-types'
import { clipLimitSchema, reportSchema } from '../../shared/schemas'
import { setClipLimit } from '../actions/clips'
import { getClipLimit } from '../services/reads/clip-limit'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import { makeHost, removeHost, setSuspended } from '../actions/host'
import { liveOf } from '../actions/live'
import { hostDeleteComment } from '../actions/comments'
import { hostDeletePost } from '../actions/posts'
import { createReport, dismissReport } from '../actions/reports'
import { hostDeleteMessage } from '../actions/message-reports'
import {
  assertHost,
  hostKindOf,
  listHostActions,
  listHosts,
  listSuspended,
} from '../services/reads/hosting'
import { countOpenReports, listReports } from '../services/reads/reports'
import { getUserById } from '../services/reads/users'
import { toUserSummary } from '../services/presenting/embedded'
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
  type HostContext = Parameters<typeof host>[0]
  const suspension = async (
    c: HostContext,
    userId: number,
    suspended: boolean,
  ): Promise<SuspensionResponse> => {
    const user = await setSuspended(live, c.get('user'), userId, suspended)
    return { user: toUserSummary(user), suspended: user.suspendedAt !== null }
  }
  const hosts = async (): Promise<HostsResponse> => ({ hosts: await listHosts(db, hostIds) })

  return (
    new Hono<AppEnv>()
      .post('/reports', auth, validate('json', reportSchema), async (c) => {
        const { postId, commentId, userId, messageId, category, reason } = c.req.valid('json')
        // The schema lets exactly one of the four through.
        const target =
          postId !== undefined
            ? { postId: idOr404(postId, 'postId'), category, reason }
            : userId !== undefined
              ? { userId: idOr404(userId, 'userId'), category, reason }
              : messageId !== undefined
                ? { messageId: idOr404(messageId, 'messageId'), category, reason }
                : { commentId: idOr404(commentId ?? '', 'commentId'), category, reason }
        return c.json(
          { report: await createReport(live, c.get('user'), target) } satisfies ReportResponse,
          201,
        )
      })
      .get('/reports', ...hostOnly, async (c) =>
        c.json({ reports: await listReports(db) } satisfies ReportsResponse),
      )
      .get('/reports/count', ...hostOnly, async (c) =>
        c.json({ openReports: await countOpenReports(db) } satisfies OpenReportsResponse),
      )
      .delete('/reports/:reportId', ...hostOnly, idParams('reportId'), async (c) => {
        await dismissReport(live, c.get('user'), c.req.valid('param').reportId)
        return c.json({ ok: true } satisfies OkResponse)
      })
      .delete('/moderation/posts/:postId', ...hostOnly, idParams('postId'), async (c) => {
        await hostDeletePost(live, c.get('user'), c.req.valid('param').postId)
        return c.json({ ok: true } satisfies OkResponse)
      })
      .delete('/moderation/comments/:commentId', ...hostOnly, idParams('commentId'), async (c) => {
        await hostDeleteComment(live, c.get('user'), c.req.valid('param').commentId)
        return c.json({ ok: true } satisfies OkResponse)
      })
      .delete('/moderation/messages/:messageId', ...hostOnly, idParams('messageId'), async (c) => {
        await hostDeleteMessage(live, c.get('user'), c.req.valid('param').messageId)
        return c.json({ ok: true } satisfies OkResponse)
      })
      .post('/moderation/suspend/:userId', ...hostOnly, idParams('userId'), async (c) =>
        c.json(
          (await suspension(c, c.req.valid('param').userId, true)) satisfies SuspensionResponse,
        ),
      )
      .post('/moderation/unsuspend/:userId', ...hostOnly, idParams('userId'), async (c) =>
        c.json(
          (await suspension(c, c.req.valid('param').userId, false)) satisfies SuspensionResponse,
        ),
      )
      .get('/moderation/suspended', ...hostOnly, async (c) =>
        c.json({ suspended: await listSuspended(db) } satisfies SuspendedAccountsResponse),
      )
      .get('/moderation/users/:userId', ...hostOnly, idParams('userId'), async (c) => {
        const user = await getUserById(db, c.req.valid('param').userId)
        return c.json({
          suspended: user.suspendedAt !== null,
          host: await hostKindOf(db, user.id, hostIds),
        } satisfies ModerationStatusResponse)
      })
      .get('/moderation/hosts', ...hostOnly, async (c) =>
        c.json((await hosts()) satisfies HostsResponse),
      )
      .post('/moderation/hosts/:userId', ...hostOnly, idParams('userId'), async (c) => {
        await makeHost(live, c.get('user'), c.req.valid('param').userId)
        return c.json((await hosts()) satisfies HostsResponse)
      })
      .delete('/moderation/hosts/:userId', ...hostOnly, idParams('userId'), async (c) => {
        await removeHost(live, c.get('user'), c.req.valid('param').userId)
        return c.json((await hosts()) satisfies HostsResponse)
      })
      .get('/moderation/audit', ...hostOnly, async (c) =>
        c.json({ actions: await listHostActions(db) } satisfies HostActionsResponse),
      )
      // --- clips: the largest clip the server takes ---
      .get('/moderation/clip-limit', ...hostOnly, async (c) =>
        c.json((await getClipLimit(db)) satisfies ClipLimitResponse),
      )
      .put('/moderation/clip-limit', ...hostOnly, validate('json', clipLimitSchema), async (c) => {
        await setClipLimit(live, c.get('user'), c.req.valid('json').maxBytes)
        return c.json((await getClipLimit(db)) satisfies ClipLimitResponse)
      })
  )
  // --- end clips ---
}
