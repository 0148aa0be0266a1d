import { Hono } from 'hono'
import type { HealthResponse, MetaResponse, ReadinessResponse } from '../../shared/api-types'
import { databaseMediaStorage } from '../storage/media-storage'
import type { AppDeps, AppEnv } from '../http/context'
import { getDemoAccount } from '../services/reads/settings'
import { SERVER_FEATURES } from '../../shared/features'
import { HttpError } from '../errors/http-error'
import { checkReadiness, storeChecks } from '../observability/readiness'

export function metaRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/meta', async (c) =>
        c.json({
          name: 'Gamerstage',
          version: deps.version,
          // A shared server never hands out the published demo password.
          demoAccount: deps.isShared?.() ? null : await getDemoAccount(deps.db),
          features: [...SERVER_FEATURES],
        } satisfies MetaResponse),
      )
      .get('/health', (c) => c.json({ status: 'ok' } satisfies HealthResponse))
      // Whether a load balancer should send this instance requests now.
      .get('/health/ready', async (c) => {
        if (deps.draining?.()) {
          throw new HttpError('NOT_READY', 'Not ready: the server is stopping.', {}, { checks: {} })
        }
        const answer = await checkReadiness([
          ...storeChecks(deps.db, deps.media ?? databaseMediaStorage(deps.db)),
          ...(deps.readinessChecks ?? []),
        ])
        if (answer.status === 'ready') {
          return c.json({ status: 'ready', checks: answer.checks } satisfies ReadinessResponse)
        }
        const failed = Object.keys(answer.checks).filter(
          (name) => answer.checks[name as 'redis'] !== 'ok',
        )
        throw new HttpError(
          'NOT_READY',
          `Not ready: ${failed.join(', ')} ${failed.length === 1 ? 'does' : 'do'} not answer.`,
          {},
          { checks: answer.checks },
        )
      })
  )
}
