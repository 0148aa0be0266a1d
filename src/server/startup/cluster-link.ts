/**
 * A server's link to the other instances of its cluster through Redis: the live events'
 * transport, presence, the login throttle, the rate limits and the shared home timelines. Its
 * modules (and ioredis) are loaded only by a server started with `--redis`.
 */
import type { RedisLoginThrottle } from '../auth/redis-login-throttle'
import type { SharedTimelineKeeper, TimelineLimits } from '../caches/timeline-keeper'
import { DEFAULT_EVENT_HUB_OPTIONS, type EventHubOptions } from '../events/hub'
import type { RedisEventTransport } from '../events/redis-transport'
import { RateLimits, type RateLimitOptions } from '../http/rate-limits'
import type { PresenceBackend } from '../presence/backend'
import { isRedisUrl } from '../redis/address'
import { StartError } from '../start-error'

/** An instance whose presence heartbeat (every 10 s) is older than this counts as crashed. */
const PRESENCE_DEAD_AFTER_MS = 30_000

/** What a server shares with the other instances of its cluster through Redis. */
export interface ClusterLink {
  transport: RedisEventTransport
  presenceBackend: PresenceBackend
  throttle: RedisLoginThrottle
  rateLimits(limits: Partial<RateLimitOptions> | false | undefined): RateLimits
  /** The home timelines, one list per player in Redis (caches/redis-timelines.ts). */
  homeTimelines(limits: TimelineLimits): SharedTimelineKeeper
  /** Asks Redis for a PONG on the connection that fails at once while it is away. */
  ping(): Promise<unknown>
  close(): Promise<void>
}

/**
 * Connects to the cluster's Redis. Its modules (and ioredis) are loaded only here: a server
 * without `--redis` never loads them.
 */
export async function openCluster(
  url: string,
  prefix: string | undefined,
  eventOptions: Partial<EventHubOptions> | undefined,
): Promise<ClusterLink> {
  if (!isRedisUrl(url)) {
    throw new StartError(
      '--redis takes a Redis address: redis://host:6379 (or rediss://… for TLS).',
    )
  }
  const { openRedis } = await import('../redis/connection')
  let redis
  try {
    redis = await openRedis(url, prefix)
  } catch (error) {
    throw new StartError((error as Error).message)
  }
  const [
    { RedisEventTransport },
    { RedisLoginThrottle },
    { RedisPresenceBackend },
    { RedisTimelines },
  ] = await Promise.all([
    import('../events/redis-transport'),
    import('../auth/redis-login-throttle'),
    import('../presence/redis-backend'),
    import('../caches/redis-timelines'),
  ])
  const replaySize = eventOptions?.replaySize ?? DEFAULT_EVENT_HUB_OPTIONS.replaySize
  const transport = new RedisEventTransport(redis, {
    maxLength: Math.max(replaySize, 100),
    replayLimit: replaySize,
  })
  const throttle = new RedisLoginThrottle(redis.counters, redis.prefix)
  const shared = { redis: redis.counters, prefix: redis.prefix }
  const presenceBackend = new RedisPresenceBackend(redis.commands, redis.prefix, {
    deadAfterMs: PRESENCE_DEAD_AFTER_MS,
  })
  return {
    transport,
    presenceBackend,
    throttle,
    rateLimits: (limits) => new RateLimits(limits, shared),
    homeTimelines: (limits) => new RedisTimelines(redis, limits),
    ping: () => redis.counters.ping(),
    close: async () => {
      await transport.close()
      throttle.close()
      await redis.close()
    },
  }
}
