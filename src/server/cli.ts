/**
 * `npm run serve -- [--port 4567] [--host 127.0.0.1] [--data DIR] [--no-demo] [...]`: the Gamerstage
 * server under plain Node, for a spare box at the LAN party or a test.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { hostname } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { FAST_PASSWORDS_ENV, TEST_SCRYPT_PARAMS, type ScryptCost } from './auth/password'
import { backupDataFolder, restoreDataFolder } from './data/backup'
import { defaultDataDir } from './data/data-dir'
import { defaultServerName, startLanAdvertiser, type Advertisement } from './discovery'
import { lanAddresses } from './discovery/lan-addresses'
import { DEFAULT_EVENT_HUB_OPTIONS, type EventHubOptions } from './events/hub'
import { DEFAULT_RATE_LIMITS, type RateLimitOptions } from './http/rate-limits'
import {
  DEFAULT_CONNECTION_LIMITS,
  StartError,
  isLoopback,
  startServer,
  type ConnectionLimits,
  type RunningServer,
  type TlsCertificate,
} from './server'
import type { HostAccount } from './services/hosting'
import { getDemoUserIds } from './services/settings'
import { fingerprintCode } from '../shared/fingerprint-code'
import { usernameSchema } from '../shared/schemas'

const USAGE = `Usage: npm run serve -- [options]
  --port <n>      port to listen on (default 4567; 0 picks a free one)
  --host <addr>   address to listen on (default 127.0.0.1; 0.0.0.0 shares on the LAN)
  --data <dir>    data folder (default: ${defaultDataDir()})
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
  --limit-reactions <n>   likes and votes per user per hour (default ${DEFAULT_RATE_LIMITS.reactionsPerHour})
  --limit-follows <n>     follows and unfollows per user per hour (default ${DEFAULT_RATE_LIMITS.followsPerHour})
  --limit-uploads <n>     image uploads per user per hour (default ${DEFAULT_RATE_LIMITS.uploadsPerHour})
  --limit-upload-mb <n>   megabytes of uploads per user per hour (default ${DEFAULT_RATE_LIMITS.uploadMegabytesPerHour})
                  (0 turns one limit off)
  --no-rate-limits        turn every per-hour limit off
  --max-connections <n>   open connections at most, live streams included (default ${DEFAULT_CONNECTION_LIMITS.maxConnections})
  --max-streams <n>       open live streams at most, below --max-connections (default ${DEFAULT_EVENT_HUB_OPTIONS.maxStreams})
  --headers-timeout <s>   seconds a client has to send a request's headers (default ${DEFAULT_CONNECTION_LIMITS.headersTimeoutMs / 1000})
  --request-timeout <s>   seconds a client has to send a whole request (default ${DEFAULT_CONNECTION_LIMITS.requestTimeoutMs / 1000})
  --keep-alive-timeout <s>  seconds an idle connection stays open (default ${DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs / 1000})
  --backup <file> copy the data folder's database into a new file, then exit
                  (safe while a server runs on the same folder)
  --restore <file> replace the data folder's database with a backup, then exit
                  (checked first; every session ends: restart a server running on it)
  --admin <name>  an account that hosts this server: deletes any post or comment, suspends
                  accounts, reads reports (repeat for more than one). A name nobody has yet
                  gets an account now, with a one-time password printed once
  --help          show this help`

export interface CliOptions {
  port: number
  host: string
  dataDir: string
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
  /** Set for a one-off backup or restore instead of serving. */
  backupTo?: string
  restoreFrom?: string
  /** Usernames of the hosts (`--admin`, repeatable). */
  admins: string[]
  /** Reverse proxies whose X-Forwarded-For is believed (`--trust-proxy`). */
  trustedProxies: string[]
  /** The certificate and key read from `--tls-cert` and `--tls-key`, when given. */
  tls?: TlsCertificate
  /** `--plain-http`: no certificate of its own on a LAN address (README, "Security"). */
  plainHttp: boolean
}

/** Parses the command line; throws a StartError with a one-line message on bad input. */
export function parseCliArgs(args: string[]): CliOptions | 'help' {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
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
        admin: { type: 'string', multiple: true },
        'trust-proxy': { type: 'string', multiple: true },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'plain-http': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
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
  const { connectionLimits, events } = parseConnectionFlags(values as Record<string, unknown>)
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
    demo: !values['no-demo'],
    allowedHosts,
    limits: values['no-rate-limits'] ? false : limits,
    connectionLimits,
    events,
    backupTo: values.backup,
    restoreFrom: values.restore,
    admins,
    trustedProxies,
    tls:
      certFile !== undefined && keyFile !== undefined
        ? loadTlsCertificate(certFile, keyFile)
        : undefined,
    plainHttp: values['plain-http'] ?? false,
  }
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

/** `--limit-*` flags and the limit each sets. */
const LIMIT_FLAGS: Record<string, keyof RateLimitOptions> = {
  'limit-signups': 'signupsPerHour',
  'limit-logins': 'loginsPerMinute',
  'limit-posts': 'postsPerHour',
  'limit-comments': 'commentsPerHour',
  'limit-reactions': 'reactionsPerHour',
  'limit-follows': 'followsPerHour',
  'limit-uploads': 'uploadsPerHour',
  'limit-upload-mb': 'uploadMegabytesPerHour',
}

/** Connection flags, what each sets, and how many of the setting's unit one of the flag's is. */
const CONNECTION_FLAGS: Record<string, { key: keyof ConnectionLimits; unit: number }> = {
  'max-connections': { key: 'maxConnections', unit: 1 },
  'headers-timeout': { key: 'headersTimeoutMs', unit: 1000 },
  'request-timeout': { key: 'requestTimeoutMs', unit: 1000 },
  'keep-alive-timeout': { key: 'keepAliveTimeoutMs', unit: 1000 },
}

/**
 * The caps of README "Security". None can be turned off (0): without them a few thousand
 * half-sent requests hold the server (issue 25).
 */
function parseConnectionFlags(values: Record<string, unknown>): {
  connectionLimits: Partial<ConnectionLimits>
  events: Partial<EventHubOptions>
} {
  const wholeNumber = (flag: string): number | undefined => {
    const raw = values[flag]
    if (typeof raw !== 'string') return undefined
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
      throw new StartError(`--${flag} must be a whole number from 1 up, not "${raw}".`)
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
 * What the host needs to know of the encryption: the code friends compare (README, "Security"),
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
  let advertisement: Advertisement | undefined
  try {
    const options = parseCliArgs(args)
    if (options === 'help') {
      console.log(USAGE)
      return
    }
    if (options.backupTo !== undefined) {
      await backupDataFolder(options.dataDir, options.backupTo)
      console.log(`Backed up ${options.dataDir} to ${options.backupTo}`)
      return
    }
    if (options.restoreFrom !== undefined) {
      await restoreDataFolder(options.dataDir, options.restoreFrom)
      console.log(`Restored ${options.restoreFrom} into ${options.dataDir}`)
      console.log('Every session has ended: everyone signs in again (restart a running server).')
      return
    }
    const passwordCost = passwordCostFromEnv(process.env)
    server = await startServer({ ...options, rendererDir: RENDERER_DIR, passwordCost })
    if (passwordCost) {
      console.log(
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
      console.log(`Announced on the LAN as "${options.name}"`)
    }
  } catch (error) {
    console.error(`gamerstage: ${error instanceof StartError ? error.message : String(error)}`)
    process.exitCode = 1
    return
  }
  console.log(`Gamerstage server listening on ${server.url}`)
  console.log(`Data folder: ${server.dataDir}`)
  for (const host of server.hosts) console.log(describeHost(host))
  if (server.host === '0.0.0.0' || server.host === '::') {
    const scheme = new URL(server.url).protocol
    for (const address of lanAddresses(server.port)) {
      console.log(`Friends can join at ${address.replace(/^http:/, scheme)}`)
    }
  }
  for (const line of describeEncryption(server)) console.log(line)
  if (!isLoopback(server.host) && getDemoUserIds(server.db).length > 0) {
    console.log(
      'The demo accounts cannot sign in while the server is shared: their password is public.',
    )
  }
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping…`)
    advertisement?.stop()
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('gamerstage: could not stop cleanly:', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void main(process.argv.slice(2))
}
