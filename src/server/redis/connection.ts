/**
 * Redis for a cluster of server instances (`--redis redis://…`): the live events' stream
 * (events/redis-transport.ts), the rate limits and the login throttle. Never loaded without it:
 * one process needs no Redis.
 */
import { Redis, type RedisOptions } from 'ioredis'
import { describeRedisUrl } from './address'
import { log } from '../observability/log'
import { dependencyErrors } from '../observability/metrics'

/** How long a start waits for Redis before it gives up with a message. */
const CONNECT_TIMEOUT_MS = 5000

/**
 * Reconnects after a lost connection: soon at first, then every 2 s, for as long as the server
 * runs (a restarted Redis is found again).
 */
const retryStrategy = (attempt: number) => Math.min(50 * 2 ** attempt, 2000)

/** The connections one server instance holds, each with its own job. */
export interface RedisConnections {
  /** Writes and reads that may wait for a lost connection to come back (the events). */
  commands: Redis
  /** The blocking `XREAD` of the events' reader: a connection of its own. */
  reader: Redis
  /**
   * Rate limits and the login throttle: fails at once while Redis is away (no offline queue),
   * so that each instance counts in its own memory meanwhile instead of making logins wait.
   */
  counters: Redis
  /** Key names start with this (`gamerstage:` unless a test gives its own). */
  prefix: string
  /** Where the connections go, for messages (host:port). */
  where: string
  close(): Promise<void>
}

/** The reason a connection failed, on one line, without the address's password. */
function reasonOf(error: unknown): string {
  const failure = error as Error & { code?: string; errors?: Error[] }
  const first = failure.errors?.[0]
  const reason = failure.message || first?.message || failure.code || String(error)
  return reason.split('\n')[0]?.replace(/\.$/, '') ?? reason
}

/** Waits until `client` is ready, or rejects with its first error (or a timeout). */
function ready(client: Redis): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)),
      CONNECT_TIMEOUT_MS,
    )
    const onError = (error: unknown) => {
      clearTimeout(timer)
      client.off('ready', onReady)
      reject(error instanceof Error ? error : new Error(String(error)))
    }
    const onReady = () => {
      clearTimeout(timer)
      client.off('error', onError)
      resolve()
    }
    client.once('ready', onReady)
    client.once('error', onError)
  })
}

/**
 * Opens the instance's connections and waits until Redis answers; an address Redis is not at is
 * an error with a one-line message naming host:port and the reason.
 */
export async function openRedis(url: string, prefix = 'gamerstage:'): Promise<RedisConnections> {
  const where = describeRedisUrl(url)
  const common: RedisOptions = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy,
    lazyConnect: true,
  }
  // Named, so that CLIENT LIST tells them apart.
  const commands = new Redis(url, {
    ...common,
    connectionName: 'gamerstage-events',
    maxRetriesPerRequest: 20,
  })
  // A blocking read must outlast any outage: it is sent again once the connection is back.
  const reader = new Redis(url, {
    ...common,
    connectionName: 'gamerstage-reader',
    maxRetriesPerRequest: null,
  })
  const counters = new Redis(url, {
    ...common,
    connectionName: 'gamerstage-counters',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  })
  const all = [commands, reader, counters]
  try {
    await Promise.all(all.map((client) => Promise.all([ready(client), client.connect()])))
  } catch (error) {
    for (const client of all) client.disconnect()
    throw new Error(`Cannot reach Redis at ${where}: ${reasonOf(error)}.`, { cause: error })
  }
  // Later outages are told once each, not once per retry.
  for (const [name, client] of [
    ['events', commands],
    ['live reader', reader],
    ['counters', counters],
  ] as const) {
    let told = false
    client.on('error', (error: unknown) => {
      if (told) return
      told = true
      dependencyErrors.inc({ dependency: 'redis' })
      log().warn({ where, connection: name, reason: reasonOf(error) }, 'Redis lost; reconnecting')
    })
    client.on('ready', () => {
      if (told) log().info({ where, connection: name }, 'Redis back')
      told = false
    })
  }
  return {
    commands,
    reader,
    counters,
    prefix,
    where,
    close: async () => {
      reader.disconnect()
      await Promise.all(
        [commands, counters].map((client) => client.quit().catch(() => client.disconnect())),
      )
    },
  }
}
