/**
 * The desktop app's side of servers found on the LAN (docs/hosting.md, "LAN party, step by step"): it
 * announces this computer's server while Host for LAN is on, and looks for the others while the
 * app's window asks for them. The multicast itself is src/server/discovery's; index.ts hands it
 * in, so this logic runs in tests on an in-memory transport.
 */
import { hostname } from 'node:os'
import type { Advertisement, Browser, FoundServer } from '../server/discovery'
import { defaultServerName } from '../server/discovery'
import type { LanServer, LanServerList } from '../shared/bridge'
import { fingerprintCode } from '../shared/fingerprint-code'
import { nameSkeleton } from '../shared/look-alike'
import { stripInvisible } from '../shared/text'

/**
 * At most this many servers go to the window: anything on the LAN can answer, and a device that
 * announces thousands must not flood the list or the IPC channel.
 */
export const MAX_LISTED_SERVERS = 50

/** Shown for a server whose name is nothing but invisible characters. */
export const UNNAMED_SERVER = 'Unnamed server'

export interface LanDiscoveryDeps {
  /** Starts announcing a server (startLanAdvertiser). */
  advertise(options: {
    name: string
    port: number
    version: string
    fingerprint: string | null
  }): Advertisement
  /** Starts listing the servers on the LAN (startLanBrowser). */
  browse(options: {
    onChange: (servers: FoundServer[]) => void
    onError: (error: Error) => void
  }): Browser
  /** The name to announce, asked each time hosting is (re)checked: see advertisedName. */
  serverName(): string
  version: string
  /** Sends the list to the app's window (only called while it watches). */
  publish(list: LanServerList): void
  /** Where a failure that changes nothing for the person goes (default: the console). */
  warn?(message: string): void
  /** True for a certificate this app trusted before (its rows say "Joined before"). */
  isTrusted?(fingerprint: string): boolean
}

/** What `host` needs of the LAN sharing status (LanSharingStatus has it). */
export interface Hosting {
  enabled: boolean
  port: number
  /** The share's certificate fingerprint (announced as TXT `fp=`), null over plain HTTP. */
  fingerprint?: string | null
  /** This computer's own addresses while it shares: its own server is not listed to it. */
  addresses: string[]
}

/**
 * "player1's Gamerstage" after the account that owns this computer's server (the one signed in
 * here: docs/features.md, "Sessions, accounts and moderation"), or after the computer ("gaming-pc's Gamerstage", without a
 * `.local` or domain part) until someone has signed in.
 */
export function advertisedName(owner: string | null, computer: string = hostname()): string {
  const name = owner?.trim() || computer.split('.')[0]?.trim() || 'Gamerstage'
  return defaultServerName(name)
}

const cleanText = (text: string) => stripInvisible(text).replace(/\s+/g, ' ').trim()

/**
 * What the window shows of the servers found: names and versions are cleaned, never trusted.
 * Servers whose names look alike (look-alike.ts) are put next to each other, the one heard of
 * first ahead, and each is marked, so a stranger copying a friend's name stands out; every
 * encrypted one shows its code.
 */
function toLanServers(
  found: FoundServer[],
  isTrusted: (fingerprint: string) => boolean,
): LanServer[] {
  const rows = found.map((server) => {
    const name = cleanText(server.name) || UNNAMED_SERVER
    return { server, name, skeleton: nameSkeleton(name) }
  })
  const firstOfName = new Map<string, number>()
  const counts = new Map<string, number>()
  for (const { skeleton, server } of rows) {
    counts.set(skeleton, (counts.get(skeleton) ?? 0) + 1)
    firstOfName.set(skeleton, Math.min(firstOfName.get(skeleton) ?? Infinity, server.seen))
  }
  return rows
    .sort(
      (a, b) =>
        a.skeleton.localeCompare(b.skeleton) ||
        a.server.seen - b.server.seen ||
        a.server.url.localeCompare(b.server.url),
    )
    .map(({ server, name, skeleton }) => ({
      name,
      url: server.url,
      version: cleanText(server.version),
      fingerprint: server.fingerprint,
      code: server.fingerprint ? fingerprintCode(server.fingerprint) : null,
      sameName:
        (counts.get(skeleton) ?? 0) < 2
          ? null
          : firstOfName.get(skeleton) === server.seen
            ? 'first'
            : 'later',
      known: server.fingerprint !== null && isTrusted(server.fingerprint),
    }))
}

export class LanDiscovery {
  private advertisement: {
    stop(): void
    name: string
    port: number
    fingerprint: string | null
  } | null = null
  private browser: Browser | null = null
  private found: FoundServer[] = []
  private problem: string | null = null
  private ownUrls = new Set<string>()
  private closed = false
  /** Counts the browsers started: news from one already stopped is ignored. */
  private generation = 0

  constructor(private readonly deps: LanDiscoveryDeps) {}

  private warn(message: string): void {
    if (this.deps.warn) this.deps.warn(message)
    else console.warn(message)
  }

  /**
   * Follows Host for LAN: announces the server while sharing is on (again when its name or port
   * changed: the old name says goodbye first) and stops when sharing stops. Safe to call as
   * often as the status is read. Announcing is a convenience: when it fails, hosting goes on and
   * friends can still type the address.
   */
  host(status: Hosting): void {
    if (this.closed) return
    const ownUrls = new Set(status.enabled ? status.addresses : [])
    const ownChanged =
      ownUrls.size !== this.ownUrls.size || [...ownUrls].some((url) => !this.ownUrls.has(url))
    this.ownUrls = ownUrls

    const name = status.enabled ? this.deps.serverName() : null
    const current = this.advertisement
    const fingerprint = status.enabled ? (status.fingerprint ?? null) : null
    if (
      current &&
      (name !== current.name || status.port !== current.port || fingerprint !== current.fingerprint)
    ) {
      this.advertisement = null
      current.stop()
    }
    if (name !== null && !this.advertisement) {
      try {
        const started = this.deps.advertise({
          name,
          port: status.port,
          version: this.deps.version,
          fingerprint,
        })
        this.advertisement = {
          stop: () => started.stop(),
          name,
          port: status.port,
          fingerprint,
        }
      } catch (error) {
        this.warn(`LAN discovery: could not announce the server: ${(error as Error).message}`)
      }
    }
    if (ownChanged && this.browser) this.deps.publish(this.list())
  }

  /** The name this computer's server is announced under, or null while it is not. */
  get advertisedAs(): string | null {
    return this.advertisement?.name ?? null
  }

  /** Starts looking (once, however often the window asks) and answers the list so far. */
  watch(): LanServerList {
    if (this.closed || this.browser) return this.list()
    this.problem = null
    const generation = ++this.generation
    // The browser may answer while it starts, before `this.browser` is set: watch() returns that.
    const news = (change: () => void) => {
      if (generation !== this.generation) return
      change()
      if (this.browser) this.deps.publish(this.list())
    }
    try {
      this.browser = this.deps.browse({
        onChange: (servers) => news(() => (this.found = servers)),
        onError: (error) =>
          news(
            () => (this.problem = `Could not look for servers on your network (${error.message}).`),
          ),
      })
      this.found = this.browser.servers()
    } catch (error) {
      this.problem = `Could not look for servers on your network (${(error as Error).message}).`
    }
    return this.list()
  }

  /** Stops looking; the window's next watch starts afresh. */
  unwatch(): void {
    const browser = this.browser
    this.generation++
    this.browser = null
    this.found = []
    this.problem = null
    browser?.stop()
  }

  get watching(): boolean {
    return this.browser !== null
  }

  /** The servers found, without this computer's own, cleaned, marked and capped. */
  list(): LanServerList {
    const others = this.found.filter((server) => !this.ownUrls.has(server.url))
    const servers = toLanServers(others, this.deps.isTrusted ?? (() => false)).slice(
      0,
      MAX_LISTED_SERVERS,
    )
    return { servers, problem: this.problem }
  }

  /**
   * What the LAN announced for the server at `origin`, if it is listed now: the name it uses
   * and the certificate it announced. ConnectionManager asks this itself rather than taking
   * the window's word for what was clicked.
   */
  announced(origin: string): { name: string; fingerprint: string | null } | null {
    const listed = this.list().servers.find((server) => server.url === origin)
    return listed ? { name: listed.name, fingerprint: listed.fingerprint } : null
  }

  /** When the app quits: the announcement says goodbye, looking stops. */
  close(): void {
    this.closed = true
    this.unwatch()
    const current = this.advertisement
    this.advertisement = null
    current?.stop()
  }
}
