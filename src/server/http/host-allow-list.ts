import { hostname, networkInterfaces } from 'node:os'

/**
 * The names a Host header may carry (docs/security.md): loopback names and addresses, every
 * address of this machine's network interfaces, its own host name, and whatever the host adds
 * with `--allow-host`. Anything else is a DNS-rebinding attempt or a misdirected request.
 */
export interface HostAllowList {
  /** True when `hostHeader` (e.g. `192.168.1.20:4567`, `[::1]:4567`) names this server. */
  allows(hostHeader: string): boolean
}

/** `Example.com.:80` → `example.com`, `[::1]:4567` → `::1`. */
export function hostnameOf(hostHeader: string): string {
  let host = hostHeader.trim().toLowerCase()
  if (host.startsWith('[')) {
    const end = host.indexOf(']')
    host = end === -1 ? host.slice(1) : host.slice(1, end)
  } else {
    const colon = host.indexOf(':')
    // More than one colon is a bare IPv6 address (not valid in a Host header, but harmless).
    if (colon !== -1 && host.indexOf(':', colon + 1) === -1) host = host.slice(0, colon)
  }
  return host.endsWith('.') ? host.slice(0, -1) : host
}

/** Names and addresses only this computer can reach. */
export function isLoopbackName(name: string): boolean {
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  )
}

type Interfaces = typeof networkInterfaces

/** The machine's own addresses, without IPv6 zone ids (`fe80::1%eth0` → `fe80::1`). */
function interfaceAddresses(interfaces: Interfaces): Set<string> {
  const addresses = new Set<string>()
  for (const entries of Object.values(interfaces())) {
    for (const entry of entries ?? [])
      addresses.add(entry.address.replace(/%.*$/, '').toLowerCase())
  }
  return addresses
}

/** A LAN address changes (DHCP, a new Wi-Fi): an unknown Host re-reads them at most this often. */
const INTERFACE_REFRESH_MS = 5000

export function createHostAllowList(
  extraNames: readonly string[] = [],
  options: { interfaces?: Interfaces; now?: () => number } = {},
): HostAllowList {
  const interfaces = options.interfaces ?? networkInterfaces
  const now = options.now ?? Date.now
  const machine = hostname().toLowerCase()
  const fixed = new Set([machine, `${machine}.local`, ...extraNames.map(hostnameOf)])
  let addresses = interfaceAddresses(interfaces)
  let readAt = now()
  // Hosts seen to be fine: the common case is one or two names, checked once per request.
  const known = new Set<string>()

  return {
    allows(hostHeader) {
      if (known.has(hostHeader)) return true
      const name = hostnameOf(hostHeader)
      let ok = isLoopbackName(name) || fixed.has(name) || addresses.has(name)
      if (!ok && now() - readAt > INTERFACE_REFRESH_MS) {
        addresses = interfaceAddresses(interfaces)
        readAt = now()
        ok = addresses.has(name)
      }
      // Bounded: only names that passed are remembered, and there are few of them.
      if (ok && known.size < 64) known.add(hostHeader)
      return ok
    },
  }
}
