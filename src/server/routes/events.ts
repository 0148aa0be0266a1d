import { Hono } from 'hono'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import { HttpError } from '../errors/http-error'
import { UNKNOWN_ADDRESS, clientAddress } from '../http/client-address'
import type { EventHub } from '../events/hub'

export const STREAM_MESSAGES = {
  userCap: 'Too many live connections for this user. Close another window or tab and try again.',
  addressCap:
    'Too many live connections from this address. Close another window or tab and try again.',
  serverCap:
    'The server has as many live connections as it can take. Live updates resume by themselves once one closes.',
} as const

/**
 * A full server is nobody's own doing: the app waits this long before it asks again (its stream
 * honours Retry-After, src/renderer/src/live/stream.ts), so that hundreds of refused clients do
 * not knock every few seconds.
 */
const SERVER_CAP_RETRY_SECONDS = 30

/** The Node adapter's request, where there is one (not for in-process `app.request()`). */
interface NodeBindings {
  incoming?: { socket?: { destroy(): void } }
}

/**
 * `GET /api/events`: the live event stream (docs/API.md, "Live events"). Server-sent events over
 * a plain GET with the token in `authorization`, so the renderer reads it with `fetch`.
 */
export function eventsRoutes(deps: AppDeps, hub: EventHub) {
  return new Hono<AppEnv>().get('/', requireUser(deps), (c) => {
    const socket = (c.env as NodeBindings | undefined)?.incoming?.socket
    // Counted per client, also behind a trusted proxy; the hub takes '' for "unknown".
    const address = clientAddress(c)
    const connection = hub.connect({
      userId: c.get('user').id,
      address: address === UNKNOWN_ADDRESS ? '' : address,
      lastEventId: c.req.header('last-event-id')?.trim(),
      disconnect: () => socket?.destroy(),
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
    return new Response(connection.stream, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        // Tells proxies such as nginx not to hold events back.
        'X-Accel-Buffering': 'no',
      },
    })
  })
}
