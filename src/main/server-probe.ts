/**
 * Reaches a server the person wants to join and says who it is (docs/security.md): whether a
 * Gamerstage server answers, whether it speaks HTTPS, and the SHA-256 fingerprint of its
 * certificate, read from the TLS handshake. Nothing secret is ever sent here (one GET of
 * `/api/meta`), so a certificate that nobody vouches for may be looked at; whether to trust it
 * is decided by the caller (connection.ts), against the pins.
 */
import { X509Certificate } from 'node:crypto'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { connect as tlsConnect, type TLSSocket } from 'node:tls'
import { normalizeFingerprint } from '../shared/fingerprint-code'

/** A reason a server address cannot be used, worded for the person who typed it. */
export class ConnectionError extends Error {
  override name = 'ConnectionError'
}

/** What a probe found out about a server. */
export interface ServerIdentity {
  /** The origin to use: `https://` when the server speaks it, even if `http://` was typed. */
  origin: string
  /** SHA-256 of its certificate (64 hex digits); null for a server on plain HTTP. */
  fingerprint: string | null
  /**
   * True when the certificate is valid for the name through a certificate authority this
   * computer trusts (a host's own `--tls-cert` from a public CA): no pin is needed then.
   */
  authorized: boolean
}

const unreachable = (origin: string, error: unknown): ConnectionError => {
  const reason =
    (error as Error).name === 'TimeoutError' || (error as Error).message === 'timeout'
      ? 'it did not answer in time'
      : 'nothing answered there'
  return new ConnectionError(
    `Could not reach ${origin}: ${reason}. Is the server running, and are you on the same network?`,
  )
}

const notGamerstage = (origin: string) =>
  new ConnectionError(`${origin} answered, but it is not a Gamerstage server.`)

/** Reads an answer's body as JSON (at most 64 KB), or null. */
function readJson(response: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = ''
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => {
      text += chunk
      if (text.length > 64 * 1024) response.destroy()
    })
    response.on('end', () => {
      try {
        resolve(JSON.parse(text))
      } catch {
        resolve(null)
      }
    })
    response.on('error', () => resolve(null))
    response.on('close', () => resolve(null))
  })
}

const isGamerstageMeta = (status: number, meta: unknown) =>
  status >= 200 &&
  status < 300 &&
  typeof meta === 'object' &&
  meta !== null &&
  (meta as { name?: unknown }).name === 'Gamerstage'

/** Opens a TLS connection without judging the certificate (the caller does, by fingerprint). */
function openTls(url: URL, timeoutMs: number): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const socket = tlsConnect({
      host,
      port: Number(url.port || 443),
      ...(isIP(host) === 0 ? { servername: host } : {}),
      // Judged by its fingerprint below, never by a certificate authority alone.
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
    })
    const timer = setTimeout(() => socket.destroy(new Error('timeout')), timeoutMs)
    socket.once('secureConnect', () => {
      clearTimeout(timer)
      resolve(socket)
    })
    socket.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

/** A TLS failure that means the other end speaks plain HTTP, not TLS. */
const isPlainHttpAnswer = (error: unknown) =>
  /wrong version number|packet length too long|unknown protocol|http request/i.test(
    (error as Error).message ?? '',
  )

async function probeHttps(origin: string, timeoutMs: number): Promise<ServerIdentity> {
  const url = new URL(origin)
  let socket: TLSSocket
  try {
    socket = await openTls(url, timeoutMs)
  } catch (error) {
    if (isPlainHttpAnswer(error)) {
      throw new ConnectionError(
        `${origin} does not speak HTTPS. If the host chose plain HTTP, use http:// instead.`,
      )
    }
    throw unreachable(origin, error)
  }
  const peer = socket.getPeerX509Certificate()
  const fingerprint = peer
    ? normalizeFingerprint(new X509Certificate(peer.raw).fingerprint256)
    : null
  if (fingerprint === null) {
    socket.destroy()
    throw new ConnectionError(`${origin} sent no certificate.`)
  }
  const authorized = socket.authorized
  const { status, meta } = await new Promise<{ status: number; meta: unknown }>(
    (resolve, reject) => {
      const request = httpsRequest(
        {
          host: url.hostname.replace(/^\[|\]$/g, ''),
          port: Number(url.port || 443),
          path: '/api/meta',
          method: 'GET',
          // The connection whose certificate was just read, and no other.
          createConnection: () => socket,
          timeout: timeoutMs,
        },
        (response) =>
          void readJson(response).then((body) =>
            resolve({ status: response.statusCode ?? 0, meta: body }),
          ),
      )
      request.on('timeout', () => request.destroy(new Error('timeout')))
      request.on('error', reject)
      request.end()
    },
  ).catch((error: unknown) => {
    throw unreachable(origin, error)
  })
  socket.destroy()
  if (!isGamerstageMeta(status, meta)) throw notGamerstage(origin)
  return { origin, fingerprint, authorized }
}

async function probeHttp(origin: string, timeoutMs: number): Promise<ServerIdentity> {
  const url = new URL(origin)
  const { status, location, meta } = await new Promise<{
    status: number
    location: string | undefined
    meta: unknown
  }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: Number(url.port || 80),
        path: '/api/meta',
        method: 'GET',
        agent: false,
        timeout: timeoutMs,
      },
      (response) => {
        const location = response.headers.location
        void readJson(response).then((body) =>
          resolve({ status: response.statusCode ?? 0, location, meta: body }),
        )
      },
    )
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', reject)
    request.end()
  }).catch((error: unknown) => {
    throw unreachable(origin, error)
  })
  // A Gamerstage server that speaks HTTPS sends plain HTTP to its https:// address: follow it,
  // on the same host and port only.
  if (status >= 300 && status < 400 && location && URL.canParse(location)) {
    const next = new URL(location)
    if (next.protocol === 'https:' && next.host === url.host) {
      return probeHttps(next.origin, timeoutMs)
    }
  }
  if (!isGamerstageMeta(status, meta)) throw notGamerstage(origin)
  return { origin, fingerprint: null, authorized: false }
}

/**
 * Checks that a Gamerstage server answers at `origin` within `timeoutMs` and says who it is.
 * Throws a ConnectionError with a clear reason when it does not.
 */
export function probeServer(origin: string, timeoutMs = 5000): Promise<ServerIdentity> {
  return new URL(origin).protocol === 'https:'
    ? probeHttps(origin, timeoutMs)
    : probeHttp(origin, timeoutMs)
}
