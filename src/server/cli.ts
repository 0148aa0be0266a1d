/**
 * `npm run serve -- [--port 4567] [--host 127.0.0.1] [--data DIR] [--no-demo] [...]`: the Gamerstage
 * server under plain Node, for a spare box at the LAN party or a test.
 */
import { hostname } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { FAST_PASSWORDS_ENV, TEST_SCRYPT_PARAMS, type ScryptCost } from './auth/password'
import { backupDataFolder, restoreDataFolder } from './backup'
import { defaultDataDir } from './data-dir'
import { defaultServerName, startLanAdvertiser, type Advertisement } from './discovery'
import { lanAddresses } from './lan-addresses'
import { DEFAULT_RATE_LIMITS, type RateLimitOptions } from './rate-limits'
import { StartError, isLoopback, startServer, type RunningServer } from './server'
import { getDemoUserIds } from './services/settings'

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
  --limit-signups <n>     sign-ups per computer per hour (default ${DEFAULT_RATE_LIMITS.signupsPerHour})
  --limit-posts <n>       posts per user per hour (default ${DEFAULT_RATE_LIMITS.postsPerHour})
  --limit-comments <n>    comments per user per hour (default ${DEFAULT_RATE_LIMITS.commentsPerHour})
  --limit-reactions <n>   likes and votes per user per hour (default ${DEFAULT_RATE_LIMITS.reactionsPerHour})
  --limit-follows <n>     follows and unfollows per user per hour (default ${DEFAULT_RATE_LIMITS.followsPerHour})
  --limit-uploads <n>     image uploads per user per hour (default ${DEFAULT_RATE_LIMITS.uploadsPerHour})
  --limit-upload-mb <n>   megabytes of uploads per user per hour (default ${DEFAULT_RATE_LIMITS.uploadMegabytesPerHour})
                  (0 turns one limit off)
  --no-rate-limits        turn every per-hour limit off
  --backup <file> copy the data folder's database into a new file, then exit
                  (safe while a server runs on the same folder)
  --restore <file> replace the data folder's database with a backup, then exit
                  (checked first; every session ends: restart a server running on it)
  --admin <name>  an account that hosts this server: deletes any post or comment, suspends
                  accounts, reads reports (repeat for more than one)
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
  /** Set for a one-off backup or restore instead of serving. */
  backupTo?: string
  restoreFrom?: string
  /** Usernames of the hosts (`--admin`, repeatable). */
  admins: string[]
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
          Object.keys(LIMIT_FLAGS).map((flag) => [flag, { type: 'string' as const }]),
        ),
        'no-rate-limits': { type: 'boolean' },
        backup: { type: 'string' },
        restore: { type: 'string' },
        admin: { type: 'string', multiple: true },
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
  const allowedHosts = values['allow-host'] ?? []
  for (const name of allowedHosts) {
    if (!/^[A-Za-z0-9.:[\]-]{1,253}$/.test(name)) {
      throw new StartError(`--allow-host takes a host name or address, not "${name}".`)
    }
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
    backupTo: values.backup,
    restoreFrom: values.restore,
    admins: values.admin ?? [],
  }
}

/** `--limit-*` flags and the limit each sets. */
const LIMIT_FLAGS: Record<string, keyof RateLimitOptions> = {
  'limit-signups': 'signupsPerHour',
  'limit-posts': 'postsPerHour',
  'limit-comments': 'commentsPerHour',
  'limit-reactions': 'reactionsPerHour',
  'limit-follows': 'followsPerHour',
  'limit-uploads': 'uploadsPerHour',
  'limit-upload-mb': 'uploadMegabytesPerHour',
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
  if (server.host === '0.0.0.0' || server.host === '::') {
    for (const address of lanAddresses(server.port)) console.log(`Friends can join at ${address}`)
  }
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
