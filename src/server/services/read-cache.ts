/**
 * What reads keep ready between requests (issue 31), every part bounded and every part dropped by
 * the live events that announce a change (docs/API.md, "Live events"): the hub hands each event
 * it publishes, or receives from another instance through Redis, to `forgetNamedIn`, which drops
 * whatever the event names. So a new command that publishes a post or user change invalidates
 * these without knowing of them. services/README.md tells how a new field joins.
 *
 * Kept: the shared part of presenting (author summaries, a post's images), never a viewer's own
 * state (likes, bookmarks, votes: read per request for the whole page), and signed-in sessions
 * (token → user row) for a short while, dropped at once when the hub ends a user's sessions
 * (`disconnectUser`: logout, session revoke, password change, suspension, account deletion).
 *
 * Fills are guarded by a generation: a fill whose reads began before an invalidation is not
 * kept, so a read racing a write cannot put back what the write's event just dropped.
 */
import type { PostMediaItem, UserSummary } from '../../shared/api-types'
import type { UserRow } from '../db/rows'
import type { Store } from '../db/store'

/** A Map that keeps at most `limit` entries, dropping the least recently used. */
export class BoundedMap<Key, Value> {
  private readonly map = new Map<Key, Value>()
  constructor(readonly limit: number) {}

  get size(): number {
    return this.map.size
  }

  get(key: Key): Value | undefined {
    const value = this.map.get(key)
    if (value === undefined) return undefined
    // Most recently used last.
    this.map.delete(key)
    this.map.set(key, value)
    return value
  }

  set(key: Key, value: Value): void {
    if (this.limit <= 0) return
    this.map.delete(key)
    this.map.set(key, value)
    while (this.map.size > this.limit) {
      const oldest = this.map.keys().next()
      if (oldest.done) break
      this.map.delete(oldest.value)
    }
  }

  delete(key: Key): void {
    this.map.delete(key)
  }

  deleteWhere(test: (key: Key, value: Value) => boolean): void {
    for (const [key, value] of this.map) if (test(key, value)) this.map.delete(key)
  }

  clear(): void {
    this.map.clear()
  }
}

export interface ReadCacheLimits {
  /** Author summaries kept (user id → UserSummary). */
  summaries: number
  /** Posts whose images are kept (post id → its images). */
  postImages: number
  /** Signed-in tokens kept (token → user row). */
  sessions: number
  /** How long a kept session is trusted without a look at the database. */
  sessionMs: number
}

/** About 6 MB at most, whatever the traffic (BoundedMap drops the least recently used). */
export const DEFAULT_READ_CACHE_LIMITS: ReadCacheLimits = {
  summaries: 10_000,
  postImages: 20_000,
  sessions: 5_000,
  sessionMs: 5_000,
}

/** Ids an event names: posts and users, wherever they stand in its data. */
export interface NamedIds {
  posts: Set<number>
  users: Set<number>
}

const POST_ID_KEYS = new Set(['postId'])
const USER_ID_KEYS = new Set(['authorId', 'userId', 'recipientId', 'actorId'])

/**
 * Every post and user an event's data names: a `postId`, an object with `content` (a post) or
 * under a `post` key, an `authorId`/`userId`, any object with a `username` (a user, a summary, an
 * author, a follow's counts). Generic on purpose: what a new event carries is found the same way.
 */
export function namedIn(data: unknown, found: NamedIds = { posts: new Set(), users: new Set() }) {
  const id = (value: unknown) => {
    const number = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN
    return Number.isSafeInteger(number) && number > 0 ? number : null
  }
  const visit = (value: unknown, key: string | null, depth: number) => {
    if (depth > 6 || value === null || typeof value !== 'object') {
      const named = id(value)
      if (named !== null && key !== null) {
        if (POST_ID_KEYS.has(key)) found.posts.add(named)
        if (USER_ID_KEYS.has(key)) found.users.add(named)
      }
      return
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key, depth + 1)
      return
    }
    const record = value as Record<string, unknown>
    const own = id(record._id)
    if (own !== null) {
      if (key === 'post' || 'content' in record) found.posts.add(own)
      else if ('username' in record) found.users.add(own)
    }
    for (const [name, inner] of Object.entries(record)) visit(inner, name, depth + 1)
  }
  visit(data, null, 0)
  return found
}

interface KeptSession {
  user: UserRow
  until: number
}

export class ReadCache {
  readonly summaries: BoundedMap<number, UserSummary>
  readonly postImages: BoundedMap<number, PostMediaItem[]>
  readonly sessions: BoundedMap<string, KeptSession>
  /** Off: every read goes to the database (the byte-for-byte test compares both). */
  enabled = true
  private generationCount = 0

  constructor(readonly limits: ReadCacheLimits = DEFAULT_READ_CACHE_LIMITS) {
    this.summaries = new BoundedMap(limits.summaries)
    this.postImages = new BoundedMap(limits.postImages)
    this.sessions = new BoundedMap(limits.sessions)
  }

  /** Taken before a fill's reads; `keeps(generation)` after them says whether to keep it. */
  get generation(): number {
    return this.generationCount
  }

  keeps(generation: number): boolean {
    return this.enabled && generation === this.generationCount
  }

  /** Drops what a live event names (EventHub.onChange); a profile edit ends kept sessions too. */
  forgetNamedIn(type: string, data: unknown): void {
    this.generationCount++
    const { posts, users } = namedIn(data)
    for (const postId of posts) this.postImages.delete(postId)
    for (const userId of users) {
      this.summaries.delete(userId)
      if (type === 'user') this.forgetSessionsOf(userId)
    }
  }

  /** Drops every kept session of a user (EventHub.onChange: their sessions ended). */
  forgetSessionsOf(userId: number): void {
    this.generationCount++
    this.summaries.delete(userId)
    this.sessions.deleteWhere((_token, kept) => kept.user.id === userId)
  }

  private shared: boolean | null = null

  /** Whether the server is shared now (AppDeps.isShared): a change drops every kept session. */
  noteSharing(shared: boolean): void {
    if (this.shared === shared) return
    if (this.shared !== null) {
      this.generationCount++
      this.sessions.clear()
    }
    this.shared = shared
  }

  session(token: string, now = Date.now()): UserRow | undefined {
    if (!this.enabled) return undefined
    const kept = this.sessions.get(token)
    if (!kept) return undefined
    if (kept.until > now) return kept.user
    this.sessions.delete(token)
    return undefined
  }

  /** Keeps a session for `sessionMs`, never past `expiresAtMs` (the token's own expiry). */
  keepSession(
    token: string,
    user: UserRow,
    generation: number,
    expiresAtMs = Infinity,
    now = Date.now(),
  ): void {
    if (this.keeps(generation)) {
      this.sessions.set(token, { user, until: Math.min(now + this.limits.sessionMs, expiresAtMs) })
    }
  }

  clear(): void {
    this.generationCount++
    this.summaries.clear()
    this.postImages.clear()
    this.sessions.clear()
  }
}

/**
 * The cache of each app's own store (createApp registers it). A transaction's handle has none,
 * so what is presented inside a transaction is always read afresh.
 */
const caches = new WeakMap<Store, ReadCache>()

export function registerReadCache(db: Store, cache: ReadCache): ReadCache {
  const known = caches.get(db)
  if (known) return known
  caches.set(db, cache)
  return cache
}

export function readCacheOf(db: Store): ReadCache | undefined {
  const cache = caches.get(db)
  return cache?.enabled ? cache : undefined
}
