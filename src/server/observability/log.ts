/**
 * The server's log: pino, one JSON object a line with `--log-format json`, or the same
 * lines made readable for a terminal (pino-pretty, in this process: no worker thread to start).
 *
 * Every module logs through `log()`, which answers the logger configured last: the CLI configures
 * it from `--log-format` and `--log-level` before the server opens; unconfigured (the desktop
 * app, tests building an app) it says only warnings and errors, readable.
 *
 * What must never reach a log is removed by key wherever it sits (REDACTED_KEYS): passwords,
 * tokens, secrets, message and post text, and client addresses unless the host asked for them
 * (`--log-client-addresses`).
 */
import { hostname } from 'node:os'
import { pino, type DestinationStream, type Logger } from 'pino'
import pretty from 'pino-pretty'

export type LogFormat = 'pretty' | 'json'
export const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json']
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** Keys whose values are never written, at the top of a line or one object down. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'oneTimePassword',
  'token',
  'refreshToken',
  'secret',
  'authorization',
  'cookie',
  'text',
  'body',
]
const ADDRESS_KEYS = ['ip', 'address', 'clientAddress', 'remoteAddress']

export interface LogOptions {
  format?: LogFormat
  level?: LogLevel
  /** Write client addresses (`--log-client-addresses`); removed from every line otherwise. */
  clientAddresses?: boolean
  /** Where lines go: stdout unless a test captures them. */
  destination?: DestinationStream
  /** The instance named on every line (several instances share one log collector). */
  instance?: string
}

function redactedPaths(clientAddresses: boolean): string[] {
  const keys = clientAddresses ? SECRET_KEYS : [...SECRET_KEYS, ...ADDRESS_KEYS]
  return keys.flatMap((key) => [key, `*.${key}`])
}

/** A logger with the given format, level and redaction. */
export function createLogger(options: LogOptions = {}): Logger {
  const { format = 'pretty', level = 'info', clientAddresses = false } = options
  const destination =
    options.destination ??
    (format === 'json'
      ? pino.destination({ dest: 1, sync: true })
      : pretty({
          destination: 1,
          sync: true,
          colorize: process.stdout.isTTY === true,
          ignore: 'pid,hostname,instance',
          translateTime: 'SYS:HH:MM:ss.l',
        }))
  return pino(
    {
      level,
      base: { instance: options.instance ?? instanceName() },
      redact: { paths: redactedPaths(clientAddresses), censor: '[redacted]' },
      // Errors keep their type, message and stack under `err` (pino's standard serializer).
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    destination,
  )
}

/** This process on this computer: `host:pid`, what tells a cluster's instances apart. */
export function instanceName(): string {
  return `${hostname()}:${process.pid}`
}

let current: Logger = createLogger({ level: 'warn' })

/** The logger configured last (see the header). */
export function log(): Logger {
  return current
}

/** Makes every module log through `logger` from now on; answers the one it replaces. */
export function useLogger(logger: Logger): Logger {
  const previous = current
  current = logger
  return previous
}
