/**
 * The server's metrics in the Prometheus format, on their own listener with
 * `--metrics <host:port>` (metrics-listener.ts). One registry per process: counters are counted
 * wherever the thing happens (a line each, prom-client's `inc` is a map lookup), and what is
 * already counted elsewhere (the hub's counts, the work queues, the pool) is read when scraped,
 * from the sources servers register (`watchServer`).
 *
 * Names follow Prometheus' conventions: `gamerstage_` first, `_total` for counters, base units
 * (seconds, bytes). Routes are labelled by their pattern (`/api/posts/:id`), never the path, so
 * that the number of series stays bounded.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export const metricsRegistry = new Registry()

export const httpRequests = new Counter({
  name: 'gamerstage_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
})

export const httpRequestDuration = new Histogram({
  name: 'gamerstage_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer starting, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

export const transactionRetries = new Counter({
  name: 'gamerstage_db_transaction_retries_total',
  help: 'PostgreSQL transactions tried again after a serialization conflict or deadlock.',
  registers: [metricsRegistry],
})

export const dependencyErrors = new Counter({
  name: 'gamerstage_dependency_errors_total',
  help: 'Failures reaching what the server depends on: redis, bucket, database.',
  labelNames: ['dependency'] as const,
  registers: [metricsRegistry],
})

/** Each part's lookups since the process started, counted as plain numbers (see below). */
const lookupCounts = new Map<
  string,
  { hit: number; miss: number; told: { hit: number; miss: number } }
>()

export const cacheLookups = new Counter({
  name: 'gamerstage_cache_lookups_total',
  help: 'Lookups in the read caches (src/server/caches), by part and result: a hit is answered from memory, a miss reads the database.',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
  // A scrape adds what was counted since the last one: a page's fill looks up some hundred
  // parts, and a labelled increment each cost more than the lookup itself.
  collect() {
    for (const [cache, counts] of lookupCounts) {
      for (const result of ['hit', 'miss'] as const) {
        this.inc({ cache, result }, counts[result] - counts.told[result])
        counts.told[result] = counts[result]
      }
    }
  },
})

/**
 * Counts one part's lookups (`count(found)`): its two series shown from the first scrape, each
 * lookup one addition to a number (the scrape reads them: `cacheLookups`).
 */
export function cacheLookupsOf(cache: string): (found: boolean) => void {
  let counts = lookupCounts.get(cache)
  if (!counts) {
    counts = { hit: 0, miss: 0, told: { hit: 0, miss: 0 } }
    lookupCounts.set(cache, counts)
  }
  const kept = counts
  return (found) => {
    if (found) kept.hit++
    else kept.miss++
  }
}

/** What a running server lets the scrape read (server.ts registers it, unregisters on close). */
export interface WatchedServer {
  /** Open live streams. */
  liveStreams(): number
  /** Events published here or read from the cluster, and chunks written to streams. */
  events(): { published: number; delivered: number }
  /** Open TCP connections of its listeners, if it listens. */
  connections?(): Promise<number>
  /** PostgreSQL's pool, if the store is PostgreSQL's. */
  pool?(): { total: number; idle: number; waiting: number }
}

const watched = new Set<WatchedServer>()
/** What each watched server's running counts were at the last scrape (counters only grow). */
const lastEventCounts = new WeakMap<WatchedServer, { published: number; delivered: number }>()

/** Reads `server` on each scrape until the answer is called. */
export function watchServer(server: WatchedServer): () => void {
  watched.add(server)
  lastEventCounts.set(server, server.events())
  return () => watched.delete(server)
}

const eventsPublished = new Counter({
  name: 'gamerstage_events_published_total',
  help: 'Live events published here or read from the cluster.',
  registers: [metricsRegistry],
  collect() {
    for (const server of watched) {
      const now = server.events()
      const before = lastEventCounts.get(server) ?? { published: 0, delivered: 0 }
      eventsPublished.inc(now.published - before.published)
      eventsDelivered.inc(now.delivered - before.delivered)
      lastEventCounts.set(server, now)
    }
  },
})

const eventsDelivered = new Counter({
  name: 'gamerstage_events_delivered_total',
  help: 'Chunks (events, resets, pings) written to live streams.',
  registers: [metricsRegistry],
})

new Gauge({
  name: 'gamerstage_live_streams',
  help: 'Live event streams open now.',
  registers: [metricsRegistry],
  collect() {
    let open = 0
    for (const server of watched) open += server.liveStreams()
    this.set(open)
  },
})

new Gauge({
  name: 'gamerstage_open_connections',
  help: 'TCP connections open now on the server listeners, live streams included.',
  registers: [metricsRegistry],
  async collect() {
    let open = 0
    for (const server of watched) open += (await server.connections?.()) ?? 0
    this.set(open)
  },
})

new Gauge({
  name: 'gamerstage_db_pool_connections',
  help: 'PostgreSQL pool connections by state: total, idle, and callers waiting for one.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0 }
    for (const server of watched) {
      const pool = server.pool?.()
      if (!pool) continue
      sum.total += pool.total
      sum.idle += pool.idle
      sum.waiting += pool.waiting
    }
    for (const [state, value] of Object.entries(sum)) this.set({ state }, value)
  },
})

/** What the metrics read of a work queue (observability/work-queues.ts registers each). */
export interface WorkQueueLike {
  readonly running: number
  readonly waiting: number
}

const queues = new Map<string, WorkQueueLike>()

/** Reports `queue`'s running and waiting jobs under `name` on each scrape. */
export function watchQueue(name: string, queue: WorkQueueLike): void {
  queues.set(name, queue)
}

new Gauge({
  name: 'gamerstage_work_queue_jobs',
  help: 'Jobs of each work queue (image, password, clip) running and waiting now.',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const [queue, jobs] of queues) {
      this.set({ queue, state: 'running' }, jobs.running)
      this.set({ queue, state: 'waiting' }, jobs.waiting)
    }
  },
})

let nodeMetrics = false

/** Adds Node's own (heap, event-loop delay, GC, handles) once per process. */
export function collectNodeMetrics(): void {
  if (nodeMetrics) return
  nodeMetrics = true
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'gamerstage_' })
}
