/**
 * A server put together: the data folder and its secret (startup/data-folder.ts), the store and
 * the bucket (startup/open-store.ts), the cluster's Redis link (startup/cluster-link.ts), the
 * app over them, the media sweep (startup/media-sweep.ts), and listening on an address.
 * `npm run serve` (cli.ts), the desktop app and the tests start servers through here.
 */
import { createApp, type AppDeps } from './app'
import type { ScryptCost } from './auth/password'
import type { PostgresStore } from './db/postgres'
import type { SqliteStore } from './db/sqlite'
import { EventHub, type EventHubOptions } from './events/hub'
import { Presence } from './presence/tracker'
import type { RateLimitOptions } from './http/rate-limits'
import { createHostAllowList, type HostAllowList } from './http/host-allow-list'
import type { ConnectionLimits, Listener, TlsCertificate } from './http/listener'
import { listen } from './http/listener'
import { StartError } from './start-error'
import { databaseMediaStorage, type MediaStorage } from './storage/media-storage'
import type { S3StorageOptions } from './storage/s3-options'
import { ensureHostAccounts } from './services/writes/hosting'
import { type HostAccount } from './services/writes/hosting'
import { initializeDatabase } from './services/writes/seed'
import { endDemoSessions } from './services/writes/sessions'
import { lanAddresses } from './discovery/lan-addresses'
import { APP_VERSION } from './version'
import { cacheOfStore, readCacheOf } from './caches/store-caches'
import { watchServerParts, type ServerWatch } from './observability/server-watch'
import { openCluster } from './startup/cluster-link'
import {
  MIN_SECRET_BYTES,
  SECRET_ENV,
  describeFsError,
  loadOrCreateSecret,
  prepareDataDir,
} from './startup/data-folder'
import { sweepMediaEveryHour } from './startup/media-sweep'
import { remindGameNightsOnTime } from './startup/game-night-reminders'
import { expireSquadCallsOnTime } from './startup/squad-call-expiry'
import { tellPollEndsOnTime } from './startup/poll-ends'
import { openPostgres, openS3, openSqlite } from './startup/open-store'
import { keptAnswerDoor, type KeptAnswerDoor } from './http/kept-answer-door'

// What moved to modules of their own, still importable from here.
export { DATABASE_FILE, MIN_SECRET_BYTES, SECRET_ENV, SECRET_FILE } from './startup/data-folder'
export { describePostgresUrl, isPostgresUrl } from './startup/open-store'
export { StartError } from './start-error'
export { postgresReason } from './db/postgres-reason'
export { DEFAULT_CONNECTION_LIMITS, listen } from './http/listener'
export type { ConnectionLimits, Listener, TlsCertificate } from './http/listener'

export interface StartServerOptions {
  /** Interface to listen on: 127.0.0.1 for this computer only, 0.0.0.0 for the LAN. */
  host?: string
  /** 0 picks a free port. */
  port?: number
  /**
   * Folder of the SQLite database, the token secret and nothing else (only the secret with
   * `database`). Created if missing.
   */
  dataDir: string
  /**
   * A PostgreSQL database to keep the data in instead of the data folder's SQLite file
   * (`--database postgres://user:password@host:5432/name`): a `postgres://` or `postgresql://`
   * address. Unset, the SQLite file.
   */
  database?: string
  /**
   * An S3 bucket to keep uploaded images in instead of the database (`--s3-endpoint`,
   * `--s3-bucket`): what a cluster's instances share. Unset, the database holds them, as always.
   */
  s3?: S3StorageOptions
  /** Seed a fresh data folder with the demo data (default true). */
  demo?: boolean
  /** The built renderer to serve at `/`. */
  rendererDir?: string
  /** SQLite's migrations (PostgreSQL's are always its committed `migrations-pg/`). */
  migrationsDir?: string
  /** A better-sqlite3 binary built for another runtime (the desktop app's Electron). */
  nativeBinding?: string
  /** Whether other computers can reach the server now (see AppDeps.isShared). */
  isShared?: () => boolean
  /**
   * Usernames of the server's hosts (`--admin`): they moderate (docs/features.md, "Sessions, accounts and moderation"). A name
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
  /** Per-hour rate limits (docs/hosting.md, "Headless server"); `false` turns them off. */
  limits?: Partial<RateLimitOptions> | false
  /** Caps on sockets and how long a client may take (docs/security.md); unset ones default. */
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
  /**
   * The key tokens are signed with (`--secret-file`, GAMERSTAGE_SECRET), at least
   * MIN_SECRET_BYTES long, instead of the data folder's own `secret.key`: every instance of a
   * cluster must have the same one. Needed with `redis`.
   */
  secret?: Uint8Array
  /**
   * A Redis that instances of one community share (`--redis redis://host:6379`): live events go
   * through its stream to every instance's clients, and the rate limits and the login throttle
   * count there. Unset, all of that stays in this process (and no Redis is needed).
   */
  redis?: string
  /** The start of every Redis key name (`gamerstage:` unless set: tests sharing one Redis). */
  redisKeyPrefix?: string
  /** The host's choice of plain HTTP on the LAN (`--plain-http`): nothing is encrypted. */
  plainHttp?: boolean
}

/**
 * The store a server opened: SQLite's, whose `connection` serves what only SQLite has (the
 * desktop app's backup), or PostgreSQL's.
 */
export type ServerStore = SqliteStore | PostgresStore

export interface RunningServer<Db extends ServerStore = ServerStore> {
  /** e.g. `http://127.0.0.1:4567`, or `https://…` with a certificate. */
  url: string
  /** The SHA-256 fingerprint of the certificate it speaks HTTPS with; null over plain HTTP. */
  fingerprint: string | null
  host: string
  port: number
  dataDir: string
  db: Db
  /** Where uploaded images keep their bytes: the database, or the S3 bucket given. */
  media: MediaStorage
  /** The live event stream's hub. */
  events: EventHub
  /** The accounts named with `--admin`, found or made at start. */
  hosts: HostAccount[]
  /** Stops listening, lets open requests finish, then closes the database. */
  close(): Promise<void>
}

/** True for addresses only this computer can reach. */
export const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || host.startsWith('127.')

/** The open data folder and the app over it, before anything listens. */
export interface ServerCore<Db extends ServerStore = ServerStore> {
  dataDir: string
  db: Db
  /** Where uploaded images keep their bytes: the database, or the S3 bucket given. */
  media: MediaStorage
  /** The live event stream's hub: `events.close()` ends every open stream. */
  events: EventHub
  /** The accounts named with `--admin`, found or made before anything listens. */
  hosts: HostAccount[]
  fetch: (request: Request) => Response | Promise<Response>
  /** Kept answers written before the app sees their request (http/kept-answer-door.ts). */
  door: KeptAnswerDoor
  /**
   * The Host names the server answers to (`--allow-host` and its own): the app's request guard
   * and the HTTPS listener's plain door ask the same list.
   */
  allowedHostNames: HostAllowList
  /** Reverse proxies (`--trust-proxy`): their own address is not capped per address. */
  trustedProxies: readonly string[]
  /**
   * Signs and checks tokens with a new secret from now on (after a restore, which wrote it to
   * `secret.key`): every token made before is refused.
   */
  replaceSecret(secret: Uint8Array): void
  /** Ends the demo accounts' sessions (sharing on the LAN starts). */
  endDemoSessions(): Promise<void>
  /** Its metrics, readiness and draining (observability/server-watch.ts). */
  watch: ServerWatch
  /** Closes the database once the media sweep under way ends; close every listener first. */
  close(): Promise<void>
}

export type CoreOptions = Omit<StartServerOptions, 'host' | 'port'>

/**
 * Opens (or creates) the data folder, opens the store (the folder's SQLite file, or PostgreSQL
 * with `database`), brings it up to date and seeds a fresh one. Nothing listens yet: see
 * `listen`. Without `database` the store is SQLite's, with its connection.
 */
export async function openServerCore(
  options: CoreOptions & { database?: undefined },
): Promise<ServerCore<SqliteStore>>
export async function openServerCore(options: CoreOptions): Promise<ServerCore>
export async function openServerCore(options: CoreOptions): Promise<ServerCore> {
  const { dataDir, demo = true } = options
  if (options.secret !== undefined && options.secret.byteLength < MIN_SECRET_BYTES) {
    throw new StartError(
      `The token secret must be at least ${MIN_SECRET_BYTES} bytes long, not ${options.secret.byteLength}.`,
    )
  }
  if (options.redis !== undefined && options.secret === undefined) {
    throw new StartError(
      `--redis is for several instances, and they need one shared token secret: give each the same --secret-file <file> or ${SECRET_ENV} (at least ${MIN_SECRET_BYTES} bytes).`,
    )
  }
  let secret: Uint8Array
  try {
    prepareDataDir(dataDir)
    secret = options.secret ?? loadOrCreateSecret(dataDir)
  } catch (error) {
    if (error instanceof StartError) throw error
    throw describeFsError(error, dataDir)
  }
  const cluster =
    options.redis === undefined
      ? undefined
      : await openCluster(options.redis, options.redisKeyPrefix, options.events)
  let db: ServerStore
  let hosts: HostAccount[]
  try {
    db = options.database === undefined ? openSqlite(options) : await openPostgres(options.database)
  } catch (error) {
    await cluster?.close()
    throw error
  }
  let media: MediaStorage
  try {
    media = options.s3 ? await openS3(options.s3) : databaseMediaStorage(db)
  } catch (error) {
    await cluster?.close()
    await db.close()
    throw error
  }
  const events = new EventHub(options.events)
  try {
    await initializeDatabase(db, demo, { passwordCost: options.passwordCost })
    hosts = await ensureHostAccounts(db, options.admins ?? [], options.passwordCost)
    if (cluster) await events.useTransport(cluster.transport)
  } catch (error) {
    await cluster?.close()
    media.close()
    await db.close()
    throw error
  }
  // Who is online: in this process, or across the cluster in Redis (presence/redis-backend.ts).
  const presence = new Presence(db, events, cluster ? { backend: cluster.presenceBackend } : {})
  // What ran out while the server was down is announced now, and each expiry from then on.
  presence.expiry.reschedule()
  // The app reads deps.secret on every request, so replacing it here takes effect at once.
  const allowedHostNames = createHostAllowList(options.allowedHosts)
  const watch = watchServerParts({ db, events, redisPing: cluster?.ping })
  const deps: AppDeps = {
    db,
    events,
    presence,
    media,
    secret,
    ...(cluster
      ? { rateLimits: cluster.rateLimits(options.limits), throttle: cluster.throttle }
      : {}),
    version: options.version ?? APP_VERSION,
    rendererDir: options.rendererDir,
    isShared: options.isShared,
    allowedHostNames,
    limits: options.limits,
    hostIds: hosts.map((host) => host.id),
    claimOwnerFromLoopback: options.claimOwnerFromLoopback,
    trustedProxies: options.trustedProxies,
    passwordCost: options.passwordCost,
    readinessChecks: watch.readinessChecks,
    draining: watch.draining,
  }
  const app = createApp(deps)
  const cache = cacheOfStore(db)
  // A cluster's home timelines are one list per player in Redis, shared by every instance.
  if (cluster && cache) {
    const { timelines, timelineLength: length } = cache.limits
    cache.sharedTimelines = cluster.homeTimelines({ timelines, length })
  }
  const stopSweeping = sweepMediaEveryHour(db, media)
  const live = { db, hub: events, media, hostIds: deps.hostIds ?? [] }
  const stopReminding = remindGameNightsOnTime(live)
  const stopExpiring = expireSquadCallsOnTime(live)
  const stopTellingPollEnds = tellPollEndsOnTime(live)
  return {
    dataDir,
    db,
    media,
    events,
    hosts,
    fetch: app.fetch,
    door: keptAnswerDoor({
      db,
      allowedHostNames,
      lastEventId: () => events.lastEventId,
      isShared: options.isShared,
      clustered: () => events.clustered,
    }),
    allowedHostNames,
    trustedProxies: options.trustedProxies ?? [],
    replaceSecret: (next) => {
      deps.secret = next
      // A restore put other data under the server: nothing read before it may answer after it
      // (a kept session would let a token of the old data in for a few seconds more).
      readCacheOf(db)?.clear()
    },
    endDemoSessions: () => endDemoSessions(db),
    watch,
    close: async () => {
      watch.close()
      events.close()
      await presence.close()
      await stopSweeping()
      await stopReminding()
      await stopExpiring()
      await stopTellingPollEnds()
      await cluster?.close()
      media.close()
      await db.close()
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
    // Loaded only by a server that shares over HTTPS: the X.509 library is large.
    const { loadOrCreateLanCertificate } = await import('./tls/lan-certificate')
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
export async function startServer(
  options: StartServerOptions & { database?: undefined },
): Promise<RunningServer<SqliteStore>>
export async function startServer(options: StartServerOptions): Promise<RunningServer>
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { host = '127.0.0.1', port = 4567 } = options
  const core = await openServerCore({ isShared: () => !isLoopback(host), ...options })
  let listener: Listener
  try {
    // Shared from the start: sessions the demo accounts made while it was not end now.
    if (!isLoopback(host)) await core.endDemoSessions()
    // Shared beyond this computer: encrypted unless the host chose otherwise (docs/security.md).
    const tls = await certificateFor(host, options, core.dataDir)
    listener = await listen(core, host, port, options.connectionLimits, tls)
    core.watch.addListener(listener)
  } catch (error) {
    await core.close()
    throw error
  }
  return {
    ...listener,
    dataDir: core.dataDir,
    db: core.db,
    media: core.media,
    events: core.events,
    hosts: core.hosts,
    close: async () => {
      // Readiness says "stopping", and open streams (which never go idle) end first with a
      // reconnect hint, so that closing waits only for running requests (bounded: listener.ts).
      core.watch.drain()
      await listener.close()
      await core.close()
    },
  }
}
