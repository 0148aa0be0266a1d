import { Hono } from 'hono'
import type { TrendingResponse } from '../../shared/api-types'
import { optionalViewer, type AppDeps, type AppEnv } from '../http/context'
import { trending } from '../services/reads/trending'

/** `GET /api/trending` (docs/API.md, "Trending"): Explore's tags and games of the last days. */
export function trendingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', optionalViewer(deps), async (c) =>
    c.json((await trending(deps.db, c.get('viewerId'))) satisfies TrendingResponse),
  )
}
