/**
 * The friends' servers this app trusts (docs/security.md), kept by their identity: the
 * SHA-256 fingerprint of the certificate the person accepted when they first joined. With each
 * go the addresses it was joined at (`host:port`) and the name it was announced under on the
 * LAN, if any, so that a known name coming back with another certificate, or another
 * certificate at a known address, is a warning instead of a new server.
 */
import { nameSkeleton } from '../shared/look-alike'

export interface TrustedServer {
  /** 64 lowercase hex digits. */
  fingerprint: string
  /** `192.168.1.20:4567`: where it was joined, oldest first. */
  addresses: string[]
  /** The name it was announced under on the LAN when it was last joined, or null. */
  name: string | null
}

/** Addresses kept per server: a host whose address changes every party does not grow it forever. */
export const MAX_ADDRESSES = 8

export interface PinStore {
  /** The server that has this certificate, if it is trusted. */
  byFingerprint(fingerprint: string): TrustedServer | undefined
  /** The trusted server last joined at this `host:port`, if any. */
  atAddress(hostAndPort: string): TrustedServer | undefined
  /** The trusted servers announced under this name or one that looks like it. */
  named(name: string): TrustedServer[]
  /**
   * Trusts a certificate (the person said so): the address now belongs to it and to no other
   * server, and its name is the one it was announced under (kept when null).
   */
  trust(fingerprint: string, hostAndPort: string, name: string | null): void
  /** The server at this address stopped encrypting and the person took it back: no pin there. */
  forgetAddress(hostAndPort: string): void
}

/** The whole record, as the settings file keeps it. */
export type TrustedServers = Record<string, Omit<TrustedServer, 'fingerprint'>>

/** A PinStore over a record that `read` answers and `write` replaces (the settings, or memory). */
export function pinStore(
  read: () => TrustedServers,
  write: (next: TrustedServers) => void,
): PinStore {
  const all = (): TrustedServer[] =>
    Object.entries(read()).map(([fingerprint, server]) => ({ fingerprint, ...server }))
  /** Takes the address from every server; one left with no address is trusted no more. */
  const withoutAddress = (servers: TrustedServers, hostAndPort: string): TrustedServers =>
    Object.fromEntries(
      Object.entries(servers).flatMap(([fingerprint, server]) => {
        const addresses = server.addresses.filter((address) => address !== hostAndPort)
        return addresses.length === 0 ? [] : [[fingerprint, { ...server, addresses }]]
      }),
    )
  return {
    byFingerprint: (fingerprint) => all().find((server) => server.fingerprint === fingerprint),
    atAddress: (hostAndPort) => all().find((server) => server.addresses.includes(hostAndPort)),
    named: (name) => {
      const skeleton = nameSkeleton(name)
      return all().filter(
        (server) => server.name !== null && nameSkeleton(server.name) === skeleton,
      )
    },
    trust: (fingerprint, hostAndPort, name) => {
      const before = read()
      // Read before the address is taken away: it may have been this server's only one.
      const current = before[fingerprint]
      const servers = withoutAddress(before, hostAndPort)
      const others = current?.addresses.filter((address) => address !== hostAndPort) ?? []
      servers[fingerprint] = {
        addresses: [...others, hostAndPort].slice(-MAX_ADDRESSES),
        name: name ?? current?.name ?? null,
      }
      write(servers)
    },
    forgetAddress: (hostAndPort) => write(withoutAddress(read(), hostAndPort)),
  }
}

/** Trusted servers kept in memory only (tests; the app keeps them in its settings). */
export function memoryPins(initial: TrustedServers = {}): PinStore {
  let servers = structuredClone(initial)
  return pinStore(
    () => structuredClone(servers),
    (next) => (servers = next),
  )
}

/**
 * The settings file of earlier versions kept one fingerprint per `host:port`
 * (`pinnedCertificates`): each becomes a trusted server with that address and no name.
 */
export function fromAddressPins(pins: Record<string, string>): TrustedServers {
  const servers: TrustedServers = {}
  for (const [hostAndPort, fingerprint] of Object.entries(pins)) {
    const current = servers[fingerprint] ?? { addresses: [], name: null }
    servers[fingerprint] = { ...current, addresses: [...current.addresses, hostAndPort] }
  }
  return servers
}
