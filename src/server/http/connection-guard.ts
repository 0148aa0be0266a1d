/**
 * What one client address may hold of a listener, before any byte of HTTP or TLS is read
 * (docs/security.md), so that no one computer can hold it for everyone else. Two rules, on every
 * listener (plain HTTP, and HTTPS with its plain door):
 *
 * - **Connections per address** (`--max-connections-per-address`, half of `--max-connections`
 *   by default): one more from an address that holds its share is closed as soon as it is
 *   accepted, while those it holds go on. Without it, 520 idle sockets from one computer held all
 *   512 places for 12 s while a friend's request timed out. The address is the socket's own peer,
 *   never a header: a `--trust-proxy` proxy carries everyone's connections, so its own address is
 *   not capped (the proxy limits its clients; the total cap still holds).
 * - **First byte** (`--first-byte-timeout`, 5 s): a connection that has sent nothing by then is
 *   closed. A real client speaks at once: a browser sends its request or its TLS ClientHello in
 *   the first packet after connecting. Before, a silent socket was held for the 10 s headers
 *   timeout, and reopened at once.
 *
 * The count is kept in a map of addresses with open sockets only, so it stays as small as the
 * connections themselves.
 */
import type { Server, Socket } from 'node:net'
import { plainAddress } from './client-address'

export interface ConnectionGuardOptions {
  /** Open sockets per remote address at most. */
  maxPerAddress: number
  /** Time a new socket has to send its first byte. */
  firstByteTimeoutMs: number
  /** Remote addresses the per-address cap does not apply to (trusted reverse proxies). */
  uncapped?: Iterable<string>
}

/**
 * Puts the guard in front of `server`'s own connection handling (HTTP's, TLS's, or the plain
 * door's): call it after those are set up, before the server accepts its first connection.
 */
export function guardConnections(server: Server, options: ConnectionGuardOptions): void {
  const inner = server.listeners('connection') as ((socket: Socket) => void)[]
  server.removeAllListeners('connection')
  const uncapped = new Set([...(options.uncapped ?? [])].map(plainAddress))
  const open = new Map<string, number>()

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress === undefined ? null : plainAddress(socket.remoteAddress)
    // No address: the peer is already gone (reset before it was accepted).
    if (address === null) {
      socket.destroy()
      return
    }
    const count = open.get(address) ?? 0
    if (count >= options.maxPerAddress && !uncapped.has(address)) {
      socket.destroy()
      return
    }
    open.set(address, count + 1)
    // bytesRead counts what the socket received even once HTTP's parser reads it directly.
    // Looked at after one turn of I/O (setImmediate runs after the poll phase): a loop that was
    // busy past the timeout (thousands connecting at once) runs its timers before it
    // reads what arrived meanwhile, and would cut clients whose first bytes wait unread.
    const silent = setTimeout(
      () =>
        setImmediate(() => {
          if (socket.bytesRead === 0) socket.destroy()
        }),
      options.firstByteTimeoutMs,
    )
    socket.once('close', () => {
      clearTimeout(silent)
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
    for (const listener of inner) listener.call(server, socket)
  })
}
