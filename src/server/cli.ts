/**
 * `npm run serve -- [--port 4567] [--host 127.0.0.1] [--data DIR] [--database URL] [--no-demo]
 * [...]`: the Gamerstage server under plain Node, for a spare box at the LAN party, a hosted
 * community on PostgreSQL, or a test.
 */
import { isIP } from 'node:net'
import { hostname } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { FAST_PASSWORDS_ENV, TEST_SCRYPT_PARAMS, type ScryptCost } from './auth/password'
import { defaultDataDir } from './data/data-dir'
import { defaultServerName, startLanAdvertiser, type Advertisement } from './discovery'
import { lanAddresses } from './discovery/lan-addresses'
import { type EventHubOptions } from './events/hub'
import { type RateLimitOptions } from './http/rate-limits'
import { describeRedisUrl, isRedisUrl } from './redis/address'
import {
  MIN_SECRET_BYTES,
  SECRET_ENV,
  StartError,
  describePostgresUrl,
  isLoopback,
  isPostgresUrl,
  startServer,
  type ConnectionLimits,
  type RunningServer,
  type TlsCertificate,
} from './server'
import { type S3StorageOptions } from './storage/s3-options'
import { getDemoUserIds } from './services/reads/settings'
import { usernameSchema } from '../shared/schemas'
import {
  OBSERVABILITY_FLAGS,
  parseObservabilityFlags,
  type ObservabilityOptions,
} from './observability/flags'
import { createLogger, log, useLogger } from './observability/log'
import { stopOnSignals } from './observability/shutdown'
import { listenForMetrics, type MetricsListener } from './observability/metrics-listener'
import { USAGE } from './cli/usage'
import { parseS3Flags } from './cli/s3-flags'
import { loadSharedSecret, loadTlsCertificate } from './cli/key-files'
import { CONNECTION_FLAGS, LIMIT_FLAGS, parseConnectionFlags } from './cli/limit-flags'
import { describeEncryption, describeHost } from './cli/describe'

export interface CliOptions {
  port: number
  host: string
  dataDir: string
  /** A PostgreSQL address (`--database`); unset, the data folder's SQLite file. */
  database?: string
  /** A cluster's Redis (`--redis`). */
  redis?: string
  /** The token secret from `--secret-file` or GAMERSTAGE_SECRET, when given. */
  secret?: Uint8Array
  demo: boolean
  /** Announce the server on the LAN under `name` (src/server/discovery). */
  advertise: boolean
  name: string
  allowedHosts: string[]
  /** The per-hour limits given on the command line, or false for --no-rate-limits. */
  limits: Partial<RateLimitOptions> | false
  /** The connection caps and timeouts given on the command line (`--max-connections`, …). */
  connectionLimits: Partial<ConnectionLimits>
  /** The live streams' cap, when `--max-streams` gives one. */
  events: Partial<EventHubOptions>
  /** The S3 bucket for uploaded images (`--s3-endpoint`, `--s3-bucket`, `--s3-region`). */
  s3?: S3StorageOptions
  /** Set for a one-off backup or restore instead of serving. */
  backupTo?: string
  restoreFrom?: string
  /** Set for a one-off move of the data folder's SQLite community into PostgreSQL. */
  moveTo?: string
  /** Usernames of the hosts (`--admin`, repeatable). */
  admins: string[]
  /** Reverse proxies whose X-Forwarded-For is believed (`--trust-proxy`). */
  trustedProxies: string[]
  /** The certificate and key read from `--tls-cert` and `--tls-key`, when given. */
  tls?: TlsCertificate
  /** `--plain-http`: no certificate of its own on a LAN address (docs/security.md). */
  plainHttp: boolean
  /** `--log-format`, `--log-level`, `--log-client-addresses`, `--metrics`. */
  observability: ObservabilityOptions
}

/** Parses the command line; throws a StartError with a one-line message on bad input. */
export function parseCliArgs(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): CliOptions | 'help' {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        database: { type: 'string' },
        redis: { type: 'string' },
        'secret-file': { type: 'string' },
        's3-endpoint': { type: 'string' },
        's3-bucket': { type: 'string' },
        's3-region': { type: 'string' },
        'no-demo': { type: 'boolean' },
        advertise: { type: 'boolean' },
        name: { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        ...Object.fromEntries(
          [...Object.keys(LIMIT_FLAGS), ...Object.keys(CONNECTION_FLAGS), 'max-streams'].map(
            (flag) => [flag, { type: 'string' as const }],
          ),
        ),
        'no-rate-limits': { type: 'boolean' },
        backup: { type: 'string' },
        restore: { type: 'string' },
        'move-to': { type: 'string' },
        admin: { type: 'string', multiple: true },
        'trust-proxy': { type: 'string', multiple: true },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'plain-http': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        ...OBSERVABILITY_FLAGS,
      },
      strict: true,
    }))
  } catch (error) {
    // Node's own message can run over several lines; the first says what is wrong.
    const reason = (error as Error).message.split('\n')[0]?.replace(/\.$/, '')
    throw new StartError(`${reason}. Run with --help for the options.`)
  }
  if (values.help) return 'help'
  const port = values.port === undefined ? 4567 : Number(values.port)
  if (
    (values.port !== undefined && !/^\d{1,5}$/.test(values.port)) ||
    !Number.isInteger(port) ||
    port > 65535
  ) {
    throw new StartError(`--port must be a whole number from 0 to 65535, not "${values.port}".`)
  }
  if (values.backup !== undefined && values.restore !== undefined) {
    throw new StartError('Use --backup or --restore, not both.')
  }
  const moveTo = values['move-to']
  if (moveTo !== undefined) {
    if (!isPostgresUrl(moveTo)) {
      // Not echoed: an address may hold a password.
      throw new StartError(
        '--move-to takes the PostgreSQL database to move into, postgres://user:password@host:5432/name (or postgresql://…).',
      )
    }
    if (values.database !== undefined) {
      throw new StartError(
        "--move-to moves the data folder's SQLite database: leave out --database (--move-to names the PostgreSQL one).",
      )
    }
    if (values.backup !== undefined || values.restore !== undefined) {
      throw new StartError('Use --move-to on its own, without --backup or --restore.')
    }
  }
  const database = values.database
  if (database !== undefined) {
    if (!isPostgresUrl(database)) {
      // Not echoed: an address may hold a password.
      throw new StartError(
        '--database takes a PostgreSQL address, postgres://user:password@host:5432/name (or postgresql://…). Without it, the data folder holds a SQLite file.',
      )
    }
  }
  if (values.redis !== undefined && !isRedisUrl(values.redis)) {
    // Not echoed: an address may hold a password.
    throw new StartError(
      '--redis takes a Redis address: redis://host:6379 (or rediss://… for TLS).',
    )
  }
  const secret = loadSharedSecret(values['secret-file'], env)
  if (values.redis !== undefined && secret === undefined) {
    throw new StartError(
      `--redis is for several instances, and they need one shared token secret: give each the same --secret-file <file> or ${SECRET_ENV} (at least ${MIN_SECRET_BYTES} bytes).`,
    )
  }
  const s3 = parseS3Flags(values)
  const host = values.host ?? '127.0.0.1'
  if (values.advertise && isLoopback(host)) {
    throw new StartError(
      `--advertise needs --host 0.0.0.0 or a LAN address: nobody else can reach ${host}.`,
    )
  }
  const serverName = (values.name ?? defaultServerName(hostname())).trim()
  if (serverName.length === 0 || serverName.length > 60) {
    throw new StartError('--name must be 1 to 60 characters.')
  }
  const limits: Partial<RateLimitOptions> = {}
  for (const [flag, key] of Object.entries(LIMIT_FLAGS)) {
    const raw = (values as Record<string, unknown>)[flag]
    if (typeof raw !== 'string') continue
    if (!/^\d{1,9}$/.test(raw)) {
      throw new StartError(`--${flag} must be a whole number (0 turns it off), not "${raw}".`)
    }
    limits[key] = Number(raw)
  }
  const { connectionLimits, events } = parseConnectionFlags(values as Record<string, unknown>, env)
  const admins = values.admin ?? []
  for (const name of admins) {
    const verdict = usernameSchema.safeParse(name)
    if (!verdict.success) {
      throw new StartError(
        `--admin takes a username: ${verdict.error.issues[0]?.message} ("${name}")`,
      )
    }
  }
  const allowedHosts = values['allow-host'] ?? []
  for (const name of allowedHosts) {
    if (!/^[A-Za-z0-9.:[\]-]{1,253}$/.test(name)) {
      throw new StartError(`--allow-host takes a host name or address, not "${name}".`)
    }
  }
  const trustedProxies = (values['trust-proxy'] ?? []).flatMap((list) =>
    list.split(',').map((address) => address.trim()),
  )
  for (const address of trustedProxies) {
    if (isIP(address) === 0) {
      throw new StartError(
        `--trust-proxy takes a proxy's IP address (e.g. 127.0.0.1), not "${address}".`,
      )
    }
  }
  const certFile = values['tls-cert']
  const keyFile = values['tls-key']
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new StartError('Use --tls-cert and --tls-key together: the certificate and its key.')
  }
  if (certFile !== undefined && values['plain-http']) {
    throw new StartError('Use --tls-cert or --plain-http, not both.')
  }
  return {
    port,
    host,
    advertise: values.advertise ?? false,
    name: serverName,
    dataDir: values.data ?? defaultDataDir(),
    database,
    ...(values.redis === undefined ? {} : { redis: values.redis }),
    ...(secret === undefined ? {} : { secret }),
    s3,
    demo: !values['no-demo'],
    allowedHosts,
    limits: values['no-rate-limits'] ? false : limits,
    connectionLimits,
    events,
    backupTo: values.backup,
    restoreFrom: values.restore,
    moveTo,
    admins,
    trustedProxies,
    tls:
      certFile !== undefined && keyFile !== undefined
        ? loadTlsCertificate(certFile, keyFile)
        : undefined,
    plainHttp: values['plain-http'] ?? false,
    observability: parseObservabilityFlags(values),
  }
}

/**
 * The password cost the environment asks for (FAST_PASSWORDS_ENV, auth/password.ts): undefined,
 * the real one, unless a test's. An environment variable rather than an option, so that `--help`
 * never offers it; the server says so when it starts with it set.
 */
export function passwordCostFromEnv(env: NodeJS.ProcessEnv): ScryptCost | undefined {
  const value = env[FAST_PASSWORDS_ENV]
  if (value === undefined || value === '') return undefined
  if (value !== '1') {
    throw new StartError(`${FAST_PASSWORDS_ENV} is for tests: set it to 1, or leave it unset.`)
  }
  return TEST_SCRYPT_PARAMS
}

const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url))

export async function main(args: string[]): Promise<void> {
  let server: RunningServer
  let metrics: MetricsListener | undefined
  let advertisement: Advertisement | undefined
  let database: string | undefined
  let redis: string | undefined
  try {
    const options = parseCliArgs(args)
    if (options === 'help') {
      console.log(USAGE)
      return
    }
    database = options.database
    redis = options.redis
    const { logFormat, logLevel, logClientAddresses } = options.observability
    useLogger(
      createLogger({ format: logFormat, level: logLevel, clientAddresses: logClientAddresses }),
    )
    if (options.backupTo !== undefined || options.restoreFrom !== undefined) {
      // Loaded for a backup or a restore only (it may bring pg and the S3 client).
      const { backupCommunity, restoreCommunity } = await import('./data/community-backup')
      const lines =
        options.backupTo !== undefined
          ? await backupCommunity(options, options.backupTo)
          : await restoreCommunity(options, options.restoreFrom ?? '')
      for (const line of lines) console.log(line)
      return
    }
    if (options.moveTo !== undefined) {
      console.log(
        `Moving ${options.dataDir} into PostgreSQL at ${describePostgresUrl(options.moveTo)}…`,
      )
      // Loaded for a move only: it brings pg and the PostgreSQL schema.
      const { describeMove, moveToPostgres } = await import('./data/move')
      const summary = await moveToPostgres({
        dataDir: options.dataDir,
        target: options.moveTo,
        onTable: (table, rows) => console.log(`  ${table}: ${rows}`),
      })
      for (const line of describeMove(summary, options.dataDir)) console.log(line)
      return
    }
    const passwordCost = passwordCostFromEnv(process.env)
    server = await startServer({ ...options, rendererDir: RENDERER_DIR, passwordCost })
    const metricsAt = options.observability.metrics
    if (metricsAt) metrics = await listenForMetrics(metricsAt.host, metricsAt.port)
    if (passwordCost) {
      log().warn(
        `${FAST_PASSWORDS_ENV}=1: passwords are hashed at a test cost. Never for real accounts.`,
      )
    }
    if (options.advertise) {
      const wildcard = server.host === '0.0.0.0' || server.host === '::'
      advertisement = startLanAdvertiser({
        name: options.name,
        port: server.port,
        fingerprint: server.fingerprint,
        ...(wildcard ? {} : { addresses: [server.host] }),
      })
      log().info(`Announced on the LAN as "${options.name}"`)
    }
  } catch (error) {
    console.error(`gamerstage: ${error instanceof StartError ? error.message : String(error)}`)
    process.exitCode = 1
    return
  }
  const info = (message: string) => log().info(message)
  info(`Gamerstage server listening on ${server.url}`)
  info(`Data folder: ${server.dataDir}`)
  if (database !== undefined) info(`Database: PostgreSQL at ${describePostgresUrl(database)}`)
  if (redis !== undefined)
    info(`Cluster: live events and counters in Redis at ${describeRedisUrl(redis)}`)
  if (server.media.kind !== 'database') info(`Images: ${server.media.description}`)
  if (metrics) info(`Metrics: ${metrics.url}`)
  for (const host of server.hosts) info(describeHost(host))
  if (server.host === '0.0.0.0' || server.host === '::') {
    const scheme = new URL(server.url).protocol
    for (const address of lanAddresses(server.port)) {
      info(`Friends can join at ${address.replace(/^http:/, scheme)}`)
    }
  }
  for (const line of describeEncryption(server)) info(line)
  if (!isLoopback(server.host) && (await getDemoUserIds(server.db)).length > 0) {
    info('The demo accounts cannot sign in while the server is shared: their password is public.')
  }
  stopOnSignals(async () => {
    advertisement?.stop()
    await server.close()
    await metrics?.close()
  })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void main(process.argv.slice(2))
}
