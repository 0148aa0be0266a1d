import type { Context } from 'hono'

/** What the Node adapter puts in `c.env`; absent under `app.request()` without an env. */
interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string }; headers?: Record<string, unknown> }
}

/** The address requests without a socket (tests' `app.request()`) are counted under. */
export const UNKNOWN_ADDRESS = 'unknown'

/**
 * The address of the computer that sent the request, from the socket (never from a header a
 * client can write). IPv4 seen through an IPv6 socket (`::ffff:192.168.1.20`) is written plainly.
 */
export function clientAddress(c: Context): string {
  const address = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress
  if (!address) return UNKNOWN_ADDRESS
  return address.startsWith('::ffff:') ? address.slice(7) : address
}

/**
 * A request header read straight from Node's parsed headers when there are some: cheaper than
 * the Fetch API's Headers, which the adapter builds on demand.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const headers = (c.env as NodeBindings | undefined)?.incoming?.headers
  if (headers) {
    const value = headers[name]
    return typeof value === 'string' ? value : undefined
  }
  return c.req.header(name)
}

/** True when the request came from this computer (a loopback address); false without a socket. */
export function isLoopbackRequest(c: Context): boolean {
  const address = clientAddress(c)
  return address === '::1' || address.startsWith('127.')
}
