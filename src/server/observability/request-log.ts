/**
 * One log line and one metrics sample per request: its id (also answered as
 * `X-Request-Id`, so a host can find the line a user's error screen names), method, route
 * pattern, status, time, the user's id or none, and the instance (every line's `instance`).
 * Never the path's values, the query, the body or the client's address: the route pattern
 * (`/api/users/:username`) says what was asked without saying about whom.
 */
import { randomBytes } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { AppEnv } from '../http/context'
import { dependencyBack, isLost } from './dependency-state'
import { logRequestLine } from './log'
import { httpRequestDuration, httpRequests } from './metrics'

export const REQUEST_ID_HEADER = 'X-Request-Id'

/** Requests with no route of their own (the app's pages and files, unknown API paths). */
const UNMATCHED = '(other)'

/**
 * The route a request matched, as registered: `/api/posts/:id`. Middleware patterns (`*`,
 * `/api/*`) say nothing of which route it was.
 */
export function routePatternOf(c: Context): string {
  const pattern = routePath(c)
  return pattern === '' || pattern.endsWith('*') ? UNMATCHED : pattern
}

/** Ids drawn from the system's random source at once: one draw per request cost 2–16 µs. */
const IDS_PER_DRAW = 512
const ID_BYTES = 8
let drawn = Buffer.alloc(0)
let next = 0

/** A short random id, unique enough to find one request's lines among a day's. */
export function newRequestId(): string {
  if (next >= drawn.length) {
    drawn = randomBytes(IDS_PER_DRAW * ID_BYTES)
    next = 0
  }
  const id = drawn.toString('hex', next, next + ID_BYTES)
  next += ID_BYTES
  return id
}

export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = process.hrtime.bigint()
    const id = newRequestId()
    c.set('requestId', id)
    try {
      await next()
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      const route = routePatternOf(c)
      const status = c.res.status
      // An API answer that is not a 503 reached the database: if it was lost, it is back.
      if (isLost('database') && status < 500 && c.req.path.startsWith('/api/')) {
        dependencyBack('database')
      }
      c.res.headers.set(REQUEST_ID_HEADER, id)
      logRequest({ id, method: c.req.method, route, status, seconds, user: c.get('viewerId') })
    }
  }
}

/** One request's line and metrics, however it was answered (here, or kept-answer-door.ts). */
export function logRequest(request: {
  id: string
  method: string
  route: string
  status: number
  seconds: number
  user: number | null | undefined
}): void {
  const { id, method, route, status, seconds } = request
  httpRequests.inc({ method, route, status: String(status) })
  httpRequestDuration.observe({ method, route }, seconds)
  logRequestLine({
    requestId: id,
    method,
    route,
    status,
    ms: Math.round(seconds * 10_000) / 10,
    user: request.user ?? null,
  })
}
