import type { Context, MiddlewareHandler } from 'hono'
import type { ErrorResponse } from '../../shared/api-types'
import { ERROR_STATUS } from '../../shared/error-codes'
import { LIVE_EVENT_ID_HEADER } from '../../shared/live-event-id'
import { requestHeader } from './client-address'
import type { HostAllowList } from './host-allow-list'
import { hostnameOf, isLoopbackName } from './host-allow-list'
import { MESSAGES, foreignHostMessage } from '../errors/messages'

/**
 * Headers of every API answer (JSON and images). They are fixed strings: hono's cors and
 * secureHeaders middlewares do more work per request than most handlers, and this runs on all.
 */
const API_HEADERS: Record<string, string> = {
  'Access-Control-Expose-Headers': `Preference-Applied, Retry-After, ${LIVE_EVENT_ID_HEADER}`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  // Nothing an API answer holds may run or be framed, even when opened on its own.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  // The CORS answer depends on the caller's Origin: a cache must not hand one to another.
  Vary: 'Origin',
}

const API_HEADER_ENTRIES = Object.entries(API_HEADERS)

const PREFLIGHT_HEADERS: Record<string, string> = {
  ...API_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Prefer, Last-Event-ID',
  'Access-Control-Max-Age': '600',
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether a browser page at `origin` may use this server (docs/security.md): the server's own
 * pages (same host and port as the request) and Gamerstage app windows, which are served from
 * loopback (the desktop window is its embedded server's `http://127.0.0.1:<port>`, and it joins
 * a friend's server from there). Any other site, `null` included, is foreign.
 */
export function isTrustedOrigin(origin: string, hostHeader: string): boolean {
  if (!URL.canParse(origin)) return false
  const url = new URL(origin)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  return url.host === hostHeader.toLowerCase() || isLoopbackName(hostnameOf(url.hostname))
}

/** Origins already judged, per Host: a handful in practice, so the check is a lookup. */
const judged = new Map<string, boolean>()
const JUDGED_MAX = 256

function trusted(origin: string, host: string): boolean {
  const key = `${host} ${origin}`
  let verdict = judged.get(key)
  if (verdict === undefined) {
    verdict = isTrustedOrigin(origin, host)
    if (judged.size >= JUDGED_MAX) judged.clear()
    judged.set(key, verdict)
  }
  return verdict
}

function refuse(c: Context, code: 'FOREIGN_ORIGIN' | 'FOREIGN_HOST', message: string) {
  const answer: ErrorResponse = { errors: [message], code }
  return c.json(answer, ERROR_STATUS[code], API_HEADERS)
}

/**
 * The first middleware of every request, pages and API alike (the event stream included):
 * 1. a Host that is not one of this server's names is refused (DNS rebinding);
 * 2. on the API, a browser call from a foreign site may not change anything, and only trusted
 *    origins get CORS headers, so a foreign page cannot read answers either.
 */
export function requestGuard(hosts: HostAllowList): MiddlewareHandler {
  return async (c, next) => {
    const host = requestHeader(c, 'host') ?? new URL(c.req.url).host
    if (!hosts.allows(host)) {
      return refuse(c, 'FOREIGN_HOST', foreignHostMessage(hostnameOf(host).slice(0, 100)))
    }
    const isApi = c.req.path.startsWith('/api/')
    if (!isApi) return next()

    const origin = requestHeader(c, 'origin')
    const allowed = origin === undefined || trusted(origin, host)
    if (!allowed && !SAFE_METHODS.has(c.req.method)) {
      return refuse(c, 'FOREIGN_ORIGIN', MESSAGES.foreignOrigin)
    }
    if (c.req.method === 'OPTIONS') {
      if (!allowed) return refuse(c, 'FOREIGN_ORIGIN', MESSAGES.foreignOrigin)
      return c.body(null, 204, {
        ...PREFLIGHT_HEADERS,
        ...(origin ? { 'Access-Control-Allow-Origin': origin } : {}),
      })
    }
    await next()
    const headers = c.res.headers
    for (const [name, value] of API_HEADER_ENTRIES) headers.set(name, value)
    // Answers carry tokens, bookmarks, notifications and the viewer's own reactions: no cache,
    // shared or the browser's, may keep one. Media and the live stream say what they allow.
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
    if (origin && allowed) headers.set('Access-Control-Allow-Origin', origin)
  }
}

/**
 * The headers requestGuard gives a JSON answer to a GET from `origin` (if any) at `host`, for
 * an answer made without it (http/kept-answer-door.ts). Lower case, as Node writes them.
 */
export function apiAnswerHeaders(origin: string | undefined, host: string): Record<string, string> {
  const headers: Record<string, string> = { ...API_HEADERS_LOWER, 'cache-control': 'no-store' }
  if (origin !== undefined && trusted(origin, host)) {
    headers['access-control-allow-origin'] = origin
  }
  return headers
}

const API_HEADERS_LOWER = Object.fromEntries(
  API_HEADER_ENTRIES.map(([name, value]) => [name.toLowerCase(), value]),
)
