import { networkInterfaces } from 'node:os'

/**
 * The addresses friends on the LAN can reach a server on, e.g. `http://192.168.1.20:4567`:
 * every non-internal IPv4 address of this machine.
 */
export function lanAddresses(port: number, interfaces = networkInterfaces()): string[] {
  return Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => `http://${entry.address}:${port}`)
}
