/**
 * What a server that speaks HTTPS answers to plain HTTP on the same port (docs/security.md).
 * The listener looks at the first byte a client sends: a TLS handshake starts with 0x16, and a
 * plain request with a letter. Plain requests never reach the app and no API data goes out over
 * them: a page is sent to its https:// address, an API call is refused, and `/join` (where the
 * Server page's QR code leads) explains the browser's certificate warning before it shows.
 *
 * The door answers only the Host names the HTTPS side answers (http/host-allow-list.ts, the one
 * list both ask): a foreign name is refused with 421 before anything else, so no redirect and no
 * `/join` link ever points at a name a DNS-rebinding page or a misdirected request brought.
 *
 * A socket's first byte is awaited by the listener's guard (http/connection-guard.ts), which
 * closes a silent one; the door gives a plain client as long again for the rest of its head.
 */
import type { Server } from 'node:net'
import type { Socket } from 'node:net'
import { fingerprintCode } from '../../shared/fingerprint-code'
import { foreignHostMessage } from '../errors/messages'
import { hostnameOf, type HostAllowList } from '../http/host-allow-list'

/** The first byte of a TLS record carrying a handshake (a ClientHello). */
const TLS_HANDSHAKE = 0x16
/** A plain request's line and headers are read up to this size; the body never. */
const MAX_PLAIN_HEAD = 8 * 1024

/** The page the QR code opens (over plain HTTP: it must show before the certificate warning). */
export const JOIN_PAGE_PATH = '/join'

export interface PlainDoorOptions {
  /** The certificate's fingerprint: `/join` shows its code. */
  fingerprint: string
  /** Time a plain client has to send the rest of its request head after its first byte. */
  timeoutMs: number
  /** The names the server answers to: the HTTPS side's own list. */
  hosts: HostAllowList
}

/** The door of one server: what it holds that the HTTPS server does not know about. */
export interface PlainDoor {
  /**
   * Closes the connections that have not become HTTPS ones (silent, or plain HTTP being
   * answered): the HTTPS server's own closing does not see them.
   */
  closeWaiting(): void
}

/**
 * Makes an HTTPS server also answer plain HTTP on its port (see the file's comment). Call it
 * before the server accepts its first connection.
 */
export function acceptPlainHttp(server: Server, options: PlainDoorOptions): PlainDoor {
  const tlsListeners = server.listeners('connection') as ((socket: Socket) => void)[]
  const waiting = new Set<Socket>()
  server.removeAllListeners('connection')
  server.on('connection', (socket: Socket) => {
    // A client that resets the connection before a protocol took it must not crash the server.
    socket.on('error', () => undefined)
    waiting.add(socket)
    socket.once('close', () => waiting.delete(socket))
    socket.once('data', (chunk: Buffer) => {
      socket.pause()
      if (chunk[0] === TLS_HANDSHAKE) {
        waiting.delete(socket)
        // Node's TLS socket reads what is already buffered on the socket first.
        socket.unshift(chunk)
        for (const listener of tlsListeners) listener.call(server, socket)
      } else {
        answerPlain(socket, chunk, options)
      }
    })
  })
  return {
    closeWaiting: () => {
      for (const socket of waiting) socket.destroy()
      waiting.clear()
    },
  }
}

interface PlainRequest {
  method: string
  path: string
  host: string | null
}

function parseHead(head: string): PlainRequest | null {
  const [requestLine = '', ...headerLines] = head.split('\r\n')
  const match = /^([A-Z]{1,16}) (\S{1,4096}) HTTP\/1\.[01]$/.exec(requestLine)
  if (!match) return null
  const hostLine = headerLines.find((line) => /^host:/i.test(line))
  const host = hostLine?.slice(hostLine.indexOf(':') + 1).trim() ?? null
  return { method: match[1] ?? '', path: match[2] ?? '/', host }
}

/** A Host header safe to put in a Location: a name or an address, and a port. */
const SAFE_HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/

/** The request's Host when it is an allowed one safe to write, else the address it reached. */
function httpsOrigin(socket: Socket, host: string | null): string {
  if (host !== null && SAFE_HOST.test(host)) return `https://${host}`
  const address = socket.localAddress ?? '127.0.0.1'
  const name = address.includes(':') ? `[${address}]` : address
  return `https://${name}:${socket.localPort ?? 443}`
}

/** A foreign name as the refusal may repeat it: the characters of a name, at most 100. */
const shownName = (host: string) => (/^[a-z0-9.:-]{0,100}/.exec(hostnameOf(host)) ?? [''])[0]

function answerPlain(socket: Socket, first: Buffer, options: PlainDoorOptions): void {
  let received = first
  const timer = setTimeout(() => socket.destroy(), options.timeoutMs)
  const take = () => {
    const end = received.indexOf('\r\n\r\n')
    if (end === -1 && received.length < MAX_PLAIN_HEAD) return false
    clearTimeout(timer)
    socket.removeListener('data', more)
    const request = end === -1 ? null : parseHead(received.subarray(0, end).toString('latin1'))
    respond(socket, request, options)
    return true
  }
  const more = (chunk: Buffer) => {
    received = Buffer.concat([received, chunk])
    take()
  }
  socket.once('close', () => clearTimeout(timer))
  if (!take()) {
    socket.on('data', more)
    socket.resume()
  }
}

function send(
  socket: Socket,
  status: string,
  headers: Record<string, string>,
  body: string,
  head: boolean,
): void {
  const bytes = Buffer.from(body, 'utf8')
  const lines = [
    `HTTP/1.1 ${status}`,
    ...Object.entries({
      ...headers,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      Connection: 'close',
    }).map(([name, value]) => `${name}: ${value}`),
  ]
  socket.end(
    Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), head ? Buffer.alloc(0) : bytes]),
  )
}

function respond(socket: Socket, request: PlainRequest | null, options: PlainDoorOptions): void {
  if (request === null) {
    send(
      socket,
      '400 Bad Request',
      { 'Content-Type': 'text/plain; charset=utf-8' },
      'Bad request.\n',
      false,
    )
    return
  }
  // The HTTPS side's rule (http/api-headers.ts): a name not of this server is refused first.
  if (request.host !== null && !options.hosts.allows(request.host)) {
    send(
      socket,
      '421 Misdirected Request',
      { 'Content-Type': 'text/plain; charset=utf-8' },
      `${foreignHostMessage(shownName(request.host))}\n`,
      request.method === 'HEAD',
    )
    return
  }
  const origin = httpsOrigin(socket, request.host)
  const path = /^\/[\x21-\x7e]*$/.test(request.path) ? request.path : '/'
  const head = request.method === 'HEAD'
  if (request.method !== 'GET' && !head) {
    // The body (a password, perhaps) already crossed the network in clear; it is not read.
    const message = `This server only answers over HTTPS: use ${origin}. Nothing sent in plain text was used.`
    send(
      socket,
      '403 Forbidden',
      { 'Content-Type': 'application/json; charset=utf-8' },
      JSON.stringify({ errors: [message], code: 'HTTPS_REQUIRED' }),
      false,
    )
    return
  }
  if (path === JOIN_PAGE_PATH || path.startsWith(`${JOIN_PAGE_PATH}?`)) {
    send(
      socket,
      '200 OK',
      {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy':
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      },
      joinPage(origin, fingerprintCode(options.fingerprint)),
      head,
    )
    return
  }
  send(
    socket,
    '301 Moved Permanently',
    { Location: `${origin}${path}`, 'Content-Type': 'text/plain; charset=utf-8' },
    `This server speaks HTTPS: ${origin}${path}\n`,
    head,
  )
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The one page a browser gets before the certificate warning. Its code comes over plain HTTP,
 * so it tells people to compare the browser's certificate with the host's screen, not with it.
 */
export function joinPage(origin: string, code: string): string {
  const link = escapeHtml(`${origin}/`)
  const groups = code.split('-').map(escapeHtml).join(' ')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Join a Gamerstage server</title>
<style>
body{font:17px/1.5 system-ui,sans-serif;max-width:34rem;margin:0 auto;padding:1.5rem;color:#1b1c2e;background:#f6f6fb}
h1{font-size:1.4rem}ol{padding-left:1.3rem}li{margin:.5rem 0}
.code{display:block;width:max-content;max-width:100%;margin:.4rem 0;font:700 1.3rem/1.4 ui-monospace,monospace;letter-spacing:.06em;white-space:nowrap;background:#e6e4f4;color:#1b1c2e;padding:.2rem .6rem;border-radius:.4rem}
.go{display:inline-block;margin-top:.5rem;padding:.7rem 1.2rem;border-radius:.6rem;background:#5b3fd6;color:#fff;text-decoration:none;font-weight:600;overflow-wrap:anywhere}
@media (prefers-color-scheme:dark){body{color:#eceaf7;background:#0f1020}.code{background:#24254a;color:#eceaf7}}
</style>
</head>
<body>
<h1>Join this Gamerstage server</h1>
<p>This server encrypts everything you send with a certificate it made itself. No company vouches
for it, so your browser will warn that the connection is “not private”. That is expected here;
what matters is that the certificate is really your host’s.</p>
<ol>
<li>Open the link below. On the warning, open the certificate details (Chrome and Edge: tap
“Not secure” or “Advanced”; Safari: “Show Details”; Firefox: “Advanced”, then “View
Certificate”).</li>
<li>Its SHA-256 fingerprint must start with the code shown on the host’s screen, under the QR
code. This server says its code is <code class="code">${groups}</code> but check it against the
host’s screen: this page came unencrypted.</li>
<li>Only if they match, continue to the site (“Proceed” or “Accept the risk”). If they do not,
stop and tell the host.</li>
</ol>
<p><a class="go" href="${link}">Continue to ${link}</a></p>
</body>
</html>
`
}
