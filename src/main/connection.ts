import type { Connection, ConnectionTarget, ServerCheck } from '../shared/bridge'
import { fingerprintCode } from '../shared/fingerprint-code'
import { ConnectionError, probeServer, type ServerIdentity } from './server-probe'

export { ConnectionError }

/**
 * Turns what a person typed ("192.168.1.20:4567", "http://host:4567/home") into a server origin
 * (`http://192.168.1.20:4567`), or throws a ConnectionError saying what is wrong with it. A
 * server that speaks HTTPS is found at its https:// origin when it is checked (server-probe.ts).
 */
export function normalizeServerUrl(input: string): string {
  const typed = input.trim()
  if (!typed)
    throw new ConnectionError('Enter the address of the server, e.g. https://192.168.1.20:4567.')
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `http://${typed}`)
  } catch {
    throw new ConnectionError(
      `"${typed}" is not a server address. Try something like https://192.168.1.20:4567.`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConnectionError('The address must start with http:// or https://.')
  }
  if (url.username || url.password) {
    throw new ConnectionError('The address must not contain a user name or password.')
  }
  return url.origin
}

/**
 * Checks that a Gamerstage server answers at `origin` (its `/api/meta`), within `timeoutMs`.
 * Throws a ConnectionError with a clear reason when it does not.
 */
export async function checkServer(origin: string, timeoutMs = 5000): Promise<ServerIdentity> {
  return probeServer(origin, timeoutMs)
}

/**
 * The certificates this app trusts, by server (`host:port`): each pinned when the server was
 * first joined (docs/security.md). The settings file keeps them.
 */
export interface PinStore {
  get(hostAndPort: string): string | undefined
  set(hostAndPort: string, fingerprint: string): void
  delete(hostAndPort: string): void
}

/** Pins kept in memory only (tests; the app keeps them in its settings). */
export function memoryPins(initial: Record<string, string> = {}): PinStore {
  const pins = new Map(Object.entries(initial))
  return {
    get: (key) => pins.get(key),
    set: (key, value) => void pins.set(key, value),
    delete: (key) => void pins.delete(key),
  }
}

/** `192.168.1.20:4567`: what a pin is kept under, the same for http:// and https://. */
export const pinKey = (origin: string) => {
  const url = new URL(origin)
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`
}

/** How far a server's identity is trusted, against the pins (see ServerTrust). */
export function judge(identity: ServerIdentity, pinned: string | undefined): ServerCheck {
  const code = identity.fingerprint && fingerprintCode(identity.fingerprint)
  const pinnedCode = pinned ? fingerprintCode(pinned) : null
  const trust =
    identity.fingerprint === null
      ? pinned
        ? 'changed'
        : 'plain'
      : identity.authorized
        ? 'authority'
        : pinned === undefined
          ? 'new'
          : pinned === identity.fingerprint
            ? 'pinned'
            : 'changed'
  return { origin: identity.origin, trust, fingerprint: identity.fingerprint, code, pinnedCode }
}

/** Why joining stopped at the certificate, in words for the person (docs/security.md). */
function refusal(check: ServerCheck, target: { fingerprint?: string }): ConnectionError {
  if (check.trust === 'changed') {
    return new ConnectionError(
      check.fingerprint === null
        ? `${check.origin} no longer encrypts its connections, though it did when you joined it. Someone on the network may be pretending to be it. Ask the host before you trust it again.`
        : `The certificate of ${check.origin} changed: it shows ${check.code}, but you trusted ${check.pinnedCode}. Someone on the network may be pretending to be it. Ask the host whether they replaced it before you trust it again.`,
    )
  }
  if (target.fingerprint !== undefined) {
    return new ConnectionError(
      `${check.origin} shows a certificate (${check.code}) other than the one it announced on your network or you were about to trust. Ask the host for the code on their Server page.`,
    )
  }
  return new ConnectionError(
    `Compare the code ${check.code} with the one on the host's Server page before you join ${check.origin}.`,
  )
}

/**
 * Where the renderer's API calls go. Remote addresses are checked before they are taken, and an
 * HTTPS server's certificate is pinned (docs/security.md); every change is reported to the
 * subscribers (the window, which then shows the new server's login).
 */
export class ConnectionManager {
  private readonly listeners = new Set<(connection: Connection) => void>()
  /** Counts set() calls: a slow check that a newer choice overtook must not win. */
  private latest = 0
  private target: ConnectionTarget

  constructor(
    saved: ConnectionTarget,
    private readonly embeddedUrl: () => string,
    private readonly persist: (target: ConnectionTarget) => void,
    /** Probes a server; undefined stands for a plain-HTTP server at the origin (tests). */
    private readonly check: (origin: string) => Promise<ServerIdentity | undefined> = checkServer,
    private readonly pins: PinStore = memoryPins(),
  ) {
    this.target = this.sanitize(saved)
  }

  /**
   * A saved remote address that is no longer a valid one falls back to this computer. An
   * https:// one without a pin stays: it is a server a certificate authority vouches for, and
   * Chromium checks it as any site (certificate-pinning.ts grants it nothing).
   */
  private sanitize(saved: ConnectionTarget): ConnectionTarget {
    if (saved.kind !== 'remote') return saved
    try {
      return { kind: 'remote', url: normalizeServerUrl(saved.url) }
    } catch {
      return { kind: 'embedded' }
    }
  }

  get(): Connection {
    return this.target.kind === 'remote'
      ? { kind: 'remote', baseUrl: this.target.url }
      : { kind: 'embedded', baseUrl: this.embeddedUrl() }
  }

  /**
   * The friend's server in use and the certificate pinned for it, or null while the app uses
   * its own server (or a friend's on plain HTTP): what the window's certificate check enforces.
   */
  pinnedRemote(): { origin: string; fingerprint: string } | null {
    if (this.target.kind !== 'remote' || !this.target.url.startsWith('https:')) return null
    const fingerprint = this.pins.get(pinKey(this.target.url))
    return fingerprint === undefined ? null : { origin: this.target.url, fingerprint }
  }

  /** Checks a server the person may join, without joining it (the bridge's checkServer). */
  async inspect(url: string): Promise<ServerCheck> {
    const typed = normalizeServerUrl(url)
    const identity = (await this.check(typed)) ?? {
      origin: typed,
      fingerprint: null,
      authorized: false,
    }
    return judge(identity, this.pins.get(pinKey(identity.origin)))
  }

  async set(target: ConnectionTarget): Promise<Connection> {
    const ticket = ++this.latest
    let next: ConnectionTarget = { kind: 'embedded' }
    let pin: (() => void) | null = null
    if (target.kind === 'remote') {
      const check = await this.inspect(target.url)
      const key = pinKey(check.origin)
      const wanted = target.fingerprint?.toLowerCase()
      if (check.trust === 'changed' || check.trust === 'new') {
        const accepted =
          wanted !== undefined &&
          wanted === check.fingerprint &&
          (check.trust === 'new' || target.retrust === true)
        // A server that stopped encrypting is only taken back when the person says so.
        const downgradeAccepted = check.fingerprint === null && target.retrust === true
        if (!accepted && !downgradeAccepted) throw refusal(check, target)
        pin = () =>
          check.fingerprint === null ? this.pins.delete(key) : this.pins.set(key, check.fingerprint)
      } else if (
        wanted !== undefined &&
        check.fingerprint !== null &&
        wanted !== check.fingerprint
      ) {
        // It announced one certificate on the LAN and shows another: something is wrong.
        throw refusal({ ...check, trust: 'new' }, target)
      }
      next = { kind: 'remote', url: check.origin }
    }
    if (ticket !== this.latest) {
      throw new ConnectionError('Another server was chosen meanwhile; that choice stands.')
    }
    pin?.()
    this.target = next
    this.persist(next)
    const connection = this.get()
    for (const listener of this.listeners) listener(connection)
    return connection
  }

  subscribe(listener: (connection: Connection) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
