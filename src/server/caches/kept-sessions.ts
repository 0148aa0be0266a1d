/**
 * Signed-in sessions kept for a short while (token → user row; http/context.ts userFromToken), so
 * that a request of a player signed in a moment ago reads neither their row nor the revoked
 * tokens. Dropped at once when the hub ends a user's sessions (`disconnectUser`: logout, session
 * revoke, password change, suspension, account deletion), when the user's row changes (a `user`
 * event), when sharing starts or stops, and on `clear`.
 *
 * Fills are guarded by a generation of the sessions' own, moved only by what ends or
 * changes sessions (the list above): a fill whose reads began before one of them is not kept, so
 * a request racing a logout cannot put back the session the logout just dropped. Any other change
 * (a post, a like) does not move it: under a stream of writes, each one a live event, sessions
 * are still kept (with the read cache's own generation, moved by every event, none ever was).
 */
import type { UserRow } from '../db/rows'
import { cacheLookupsOf } from '../observability/metrics'
import { BoundedMap } from './bounded-map'

interface KeptSession {
  user: UserRow
  until: number
}

export class KeptSessions {
  private readonly map: BoundedMap<string, KeptSession>
  private generationCount = 0
  private readonly count = cacheLookupsOf('sessions')

  constructor(
    limit: number,
    /** How long a kept session is trusted without a look at the database. */
    private readonly keepMs: number,
  ) {
    this.map = new BoundedMap(limit)
  }

  get size(): number {
    return this.map.size
  }

  /** Taken before a session's reads; `keep` after them keeps it only if nothing ended meanwhile. */
  get generation(): number {
    return this.generationCount
  }

  /** The user of a kept token, while its time has not run out. */
  get(token: string, now = Date.now()): UserRow | undefined {
    const kept = this.map.get(token)
    const fresh = kept !== undefined && kept.until > now
    this.count(fresh)
    if (fresh) return kept.user
    if (kept) this.map.delete(token)
    return undefined
  }

  /** Keeps a session for `keepMs`, never past `expiresAtMs` (the token's own expiry). */
  keep(
    token: string,
    user: UserRow,
    generation: number,
    expiresAtMs = Infinity,
    now = Date.now(),
  ): void {
    if (generation !== this.generationCount) return
    const until = Math.min(now + this.keepMs, expiresAtMs)
    if (until > now) this.map.set(token, { user, until })
  }

  /** Every kept session of the user ends (their sessions ended, or their row changed). */
  forgetOf(userId: number): void {
    this.generationCount++
    this.map.deleteWhere((_token, kept) => kept.user.id === userId)
  }

  /** Every kept session ends (sharing started or stopped, the cache was cleared). */
  clear(): void {
    this.generationCount++
    this.map.clear()
  }
}
