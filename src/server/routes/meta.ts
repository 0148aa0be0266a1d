import { Hono } from 'hono'
import type { HealthResponse, MetaResponse } from '../../shared/api-types'
import type { AppDeps, AppEnv } from '../http/context'
import { getDemoAccount } from '../services/reads/settings'
import { SERVER_FEATURES } from '../../shared/features'

export function metaRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
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
}
