/**
 * What the server command prints once it listens: how the connection is encrypted, and what it
 * did for each `--admin` name.
 */
import { isLoopback, type RunningServer } from '../server'
import type { HostAccount } from '../services/writes/hosting'
import { fingerprintCode } from '../../shared/fingerprint-code'

/**
 * What the host needs to know of the encryption: the code friends compare (docs/security.md),
 * or what plain HTTP on the LAN costs.
 */
export function describeEncryption(server: Pick<RunningServer, 'host' | 'fingerprint'>): string[] {
  if (server.fingerprint !== null) {
    return [
      `Certificate code: ${fingerprintCode(server.fingerprint)} (friends compare it when they join by address)`,
      `SHA-256 fingerprint: ${server.fingerprint}`,
    ]
  }
  if (isLoopback(server.host)) return []
  return [
    'Warning: --plain-http: nothing is encrypted. Anyone on this network can read passwords and sign-in tokens and act as the people who use them.',
  ]
}

/** What the server did for one `--admin` name; a new account's password is shown here only. */
export function describeHost(host: HostAccount): string {
  if (host.oneTimePassword === undefined) return `Host: ${host.username} (existing account)`
  return (
    `Host: ${host.username} (created account ${host.username} with one-time password ` +
    `${host.oneTimePassword}: shown only now; sign in with it and choose your own password)`
  )
}
