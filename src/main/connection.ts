import type { Connection, ConnectionTarget, ServerCheck, ServerTrust } from '../shared/bridge'
import { fingerprintCode } from '../shared/fingerprint-code'
import { ConnectionError, probeServer, type ServerIdentity } from './server-probe'
import { memoryPins, type PinStore } from './trusted-servers'

export { ConnectionError, memoryPins, type PinStore }

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

/** `192.168.1.20:4567`: an origin's address, the same for http:// and https://. */
export const pinKey = (origin: string) => {
  const url = new URL(origin)
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`
}

/**
 * How far a server's identity is trusted (see ServerTrust). A trusted certificate is looked
 * for first, before anything a certificate authority says; then a trusted server at the same
 * address with another certificate; then a trusted server whose name this one uses.
 */
export function judge(
  identity: ServerIdentity,
  pins: PinStore,
  announcedName: string | null = null,
): ServerCheck {
  const { fingerprint } = identity
  const code = fingerprint && fingerprintCode(fingerprint)
  const known = fingerprint === null ? undefined : pins.byFingerprint(fingerprint)
  const atAddress = known ? undefined : pins.atAddress(pinKey(identity.origin))
  const namesake =
    known || atAddress || announcedName === null
      ? undefined
      : pins.named(announcedName).find((server) => server.fingerprint !== fingerprint)
  const measuredAgainst = atAddress ?? namesake
  const trust: ServerTrust = known
    ? 'pinned'
    : atAddress
      ? 'changed'
      : namesake
        ? 'name-taken'
        : fingerprint === null
          ? 'plain'
          : identity.authorized
            ? 'authority'
            : 'new'
  return {
    origin: identity.origin,
    trust,
    fingerprint,
    code,
    pinnedCode: measuredAgainst ? fingerprintCode(measuredAgainst.fingerprint) : null,
    name: announcedName,
    pinnedAddress: namesake ? (namesake.addresses.at(-1) ?? null) : null,
  }
}

/** The trust levels the person must confirm in the main process's dialog before joining. */
const NEEDS_CONFIRMATION: ReadonlySet<ServerTrust> = new Set(['new', 'changed', 'name-taken'])

/** Why joining stopped because the person said no, in words for them. */
function declined(check: ServerCheck): ConnectionError {
  return new ConnectionError(
    check.trust === 'new'
      ? `Not joined: you did not confirm the code of ${check.origin}.`
      : `Not joined: ${check.origin} is not the server you trusted before, and you did not trust it.`,
  )
}

/** It announced (or the window expected) one certificate and shows another. */
const notAnnounced = (check: ServerCheck) =>
  new ConnectionError(
    `${check.origin} shows a certificate (${check.code ?? 'none'}) other than the one it announced on your network. Someone may be pretending to be it; ask the host for the code on their Server page.`,
  )

/** What the connection is, as the settings keep it. */
export type SavedConnection =
  | { kind: 'embedded' }
  | {
      kind: 'remote'
      url: string
      /** The certificate the person trusted for it: the window accepts this one and no other. */
      fingerprint?: string
    }

/**
 * A server's identity for choices kept per server (game sharing): this computer's own, a
 * friend's by its trusted certificate (the same server at a new address stays the same), or
 * by its address when it has no pinned certificate.
 */
export function serverKey(saved: SavedConnection): string {
  if (saved.kind === 'embedded') return 'this-computer'
  return saved.fingerprint ? `certificate:${saved.fingerprint}` : `address:${saved.url}`
}

export interface ConnectionOptions {
  saved: SavedConnection
  embeddedUrl: () => string
  persist: (saved: SavedConnection) => void
  /** Probes a server; undefined stands for a plain-HTTP server at the origin (tests). */
  check?: (origin: string) => Promise<ServerIdentity | undefined>
  pins?: PinStore
  /**
   * Asks the person whether to trust a new or changed certificate, or a server using a known
   * name, in a dialog of the main process (trust-dialog.ts); resolves true only on their yes.
   * Nothing the window sends stands in for it. Without it, nothing new is ever trusted.
   */
  confirm?: (check: ServerCheck) => Promise<boolean>
  /** What the LAN announced for an origin (LanDiscovery.announced), or null. */
  announced?: (origin: string) => { name: string; fingerprint: string | null } | null
}

/**
 * Where the renderer's API calls go. Remote addresses are checked before they are taken, and an
 * HTTPS server's certificate is trusted only once the person confirmed it in the main process
 * (docs/security.md); every change is reported to the subscribers (the window, which then
 * shows the new server's login).
 */
export class ConnectionManager {
  private readonly listeners = new Set<(connection: Connection) => void>()
  /** Counts set() calls: a slow check that a newer choice overtook must not win. */
  private latest = 0
  private target: SavedConnection
  private readonly check: (origin: string) => Promise<ServerIdentity | undefined>
  private readonly pins: PinStore
  private readonly confirm: (check: ServerCheck) => Promise<boolean>
  private readonly announced: (
    origin: string,
  ) => { name: string; fingerprint: string | null } | null

  constructor(private readonly options: ConnectionOptions) {
    this.check = options.check ?? checkServer
    this.pins = options.pins ?? memoryPins()
    this.confirm = options.confirm ?? (async () => false)
    this.announced = options.announced ?? (() => null)
    this.target = this.sanitize(options.saved)
  }

  /**
   * A saved remote address that is no longer a valid one falls back to this computer. An
   * https:// one without a pin stays: it is a server a certificate authority vouches for, and
   * Chromium checks it as any site (certificate-pinning.ts grants it nothing).
   */
  private sanitize(saved: SavedConnection): SavedConnection {
    if (saved.kind !== 'remote') return saved
    try {
      const url = normalizeServerUrl(saved.url)
      return saved.fingerprint
        ? { kind: 'remote', url, fingerprint: saved.fingerprint }
        : { kind: 'remote', url }
    } catch {
      return { kind: 'embedded' }
    }
  }

  /** The server in use, as kept per-server choices name it (serverKey). */
  key(): string {
    return serverKey(this.target)
  }

  get(): Connection {
    return this.target.kind === 'remote'
      ? { kind: 'remote', baseUrl: this.target.url }
      : { kind: 'embedded', baseUrl: this.options.embeddedUrl() }
  }

  /**
   * The friend's server in use and the certificate trusted for it, or null while the app uses
   * its own server (or a friend's on plain HTTP, or one a certificate authority vouches for):
   * what the window's certificate check enforces.
   */
  pinnedRemote(): { origin: string; fingerprint: string } | null {
    if (this.target.kind !== 'remote' || !this.target.url.startsWith('https:')) return null
    const fingerprint =
      this.target.fingerprint ?? this.pins.atAddress(pinKey(this.target.url))?.fingerprint
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
    return judge(identity, this.pins, this.announced(identity.origin)?.name ?? null)
  }

  async set(target: ConnectionTarget): Promise<Connection> {
    const ticket = ++this.latest
    const overtaken = () =>
      new ConnectionError('Another server was chosen meanwhile; that choice stands.')
    let next: SavedConnection = { kind: 'embedded' }
    let pin: (() => void) | null = null
    if (target.kind === 'remote') {
      const check = await this.inspect(target.url)
      const key = pinKey(check.origin)
      const announced = this.announced(check.origin)
      // The main process's own list says what was announced; the window's word can only add a
      // refusal, never a trust.
      for (const expected of [announced?.fingerprint, target.fingerprint?.toLowerCase()]) {
        if (expected && expected !== check.fingerprint) throw notAnnounced(check)
      }
      if (NEEDS_CONFIRMATION.has(check.trust)) {
        if (ticket !== this.latest) throw overtaken()
        if (!(await this.confirm(check))) throw declined(check)
      }
      const { fingerprint } = check
      if (fingerprint !== null && check.trust !== 'authority') {
        pin = () => this.pins.trust(fingerprint, key, check.name)
      } else if (fingerprint === null && check.trust === 'changed') {
        // A server that stopped encrypting, taken back by the person: no pin at that address.
        pin = () => this.pins.forgetAddress(key)
      }
      next =
        fingerprint !== null && check.trust !== 'authority'
          ? { kind: 'remote', url: check.origin, fingerprint }
          : { kind: 'remote', url: check.origin }
    }
    if (ticket !== this.latest) throw overtaken()
    pin?.()
    this.target = next
    this.options.persist(next)
    const connection = this.get()
    for (const listener of this.listeners) listener(connection)
    return connection
  }

  subscribe(listener: (connection: Connection) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
