/**
 * Presence across a cluster (`--redis`). Each instance keeps the users it has streams for in a
 * set of its own (`presence:at:<instance>`), and its last heartbeat in one sorted set
 * (`presence:alive`, scored with the time). An instance whose heartbeat is older than `deadAfterMs`
 * counts as gone: readers leave its set out at once, and the first instance to notice removes
 * it from `presence:alive` (only one succeeds), deletes its set and re-announces its users, who
 * go offline unless another instance has them. Idle is the user's own word, whichever instance
 * they told (`presence:idle`).
 */
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { PresenceBackend } from './backend'

export interface RedisPresenceOptions {
  /** An instance is gone once its last heartbeat is older than this. */
  deadAfterMs: number
  now?: () => number
}

export class RedisPresenceBackend implements PresenceBackend {
  readonly instanceId = randomBytes(6).toString('hex')
  private readonly alive: string
  private readonly idleKey: string
  private readonly now: () => number

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: RedisPresenceOptions,
  ) {
    this.alive = `${prefix}presence:alive`
    this.idleKey = `${prefix}presence:idle`
    this.now = options.now ?? Date.now
  }

  private setOf(instance: string): string {
    return `${this.prefix}presence:at:${instance}`
  }

  async markConnected(userId: number): Promise<void> {
    await this.redis
      .multi()
      .zadd(this.alive, this.now(), this.instanceId)
      .sadd(this.setOf(this.instanceId), String(userId))
      .exec()
  }

  async markGone(userId: number): Promise<void> {
    await this.redis.srem(this.setOf(this.instanceId), String(userId))
    // Idle belongs to a session that is over once no instance has the user.
    if ((await this.connected([userId])).size === 0) {
      await this.redis.srem(this.idleKey, String(userId))
    }
  }

  async setIdle(userId: number, idle: boolean): Promise<void> {
    if (idle) await this.redis.sadd(this.idleKey, String(userId))
    else await this.redis.srem(this.idleKey, String(userId))
  }

  /** Instances whose heartbeat is recent: the server page's "instances seen". */
  async instanceCount(): Promise<number> {
    return (await this.liveInstances()).length
  }

  private async liveInstances(): Promise<string[]> {
    return this.redis.zrangebyscore(this.alive, this.now() - this.options.deadAfterMs, '+inf')
  }

  async connected(userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set()
    const instances = await this.liveInstances()
    const found = new Set<number>()
    if (instances.length === 0) return found
    const members = userIds.map(String)
    const batch = this.redis.multi()
    for (const instance of instances) batch.smismember(this.setOf(instance), ...members)
    for (const [error, flags] of (await batch.exec()) ?? []) {
      if (error) throw error
      ;(flags as number[]).forEach((flag, index) => {
        if (flag) found.add(userIds[index] as number)
      })
    }
    return found
  }

  async idle(userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set()
    const flags = await this.redis.smismember(this.idleKey, ...userIds.map(String))
    return new Set(userIds.filter((_, index) => flags[index] === 1))
  }

  async everyone(): Promise<Set<number>> {
    const instances = await this.liveInstances()
    if (instances.length === 0) return new Set()
    const ids = await this.redis.sunion(...instances.map((instance) => this.setOf(instance)))
    return new Set(ids.map(Number))
  }

  async heartbeat(): Promise<number[]> {
    const now = this.now()
    await this.redis.zadd(this.alive, now, this.instanceId)
    const dead = await this.redis.zrangebyscore(
      this.alive,
      '-inf',
      `(${now - this.options.deadAfterMs}`,
    )
    const orphans: number[] = []
    for (const instance of dead) {
      // Only the instance whose ZREM removed it takes its users over.
      if ((await this.redis.zrem(this.alive, instance)) !== 1) continue
      const key = this.setOf(instance)
      const [[, members] = [null, []]] =
        ((await this.redis.multi().smembers(key).del(key).exec()) as [Error | null, string[]][]) ??
        []
      orphans.push(...members.map(Number))
    }
    return orphans
  }

  /**
   * A clean stop: this instance counts as gone at once, and the next heartbeat of another one
   * announces its users (offline, unless they reconnected there).
   */
  async close(): Promise<void> {
    await this.redis.zadd(this.alive, 0, this.instanceId)
  }
}
