/**
 * What a viewer may not see or do (docs/API.md, "Blocking"): lists leave out the posts and
 * comments of suspended authors, of those the viewer blocked or who blocked them, and in the home
 * feed of those muted; live events do not reach those blocked either way; and two users of whom
 * one blocked the other cannot react to or comment on what the other wrote.
 */
import type { Db } from '../db/client'
import { idList, selectAll, selectIds } from '../db/raw'
import type { CommentRow, PostRow } from '../db/rows'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES } from '../errors/messages'

/**
 * Authors whose posts and comments a list hides from `viewerId`: suspended accounts for
 * everyone; for a signed-in viewer also everyone they blocked or who blocked them; and in the
 * home feed (`feed`), everyone they muted.
 */
export function hiddenAuthors(db: Db, viewerId: number | null, { feed = false } = {}): Set<number> {
  const rows = selectAll<{ id: number }>(
    db,
    `SELECT id FROM users WHERE suspended_at IS NOT NULL
     UNION SELECT blocked_id FROM blocks WHERE blocker_id = ?
     UNION SELECT blocker_id FROM blocks WHERE blocked_id = ?
     UNION SELECT muted_id FROM mutes WHERE muter_id = ? AND ?`,
    viewerId ?? 0,
    viewerId ?? 0,
    viewerId ?? 0,
    feed ? 1 : 0,
  )
  return new Set(rows.map((row) => row.id))
}

/** The rows whose author the viewer may see (hiddenAuthors). */
export function visibleRows<Row extends PostRow | CommentRow>(
  db: Db,
  rows: Row[],
  viewerId: number | null,
  options: { feed?: boolean } = {},
): Row[] {
  if (rows.length === 0) return rows
  const hidden = hiddenAuthors(db, viewerId, options)
  return hidden.size === 0 ? rows : rows.filter((row) => !hidden.has(row.authorId))
}

/**
 * visibleRows for a list read in several steps (whole lists, a batch at a time): the hidden
 * authors are read once, at the first batch.
 */
export function visibilityFilter(
  db: Db,
  viewerId: number | null,
  options: { feed?: boolean } = {},
): <Row extends PostRow | CommentRow>(rows: Row[]) => Row[] {
  let hidden: Set<number> | undefined
  return (rows) => {
    if (rows.length === 0) return rows
    hidden ??= hiddenAuthors(db, viewerId, options)
    const skip = hidden
    return skip.size === 0 ? rows : rows.filter((row) => !skip.has(row.authorId))
  }
}

/**
 * Everyone blocked by or blocking any of `userIds` (one query, whatever their number): whom a
 * live event about those users must not reach (actions/live.ts, docs/API.md "Live events").
 */
export function blockedEitherWayWithAny(db: Db, userIds: readonly number[]): Set<number> {
  if (userIds.length === 0) return new Set()
  const ids = idList([...userIds])
  return new Set(
    selectIds(
      db,
      `SELECT blocked_id FROM blocks WHERE blocker_id IN (SELECT value FROM json_each(?))
       UNION SELECT blocker_id FROM blocks WHERE blocked_id IN (SELECT value FROM json_each(?))`,
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
export function refuseIfBlocked(db: Db, actorId: number, authorIds: readonly number[]): void {
  const others = authorIds.filter((id) => id !== actorId)
  if (others.length > 0 && blockedEitherWayWithAny(db, others).has(actorId)) {
    throw new HttpError('BLOCKED', ACCOUNT_MESSAGES.blockedInteraction)
  }
}

/** True when either user blocked the other. */
export function isBlockedEitherWay(db: Db, a: number, b: number): boolean {
  return (
    selectAll(
      db,
      `SELECT 1 FROM blocks WHERE (blocker_id = ? AND blocked_id = ?)
       OR (blocker_id = ? AND blocked_id = ?)`,
      a,
      b,
      b,
      a,
    ).length > 0
  )
}
