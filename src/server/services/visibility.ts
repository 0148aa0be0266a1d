/**
 * What a viewer may not see or do (docs/API.md, "Blocking" and "Muting"): lists leave out the
 * posts and comments of suspended authors, of those the viewer blocked or who blocked them, and of
 * those the viewer muted (while the mute lasts; not on the muted player's own profile); live
 * events do not reach those blocked either way, nor a muter those they mute; and two users of whom
 * one blocked the other cannot react to or comment on what the other wrote.
 */
import type { SqlParam, Store } from '../db/store'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES } from '../errors/messages'
import { answerChangesAt } from './answer-life'
import { readCacheOf } from './read-cache'

/** Who may read a list: a signed-in user's id, or null for a reader without a token. */
export type Viewer = number | null

/**
 * A mute counts while it has not run out: `expires_at` is null (for good) or still ahead of `now`.
 * Checked at read time, so an expired row hides nothing even before a sweep deletes it.
 */
export const ACTIVE_MUTE = '(mutes.expires_at IS NULL OR mutes.expires_at > ?)'

/** What a list hides besides blocks and suspensions. */
export interface VisibilityOptions {
  /**
   * Whether the viewer's mutes hide authors too: everywhere but the muted player's own profile
   * (their posts there, with a notice in the app). True unless said otherwise.
   */
  mutes?: boolean
  /** The time mutes are compared with (milliseconds); now unless a test moves it. */
  now?: number
}

/**
 * Authors whose posts and comments a list hides from `viewer`: suspended accounts for everyone;
 * for a signed-in viewer also everyone they blocked or who blocked them, and everyone they muted
 * while the mute lasts (unless `mutes` is false: the muted player's own profile).
 *
 * Kept per viewer by the read cache (services/read-cache.ts) until the first of their mutes runs
 * out, dropped by any change of blocks, mutes or suspensions (a `relations` event, any event the
 * cache does not know, a suspension or its lifting: both end the user's sessions). Callers must
 * not change the list answered. A given `now` (a test moving time) always reads afresh.
 */
export async function hiddenAuthors(
  db: Store,
  viewer: Viewer,
  { mutes = true, now }: VisibilityOptions = {},
): Promise<number[]> {
  const cache = now === undefined ? readCacheOf(db) : undefined
  if (!cache) return hiddenAuthorsFresh(db, viewer, mutes, now ?? Date.now())
  const at = Date.now()
  const key = viewer ?? 0
  const kept = cache.visibilityOf(key, at)
  if (kept) {
    // A kept answer that hides a muted player must not outlive the mute.
    if (mutes) answerChangesAt(kept.until)
    return mutes ? kept.hidden : kept.hiddenButMuted
  }
  const generation = cache.visibilityGeneration
  const rows = await db.all<{ id: number; muted: number; expiresAt: number | null }>(
    `SELECT id, 0 AS muted, CAST(NULL AS BIGINT) AS "expiresAt" FROM users
       WHERE suspended_at IS NOT NULL
     UNION ALL SELECT blocked_id, 0, NULL FROM blocks WHERE blocker_id = ?
     UNION ALL SELECT blocker_id, 0, NULL FROM blocks WHERE blocked_id = ?
     UNION ALL SELECT muted_id, 1, expires_at FROM mutes WHERE muter_id = ? AND ${ACTIVE_MUTE}`,
    key,
    key,
    key,
    at,
  )
  const all = new Set<number>()
  const notMuted = new Set<number>()
  let until = Infinity
  for (const row of rows) {
    const id = Number(row.id)
    all.add(id)
    if (Number(row.muted) === 0) notMuted.add(id)
    else if (row.expiresAt !== null) until = Math.min(until, Number(row.expiresAt))
  }
  const byId = (a: number, b: number) => a - b
  const visibility = {
    hidden: [...all].sort(byId),
    hiddenButMuted: [...notMuted].sort(byId),
    until,
  }
  cache.keepVisibility(key, visibility, generation)
  if (mutes) answerChangesAt(until)
  return mutes ? visibility.hidden : visibility.hiddenButMuted
}

/** hiddenAuthors read from the database (no read cache, a transaction, or a moved `now`). */
function hiddenAuthorsFresh(
  db: Store,
  viewer: Viewer,
  mutes: boolean,
  now: number,
): Promise<number[]> {
  return db.ids(
    `SELECT id FROM users WHERE suspended_at IS NOT NULL
     UNION SELECT blocked_id FROM blocks WHERE blocker_id = ?
     UNION SELECT blocker_id FROM blocks WHERE blocked_id = ?
     UNION SELECT muted_id FROM mutes WHERE muter_id = ? AND ? AND ${ACTIVE_MUTE}`,
    viewer ?? 0,
    viewer ?? 0,
    viewer ?? 0,
    mutes,
    now,
  )
}

/**
 * What a list's query adds to its WHERE to keep only what `viewer` may see (hiddenAuthors), with
 * its parameters: ` AND <authorColumn> NOT IN (…)`, or nothing when nobody is hidden from them
 * (the usual case, which then costs one small query and nothing per row).
 *
 * Filtering in the query rather than after it keeps every page full: rows taken out after the
 * LIMIT left a page short, or empty with a cursor, wherever one hidden author wrote a page's
 * worth (docs/API.md, "Blocking").
 */
export async function visibleAuthor(
  db: Store,
  authorColumn: string,
  viewer: Viewer,
  options: VisibilityOptions = {},
): Promise<{ and: string; params: SqlParam[] }> {
  const hidden = await hiddenAuthors(db, viewer, options)
  if (hidden.length === 0) return { and: '', params: [] }
  return {
    and: ` AND ${authorColumn} NOT IN ${db.sql.idSet}`,
    params: [db.sql.ids(hidden)],
  }
}

/**
 * Everyone who mutes any of `userIds` now (one query): whom a live event about what those users
 * wrote must not reach (actions/live.ts, docs/API.md "Live events").
 */
export async function mutersOfAny(
  db: Store,
  userIds: readonly number[],
  now = Date.now(),
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set()
  return new Set(
    await db.ids(
      `SELECT muter_id FROM mutes WHERE muted_id IN ${db.sql.idSet} AND ${ACTIVE_MUTE}`,
      db.sql.ids(userIds),
      now,
    ),
  )
}

/** True when `muterId` mutes `mutedId` now. */
export async function isMuting(
  db: Store,
  muterId: number,
  mutedId: number,
  now = Date.now(),
): Promise<boolean> {
  const row = await db.get(
    `SELECT 1 FROM mutes WHERE muter_id = ? AND muted_id = ? AND ${ACTIVE_MUTE}`,
    muterId,
    mutedId,
    now,
  )
  return row !== undefined
}

/**
 * Everyone blocked by or blocking any of `userIds` (one query, whatever their number): whom a
 * live event about those users must not reach (actions/live.ts, docs/API.md "Live events").
 */
export async function blockedEitherWayWithAny(
  db: Store,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set()
  const ids = db.sql.ids(userIds)
  return new Set(
    await db.ids(
      `SELECT blocked_id FROM blocks WHERE blocker_id IN ${db.sql.idSet}
       UNION SELECT blocker_id FROM blocks WHERE blocked_id IN ${db.sql.idSet}`,
      ids,
      ids,
    ),
  )
}

/**
 * Refuses an action on what `authorIds` wrote when the actor and any of them blocked the other
 * (docs/API.md, "Blocking"): lists already hide their posts, and a post opened before the block,
 * or by its address, must not let them reach each other either.
 */
export async function refuseIfBlocked(
  db: Store,
  actorId: number,
  authorIds: readonly number[],
): Promise<void> {
  const others = authorIds.filter((id) => id !== actorId)
  if (others.length > 0 && (await blockedEitherWayWithAny(db, others)).has(actorId)) {
    throw new HttpError('BLOCKED', ACCOUNT_MESSAGES.blockedInteraction)
  }
}

/** True when either user blocked the other. */
export async function isBlockedEitherWay(db: Store, a: number, b: number): Promise<boolean> {
  const row = await db.get(
    `SELECT 1 FROM blocks WHERE (blocker_id = ? AND blocked_id = ?)
     OR (blocker_id = ? AND blocked_id = ?)`,
    a,
    b,
    b,
    a,
  )
  return row !== undefined
}
