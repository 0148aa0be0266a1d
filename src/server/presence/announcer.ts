/**
 * Presence changes told in batches: a user whose presence may have changed is noted,
 * and every `batchMs` the users noted are told together, as one event for each audience class,
 * instead of one event per user to every stream. When N players arrive at once, each of the N
 * streams gets one event per batch rather than N events (N² writes and audience checks); the
 * bytes about each arrival still reach everyone who may see it.
 *
 * What is told is read when the batch goes out, in bulk (three queries and two backend lookups
 * for the whole batch): each user's presence now (a user who came and went within the batch is
 * told as they are), nothing about those who appear offline, and nothing about a user to those
 * blocked by or blocking them (services/reads/visibility.ts), as one `presence` event did before.
 *
 * - One user in the batch: `presence` `{userId, presence}`, the event every client knows.
 * - Several: `presences` `{users: {"<id>": presence}}`, to everyone not blocked either way with
 *   any of them; each of those who are gets, when they are connected, the batch without the
 *   users they may not see (one event per distinct set, `only` them).
 */
import type { PresenceState } from '../../shared/presence'
import type { Store } from '../db/store'
import type { Audience, EventHub } from '../events/hub'
import { appearingOffline } from '../services/reads/presence'
import { blockedEitherWayWithEach } from '../services/reads/visibility'
import type { PresenceBackend } from './backend'
import { log } from '../observability/log'

export class PresenceAnnouncer {
  private readonly due = new Set<number>()
  private timer: NodeJS.Timeout | undefined
  /** Batches go out one after another, in the order they were taken. */
  private telling: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Store,
    private readonly hub: EventHub,
    private readonly backend: PresenceBackend,
    /** How long changes gather before they are told; 0 tells each at once. */
    private readonly batchMs: number,
  ) {}

  /** The user's presence may have changed: they are told with the next batch. */
  changed(userId: number): void {
    this.due.add(userId)
    if (this.batchMs === 0) {
      void this.flush()
      return
    }
    if (this.timer) return
    this.timer = setTimeout(() => void this.flush(), this.batchMs)
    this.timer.unref()
  }

  /** Tells what is due now; resolves once it and every batch before it went out. */
  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    const userIds = [...this.due]
    this.due.clear()
    if (userIds.length > 0) {
      this.telling = this.telling
        .then(() => this.tell(userIds))
        .catch((error: unknown) => {
          log().error({ reason: (error as Error).message }, 'presence: could not announce')
        })
    }
    return this.telling
  }

  private async tell(userIds: number[]): Promise<void> {
    const hidden = await appearingOffline(this.db, userIds)
    const shown = userIds.filter((id) => !hidden.has(id))
    if (shown.length === 0) return
    const connected = await this.backend.connected(shown)
    const idle = await this.backend.idle([...connected])
    const states = new Map<number, PresenceState>(
      shown.map((id) => [id, !connected.has(id) ? 'offline' : idle.has(id) ? 'idle' : 'online']),
    )
    const blocked = await blockedEitherWayWithEach(this.db, shown)
    // Everyone blocked either way with any of them, and whom each of those may not hear of.
    const unseen = new Map<number, number[]>()
    for (const [userId, others] of blocked) {
      for (const other of others) unseen.set(other, [...(unseen.get(other) ?? []), userId])
    }
    this.publish(states, { exclude: new Set(unseen.keys()) })
    if (unseen.size === 0) return
    const listening = await this.backend.connected([...unseen.keys()])
    const classes = new Map<string, { left: number[]; viewers: Set<number> }>()
    for (const viewer of listening) {
      const left = (unseen.get(viewer) ?? []).sort((a, b) => a - b)
      const key = left.join(',')
      const known = classes.get(key)
      if (known) known.viewers.add(viewer)
      else classes.set(key, { left, viewers: new Set([viewer]) })
    }
    for (const { left, viewers } of classes.values()) {
      const theirs = new Map([...states].filter(([id]) => !left.includes(id)))
      this.publish(theirs, { only: viewers })
    }
  }

  private publish(states: ReadonlyMap<number, PresenceState>, audience: Audience): void {
    if (states.size === 0) return
    if (states.size === 1) {
      const [[userId, presence]] = [...states] as [[number, PresenceState]]
      this.hub.publish('presence', { userId: String(userId), presence }, audience)
      return
    }
    const users: Record<string, PresenceState> = {}
    for (const [userId, presence] of states) users[String(userId)] = presence
    this.hub.publish('presences', { users }, audience)
  }

  close(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }
}
