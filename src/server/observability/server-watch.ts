/**
 * What a server adds to observability when it opens (server.ts calls it, keeping its own module
 * short): its hub, pool and listeners for the metrics, its Redis for the readiness answer, and
 * the draining flag a stopping server answers readiness with.
 */
import type { EventHub } from '../events/hub'
import type { Store } from '../db/store'
import { watchServer } from './metrics'
import type { ReadinessCheck } from './readiness'

/** Milliseconds a stream ended by a stopping server is told to wait before it reconnects. */
export const RECONNECT_AFTER_STOP_MS = 1000

interface PoolLike {
  totalCount: number
  idleCount: number
  waitingCount: number
}

export interface ServerWatch {
  /** The Redis check for `/api/health/ready`, with a cluster. */
  readinessChecks: ReadinessCheck[]
  /** Whether the server is stopping: readiness answers 503 from then on. */
  draining(): boolean
  /** Adds a listener's connections to the metrics. */
  addListener(listener: { connections(): Promise<number> }): void
  /**
   * Starts stopping: readiness says so, and every live stream ends with a reconnect hint.
   * Running requests go on; the caller closes its listeners (bounded) and then the store.
   */
  drain(): void
  /** Stops reporting this server (after it closed). */
  close(): void
}

export function watchServerParts(parts: {
  db: Store & { pool?: PoolLike }
  events: EventHub
  redisPing?: () => Promise<unknown>
}): ServerWatch {
  const { db, events } = parts
  const listeners: { connections(): Promise<number> }[] = []
  let draining = false
  const pool = db.dialect === 'postgres' ? db.pool : undefined
  const unwatch = watchServer({
    liveStreams: () => events.clientCount,
    events: () => ({ published: events.counts.events, delivered: events.counts.writes }),
    connections: async () =>
      (await Promise.all(listeners.map((listener) => listener.connections()))).reduce(
        (sum, count) => sum + count,
        0,
      ),
    ...(pool
      ? {
          pool: () => ({
            total: pool.totalCount,
            idle: pool.idleCount,
            waiting: pool.waitingCount,
          }),
        }
      : {}),
  })
  return {
    readinessChecks: parts.redisPing ? [{ name: 'redis', check: parts.redisPing }] : [],
    draining: () => draining,
    addListener: (listener) => listeners.push(listener),
    drain: () => {
      draining = true
      events.close(RECONNECT_AFTER_STOP_MS)
    },
    close: unwatch,
  }
}
