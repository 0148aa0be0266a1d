/**
 * The part of multicast-dns that LAN discovery uses. The real one sends on the network; tests
 * use an in-memory one (they must never multicast onto this machine's network).
 */
import type { Answer, Question } from 'dns-packet'
import { createRequire } from 'node:module'
import type MulticastDns from 'multicast-dns'
import { log } from '../observability/log'

export interface MdnsPacket {
  questions?: Question[]
  answers?: Answer[]
  additionals?: Answer[]
}

/** Where a packet came from: the browser falls back on it when a server sends no A record. */
export interface PacketSource {
  address: string
}

export interface MdnsTransport {
  on(
    event: 'query' | 'response',
    listener: (packet: MdnsPacket, source: PacketSource) => void,
  ): unknown
  query(packet: { questions: Question[] }): void
  respond(packet: { answers: Answer[]; additionals?: Answer[] }): void
  destroy(): void
}

export interface MulticastOptions {
  /**
   * The address of the interface to send and receive on (e.g. `127.0.0.1` in a test's own
   * network namespace); every interface when not given.
   */
  interfaceAddress?: string
  /** Told when the socket fails (e.g. port 5353 refused); logged when not given. */
  onError?: (error: Error) => void
}

/** mDNS on the real network (UDP port 5353, group 224.0.0.251), through multicast-dns. */
export function multicastTransport(options: MulticastOptions = {}): MdnsTransport {
  // Bound to every address: Linux delivers multicast only to sockets bound to the wildcard (or
  // the group), never to one bound to the interface's own address.
  // Required here, not imported at the top: only a server that announces itself or a browsing
  // desktop app opens the socket, and the others need not load it.
  const multicastDns = createRequire(import.meta.url)('multicast-dns') as typeof MulticastDns
  const mdns = multicastDns(
    options.interfaceAddress ? { interface: options.interfaceAddress, bind: '0.0.0.0' } : {},
  )
  // A malformed packet from someone else on the LAN is theirs to fix, not ours to crash on.
  mdns.on('warning', () => undefined)
  mdns.on('error', (error: Error) =>
    options.onError
      ? options.onError(error)
      : log().warn({ reason: error.message }, 'LAN discovery failed'),
  )
  return mdns
}
