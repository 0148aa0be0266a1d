/**
 * Builds the real app over a fresh in-memory database for one test, with helpers that speak the
 * API the way a client does.
 */
import { Presence, type PresenceOptions } from '../../src/server/presence/tracker'
import { createApp } from '../../src/server/app'
import type { LoginThrottle } from '../../src/server/auth/login-throttle'
import { TEST_SCRYPT_PARAMS, type ScryptCost } from '../../src/server/auth/password'
import type { RateLimitOptions } from '../../src/server/http/rate-limits'
import type { OpenStore } from '../../src/server/db/store'
import { databaseMediaStorage, type MediaStorage } from '../../src/server/storage/media-storage'
import { openS3Storage, type S3StorageOptions } from '../../src/server/storage/s3'
import { EventHub } from '../../src/server/events/hub'
import { ensureHostAccounts, type HostAccount } from '../../src/server/services/writes/hosting'
import { DEMO_ACCOUNT, initializeDatabase } from '../../src/server/services/writes/seed'
import { ERROR_STATUS, isErrorCode } from '../../src/shared/error-codes'
import type { RenderFirstScreen } from '../../src/shared/first-screen'
import { openTestStore } from './test-store'
import type { ReadCache } from '../../src/server/caches/read-cache'

export const TEST_SECRET = new TextEncoder().encode('test-secret-of-at-least-32-bytes!!')

export interface TestApp {
  /** The app's database (SQLite in memory, or PostgreSQL when the suite runs on it). */
  db: OpenStore
  /** Where uploaded images keep their bytes: the database, or the bucket of `s3`. */
  media: MediaStorage
  /** The live event stream's hub. */
  events: EventHub
  /** Who is online (presence/tracker.ts). */
  presence: Presence
  request(path: string, init?: RequestInit): Promise<Response>
  /**
   * A request as if it came from the computer at `address` (the Node adapter's socket), for
   * tests that play several machines.
   */
  requestFrom(address: string, path: string, init?: RequestInit): Promise<Response>
  /** Sends JSON with the given method (default POST) and optional raw token. */
  send(
    path: string,
    body?: unknown,
    options?: { token?: string; method?: string; headers?: Record<string, string> },
  ): Promise<Response>
  get(path: string, token?: string): Promise<Response>
  /** Signs up a user and answers their token and id. */
  signup(username: string, password?: string): Promise<{ token: string; id: string }>
  /** Logs in as the demo account. */
  loginDemo(): Promise<{ token: string; id: string }>
  /** Ends the live streams and closes the database; again answers the first close. */
  close(): Promise<void>
  /** Every route the app registered (Hono's `app.routes`), for tests that must cover them all. */
  routes: { method: string; path: string }[]
  /** The `admins` accounts as the server found or made them (one-time passwords included). */
  hosts: HostAccount[]
}

export interface TestAppOptions {
  demo?: boolean
  /**
   * The app's database when given (e.g. a second connection to another app's, to play two
   * instances of a cluster); else a fresh one. Either way it is closed with the app.
   */
  store?: OpenStore
  /** Keep uploaded images in this S3 bucket (tests/helpers/s3.ts) instead of the database. */
  s3?: S3StorageOptions
  throttle?: LoginThrottle
  events?: EventHub
  /** Off unless a test sets them, so that no test trips a limit by accident. */
  limits?: Partial<RateLimitOptions> | false
  allowedHosts?: string[]
  /**
   * Usernames of the server's hosts (`--admin`): found, or made with a one-time password, as the
   * server does at start (ensureHostAccounts). Sign in as one with `signedInAs`.
   */
  admins?: string[]
  /** True plays a server shared on the LAN (the demo accounts cannot sign in). */
  shared?: boolean
  /** Presence's timings, clock or backend (presence/tracker.ts). */
  presence?: Partial<PresenceOptions>
  /** Called with every statement the database runs (the store's `onStatement`). */
  onStatement?: (sql: string) => void
  /** A built renderer to serve, and what draws /home's first screen (AppDeps). */
  rendererDir?: string
  renderFirstScreen?: RenderFirstScreen | null
  /**
   * scrypt's cost for new hashes: TEST_SCRYPT_PARAMS, a few milliseconds a sign-up, unless a test
   * of hashing itself (the hash queue, re-hashing at today's cost) asks for SCRYPT_PARAMS.
   */
  passwordCost?: ScryptCost
  /** What reads keep ready (AppDeps.readCache): createApp's own unless given; false for none. */
  readCache?: ReadCache | false
}

/**
 * Throws unless an error answer has the API's shape with a known code whose status it has
 * (docs/API.md, "Errors"): every error any server test meets is checked here, in one place.
 */
export async function checkErrorAnswer(response: Response, where: string): Promise<void> {
  if (response.status < 400) return
  const text = await response.clone().text()
  let answer: { errors?: unknown; error?: unknown; code?: unknown } = {}
  try {
    answer = JSON.parse(text) as typeof answer
  } catch {
    throw new Error(`${where}: a ${response.status} answer that is not JSON: ${text.slice(0, 200)}`)
  }
  const { code } = answer
  const sentence =
    response.status === 500
      ? typeof (answer.error as { message?: unknown } | undefined)?.message === 'string'
      : Array.isArray(answer.errors) && typeof answer.errors[0] === 'string'
  if (!isErrorCode(code) || ERROR_STATUS[code] !== response.status || !sentence) {
    throw new Error(`${where}: a ${response.status} answer without a known code: ${text}`)
  }
}

export async function makeTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.store ?? (await openTestStore({ onStatement: options.onStatement }))
  const passwordCost = options.passwordCost ?? TEST_SCRYPT_PARAMS
  await initializeDatabase(db, options.demo ?? true, { passwordCost })
  const hosts = await ensureHostAccounts(db, options.admins ?? [], passwordCost)
  const events = options.events ?? new EventHub()
  const media = options.s3 ? await openS3Storage(options.s3) : databaseMediaStorage(db)
  // Presence told at once rather than in batches of a second, as each change happens, so that
  // tests wait for nothing; tests of the batching give their own (presence-batches.test.ts).
  const presence = new Presence(db, events, { batchMs: 0, ...options.presence })
  const app = createApp({
    db,
    events,
    presence,
    media,
    secret: TEST_SECRET,
    version: '0.0.0-test',
    throttle: options.throttle,
    limits: options.limits ?? false,
    allowedHosts: options.allowedHosts,
    hostIds: hosts.map((host) => host.id),
    isShared: options.shared ? () => true : undefined,
    rendererDir: options.rendererDir,
    renderFirstScreen: options.renderFirstScreen,
    passwordCost,
    readCache: options.readCache,
  })
  const checked = async (path: string, response: Response) => {
    await checkErrorAnswer(response, path)
    return response
  }
  const request = async (path: string, init?: RequestInit) =>
    checked(path, await app.request(path, init))
  const requestFrom = async (address: string, path: string, init?: RequestInit) =>
    checked(
      path,
      await app.request(path, init, { incoming: { socket: { remoteAddress: address } } }),
    )
  const send: TestApp['send'] = (path, body = {}, { token, method = 'POST', headers = {} } = {}) =>
    request(path, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { authorization: token } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const get: TestApp['get'] = (path, token) =>
    request(path, { headers: token ? { authorization: token } : {} })
  // Once: a test may close its app (to make the database fail) before the fixture does.
  let closed: Promise<void> | undefined
  const tokenOf = async (response: Response, key: 'createdUser' | 'foundUser') => {
    if (response.status >= 300) {
      throw new Error(`${key} failed: ${response.status} ${await response.text()}`)
    }
    const body = (await response.json()) as Record<string, { _id: string }> & {
      encodedToken: string
    }
    const user = body[key]
    if (!user) throw new Error(`${key} missing from the answer`)
    return { token: body.encodedToken, id: user._id }
  }
  return {
    db,
    media,
    events,
    presence,
    request,
    requestFrom,
    send,
    get,
    signup: async (username, password = 'correct horse battery') =>
      tokenOf(await send('/api/auth/signup', { username, password }), 'createdUser'),
    loginDemo: async () => tokenOf(await send('/api/auth/login', DEMO_ACCOUNT), 'foundUser'),
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    hosts,
    close: () => {
      closed ??= (async () => {
        events.close()
        await presence.close()
        media.close()
        await db.close()
      })()
      return closed
    },
  }
}

/**
 * The real app over a demo database, told by `isShared` whether it is reachable from other
 * computers (docs/hosting.md, "Live LAN"), and a login that posts a username and password to it. The
 * caller closes `db` (`await db.close()`).
 */
export async function demoAppOnTheLan(isShared: () => boolean) {
  const db = await openTestStore()
  const passwordCost = TEST_SCRYPT_PARAMS
  await initializeDatabase(db, true, { passwordCost })
  const built = createApp({ db, secret: TEST_SECRET, version: 'test', isShared, passwordCost })
  const login = (username: string, password: string) =>
    built.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
  return { db, built, login }
}
