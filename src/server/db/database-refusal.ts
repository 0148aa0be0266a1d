/**
 * When PostgreSQL (postgres.ts) cannot do a request's work for now, and which of its errors mean
 * that. Two cases, both answered 503 with `Retry-After` by the app's error handler (app.ts), never
 * 500: the database is out of reach (stopped, restarting, refusing connections, the pool's wait
 * for a connection timed out), or a transaction kept meeting concurrent ones after its retries
 * (a deadlock or a unique key raced for, each time). Both pass by themselves; the client tries
 * again. SQLite, in the server's own process, meets neither.
 */

/** Why the database did not do the work: out of reach, or too busy with concurrent writes. */
export type DatabaseRefusalReason = 'unreachable' | 'contended'

export class DatabaseRefusal extends Error {
  constructor(
    readonly reason: DatabaseRefusalReason,
    options: { cause: unknown },
  ) {
    super(
      reason === 'unreachable'
        ? 'The database is not answering'
        : 'A transaction kept meeting concurrent ones',
      options,
    )
    this.name = 'DatabaseRefusal'
  }
}

/**
 * SQLSTATEs a transaction may simply be tried again after: serialization_failure,
 * deadlock_detected, and unique_violation (two transactions inserted the same key at once; tried
 * again, the loser's check sees the winner's row and answers as it would have, e.g.
 * USERNAME_TAKEN).
 */
const RETRYABLE_STATES = new Set(['40001', '40P01', '23505'])

/**
 * SQLSTATEs of a database going away or not taking connections: connection_exception (08…),
 * admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down),
 * too_many_connections.
 */
const UNREACHABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])

/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * `pg`'s own errors without a code: the server closed the socket, a client broken by that, and
 * the pool's `connectionTimeoutMillis` passing (postgres.ts).
 */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]

const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined

/** True for an error after which the whole transaction may be tried again. */
export function isRetryableConflict(error: unknown): boolean {
  const code = codeOf(error)
  return code !== undefined && RETRYABLE_STATES.has(code)
}

/** True for an error saying the database is out of reach, whatever the statement was. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof DatabaseRefusal) return error.reason === 'unreachable'
  const code = codeOf(error)
  if (code !== undefined) {
    return code.startsWith('08') || UNREACHABLE_STATES.has(code) || SOCKET_CODES.has(code)
  }
  if (error instanceof AggregateError) return error.errors.some(isUnreachable)
  return error instanceof Error && DRIVER_MESSAGES.some((text) => error.message.includes(text))
}

/** `error` as a DatabaseRefusal when the database is out of reach, else as it is. */
export function asRefusal(error: unknown): unknown {
  return !(error instanceof DatabaseRefusal) && isUnreachable(error)
    ? new DatabaseRefusal('unreachable', { cause: error })
    : error
}

/**
 * How long to wait before try `attempt` (2, 3, …) of a transaction: exponential, capped, with
 * full jitter, so that two that met spread out instead of meeting again.
 */
export function retryDelayMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (attempt - 2))
  return random() * ceiling
}

/** Tries of one transaction before answering 503: six, together under a second at worst. */
export const TRANSACTION_ATTEMPTS = 6
const RETRY_BASE_MS = 10
const RETRY_CAP_MS = 250
