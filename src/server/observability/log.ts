/**
 * The server's log: pino, one JSON object a line with `--log-format json`, or the same
 * lines made readable for a terminal (observability/readable-lines.ts, pino-pretty's layout, in
 * this process: no worker thread to start).
 *
 * Every module logs through `log()`, which answers the logger configured last: the CLI configures
 * it from `--log-format` and `--log-level` before the server opens; unconfigured (the desktop
 * app, tests building an app) it says only warnings and errors, readable.
 *
 * What must never reach a log is removed by key, at the top of a line or one object down
 * (SECRET_KEYS, ADDRESS_KEYS; `redactKeys`): passwords, tokens, secrets, message and post text,
 * and client addresses unless the host asked for them (`--log-client-addresses`).
 */
import { hostname } from 'node:os'
import { pino, type DestinationStream, type Logger } from 'pino'
import { logOutput, type LogOutput, type RequestFields } from './log-output'
import { readableLines } from './readable-lines'

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

const CENSOR = '[redacted]'

/**
 * Removes the values of `keys` at the top of a line's object and one object down, copying only
 * what it changes. Written here rather than with pino's `redact` paths: its wildcard paths
 * (`*.token`) cost about 15 µs a line, six times the rest of a request's line, and every request
 * writes one (request-log.ts); this costs well under one.
 */
export function redactKeys(
  object: Record<string, unknown>,
  keys: ReadonlySet<string>,
): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined
  for (const key in object) {
    const value = object[key]
    let redacted: unknown = value
    if (keys.has(key)) redacted = CENSOR
    else if (isPlainObject(value)) {
      for (const inner in value) {
        if (keys.has(inner)) {
          redacted = redactTop(value, keys)
          break
        }
      }
    }
    if (redacted !== value) {
      copy ??= { ...object }
      copy[key] = redacted
    }
  }
  return copy ?? object
}

function redactTop(object: Record<string, unknown>, keys: ReadonlySet<string>) {
  const copy: Record<string, unknown> = { ...object }
  for (const key in copy) if (keys.has(key)) copy[key] = CENSOR
  return copy
}

/** An object written as its keys (not an error, a date, an array or a buffer, which pino writes its own way). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value) as unknown
  return prototype === Object.prototype || prototype === null
}

/** A logger with the given format, level and redaction. */
export function createLogger(options: LogOptions = {}): Logger {
  const { format = 'pretty', level = 'info', clientAddresses = false } = options
  // Written a little later rather than one system call a line while a request waits, requests'
  // lines in batches (observability/log-output.ts); what is left is written when the process ends.
  const destination =
    options.destination ??
    (format === 'json' ? logOutput() : readableLines(process.stdout.isTTY === true))
  const secret = new Set(clientAddresses ? SECRET_KEYS : [...SECRET_KEYS, ...ADDRESS_KEYS])
  const redact = (object: Record<string, unknown>) => redactKeys(object, secret)
  const instance = options.instance ?? instanceName()
  const logger = pino(
    {
      level,
      base: { instance },
      formatters: { log: redact },
      // A child logger's bindings, which the formatter never sees: top-level paths cost nothing.
      redact: { paths: [...secret], censor: CENSOR },
      // Errors keep their type, message and stack under `err` (pino's standard serializer).
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    destination,
  )
  const instanceJson = JSON.stringify(instance)
  requestLineWriters.set(logger, (fields) => {
    const time = Date.now()
    const json = () => requestJson(time, instanceJson, fields)
    if (isLogOutput(destination)) destination.writeRequest({ time, fields, json })
    else destination.write(json())
  })
  return logger
}

/**
 * Each logger's writer of a request's line (`logRequestLine`), for the loggers made here; any
 * other logger writes it with `info`.
 */
const requestLineWriters = new WeakMap<Logger, (fields: RequestFields) => void>()

/**
 * The line every request writes (request-log.ts), as `log().info(fields, 'request')` writes it,
 * but without pino's serializer: its JSON (and for the readable log, its parse back) was a fifth
 * of a kept answer's CPU (docs/PERFORMANCE.md, "The request's log line"). `fields` hold no
 * redacted key; the test compares this line with pino's in both formats.
 */
export function logRequestLine(fields: RequestFields): void {
  const logger = current
  const write = requestLineWriters.get(logger)
  if (write === undefined) logger.info(fields, 'request')
  else if (logger.isLevelEnabled('info')) write(fields)
}

/** pino's JSON line of `info(fields, 'request')`, its base being `instance` alone. */
function requestJson(time: number, instanceJson: string, fields: RequestFields): string {
  let json = `{"level":30,"time":${time},"instance":${instanceJson}`
  for (const key in fields) {
    const value = fields[key]
    // Only strings need JSON's quotes and escapes: a finite number, a boolean and null are
    // their own text.
    const text =
      typeof value === 'string' || (typeof value === 'number' && !Number.isFinite(value))
        ? JSON.stringify(value)
        : String(value)
    json += `,${keyJson(key)}:${text}`
  }
  return `${json},"msg":"request"}\n`
}

/** Each key's JSON, made once: the few keys of a request's line, on every line. */
const KEYS_JSON = new Map<string, string>()

function keyJson(key: string): string {
  let json = KEYS_JSON.get(key)
  if (json === undefined) {
    json = JSON.stringify(key)
    KEYS_JSON.set(key, json)
  }
  return json
}

function isLogOutput(destination: DestinationStream): destination is LogOutput {
  return 'writeRequest' in destination
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
