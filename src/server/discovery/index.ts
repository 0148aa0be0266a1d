/**
 * Servers found on the LAN (docs/API.md and docs/hosting.md, "LAN party, step by step"): the one module the headless
 * server (`--advertise`) and the desktop app's Host for LAN call.
 */
import { lanAddresses } from './lan-addresses'
import { APP_VERSION } from '../version'
import { advertiseServer, type Advertisement } from './advertiser'
import { browseServers, type Browser, type FoundServer } from './browser'
import { defaultServerName } from './records'
import { multicastTransport, type MdnsTransport } from './transport'

export type { Advertisement, Browser, FoundServer, MdnsTransport }
export { defaultServerName }

export interface LanAdvertiserOptions {
  /** e.g. "player1's Gamerstage" (see defaultServerName). */
  name: string
  port: number
  version?: string
  /** The real network unless given (tests pass an in-memory transport). */
  transport?: MdnsTransport
  /** Addresses to announce (default: this computer's LAN IPv4 addresses). */
  addresses?: string[]
  /** The SHA-256 fingerprint of its certificate, when it speaks HTTPS (TXT `fp=`). */
  fingerprint?: string | null
}

/** Starts advertising a server on the LAN; `stop()` says goodbye and closes the socket. */
export function startLanAdvertiser(options: LanAdvertiserOptions): Advertisement {
  const transport = options.transport ?? multicastTransport()
  const addresses =
    options.addresses ?? lanAddresses(options.port).map((url) => new URL(url).hostname)
  const advertisement = advertiseServer({
    transport,
    name: options.name,
    port: options.port,
    version: options.version ?? APP_VERSION,
    addresses,
    fingerprint: options.fingerprint ?? null,
  })
  return {
    stop() {
      advertisement.stop()
      // The goodbye is sent asynchronously: close once it had its chance to go out.
      if (!options.transport) setTimeout(() => transport.destroy(), 100).unref()
    },
  }
}

export interface LanBrowserOptions {
  onChange?: (servers: FoundServer[]) => void
  /** Told when the real network's socket fails (not used with `transport`). */
  onError?: (error: Error) => void
  transport?: MdnsTransport
  queryEveryMs?: number
  /** Lists senders on loopback too: a test in a loopback-only network namespace only. */
  acceptLoopback?: boolean
}

/** Starts listing the Gamerstage servers on the LAN; `stop()` closes the socket. */
export function startLanBrowser(options: LanBrowserOptions = {}): Browser {
  const transport = options.transport ?? multicastTransport({ onError: options.onError })
  const browser = browseServers({ ...options, transport })
  return {
    ...browser,
    stop() {
      browser.stop()
      if (!options.transport) transport.destroy()
    },
  }
}
