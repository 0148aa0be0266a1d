/**
 * The flags that cap what clients may do (`--limit-*` rate limits) and hold (`--max-*`
 * connections and live streams, or their environment variables).
 */
import { DEFAULT_EVENT_HUB_OPTIONS, type EventHubOptions } from '../events/hub'
import { type RateLimitOptions } from '../http/rate-limits'
import { DEFAULT_CONNECTION_LIMITS, StartError, type ConnectionLimits } from '../server'

/** `--limit-*` flags and the limit each sets. */
export const LIMIT_FLAGS: Record<string, keyof RateLimitOptions> = {
  'limit-signups': 'signupsPerHour',
  'limit-logins': 'loginsPerMinute',
  'limit-posts': 'postsPerHour',
  'limit-comments': 'commentsPerHour',
  'limit-messages': 'messagesPerHour',
  'limit-typing': 'typingPerHour',
  'limit-reactions': 'reactionsPerHour',
  'limit-follows': 'followsPerHour',
  'limit-drafts': 'draftsPerHour',
  'limit-uploads': 'uploadsPerHour',
  'limit-upload-mb': 'uploadMegabytesPerHour',
  'limit-whole-lists': 'wholeListsAtOnce',
}

/** Connection flags, what each sets, and how many of the setting's unit one of the flag's is. */
export const CONNECTION_FLAGS: Record<string, { key: keyof ConnectionLimits; unit: number }> = {
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
 * half-sent requests hold the server.
 */
export function parseConnectionFlags(
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
