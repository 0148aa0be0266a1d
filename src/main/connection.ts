import type { Connection, ConnectionTarget } from '../shared/bridge'

/** A reason a server address cannot be used, worded for the person who typed it. */
export class ConnectionError extends Error {
  override name = 'ConnectionError'
}

/**
 * Turns what a person typed ("192.168.1.20:4567", "http://host:4567/home") into a server origin
 * (`http://192.168.1.20:4567`), or throws a ConnectionError saying what is wrong with it.
 */
export function normalizeServerUrl(input: string): string {
  const typed = input.trim()
  if (!typed)
    throw new ConnectionError('Enter the address of the server, e.g. http://192.168.1.20:4567.')
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `http://${typed}`)
  } catch {
    throw new ConnectionError(
      `"${typed}" is not a server address. Try something like http://192.168.1.20:4567.`,
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
export async function checkServer(origin: string, timeoutMs = 5000): Promise<void> {
  let response: Response
  try {
    response = await fetch(`${origin}/api/meta`, { signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? 'it did not answer in time'
        : 'nothing answered there'
    throw new ConnectionError(
      `Could not reach ${origin}: ${reason}. Is the server running, and are you on the same network?`,
    )
  }
  const meta = (await response.json().catch(() => null)) as { name?: unknown } | null
  if (!response.ok || meta?.name !== 'Gamerstage') {
    throw new ConnectionError(`${origin} answered, but it is not a Gamerstage server.`)
  }
}

/**
 * Where the renderer's API calls go. Remote addresses are checked before they are taken; every
 * change is reported to the subscribers (the window, which then shows the new server's login).
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
    private readonly check: (origin: string) => Promise<void> = checkServer,
  ) {
    this.target = ConnectionManager.sanitize(saved)
  }

  /** A saved remote address that is no longer a valid one falls back to this computer. */
  private static sanitize(saved: ConnectionTarget): ConnectionTarget {
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

  async set(target: ConnectionTarget): Promise<Connection> {
    const ticket = ++this.latest
    let next: ConnectionTarget = { kind: 'embedded' }
    if (target.kind === 'remote') {
      const origin = normalizeServerUrl(target.url)
      await this.check(origin)
      next = { kind: 'remote', url: origin }
    }
    if (ticket !== this.latest) {
      throw new ConnectionError('Another server was chosen meanwhile; that choice stands.')
    }
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
