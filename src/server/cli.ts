/**
 * `npm run serve -- [--port 4567] [--host 127.0.0.1] [--data DIR] [--no-demo]`: the Gamerstage
 * server under plain Node, for a spare box at the LAN party or a test.
 */
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { backupDataFolder, restoreDataFolder } from './backup'
import { defaultDataDir } from './data-dir'
import { lanAddresses } from './lan-addresses'
import { StartError, isLoopback, startServer, type RunningServer } from './server'
import { getDemoUserIds } from './services/settings'

const USAGE = `Usage: npm run serve -- [options]
  --port <n>      port to listen on (default 4567; 0 picks a free one)
  --host <addr>   address to listen on (default 127.0.0.1; 0.0.0.0 shares on the LAN)
  --data <dir>    data folder (default: ${defaultDataDir()})
  --no-demo       start a fresh data folder empty, without the demo data and account
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
  return {
    port,
    host: values.host ?? '127.0.0.1',
    dataDir: values.data ?? defaultDataDir(),
    demo: !values['no-demo'],
    backupTo: values.backup,
    restoreFrom: values.restore,
    admins: values.admin ?? [],
  }
}

const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url))

export async function main(args: string[]): Promise<void> {
  let server: RunningServer
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
    server = await startServer({ ...options, rendererDir: RENDERER_DIR })
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
