import { Hono } from 'hono'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import { HttpError } from '../errors/http-error'
import { STREAM_MESSAGES } from '../errors/messages'
import { UNKNOWN_ADDRESS, clientAddress } from '../http/client-address'
import type { ServerResponse } from 'node:http'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { EventHub } from '../events/hub'
import { socketSink } from '../events/sinks'
import { LIVE_EVENT_ID_HEADER } from '../../shared/live-event-id'

/**
 * A full server is nobody's own doing: the app waits this long before it asks again (its stream
 * honours Retry-After, src/renderer/src/live/stream.ts), so that hundreds of refused clients do
 * not knock every few seconds.
 */
const SERVER_CAP_RETRY_SECONDS = 30

/** The Node adapter's request and response, where there are some (not for `app.request()`). */
interface NodeBindings {
  incoming?: { socket?: { destroy(): void } }
  outgoing?: ServerResponse
}

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  // Tells proxies such as nginx not to hold events back.
  'X-Accel-Buffering': 'no',
}

/**
 * `GET /api/events`: the live event stream (docs/API.md, "Live events"). Server-sent events over
 * a plain GET with the token in `authorization`, so the renderer reads it with `fetch`.
 */
export function eventsRoutes(deps: AppDeps, hub: EventHub) {
  return new Hono<AppEnv>().get('/', requireUser(deps), (c) => {
    const node = c.env as NodeBindings | undefined
    const socket = node?.incoming?.socket
    // Node queues an answer behind the one before it on a kept-alive connection until that one
    // has finished, and gives it no socket meanwhile: a browser may send its next request as soon
    // as it has read the last answer, before this server saw that answer finish. Such a stream
    // goes through the adapter, which writes it when its turn comes; written to the socket
    // directly, it would be taken for a client that left and never answered.
    const outgoing = node?.outgoing?.socket ? node.outgoing : undefined
    // Counted per client, also behind a trusted proxy; the hub takes '' for "unknown".
    const address = clientAddress(c)
    // As every API answer says (app.ts), taken before the stream opens.
    const latest = hub.lastEventId
    const connection = hub.connect({
      userId: c.get('user').id,
      address: address === UNKNOWN_ADDRESS ? '' : address,
      lastEventId: c.req.header('last-event-id')?.trim(),
      disconnect: () => socket?.destroy(),
      // On Node's server, the hub writes to the socket itself (events/sinks.ts): with thousands of
      // streams, the stream adapter's cost per write is most of the server's work.
      ...(outgoing
        ? {
            respond: (onClose: () => void) =>
              socketSink(outgoing, { ...STREAM_HEADERS, [LIVE_EVENT_ID_HEADER]: latest }, onClose),
          }
        : {}),
    })
    if (!connection.ok) {
      if (connection.reason === 'server-cap') {
        throw new HttpError('SERVER_BUSY', STREAM_MESSAGES.serverCap, {
          'Retry-After': String(SERVER_CAP_RETRY_SECONDS),
        })
      }
      throw new HttpError(
        'RATE_LIMITED',
        connection.reason === 'user-cap' ? STREAM_MESSAGES.userCap : STREAM_MESSAGES.addressCap,
        { 'Retry-After': '10' },
      )
    }
    if (!connection.stream) return RESPONSE_ALREADY_SENT
    return new Response(connection.stream, { headers: STREAM_HEADERS })
  })
}
