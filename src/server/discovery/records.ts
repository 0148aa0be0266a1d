/** The DNS-SD names and records of a Gamerstage server (RFC 6763). */

export const SERVICE_TYPE = '_gamerstage._tcp.local'
/** Seconds a found server stays listed without being heard of again. */
export const RECORD_TTL = 120

/** A DNS label is at most 63 bytes: a long name is cut at a character boundary. */
export function instanceLabel(name: string): string {
  let label = name.replace(/\./g, ' ').trim() || 'Gamerstage'
  while (Buffer.byteLength(label) > 63) label = [...label].slice(0, -1).join('')
  return label
}

export const instanceName = (name: string) => `${instanceLabel(name)}.${SERVICE_TYPE}`

/** "player1's Gamerstage": what the host's own user is called, or the computer's name. */
export function defaultServerName(owner: string): string {
  return `${owner}'s Gamerstage`
}
