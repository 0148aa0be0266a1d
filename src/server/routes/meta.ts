import { Hono } from 'hono'
import type { MetaResponse } from '../../shared/api-types'
import type { AppDeps, AppEnv } from '../context'
import { getDemoAccount } from '../services/settings'

export function metaRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/meta', (c) =>
      c.json<MetaResponse>({
        name: 'Gamerstage',
        version: deps.version,
        demoAccount: getDemoAccount(deps.db),
      }),
    )
    .get('/health', (c) => c.json({ status: 'ok' as const }))
}
