/**
 * Publishes a Gamerstage server on the LAN with DNS-SD (`_gamerstage._tcp`): answers queries for
 * the service, announces itself when it starts and says goodbye (TTL 0) when it stops.
 */
import type { Answer } from 'dns-packet'
import { hostname } from 'node:os'
import { instanceName, RECORD_TTL, SERVICE_TYPE } from './records'
import type { MdnsPacket, MdnsTransport } from './transport'

export interface AdvertiseOptions {
  transport: MdnsTransport
  /** Shown in the list of found servers, e.g. "player1's Gamerstage". */
  name: string
  port: number
  version: string
  /** IPv4 addresses to announce; without any the browser uses the packet's source address. */
  addresses: string[]
  /** The `.local` host name of the SRV record (default: this computer's name). */
  host?: string
  /**
   * The SHA-256 fingerprint (64 hex digits) of the certificate it speaks HTTPS with, or null
   * over plain HTTP. Announced as TXT `fp=`: apps that join from the list pin it.
   */
  fingerprint?: string | null
}

export interface Advertisement {
  /** Says goodbye on the LAN and stops answering. */
  stop(): void
}

/** How long after the first announcement the second goes out (RFC 6762 section 8.3). */
const REANNOUNCE_MS = 1000

export function advertiseServer(options: AdvertiseOptions): Advertisement {
  const { transport } = options
  const instance = instanceName(options.name)
  const target = `${(options.host ?? hostname()).replace(/[^A-Za-z0-9-]/g, '-') || 'gamerstage'}.local`

  const records = (ttl: number): Answer[] => [
    { name: SERVICE_TYPE, type: 'PTR', ttl, data: instance },
    { name: instance, type: 'SRV', ttl, data: { port: options.port, target } },
    {
      name: instance,
      type: 'TXT',
      ttl,
      data: [
        `version=${options.version}`,
        'path=/',
        ...(options.fingerprint ? [`fp=${options.fingerprint}`] : []),
      ],
    },
    ...options.addresses.map((address): Answer => ({
      name: target,
      type: 'A',
      ttl,
      data: address,
    })),
  ]

  const asksForUs = (packet: MdnsPacket) =>
    (packet.questions ?? []).some((question) => {
      const name = question.name.toLowerCase()
      return (
        name === SERVICE_TYPE ||
        name === instance.toLowerCase() ||
        (question.type === 'A' && name === target.toLowerCase())
      )
    })

  const announce = () => {
    const [pointer, ...rest] = records(RECORD_TTL)
    if (pointer) transport.respond({ answers: [pointer], additionals: rest })
  }
  const onQuery = (packet: MdnsPacket) => {
    if (!stopped && asksForUs(packet)) announce()
  }

  let stopped = false
  transport.on('query', onQuery)
  announce()
  const again = setTimeout(announce, REANNOUNCE_MS)
  again.unref()

  return {
    stop() {
      if (stopped) return
      stopped = true
      clearTimeout(again)
      transport.respond({ answers: records(0) })
    },
  }
}
