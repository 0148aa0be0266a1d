/**
 * Which senders LAN discovery listens to (docs/security.md): a server is listed at the address
 * its announcement came from, so that address must be one a friend's computer on the same
 * network could have. Private IPv4 ranges (RFC 1918) and link-local (169.254/16, a LAN party
 * without a router) pass; loopback does not (a packet "from" 127.0.0.1 would point the list at
 * this very computer), nor public, multicast or malformed addresses.
 */
import { isIPv4 } from 'node:net'

/** `::ffff:192.168.1.20` (an IPv4 address on a dual-stack socket) read as `192.168.1.20`. */
export function plainIPv4(address: string): string | null {
  const bare = address.toLowerCase().replace(/^::ffff:/, '')
  return isIPv4(bare) ? bare : null
}

export function isLoopback(address: string): boolean {
  return plainIPv4(address)?.startsWith('127.') ?? false
}

/** True for an IPv4 address in a private or link-local range. */
export function isPrivateLanAddress(address: string): boolean {
  const ip = plainIPv4(address)
  if (ip === null) return false
  const [a = -1, b = -1] = ip.split('.').map(Number)
  return (
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  )
}
