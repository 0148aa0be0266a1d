/**
 * `npm run serve -- [--port 4567] [--host 127.0.0.1] [--data DIR] [--database URL] [--no-demo]
 * [...]`: the Gamerstage server under plain Node, for a spare box at the LAN party, a hosted
 * community on PostgreSQL, or a test.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { hostname } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { FAST_PASSWORDS_ENV, TEST_SCRYPT_PARAMS, type ScryptCost } from './auth/password'
import { defaultDataDir } from './data/data-dir'
import { defaultServerName, startLanAdvertiser, type Advertisement } from './discovery'
import { lanAddresses } from './discovery/lan-addresses'
import { DEFAULT_EVENT_HUB_OPTIONS, type EventHubOptions } from './events/hub'
import { DEFAULT_RATE_LIMITS, type RateLimitOptions } from './http/rate-limits'
import { describeRedisUrl, isRedisUrl } from './redis/address'
import {
  DEFAULT_CONNECTION_LIMITS,
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
import type { HostAccount } from './services/writes/hosting'
import { checkS3Options, type S3StorageOptions } from './storage/s3-options'
import { getDemoUserIds } from './services/reads/settings'
import { fingerprintCode } from '../shared/fingerprint-code'
import { usernameSchema } from '../shared/schemas'
import {
  OBSERVABILITY_FLAGS,
  OBSERVABILITY_USAGE,
  parseObservabilityFlags,
  type ObservabilityOptions,
} from './observability/flags'
import { createLogger, log, useLogger } from './observability/log'
import { stopOnSignals } from './observability/shutdown'
import { listenForMetrics, type MetricsListener } from './observability/metrics-listener'

const USAGE = `Usage: npm run serve -- [options]
  --port <n>      port to listen on (default 4567; 0 picks a free one)
  --host <addr>   address to listen on (default 127.0.0.1; 0.0.0.0 shares on the LAN)
  --data <dir>    data folder: the SQLite database and the key sessions are signed with; only
                  the key with --database (default: ${defaultDataDir()})
  --database <url>  keep the data in PostgreSQL instead of the data folder's SQLite file:
                  postgres://user:password@host:5432/name (or postgresql://…). The password
                  may come from PGPASSWORD instead; the schema is created or updated at start
  --redis <url>   share live events, rate limits and the login throttle with the other
                  instances of a cluster through this Redis: redis://host:6379 (or
                  rediss://…); needs --secret-file or ${SECRET_ENV}
  --secret-file <file>  sign sessions with the key in this file (at least ${MIN_SECRET_BYTES} bytes), the
                  same for every instance, instead of the data folder's own; or give the
                  key in the environment variable ${SECRET_ENV}
  --s3-endpoint <url>  keep uploaded images in an S3-compatible bucket instead of the
                  database (with --s3-bucket): the server's address, e.g. http://127.0.0.1:9000;
                  path-style requests. The key comes from AWS_ACCESS_KEY_ID and
                  AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN, if set)
  --s3-bucket <name>   the bucket, which must exist (with --s3-endpoint)
  --s3-region <name>   the bucket's region (default AWS_REGION, else us-east-1)
  --no-demo       start a fresh data folder empty, without the demo data and account
  --advertise     announce the server on the LAN (DNS-SD _gamerstage._tcp), so that friends'
                  apps list it; needs --host 0.0.0.0 or a LAN address (default off)
  --name <text>   the name it is announced under (default "<computer>'s Gamerstage")
  --allow-host <name>  also answer requests addressed to this host name (repeatable);
                  loopback and this machine's own addresses are always answered
  --trust-proxy <addr>    a reverse proxy's IP address (repeatable, or comma-separated): requests
                  from it are counted under the client its X-Forwarded-For names (default none)
  --tls-cert <file>       speak HTTPS with this PEM certificate (with --tls-key)
  --tls-key <file>        the certificate's PEM private key (with --tls-cert)
  --plain-http    on a LAN --host, speak plain HTTP instead of HTTPS with the server's own
                  certificate: anyone on the network can then read passwords and sessions
  --limit-signups <n>     sign-ups per computer per hour (default ${DEFAULT_RATE_LIMITS.signupsPerHour})
  --limit-logins <n>      login attempts per computer per minute (default ${DEFAULT_RATE_LIMITS.loginsPerMinute})
  --limit-posts <n>       posts per user per hour (default ${DEFAULT_RATE_LIMITS.postsPerHour})
  --limit-comments <n>    comments per user per hour (default ${DEFAULT_RATE_LIMITS.commentsPerHour})
  --limit-messages <n>    conversation messages per user per hour (default ${DEFAULT_RATE_LIMITS.messagesPerHour})
  --limit-reactions <n>   likes and votes per user per hour (default ${DEFAULT_RATE_LIMITS.reactionsPerHour})
  --limit-follows <n>     follows and unfollows per user per hour (default ${DEFAULT_RATE_LIMITS.followsPerHour})
  --limit-uploads <n>     image uploads per user per hour (default ${DEFAULT_RATE_LIMITS.uploadsPerHour})
  --limit-upload-mb <n>   megabytes of uploads per user per hour (default ${DEFAULT_RATE_LIMITS.uploadMegabytesPerHour})
  --limit-whole-lists <n> whole-list answers under way at once per computer, mutations' whole
                  answers included (default ${DEFAULT_RATE_LIMITS.wholeListsAtOnce})
                  (0 turns one limit off)
  --no-rate-limits        turn every per-hour limit off
  --max-connections <n>   open connections at most, live streams included (default ${DEFAULT_CONNECTION_LIMITS.maxConnections})
  --max-connections-per-address <n>  open connections from one address at most (default half
                  of --max-connections, ${DEFAULT_CONNECTION_LIMITS.maxConnectionsPerAddress}; or GAMERSTAGE_MAX_CONNECTIONS_PER_ADDRESS)
  --first-byte-timeout <s>  seconds a new connection has to send its first byte (default
                  ${DEFAULT_CONNECTION_LIMITS.firstByteTimeoutMs / 1000}; or GAMERSTAGE_FIRST_BYTE_TIMEOUT)
  --max-streams <n>       open live streams at most, below --max-connections (default ${DEFAULT_EVENT_HUB_OPTIONS.maxStreams})
  --headers-timeout <s>   seconds a client has to send a request's headers (default ${DEFAULT_CONNECTION_LIMITS.headersTimeoutMs / 1000})
  --request-timeout <s>   seconds a client has to send a whole request (default ${DEFAULT_CONNECTION_LIMITS.requestTimeoutMs / 1000})
  --keep-alive-timeout <s>  seconds an idle connection stays open (default ${DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs / 1000})
  --backup <file> copy the community into a new file, then exit: the data folder's database,
                  or --database's, with every image and clip (from the bucket, given
                  the server's --s3-… flags); safe while servers run on it
  --restore <file> replace the community with a backup, then exit (checked first; into
                  --database and the bucket when given; every session ends: restart
                  every server running on it)
  --move-to <url>  move the data folder's SQLite community into a new, empty PostgreSQL
                  database (postgres://user:password@host:5432/name), then exit: every table,
                  id, image and count, in one transaction, checked at the end. The SQLite
                  file is left as it was; sessions survive when the server on PostgreSQL
                  runs with the same --data (its secret.key). Stop the server first
  --admin <name>  an account that hosts this server: deletes any post or comment, suspends
                  accounts, reads reports (repeat for more than one). A name nobody has yet
                  gets an account now, with a one-time password printed once
${OBSERVABILITY_USAGE}
  --help          show this help`

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
  /** `--log-format`, `--log-level`, `--log-client-addresses`, `--metrics` (issue 41). */
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

/** The S3 bucket the `--s3-*` flags name, checked (storage/s3.ts), or undefined without them. */
function parseS3Flags(values: {
  's3-endpoint'?: string
  's3-bucket'?: string
  's3-region'?: string
}): S3StorageOptions | undefined {
  const endpoint = values['s3-endpoint']
  const bucket = values['s3-bucket']
  const region = values['s3-region']
  if (endpoint === undefined && bucket === undefined) {
    if (region !== undefined)
      throw new StartError('--s3-region goes with --s3-endpoint and --s3-bucket.')
    return undefined
  }
  if (endpoint === undefined || bucket === undefined) {
    throw new StartError(
      'Use --s3-endpoint and --s3-bucket together: the S3 server and its bucket.',
    )
  }
  if (region !== undefined && !/^[a-z0-9-]{1,64}$/.test(region)) {
    throw new StartError(`--s3-region takes a region name such as us-east-1, not "${region}".`)
  }
  const options: S3StorageOptions = { endpoint, bucket, ...(region ? { region } : {}) }
  try {
    checkS3Options(options)
  } catch (error) {
    throw new StartError((error as Error).message)
  }
  return options
}

/**
 * Reads `--tls-cert` and `--tls-key` and checks that they belong together, so that a wrong file
 * is a one-line error at start rather than a failed handshake for every client.
 */
export function loadTlsCertificate(certFile: string, keyFile: string): TlsCertificate {
  const read = (flag: string, file: string): Buffer => {
    try {
      return readFileSync(file)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const reason =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : code === 'EISDIR'
              ? 'a folder, not a file'
              : (error as Error).message
      throw new StartError(`Cannot read ${flag} ${file}: ${reason}.`)
    }
  }
  const cert = read('--tls-cert', certFile)
  const key = read('--tls-key', keyFile)
  let certificate: X509Certificate
  try {
    certificate = new X509Certificate(cert)
  } catch {
    throw new StartError(`--tls-cert ${certFile} is not a PEM certificate.`)
  }
  let privateKey
  try {
    privateKey = createPrivateKey(key)
  } catch {
    throw new StartError(`--tls-key ${keyFile} is not a PEM private key (without a passphrase).`)
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new StartError(`--tls-key ${keyFile} is not the key of the certificate in ${certFile}.`)
  }
  return { cert, key }
}

/**
 * The token secret a cluster's instances share: the bytes of `--secret-file` (a text file's
 * line ending aside, so that `openssl rand -base64 48 > file` works) or of GAMERSTAGE_SECRET;
 * undefined when neither is given. Too short, unreadable or both given is a StartError.
 */
export function loadSharedSecret(
  file: string | undefined,
  env: NodeJS.ProcessEnv,
): Uint8Array | undefined {
  const fromEnv = env[SECRET_ENV]
  if (file !== undefined && fromEnv !== undefined && fromEnv !== '') {
    throw new StartError(`Use --secret-file or ${SECRET_ENV}, not both.`)
  }
  let secret: Buffer
  let source: string
  if (file !== undefined) {
    try {
      secret = readFileSync(file)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const reason =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : code === 'EISDIR'
              ? 'a folder, not a file'
              : (error as Error).message
      throw new StartError(`Cannot read --secret-file ${file}: ${reason}.`)
    }
    source = `--secret-file ${file}`
    // A text key's line ending is not part of it; a binary key is taken byte for byte.
    const text = secret.toString('utf8')
    if (/^[\x20-\x7e]+\r?\n?$/.test(text)) secret = Buffer.from(text.replace(/\r?\n$/, ''))
  } else if (fromEnv !== undefined && fromEnv !== '') {
    secret = Buffer.from(fromEnv, 'utf8')
    source = SECRET_ENV
  } else {
    return undefined
  }
  if (secret.byteLength < MIN_SECRET_BYTES) {
    throw new StartError(
      `${source} holds ${secret.byteLength} bytes: a token secret needs at least ${MIN_SECRET_BYTES} (e.g. openssl rand -base64 48).`,
    )
  }
  return new Uint8Array(secret)
}

/** `--limit-*` flags and the limit each sets. */
const LIMIT_FLAGS: Record<string, keyof RateLimitOptions> = {
  'limit-signups': 'signupsPerHour',
  'limit-logins': 'loginsPerMinute',
  'limit-posts': 'postsPerHour',
  'limit-comments': 'commentsPerHour',
  'limit-messages': 'messagesPerHour',
  'limit-reactions': 'reactionsPerHour',
  'limit-follows': 'followsPerHour',
  'limit-uploads': 'uploadsPerHour',
  'limit-upload-mb': 'uploadMegabytesPerHour',
  'limit-whole-lists': 'wholeListsAtOnce',
}

/** Connection flags, what each sets, and how many of the setting's unit one of the flag's is. */
const CONNECTION_FLAGS: Record<string, { key: keyof ConnectionLimits; unit: number }> = {
  'max-connections': { key: 'maxConnections', unit: 1 },
  'max-connections-per-address': { key: 'maxConnectionsPerAddress', unit: 1 },
  'first-byte-timeout': { key: 'firstByteTimeoutMs', unit: 1000 },
  'headers-timeout': { key: 'headersTimeoutMs', unit: 1000 },
  'request-timeout': { key: 'requestTimeoutMs', unit: 1000 },
  'keep-alive-timeout': { key: 'keepAliveTimeoutMs', unit: 1000 },
}

/**
 * Connection flags a host may also set in the environment (DESIGN: each of the per-address
 * limits has its `GAMERSTAGE_*` variable); the flag wins over the variable.
 */
const CONNECTION_ENV: Record<string, string> = {
  'max-connections-per-address': 'GAMERSTAGE_MAX_CONNECTIONS_PER_ADDRESS',
  'first-byte-timeout': 'GAMERSTAGE_FIRST_BYTE_TIMEOUT',
}

/**
 * The caps of docs/security.md. None can be turned off (0): without them a few thousand
 * half-sent requests hold the server (issue 25).
 */
function parseConnectionFlags(
  values: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): {
  connectionLimits: Partial<ConnectionLimits>
  events: Partial<EventHubOptions>
} {
  const wholeNumber = (flag: string): number | undefined => {
    const variable = CONNECTION_ENV[flag]
    const fromEnv = variable === undefined || env[variable] === '' ? undefined : env[variable]
    const raw = typeof values[flag] === 'string' ? values[flag] : fromEnv
    if (typeof raw !== 'string') return undefined
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
      const source = raw === values[flag] ? `--${flag}` : `${variable} (--${flag})`
      throw new StartError(`${source} must be a whole number from 1 up, not "${raw}".`)
    }
    return Number(raw)
  }
  const connectionLimits: Partial<ConnectionLimits> = {}
  for (const [flag, { key, unit }] of Object.entries(CONNECTION_FLAGS)) {
    const value = wholeNumber(flag)
    if (value !== undefined) connectionLimits[key] = value * unit
  }
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...connectionLimits }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new StartError('--headers-timeout must not be longer than --request-timeout.')
  }
  // Unset, it is the headers timeout when that is shorter (http/listener.ts).
  if (
    connectionLimits.firstByteTimeoutMs !== undefined &&
    limits.firstByteTimeoutMs > limits.headersTimeoutMs
  ) {
    throw new StartError('--first-byte-timeout must not be longer than --headers-timeout.')
  }
  if (connectionLimits.maxConnectionsPerAddress === undefined) {
    // A lower --max-connections alone brings the per-address cap down with it, to half.
    const half = Math.max(1, Math.floor(limits.maxConnections / 2))
    if (half < limits.maxConnectionsPerAddress) connectionLimits.maxConnectionsPerAddress = half
  } else if (limits.maxConnectionsPerAddress >= limits.maxConnections) {
    throw new StartError(
      '--max-connections-per-address must be below --max-connections, so that one address cannot hold every connection.',
    )
  }
  const maxStreams = wholeNumber('max-streams')
  if (maxStreams === undefined) {
    // A lower --max-connections alone brings the streams' cap down with it, to half.
    const fitting = Math.floor(limits.maxConnections / 2)
    const events = fitting < DEFAULT_EVENT_HUB_OPTIONS.maxStreams ? { maxStreams: fitting } : {}
    return { connectionLimits, events }
  }
  if (maxStreams >= limits.maxConnections) {
    throw new StartError(
      '--max-streams must be below --max-connections, so that pages still load while every stream is open.',
    )
  }
  return { connectionLimits, events: { maxStreams } }
}

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
function describeHost(host: HostAccount): string {
  if (host.oneTimePassword === undefined) return `Host: ${host.username} (existing account)`
  return (
    `Host: ${host.username} (created account ${host.username} with one-time password ` +
    `${host.oneTimePassword}: shown only now; sign in with it and change it on the Account page)`
  )
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
