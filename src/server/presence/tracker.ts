/**
 * Presence, derived from live connections (docs/API.md, "Presence and now playing"): a user
 * with a stream open is online, idle once they say so (`PUT /me/presence {idle: true}`), and
 * offline when their last stream closed and `graceMs` passed without a new one (a reload does
 * not flicker). Changes go out in batches, once every `batchMs` (announcer.ts: a `presence`
 * event, or `presences` for several users), to everyone but those blocked either way, and never
 * for a user who appears offline. Nothing is stored: the backend holds who is connected, in
 * memory or, for a cluster, in Redis (redis-backend.ts).
 */
import {
  GAME_PLAYING_MAX,
  type PresenceState,
  type PresentUser,
  type UserPresence,
} from '../../shared/presence'
import type { Store } from '../db/store'
import type { EventHub } from '../events/hub'
import {
  appearsOffline,
  mayBeSeen,
  playingFacts,
  presenceFacts,
  presentPresence,
  type PresenceFactRow,
} from '../services/reads/presence'
import { toUserSummary } from '../services/presenting/embedded'
import { PresenceAnnouncer } from './announcer'
import { LocalPresenceBackend, type PresenceBackend } from './backend'
import { StatusExpiry } from './status-expiry'
import { log } from '../observability/log'

export interface PresenceOptions {
  backend?: PresenceBackend
  /** How long after the last stream closed a user still counts as there (a reload). */
  graceMs: number
  /** How often the backend's heartbeat runs (a cluster notices crashed instances with it). */
  heartbeatMs: number
  /** The clock statuses are compared with; tests move it. */
  now: () => number
  /** The longest the status-expiry timer sleeps before it looks again. */
  expiryCheckMs: number
  /**
   * How long presence changes gather before they are told together (announcer.ts): a second
   * keeps thousands arriving at once from sending each stream an event per arrival.
   */
  batchMs: number
}

export const DEFAULT_PRESENCE_OPTIONS: PresenceOptions = {
  graceMs: 10_000,
  heartbeatMs: 10_000,
  now: Date.now,
  expiryCheckMs: 5 * 60_000,
  batchMs: 1000,
}

/** Who the Who's here list shows at most. */
const LIST_MAX = 200

export class Presence {
  readonly options: PresenceOptions
  readonly backend: PresenceBackend
  readonly expiry: StatusExpiry
  private readonly announcer: PresenceAnnouncer
  /** Open streams on this instance, by user. */
  private readonly streams = new Map<number, number>()
  private readonly graceTimers = new Map<number, NodeJS.Timeout>()
  /** Each user's changes run one after another. */
  private readonly queues = new Map<number, Promise<void>>()
  private readonly stopListening: () => void
  private readonly heartbeat: NodeJS.Timeout
  private closed = false

  constructor(
    private readonly db: Store,
    hub: EventHub,
    options: Partial<PresenceOptions> = {},
  ) {
    this.options = { ...DEFAULT_PRESENCE_OPTIONS, ...options }
    this.backend = options.backend ?? new LocalPresenceBackend()
    this.expiry = new StatusExpiry(db, hub, this.options)
    this.announcer = new PresenceAnnouncer(db, hub, this.backend, this.options.batchMs)
    this.stopListening = hub.onConnection((userId, open) =>
      open ? this.opened(userId) : this.ended(userId),
    )
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs)
    this.heartbeat.unref()
  }

  /**
   * Resolves once every change under way has been written and announced, the batch gathering
   * now told at once (for tests).
   */
  async settled(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()])
    await this.announcer.flush()
  }

  private enqueue(userId: number, work: () => Promise<void>): Promise<void> {
    const before = this.queues.get(userId) ?? Promise.resolve()
    const next = before.then(work).catch((error: unknown) => {
      log().error({ reason: (error as Error).message }, 'presence: could not record')
    })
    this.queues.set(userId, next)
    void next.then(() => {
      if (this.queues.get(userId) === next) this.queues.delete(userId)
    })
    return next
  }

  private opened(userId: number): void {
    this.streams.set(userId, (this.streams.get(userId) ?? 0) + 1)
    const grace = this.graceTimers.get(userId)
    if (grace) {
      // Back within the grace: nothing changed for anyone.
      clearTimeout(grace)
      this.graceTimers.delete(userId)
      return
    }
    if (this.streams.get(userId) !== 1) return
    void this.enqueue(userId, () => this.changing(userId, () => this.backend.markConnected(userId)))
  }

  private ended(userId: number): void {
    const left = (this.streams.get(userId) ?? 1) - 1
    if (left > 0) {
      this.streams.set(userId, left)
      return
    }
    this.streams.delete(userId)
    if (this.closed) return
    const timer = setTimeout(() => {
      this.graceTimers.delete(userId)
      if (this.streams.has(userId)) return
      void this.enqueue(userId, () => this.changing(userId, () => this.backend.markGone(userId)))
    }, this.options.graceMs)
    timer.unref()
    this.graceTimers.set(userId, timer)
  }

  /** The user's own word that they are idle, or back. */
  setIdle(userId: number, idle: boolean): Promise<void> {
    return this.enqueue(userId, async () => {
      await this.backend.setIdle(userId, idle)
      // Always told: in a cluster another instance may have announced the last change.
      this.announce(userId)
    })
  }

  /** Whether the user chose to appear offline (presence_settings). */
  appearsOffline(userId: number): Promise<boolean> {
    return appearsOffline(this.db, userId)
  }

  /** What anyone may know of the user's presence, whoever asks (appear-offline left aside). */
  async stateOf(userId: number): Promise<PresenceState> {
    if ((await this.backend.connected([userId])).size === 0) return 'offline'
    return (await this.backend.idle([userId])).size > 0 ? 'idle' : 'online'
  }

  /**
   * Runs `change` (this instance's part of the user's connections) and announces the user's
   * presence if it changed for everyone: a stream opening while they are connected elsewhere,
   * or the last one here closing while another instance has one, changes nothing.
   */
  private async changing(userId: number, change: () => Promise<void>): Promise<void> {
    const before = await this.stateOf(userId)
    await change()
    if ((await this.stateOf(userId)) !== before) this.announce(userId)
  }

  /**
   * Tells everyone who may see the user what their presence is, with the next batch
   * (announcer.ts). Nothing for a user who appears offline.
   */
  announce(userId: number): void {
    this.announcer.changed(userId)
  }

  private async beat(): Promise<void> {
    try {
      const orphans = await this.backend.heartbeat()
      for (const userId of new Set(orphans)) this.announce(userId)
    } catch (error) {
      log().error({ reason: (error as Error).message }, 'presence heartbeat failed')
    }
  }

  /** Runs the heartbeat now (tests of a crashed instance). */
  beatNow(): Promise<void> {
    return this.beat()
  }

  private async facts(viewerId: number, userIds: readonly number[]) {
    const rows = await presenceFacts(this.db, viewerId, userIds, this.options.now())
    const visible = rows.filter((row) => mayBeSeen(row, viewerId)).map((row) => row.id)
    const connected = await this.backend.connected(visible)
    const idle = await this.backend.idle([...connected])
    return { rows, connected, idle }
  }

  /** Each user's presence and status as `viewerId` may see them (unknown ids left out). */
  async lookup(
    viewerId: number,
    userIds: readonly number[],
  ): Promise<Record<string, UserPresence>> {
    const { rows, connected, idle } = await this.facts(viewerId, userIds)
    const answer: Record<string, UserPresence> = {}
    for (const row of rows) answer[String(row.id)] = presentPresence(row, viewerId, connected, idle)
    return answer
  }

  /** The Who's here list: online and idle members the viewer may see, followed ones first. */
  async present(viewerId: number): Promise<PresentUser[]> {
    const everyone = [...(await this.backend.everyone())].filter((id) => id !== viewerId)
    const { rows, connected, idle } = await this.facts(viewerId, everyone.slice(0, 2000))
    return rows
      .filter((row) => row.id !== viewerId && mayBeSeen(row, viewerId) && connected.has(row.id))
      .sort(
        (a, b) =>
          Number(Boolean(b.followed)) - Number(Boolean(a.followed)) ||
          a.username.toLowerCase().localeCompare(b.username.toLowerCase()),
      )
      .slice(0, LIST_MAX)
      .map((row: PresenceFactRow) => ({
        user: toUserSummary(row),
        followed: Boolean(row.followed),
        ...presentPresence(row, viewerId, connected, idle),
      }))
  }

  /**
   * Who is playing the game of `gameId` now, as `viewerId` may see them: those with a status
   * naming it who are online or idle (a status left standing while its owner is away is not
   * "playing now"), those the viewer follows first. One query, and one backend lookup.
   */
  async playing(viewerId: number, gameId: number): Promise<PresentUser[]> {
    const rows = await playingFacts(this.db, viewerId, gameId, this.options.now(), GAME_PLAYING_MAX)
    const connected = await this.backend.connected(rows.map((row) => row.id))
    const idle = await this.backend.idle([...connected])
    return rows
      .filter((row) => connected.has(row.id))
      .map((row) => ({
        user: toUserSummary(row),
        followed: Boolean(row.followed),
        ...presentPresence(row, viewerId, connected, idle),
      }))
  }

  async close(): Promise<void> {
    this.closed = true
    this.stopListening()
    clearInterval(this.heartbeat)
    for (const timer of this.graceTimers.values()) clearTimeout(timer)
    this.graceTimers.clear()
    this.expiry.close()
    await this.settled()
    this.announcer.close()
    await this.backend.close()
  }
}
