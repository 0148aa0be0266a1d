import type { Context } from 'hono'

/**
 * True when the request came from this computer (a loopback address). Under @hono/node-server
 * the socket is `c.env.incoming.socket`; without one (e.g. `app.request()` in tests, which may
 * pass an env) the answer is false.
 */
export function isLoopbackRequest(c: Context): boolean {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  const address = env?.incoming?.socket?.remoteAddress ?? ''
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}
