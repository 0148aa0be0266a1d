import { Hono } from 'hono'
import type { ServerStatsResponse } from '../../shared/api-types'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import { serverStats } from '../observability/server-stats'
import { assertHost } from '../services/reads/hosting'

/** `GET /api/server/stats`: the host's server page; hosts only. */
export function serverStatsRoutes(deps: AppDeps) {
  const backend = deps.presence?.backend
  return new Hono<AppEnv>().get('/stats', requireUser(deps), async (c) => {
    await assertHost(deps.db, c.get('user'), deps.hostIds ?? [])
    return c.json(
      (await serverStats({
        db: deps.db,
        version: deps.version ?? 'unknown',
        onlineNow: async () => (await backend?.everyone())?.size ?? 0,
        instances: async () => (await backend?.instanceCount()) ?? 1,
      })) satisfies ServerStatsResponse,
    )
  })
}
