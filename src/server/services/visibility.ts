/**
 * What a viewer may not see or do (docs/API.md, "Blocking"): lists leave out the posts and
 * comments of suspended authors, of those the viewer blocked or who blocked them, and in the home
 * feed of those muted; live events do not reach those blocked either way; and two users of whom
 * one blocked the other cannot react to or comment on what the other wrote.
 */
import type { SqlParam, Store } from '../db/store'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES } from '../errors/messages'

/** Who may read a list: a signed-in user's id, or null for a reader without a token. */
export type Viewer = number | null

/**
 * Authors whose posts and comments a list hides from `viewer`: suspended accounts for everyone;
 * for a signed-in viewer also everyone they blocked or who blocked them; and in the home feed
 * (`feed`), everyone they muted.
 */
function hiddenAuthors(db: Store, viewer: Viewer, { feed = false } = {}): Promise<number[]> {
  return db.ids(
    `SELECT id FROM users WHERE suspended_at IS NOT NULL
     UNION SELECT blocked_id FROM blocks WHERE blocker_id = ?
     UNION SELECT blocker_id FROM blocks WHERE blocked_id = ?
     UNION SELECT muted_id FROM mutes WHERE muter_id = ? AND ?`,
    viewer ?? 0,
    viewer ?? 0,
    viewer ?? 0,
    feed,
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
  options: { feed?: boolean } = {},
): Promise<{ and: string; params: SqlParam[] }> {
  const hidden = await hiddenAuthors(db, viewer, options)
  if (hidden.length === 0) return { and: '', params: [] }
  return {
    and: ` AND ${authorColumn} NOT IN ${db.sql.idSet}`,
    params: [db.sql.ids(hidden)],
  }
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
