import { serve, type ServerType } from '@hono/node-server'
import { randomBytes } from 'node:crypto'
import { createServer as createHttpsServer } from 'node:https'
import { chmodSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import type { AddressInfo, Server } from 'node:net'
import { join } from 'node:path'
import { createApp, type AppDeps } from './app'
import type { ScryptCost } from './auth/password'
import { openDatabase, type AppDatabase } from './db/client'
import { EventHub, type EventHubOptions } from './events/hub'
import type { RateLimitOptions } from './http/rate-limits'
import { sweepUnusedMedia } from './services/media'
import { ensureHostAccounts, type HostAccount } from './services/hosting'
import { initializeDatabase } from './services/seed'
import { endDemoSessions } from './services/sessions'
import { lanAddresses } from './discovery/lan-addresses'
import { acceptPlainHttp } from './tls/plain-door'
import { certificateFingerprint } from './tls/fingerprint'
import { loadOrCreateLanCertificate } from './tls/lan-certificate'
import { APP_VERSION } from './version'

export interface StartServerOptions {
  /** Interface to listen on: 127.0.0.1 for this computer only, 0.0.0.0 for the LAN. */
  host?: string
  /** 0 picks a free port. */
  port?: number
  /** Folder of the database, the token secret and nothing else. Created if missing. */
  dataDir: string
  /** Seed a fresh data folder with the demo data (default true). */
  demo?: boolean
  /** The built renderer to serve at `/`. */
  rendererDir?: string
  migrationsDir?: string
  /** A better-sqlite3 binary built for another runtime (the desktop app's Electron). */
  nativeBinding?: string
  /** Whether other computers can reach the server now (see AppDeps.isShared). */
  isShared?: () => boolean
  /**
   * Usernames of the server's hosts (`--admin`): they moderate (README "Moderation"). A name
   * nobody has yet gets an account with a one-time password before the server listens.
   */
  admins?: readonly string[]
  /** The desktop app's own server: see AppDeps.claimOwnerFromLoopback. */
  claimOwnerFromLoopback?: boolean
  version?: string
  /** Limits of the live event stream (tests and the bench change them). */
  events?: Partial<EventHubOptions>
  /** Host names to answer to beyond loopback and this machine's addresses (`--allow-host`). */
  allowedHosts?: string[]
  /** Per-hour rate limits (README, "Options"); `false` turns them off. */
  limits?: Partial<RateLimitOptions> | false
  /** Caps on sockets and how long a client may take (README, "Security"); unset ones default. */
  connectionLimits?: Partial<ConnectionLimits>
  /** Tests only: scrypt's cost for new password hashes (AppDeps.passwordCost). */
  passwordCost?: ScryptCost
  /** Reverse proxies whose `X-Forwarded-For` is believed (`--trust-proxy`, AppDeps). */
  trustedProxies?: readonly string[]
  /**
   * Speak HTTPS with this certificate (`--tls-cert`, `--tls-key`). Without one, a server that
   * listens beyond loopback makes its own (tls/lan-certificate.ts) unless `plainHttp` is set.
   */
  tls?: TlsCertificate
  /** The host's choice of plain HTTP on the LAN (`--plain-http`): nothing is encrypted. */
  plainHttp?: boolean
}

/** A PEM certificate (chain) and its private key. */
export interface TlsCertificate {
  cert: string | Buffer
  key: string | Buffer
}

/**
 * What one listener lets a client hold (README, "Security"). Node's own defaults let a socket
 * that sends half a request sit for a minute and took any number of them: 3,000 half-sent
 * requests were all held open for 40 s and more (issue 25). `npm run serve` sets them with
 * `--max-connections` and the `--*-timeout` flags.
 */
export interface ConnectionLimits {
  /** Open sockets at most, live streams included; one more is closed as soon as it connects. */
  maxConnections: number
  /** Time a client has to send a request's headers; a slowloris is cut after this. */
  headersTimeoutMs: number
  /** Time a client has to send a whole request, body included (an upload on slow Wi-Fi). */
  requestTimeoutMs: number
  /** Time an idle keep-alive socket stays open, waiting for the next request. */
  keepAliveTimeoutMs: number
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  // A LAN party of a hundred, each with a window or two, holds far fewer; a Linux process may
  // open 1,024 files by default, and the database and uploads need some of them.
  maxConnections: 512,
  headersTimeoutMs: 10_000,
  // A 5 MB image (LIMITS) at 1 Mbit/s takes 40 s.
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
}

/**
 * How often Node looks for requests past their timeouts (its default is 30 s, which would let a
 * slowloris stay three times as long as a 10 s headers timeout says).
 */
const TIMEOUT_CHECK_EVERY_MS = 1000

export interface RunningServer {
  /** e.g. `http://127.0.0.1:4567`, or `https://…` with a certificate. */
  url: string
  /** The SHA-256 fingerprint of the certificate it speaks HTTPS with; null over plain HTTP. */
  fingerprint: string | null
  host: string
  port: number
  dataDir: string
  db: AppDatabase
  /** The live event stream's hub. */
  events: EventHub
  /** The accounts named with `--admin`, found or made at start. */
  hosts: HostAccount[]
  /** Stops listening, lets open requests finish, then closes the database. */
  close(): Promise<void>
}

/** A failure to start that a person can act on; its message is one line, no stack trace. */
export class StartError extends Error {
  override name = 'StartError'
}

export const DATABASE_FILE = 'gamerstage.db'
export const SECRET_FILE = 'secret.key'

function describeFsError(error: unknown, dataDir: string): StartError {
  const code = (error as NodeJS.ErrnoException).code
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a file is in the way'
        : code === 'EROFS'
          ? 'the disk is read-only'
          : (error as Error).message
  return new StartError(`Cannot use the data folder ${dataDir}: ${reason}.`)
}

/**
 * Creates the data folder, readable by its owner only. An existing folder is only taken when it
 * is empty or already a Gamerstage data folder: `--data ~` must not chmod someone's home.
 */
function prepareDataDir(dataDir: string): void {
  if (mkdirSync(dataDir, { recursive: true, mode: 0o700 }) === undefined) {
    const entries = readdirSync(dataDir)
    const ours = entries.includes(DATABASE_FILE) || entries.includes(SECRET_FILE)
    if (entries.length > 0 && !ours) {
      throw new StartError(
        `The data folder ${dataDir} already holds other files. Choose a new or empty folder.`,
      )
    }
  }
  chmodSync(dataDir, 0o700)
}

/** The secret tokens are signed with: made once per data folder, readable by its owner only. */
function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, SECRET_FILE)
  try {
    return readFileSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(32)
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
  return secret
}

function waitUntilListening(server: ServerType, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new StartError(`Port ${port} is already in use on ${host}. Choose another port.`))
      } else if (error.code === 'EACCES') {
        reject(
          new StartError(`Not allowed to listen on ${host}:${port}. Choose a port above 1023.`),
        )
      } else if (error.code === 'EADDRNOTAVAIL') {
        reject(new StartError(`${host} is not an address of this computer.`))
      } else {
        reject(new StartError(`Cannot listen on ${host}:${port}: ${error.message}`))
      }
    })
  })
}

/** True for addresses only this computer can reach. */
export const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || host.startsWith('127.')

/** The open data folder and the app over it, before anything listens. */
export interface ServerCore {
  dataDir: string
  db: AppDatabase
  /** The live event stream's hub: `events.close()` ends every open stream. */
  events: EventHub
  /** The accounts named with `--admin`, found or made before anything listens. */
  hosts: HostAccount[]
  fetch: (request: Request) => Response | Promise<Response>
  /**
   * Signs and checks tokens with a new secret from now on (after a restore, which wrote it to
   * `secret.key`): every token made before is refused.
   */
  replaceSecret(secret: Uint8Array): void
  /** Ends the demo accounts' sessions (sharing on the LAN starts). */
  endDemoSessions(): void
  /** Closes the database; close every listener first. */
  close(): void
}

/** One listening socket of a server. */
export interface Listener {
  /** e.g. `http://127.0.0.1:4567`. */
  url: string
  /** The SHA-256 fingerprint of its certificate (64 hex digits); null over plain HTTP. */
  fingerprint: string | null
  host: string
  port: number
  /** Stops listening and lets requests in flight finish. */
  close(): Promise<void>
}

export type CoreOptions = Omit<StartServerOptions, 'host' | 'port'>

/**
 * Opens (or creates) the data folder, brings the database up to date and seeds a fresh one.
 * Nothing listens yet: see `listen`.
 */
export async function openServerCore(options: CoreOptions): Promise<ServerCore> {
  const { dataDir, demo = true } = options
  let db: AppDatabase
  let secret: Uint8Array
  try {
    prepareDataDir(dataDir)
    secret = loadOrCreateSecret(dataDir)
    db = openDatabase({
      file: join(dataDir, DATABASE_FILE),
      migrationsDir: options.migrationsDir,
      nativeBinding: options.nativeBinding,
    })
  } catch (error) {
    if (error instanceof StartError) throw error
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (code.startsWith('SQLITE_')) {
      throw new StartError(
        `The database ${join(dataDir, DATABASE_FILE)} cannot be opened (${(error as Error).message}).`,
      )
    }
    throw describeFsError(error, dataDir)
  }
  let hosts: HostAccount[]
  try {
    await initializeDatabase(db, demo, { passwordCost: options.passwordCost })
    hosts = await ensureHostAccounts(db, options.admins ?? [], options.passwordCost)
  } catch (error) {
    db.$client.close()
    throw error
  }
  const events = new EventHub(options.events)
  // The app reads deps.secret on every request, so replacing it here takes effect at once.
  const deps: AppDeps = {
    db,
    events,
    secret,
    version: options.version ?? APP_VERSION,
    rendererDir: options.rendererDir,
    isShared: options.isShared,
    allowedHosts: options.allowedHosts,
    limits: options.limits,
    hostIds: hosts.map((host) => host.id),
    claimOwnerFromLoopback: options.claimOwnerFromLoopback,
    trustedProxies: options.trustedProxies,
    passwordCost: options.passwordCost,
  }
  const app = createApp(deps)
  const stopSweeping = sweepMediaEveryHour(db)
  return {
    dataDir,
    db,
    events,
    hosts,
    fetch: app.fetch,
    replaceSecret: (next) => {
      deps.secret = next
    },
    endDemoSessions: () => endDemoSessions(db),
    close: () => {
      stopSweeping()
      events.close()
      db.$client.close()
    },
  }
}

const MEDIA_SWEEP_EVERY_MS = 60 * 60_000
const FIRST_MEDIA_SWEEP_MS = 30_000

/** Removes unused uploads now and then (services/media.ts), on unref'd timers. */
function sweepMediaEveryHour(db: AppDatabase): () => void {
  const sweep = () => {
    try {
      sweepUnusedMedia(db)
    } catch (error) {
      console.error('Could not remove unused uploads:', error)
    }
  }
  const first = setTimeout(sweep, FIRST_MEDIA_SWEEP_MS).unref()
  const every = setInterval(sweep, MEDIA_SWEEP_EVERY_MS).unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}

/** How long requests in flight may take to finish when a listener closes. */
const CLOSE_GRACE_MS = 3000

/**
 * Stops accepting connections and lets requests in flight finish. A browser keeps its
 * keep-alive connections busy, and a closing server would go on answering on them: each one is
 * closed as soon as it is idle, and whatever is still open after the grace period is cut.
 */
function closeGracefully(server: ServerType): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!('closeIdleConnections' in server)) {
      server.close(() => resolve())
      return
    }
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100)
    const deadline = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
    server.close(() => {
      clearInterval(idleSweep)
      clearTimeout(deadline)
      resolve()
    })
    server.closeIdleConnections()
  })
}

/**
 * Listens for the core's app on one address, over HTTPS when given a certificate (and then
 * answers plain HTTP on the same port only with a way to HTTPS: tls/plain-door.ts); a port in
 * use is a StartError.
 */
export async function listen(
  core: ServerCore,
  host: string,
  port: number,
  connectionLimits: Partial<ConnectionLimits> = {},
  tls?: TlsCertificate,
): Promise<Listener> {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...connectionLimits }
  const serverOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_EVERY_MS, limits.headersTimeoutMs),
  }
  const server = tls
    ? serve({
        fetch: core.fetch,
        port,
        hostname: host,
        createServer: createHttpsServer,
        serverOptions: {
          ...serverOptions,
          cert: tls.cert,
          key: tls.key,
          // A client that starts a handshake and stalls is cut as one that sends no headers.
          handshakeTimeout: limits.headersTimeoutMs,
        },
      })
    : serve({ fetch: core.fetch, port, hostname: host, serverOptions })
  const fingerprint = tls ? certificateFingerprint(tls.cert) : null
  const door =
    fingerprint === null
      ? null
      : acceptPlainHttp(server as Server, { fingerprint, timeoutMs: limits.headersTimeoutMs })
  // Node closes a socket past the cap as soon as it is accepted (the server's 'drop' event).
  server.maxConnections = limits.maxConnections
  try {
    await waitUntilListening(server, port, host)
  } catch (error) {
    server.close()
    throw error
  }
  const actualPort = (server.address() as AddressInfo).port
  const urlHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `${tls ? 'https' : 'http'}://${urlHost}:${actualPort}`,
    fingerprint,
    host,
    port: actualPort,
    close: () => {
      const closing = closeGracefully(server)
      door?.closeWaiting()
      return closing
    },
  }
}

/**
 * The certificate a listener on `host` speaks HTTPS with: the host's own (`--tls-cert`), else on
 * an address beyond loopback the data folder's LAN certificate (made on first share), unless
 * the host chose plain HTTP. Undefined means plain HTTP.
 */
export async function certificateFor(
  host: string,
  options: Pick<StartServerOptions, 'tls' | 'plainHttp'>,
  dataDir: string,
  log?: (message: string) => void,
): Promise<TlsCertificate | undefined> {
  if (options.tls) return options.tls
  if (isLoopback(host) || options.plainHttp) return undefined
  try {
    const wildcard = host === '0.0.0.0' || host === '::'
    const addresses = wildcard
      ? lanAddresses(0).map((address) => new URL(address).hostname)
      : [host]
    return await loadOrCreateLanCertificate(dataDir, { log, addresses })
  } catch (error) {
    throw new StartError(
      `Cannot make the LAN certificate in ${dataDir}: ${(error as Error).message}. Fix the folder, or choose plain HTTP.`,
    )
  }
}

/**
 * Opens the data folder and listens on one address. Used by `npm run serve` and tests; the
 * desktop app composes openServerCore and listen itself to add a LAN listener.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { host = '127.0.0.1', port = 4567 } = options
  const core = await openServerCore({ isShared: () => !isLoopback(host), ...options })
  // Shared from the start: sessions the demo accounts made while it was not end now.
  if (!isLoopback(host)) core.endDemoSessions()
  let listener: Listener
  try {
    // Shared beyond this computer: encrypted unless the host chose otherwise (README, "Security").
    const tls = await certificateFor(host, options, core.dataDir)
    listener = await listen(core, host, port, options.connectionLimits, tls)
  } catch (error) {
    core.close()
    throw error
  }
  return {
    ...listener,
    dataDir: core.dataDir,
    db: core.db,
    events: core.events,
    hosts: core.hosts,
    close: async () => {
      // Open streams never go idle: end them first so that closing does not wait for them.
      core.events.close()
      await listener.close()
      core.close()
    },
  }
}
