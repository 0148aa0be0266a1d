/**
 * One listening socket of a server (server.ts's `listen`): plain HTTP, or HTTPS with its plain
 * door (tls/plain-door.ts), each with the caps of docs/security.md on what clients may hold:
 * Node's own timeouts and total cap, and the per-address cap and first-byte timeout of
 * http/connection-guard.ts.
 */
import { getRequestListener, type ServerType } from '@hono/node-server'
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Server } from 'node:net'
import { log } from '../observability/log'
import { StartError } from '../start-error'
import { acceptPlainHttp } from '../tls/plain-door'
import { certificateFingerprint } from '../tls/fingerprint'
import { guardConnections } from './connection-guard'
import type { HostAllowList } from './host-allow-list'
import type { KeptAnswerDoor } from './kept-answer-door'

/** A PEM certificate (chain) and its private key. */
export interface TlsCertificate {
  cert: string | Buffer
  key: string | Buffer
}

/** What a listener needs of the server it serves (server.ts's ServerCore has it). */
export interface ListenedCore {
  fetch: (request: Request) => Response | Promise<Response>
  /** Answers a kept answer before the app sees its request (http/kept-answer-door.ts). */
  door?: KeptAnswerDoor
  allowedHostNames: HostAllowList
  trustedProxies: readonly string[]
}

/**
 * What one listener lets a client hold (docs/security.md). Node's own defaults let a socket
 * that sends half a request sit for a minute and took any number of them: 3,000 half-sent
 * requests were all held open for 40 s and more. `npm run serve` sets them with
 * `--max-connections`, `--max-connections-per-address` and the `--*-timeout` flags.
 */
export interface ConnectionLimits {
  /** Open sockets at most, live streams included; one more is closed as soon as it connects. */
  maxConnections: number
  /**
   * Open sockets from one remote address at most (http/connection-guard.ts); never more than
   * `maxConnections`. A `--trust-proxy` address is not capped.
   */
  maxConnectionsPerAddress: number
  /**
   * Time a new socket has to send its first byte, and on HTTPS its TLS handshake (or a plain
   * request's head) after that; never longer than `headersTimeoutMs`.
   */
  firstByteTimeoutMs: number
  /** Time a client has to send a request's headers; a slowloris is cut after this. */
  headersTimeoutMs: number
  /** Time a client has to send a whole request, body included (an upload on slow Wi-Fi). */
  requestTimeoutMs: number
  /** Time an idle keep-alive socket stays open, waiting for the next request. */
  keepAliveTimeoutMs: number
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  // A LAN party of a hundred, each with a window or two, holds far fewer; a Linux process may
  // open 1,024 files by default, and the database and uploads need some of them.
  maxConnections: 512,
  // Half: one address never holds every place. Players behind one router (NAT) share its
  // address: 256 is 32 of them (the live streams' own cap per address) with a stream and up to
  // seven more connections each, more than a browser opens to one server (six) besides.
  maxConnectionsPerAddress: 256,
  // A client sends its request or ClientHello in its first packet; 5 s leaves room for two TCP
  // retransmissions (1 s, then 2 s) on bad Wi-Fi, and is the idle keep-alive timeout's length.
  firstByteTimeoutMs: 5_000,
  headersTimeoutMs: 10_000,
  // A 5 MB image (LIMITS) at 1 Mbit/s takes 40 s.
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
}

/**
 * How often Node looks for requests past their timeouts (its default is 30 s, which would let a
 * slowloris stay three times as long as a 10 s headers timeout says).
 */
const TIMEOUT_CHECK_EVERY_MS = 1000

/** One listening socket of a server. */
export interface Listener {
  /** e.g. `http://127.0.0.1:4567`. */
  url: string
  /** The SHA-256 fingerprint of its certificate (64 hex digits); null over plain HTTP. */
  fingerprint: string | null
  host: string
  port: number
  /** Stops listening and lets requests in flight finish. */
  close(): Promise<void>
  /** Connections open now (the metrics' gamerstage_open_connections). */
  connections(): Promise<number>
}

function waitUntilListening(server: ServerType, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new StartError(`Port ${port} is already in use on ${host}. Choose another port.`))
      } else if (error.code === 'EACCES') {
        reject(
          new StartError(`Not allowed to listen on ${host}:${port}. Choose a port above 1023.`),
        )
      } else if (error.code === 'EADDRNOTAVAIL') {
        reject(new StartError(`${host} is not an address of this computer.`))
      } else {
        reject(new StartError(`Cannot listen on ${host}:${port}: ${error.message}`))
      }
    })
  })
}

/** The door's answer; a door that fails passes the request on to the app, which answers it. */
function answeredAtDoor(
  door: KeptAnswerDoor,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  try {
    return door(request, response)
  } catch (error) {
    log().error({ err: error }, 'the door of kept answers failed; the app answers')
    return response.headersSent
  }
}

/** How long requests in flight may take to finish when a listener closes. */
const CLOSE_GRACE_MS = 3000

/**
 * Stops accepting connections and lets requests in flight finish. A browser keeps its
 * keep-alive connections busy, and a closing server would go on answering on them: each one is
 * closed as soon as it is idle, and whatever is still open after the grace period is cut.
 */
function closeGracefully(server: ServerType): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!('closeIdleConnections' in server)) {
      server.close(() => resolve())
      return
    }
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100)
    const deadline = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
    server.close(() => {
      clearInterval(idleSweep)
      clearTimeout(deadline)
      resolve()
    })
    server.closeIdleConnections()
  })
}

/** The limits a listener runs with: the defaults under those given, each within its bounds. */
export function effectiveLimits(given: Partial<ConnectionLimits>): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...given }
  return {
    ...limits,
    maxConnectionsPerAddress: Math.min(limits.maxConnectionsPerAddress, limits.maxConnections),
    firstByteTimeoutMs: Math.min(limits.firstByteTimeoutMs, limits.headersTimeoutMs),
  }
}

/**
 * Listens for the core's app on one address, over HTTPS when given a certificate (and then
 * answers plain HTTP on the same port only with a way to HTTPS: tls/plain-door.ts); a port in
 * use is a StartError.
 */
export async function listen(
  core: ListenedCore,
  host: string,
  port: number,
  connectionLimits: Partial<ConnectionLimits> = {},
  tls?: TlsCertificate,
): Promise<Listener> {
  const limits = effectiveLimits(connectionLimits)
  const serverOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_EVERY_MS, limits.headersTimeoutMs),
  }
  // The app through Hono's Node adapter, behind the door of kept answers when there is one.
  const app = getRequestListener(core.fetch, { hostname: host })
  const door = core.door
  const onRequest = door
    ? (request: IncomingMessage, response: ServerResponse) => {
        if (!answeredAtDoor(door, request, response)) void app(request, response)
      }
    : app
  const server: ServerType = tls
    ? createHttpsServer(
        {
          ...serverOptions,
          cert: tls.cert,
          key: tls.key,
          // A client that starts a handshake and stalls (or sends one byte of it) is cut as one
          // that sends nothing: a real client's handshake takes a few round trips.
          handshakeTimeout: limits.firstByteTimeoutMs,
        },
        onRequest,
      )
    : createHttpServer(serverOptions, onRequest)
  server.listen(port, host)
  const fingerprint = tls ? certificateFingerprint(tls.cert) : null
  const plainDoor =
    fingerprint === null
      ? null
      : acceptPlainHttp(server as Server, {
          fingerprint,
          timeoutMs: limits.firstByteTimeoutMs,
          hosts: core.allowedHostNames,
        })
  // In front of HTTP, TLS and the door alike: counted and timed from the moment of accepting.
  guardConnections(server as Server, {
    maxPerAddress: limits.maxConnectionsPerAddress,
    firstByteTimeoutMs: limits.firstByteTimeoutMs,
    uncapped: core.trustedProxies,
  })
  // Node closes a socket past the cap as soon as it is accepted (the server's 'drop' event).
  server.maxConnections = limits.maxConnections
  try {
    await waitUntilListening(server, port, host)
  } catch (error) {
    server.close()
    throw error
  }
  const actualPort = (server.address() as AddressInfo).port
  const urlHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `${tls ? 'https' : 'http'}://${urlHost}:${actualPort}`,
    fingerprint,
    host,
    port: actualPort,
    connections: () =>
      new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count ?? 0))),
    close: () => {
      const closing = closeGracefully(server)
      plainDoor?.closeWaiting()
      return closing
    },
  }
}
