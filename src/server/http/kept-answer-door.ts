/**
 * Kept answers answered at the door: a GET of the API whose whole answer is kept
 * (http/kept-answers.ts) is written from the socket's request, before the Node adapter builds a
 * Request and before Hono routes it. A kept feed page cost about 250 µs of CPU through the app,
 * where a static Hono app answered the same bytes in 35–40: the request's objects, the routing
 * and a dozen middlewares for an answer that was already made (docs/PERFORMANCE.md, "Issue 38:
 * kept answers at the door").
 *
 * It answers only what the app would answer with the same bytes, and passes everything else on:
 * - a Host the server answers to (requestGuard refuses the others);
 * - no token, or one whose session the read cache keeps (as requireUser and optionalViewer take
 *   it: caches/kept-sessions.ts; a session ended anywhere is dropped there at once). Not in a
 *   cluster, where sessions are never kept;
 * - the kept answer of the same viewer, `Prefer`, Host, path and query (`keptAnswerKey`), which
 *   the read cache gives only while nothing it shows was written (`ReadCache.answer`).
 * Its headers are the app's: requestGuard's (`apiAnswerHeaders`), the latest live event's id,
 * `Preference-Applied`, a request id; and its log line and metrics are requestLog's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LIVE_EVENT_ID_HEADER } from '../../shared/live-event-id'
import { readCacheOf } from '../caches/store-caches'
import type { Store } from '../db/store'
import { logRequest, newRequestId, REQUEST_ID_HEADER } from '../observability/request-log'
import { apiAnswerHeaders } from './api-headers'
import { tokenOf } from './context'
import type { HostAllowList } from './host-allow-list'
import { keptAnswerKey } from './kept-answers'
import { prefersMinimal } from './prefer'

/** What the door reads of the server (server.ts builds it with the app's own deps). */
export interface DoorDeps {
  db: Store
  allowedHostNames: HostAllowList
  /** The latest live event's id, as the app's answers carry it. */
  lastEventId: () => string
  /** Whether the server is shared on the LAN now (the kept sessions follow it). */
  isShared?: () => boolean
  /** A cluster keeps no sessions: the door then passes everything on. */
  clustered: () => boolean
}

/** Answers `request` from a kept answer and says true, or writes nothing and says false. */
export type KeptAnswerDoor = (request: IncomingMessage, response: ServerResponse) => boolean

const REQUEST_ID = REQUEST_ID_HEADER.toLowerCase()
const LIVE_EVENT_ID = LIVE_EVENT_ID_HEADER.toLowerCase()

export function keptAnswerDoor(deps: DoorDeps): KeptAnswerDoor {
  return (request, response) => {
    const started = process.hrtime.bigint()
    const path = request.url
    if (request.method !== 'GET' || !path?.startsWith('/api/') || deps.clustered()) return false
    const cache = readCacheOf(deps.db)
    const host = request.headers.host
    if (!cache || host === undefined || !deps.allowedHostNames.allows(host)) return false
    const token = tokenOf(request.headers.authorization)
    let viewerId = 0
    if (token !== null) {
      cache.noteSharing(deps.isShared?.() === true)
      const user = cache.session(token)
      if (!user) return false
      viewerId = user.id
    }
    const minimal = prefersMinimal(header(request, 'prefer'))
    const kept = cache.answerAtDoor(keptAnswerKey(viewerId, minimal, host, path))
    if (!kept) return false

    const id = newRequestId()
    const headers = apiAnswerHeaders(header(request, 'origin'), host)
    headers['content-type'] = kept.contentType
    headers['content-length'] = String(kept.body.byteLength)
    headers[LIVE_EVENT_ID] = deps.lastEventId()
    headers[REQUEST_ID] = id
    if (minimal) headers['preference-applied'] = 'return=minimal'
    response.writeHead(200, headers)
    response.end(kept.body)
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    logRequest({
      id,
      method: 'GET',
      route: kept.route,
      status: 200,
      seconds,
      user: viewerId || null,
    })
    return true
  }
}

/** One header's value; a header sent twice is not one the door can judge, so it is none. */
function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return typeof value === 'string' ? value : undefined
}
