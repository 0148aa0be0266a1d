/**
 * Where presence's live facts are kept: which users have a live stream open (or are in their
 * grace after the last one closed), and who said they are idle. In this process's memory for
 * one server; in Redis for a cluster (redis-backend.ts), so that every instance sees the
 * others' connections and a crashed instance's users go offline. Never in the database:
 * presence is not history.
 */
export interface PresenceBackend {
  /** `userId` has a stream on this instance (or is in its grace). */
  markConnected(userId: number): Promise<void>
  /** `userId` has no stream on this instance any more (its grace is over). */
  markGone(userId: number): Promise<void>
  setIdle(userId: number, idle: boolean): Promise<void>
  /** Of `userIds`, those connected on any live instance. */
  connected(userIds: readonly number[]): Promise<Set<number>>
  /** Of `userIds`, those who said they are idle. */
  idle(userIds: readonly number[]): Promise<Set<number>>
  /** Everyone connected on any live instance. */
  everyone(): Promise<Set<number>>
  /**
   * Keeps this instance counted as alive, and takes over the users of instances that stopped
   * doing so (crashed): answers those users, whose presence may have changed.
   */
  heartbeat(): Promise<number[]>
  /** Instances alive now (the host's server page): this one alone, or those Redis has heard. */
  instanceCount(): Promise<number>
  close(): Promise<void>
}

/** One server on its own: everything in memory. */
export class LocalPresenceBackend implements PresenceBackend {
  private readonly here = new Set<number>()
  private readonly idlers = new Set<number>()

  markConnected(userId: number): Promise<void> {
    this.here.add(userId)
    return Promise.resolve()
  }

  markGone(userId: number): Promise<void> {
    this.here.delete(userId)
    this.idlers.delete(userId)
    return Promise.resolve()
  }

  setIdle(userId: number, idle: boolean): Promise<void> {
    if (idle) this.idlers.add(userId)
    else this.idlers.delete(userId)
    return Promise.resolve()
  }

  connected(userIds: readonly number[]): Promise<Set<number>> {
    return Promise.resolve(new Set(userIds.filter((id) => this.here.has(id))))
  }

  idle(userIds: readonly number[]): Promise<Set<number>> {
    return Promise.resolve(new Set(userIds.filter((id) => this.idlers.has(id))))
  }

  everyone(): Promise<Set<number>> {
    return Promise.resolve(new Set(this.here))
  }

  heartbeat(): Promise<number[]> {
    return Promise.resolve([])
  }

  instanceCount(): Promise<number> {
    return Promise.resolve(1)
  }

  close(): Promise<void> {
    return Promise.resolve()
  }
}
