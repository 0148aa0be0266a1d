/**
 * The command line's observability flags, kept out of cli.ts: `--log-format`,
 * `--log-level`, `--log-client-addresses` and `--metrics <host:port>`.
 */
import { StartError } from '../start-error'
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log'

export const OBSERVABILITY_FLAGS = {
  'log-format': { type: 'string' },
  'log-level': { type: 'string' },
  'log-client-addresses': { type: 'boolean' },
  metrics: { type: 'string' },
} as const

export const OBSERVABILITY_USAGE = `  --log-format <pretty|json>  readable lines (default) or one JSON object per line
  --log-level <level>  fatal, error, warn, info (default), debug, trace or silent
  --log-client-addresses  write clients' IP addresses in the log (default: never)
  --metrics <host:port>   serve Prometheus metrics at http://<host:port>/metrics, on a
                  listener of its own (default off; keep it off the public network)`

export interface ObservabilityOptions {
  logFormat: LogFormat
  logLevel: LogLevel
  logClientAddresses: boolean
  /** Where the metrics listener listens (`--metrics`); unset, there is none. */
  metrics?: { host: string; port: number }
}

export function parseObservabilityFlags(values: {
  'log-format'?: string
  'log-level'?: string
  'log-client-addresses'?: boolean
  metrics?: string
}): ObservabilityOptions {
  const format = values['log-format'] ?? 'pretty'
  if (!(LOG_FORMATS as readonly string[]).includes(format)) {
    throw new StartError(`--log-format is pretty or json, not "${format}".`)
  }
  const level = values['log-level'] ?? 'info'
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new StartError(`--log-level is one of ${LOG_LEVELS.join(', ')}, not "${level}".`)
  }
  return {
    logFormat: format as LogFormat,
    logLevel: level as LogLevel,
    logClientAddresses: values['log-client-addresses'] ?? false,
    ...(values.metrics === undefined ? {} : { metrics: parseHostPort(values.metrics) }),
  }
}

/** `127.0.0.1:9464`, `[::1]:9464` or `:9464` (loopback). */
function parseHostPort(text: string): { host: string; port: number } {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]*)):(\d{1,5})$/.exec(text)
  const port = Number(match?.[3])
  if (!match || port > 65535) {
    throw new StartError(`--metrics takes host:port (e.g. 127.0.0.1:9464), not "${text}".`)
  }
  return { host: match[1] ?? (match[2] || '127.0.0.1'), port }
}
