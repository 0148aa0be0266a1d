/**
 * A reverse proxy on loopback in front of a cluster's instances, as nginx or Caddy would stand in
 * front of a hosted community: each request goes to the next instance that is up (or, with
 * `affinity`, to the instance its key hashes to, as nginx's `hash … consistent`), with the
 * client's address in X-Forwarded-For (the instances trust the proxy's address, `--trust-proxy`).
 * A request whose instance cannot be reached before it answered goes to the next one; a live
 * stream cut by its instance's death ends for the client, which reconnects through the proxy.
 */
import { request, createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Upstream {
  host: string
  port: number
}

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** Which instance answered each request, in order (the index in `upstreams`). */
  served: number[]
  close(): Promise<void>
}

/** Hop-by-hop headers a proxy does not pass on (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade'])

function forwardedHeaders(incoming: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value
  }
  headers['x-forwarded-for'] = incoming.socket.remoteAddress ?? ''
  return headers
}

export interface ProxyOptions {
  /**
   * The key that keeps a client's requests on one instance while it is up (e.g. its
   * Authorization header); without it, requests go round the instances in turn.
   */
  affinity?: (incoming: IncomingMessage) => string
}

/** A string's FNV-1a hash: the same key, the same instance. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < key.length; index++) {
    hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193) >>> 0
  }
  return hash
}

export async function startRoundRobinProxy(
  upstreams: Upstream[],
  { affinity }: ProxyOptions = {},
): Promise<RoundRobinProxy> {
  let next = 0
  const served: number[] = []
  const server: Server = createServer((incoming, outgoing) => {
    // The body is read once, then sent to whichever instance takes it.
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const body = Buffer.concat(chunks)
      // With affinity, a client's instance first, then the next ones if it is down.
      let first = affinity ? hashOf(affinity(incoming)) : next++
      const tryInstance = (triesLeft: number) => {
        const index = first++ % upstreams.length
        const upstream = upstreams[index]
        if (!upstream) throw new Error('A proxy needs at least one instance.')
        const forwarded = request(
          {
            host: upstream.host,
            port: upstream.port,
            method: incoming.method,
            path: incoming.url,
            headers: forwardedHeaders(incoming),
          },
          (answer) => {
            served.push(index)
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(outgoing)
            // An instance that dies mid-answer (a live stream) ends the client's answer too.
            answer.on('error', () => outgoing.destroy())
            answer.on('aborted', () => outgoing.destroy())
          },
        )
        forwarded.on('error', () => {
          if (outgoing.headersSent) outgoing.destroy()
          else if (triesLeft > 1) tryInstance(triesLeft - 1)
          else outgoing.writeHead(502).end('No instance answered.')
        })
        outgoing.on('close', () => forwarded.destroy())
        forwarded.end(body)
      }
      tryInstance(upstreams.length)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
