import type { Context, MiddlewareHandler } from 'hono'
import { isIP } from 'node:net'

/** What the Node adapter puts in `c.env`; absent under `app.request()` without an env. */
interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string }; headers?: Record<string, unknown> }
}

/** The address requests without a socket (tests' `app.request()`) are counted under. */
export const UNKNOWN_ADDRESS = 'unknown'

/** The `c.var` key the forwarded client address is kept under (see `forwardedClientAddress`). */
const CLIENT_ADDRESS_KEY = 'clientAddress'

/** IPv4 seen through an IPv6 socket (`::ffff:192.168.1.20`) written plainly. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address
}

/** The address of the TCP peer: the client itself, or a reverse proxy in front of the server. */
function peerAddress(c: Context): string {
  const address = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress
  return address ? plainAddress(address) : UNKNOWN_ADDRESS
}

/**
 * The client behind trusted proxies, from `X-Forwarded-For` (`client, proxy1, proxy2`): each
 * proxy appends the address it was reached from, so only the right-hand end is written by
 * someone we trust. Walking from the right, the first address that is not one of our proxies is
 * the client; anything further left was sent by that client and may be forged. Answers the peer
 * itself when there is no usable header (a request made by the proxy's own machine).
 */
export function addressBehindProxies(
  peer: string,
  forwardedFor: string | undefined,
  trustedProxies: ReadonlySet<string>,
): string {
  if (!trustedProxies.has(peer) || !forwardedFor) return peer
  const hops = forwardedFor
    .split(',')
    .map((hop) => plainAddress(hop.trim()))
    .filter((hop) => hop !== '')
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index] as string
    // A proxy writes the address it saw, always an IP; anything else means the chain is broken
    // from here on, and the client is counted under a name that is never loopback.
    if (isIP(hop) === 0) return UNKNOWN_ADDRESS
    if (!trustedProxies.has(hop)) return hop
  }
  // Every hop is one of our proxies: the left-most is where the request started.
  return hops[0] ?? peer
}

/**
 * Middleware run before everything else: with `trustedProxies` (`--trust-proxy`), a request
 * whose TCP peer is one of them is counted under the client address its `X-Forwarded-For` names
 * (docs/security.md). From anyone else the header is ignored: a client could write any address
 * in it, loopback included.
 */
export function forwardedClientAddress(trustedProxies: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedProxies.map(plainAddress))
  return async (c, next) => {
    if (trusted.size > 0) {
      const address = addressBehindProxies(
        peerAddress(c),
        requestHeader(c, 'x-forwarded-for'),
        trusted,
      )
      c.set(CLIENT_ADDRESS_KEY, address)
    }
    await next()
  }
}

/**
 * The address of the computer that sent the request: the one place every per-address limit, the
 * login throttle and the loopback checks get it from. It is the socket's peer, never a header a
 * client can write, unless the peer is a trusted proxy (`forwardedClientAddress`).
 */
export function clientAddress(c: Context): string {
  const forwarded: unknown = c.get(CLIENT_ADDRESS_KEY)
  return typeof forwarded === 'string' ? forwarded : peerAddress(c)
}

/**
 * A request header read straight from Node's parsed headers when there are some: cheaper than
 * the Fetch API's Headers, which the adapter builds on demand. Repeated headers that Node joins
 * (`X-Forwarded-For`) come joined with ", ".
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const headers = (c.env as NodeBindings | undefined)?.incoming?.headers
  if (headers) {
    const value = headers[name]
    return typeof value === 'string' ? value : undefined
  }
  return c.req.header(name)
}

/**
 * True when the request came from this computer (a loopback address); false without a socket,
 * and false for a client a trusted proxy on this computer forwards from elsewhere.
 */
export function isLoopbackRequest(c: Context): boolean {
  const address = clientAddress(c)
  return address === '::1' || address.startsWith('127.')
}
