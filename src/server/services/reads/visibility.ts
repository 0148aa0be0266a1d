/**
 * The one home of "who may see and reach whom" (docs/API.md, "Blocking" and "Muting"), so that
 * what someone may not see, they see nowhere. Every path asks here: lists, the post page and its
 * comments, profiles, search, notifications, quote and repost embeds, live events and every
 * interaction. The relations, and what each hides:
 *
 * - **a block, either way**: each user's posts and comments leave the other's lists; the other's
 *   post page, comments and reactors answer POST_UNAVAILABLE (`refuseUnseen`); their profile is
 *   closed (`profileRelation`: no posts, counts or Follow); their quotes are embedded as
 *   unavailable; live events about them do not reach the other; every interaction is BLOCKED.
 * - **an active mute** (one-sided): the muted player's posts and comments leave the muter's lists,
 *   search and live events, and quotes of them are embedded as unavailable; their own profile and
 *   post page still show them (the muter opened them on purpose), and nothing is refused.
 * - **a suspension**: the account's posts and comments leave every list and search, its post page
 *   is unavailable to everyone, and every interaction with it is POST_UNAVAILABLE.
 * - **a mute that ran out**: nothing; it is checked at read time (`ACTIVE_MUTE`), and whatever
 *   keeps a read for a viewer keeps it only until the first of their mutes runs out.
 *
 * `canSee` and `refuseUnseen` decide for one author, `hiddenAuthors`/`visibleAuthor` for a list's
 * query, `unseeingOf` for a live event's audience, `refuseInteraction` for every write that
 * reaches another user's post, comment or account.
 */
import type { SqlParam, Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { ACCOUNT_MESSAGES, SHARE_MESSAGES } from '../../errors/messages'
import { answerChangesAt } from '../../caches/answer-life'
import { readCacheOf } from '../../caches/store-caches'
import type { KeptVisibility } from '../../caches/read-cache-limits'

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
 * Kept per viewer by the read cache (caches/read-cache.ts) until the first of their mutes runs
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
  const visibility = await readVisibility(db, key, at)
  cache.keepVisibility(key, visibility, generation)
  if (mutes) answerChangesAt(visibility.until)
  return mutes ? visibility.hidden : visibility.hiddenButMuted
}

/** hiddenAuthors read from the database (no read cache, a transaction, or a moved `now`). */
async function hiddenAuthorsFresh(
  db: Store,
  viewer: Viewer,
  mutes: boolean,
  now: number,
): Promise<number[]> {
  const visibility = await readVisibility(db, viewer ?? 0, now)
  return mutes ? visibility.hidden : visibility.hiddenButMuted
}

/**
 * What `viewer` may not see, with and without their mutes, and when the first mute runs out: one
 * statement, its four parts by their indexes. UNION ALL, made distinct here: SQLite merges a UNION
 * in id order, and so read every user for the suspended ones rather than their index (68 µs a
 * command at 2,000 users, 1.5 with this; docs/PERFORMANCE.md "Full caches").
 */
async function readVisibility(db: Store, viewer: number, now: number): Promise<KeptVisibility> {
  const rows = await db.all<{ id: number; muted: number; expiresAt: number | null }>(
    `SELECT id, 0 AS muted, CAST(NULL AS BIGINT) AS "expiresAt" FROM users
       WHERE suspended_at IS NOT NULL
     UNION ALL SELECT blocked_id, 0, NULL FROM blocks WHERE blocker_id = ?
     UNION ALL SELECT blocker_id, 0, NULL FROM blocks WHERE blocked_id = ?
     UNION ALL SELECT muted_id, 1, expires_at FROM mutes WHERE muter_id = ? AND ${ACTIVE_MUTE}`,
    viewer,
    viewer,
    viewer,
    now,
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
  return { hidden: [...all].sort(byId), hiddenButMuted: [...notMuted].sort(byId), until }
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
 * For each of `userIds` that has any, everyone blocked by or blocking them (one query, whatever
 * their number): whom a batch of events about several users (presence, presence/announcer.ts)
 * must not tell about each of them, where blockedEitherWayWithAny answers one set for them all.
 */
export async function blockedEitherWayWithEach(
  db: Store,
  userIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  const each = new Map<number, Set<number>>()
  if (userIds.length === 0) return each
  const ids = db.sql.ids(userIds)
  const rows = await db.all<{ blocker: number; blocked: number }>(
    `SELECT blocker_id AS blocker, blocked_id AS blocked FROM blocks
     WHERE blocker_id IN ${db.sql.idSet} OR blocked_id IN ${db.sql.idSet}`,
    ids,
    ids,
  )
  const wanted = new Set(userIds)
  const note = (userId: number, other: number) => {
    if (!wanted.has(userId)) return
    const theirs = each.get(userId)
    if (theirs) theirs.add(other)
    else each.set(userId, new Set([other]))
  }
  for (const row of rows) {
    const blocker = Number(row.blocker)
    const blocked = Number(row.blocked)
    note(blocker, blocked)
    note(blocked, blocker)
  }
  return each
}

/**
 * Refuses a write of `actorId` that reaches what `authorIds` wrote or who they are (a like, a
 * dislike, a poll vote, a comment or reply, a comment vote, an emoji reaction, a repost, a quote,
 * a bookmark, a follow): POST_UNAVAILABLE when any of them is suspended (lists hide them from
 * everyone), BLOCKED (`blockedMessage`) when the actor and any of them blocked the other. Taking
 * something back (an undone repost or reaction, a removed bookmark, an unfollow) is never refused.
 * A post opened before the block or suspension, or by its address, reaches nobody either.
 */
export async function refuseInteraction(
  db: Store,
  actorId: number,
  authorIds: readonly number[],
  blockedMessage: string = ACCOUNT_MESSAGES.blockedInteraction,
  suspendedMessage: string = SHARE_MESSAGES.authorSuspended,
): Promise<void> {
  const others = [...new Set(authorIds.filter((id) => id !== actorId))]
  if (others.length === 0) return
  // One statement, by the keys: every like, vote and comment asks it.
  const ids = db.sql.ids(others)
  const found = await db.get<{ suspended: unknown; blocked: unknown }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE id IN ${db.sql.idSet}
                      AND suspended_at IS NOT NULL) AS suspended,
            EXISTS (SELECT 1 FROM blocks
                      WHERE (blocker_id = ? AND blocked_id IN ${db.sql.idSet})
                         OR (blocked_id = ? AND blocker_id IN ${db.sql.idSet})) AS blocked`,
    ids,
    actorId,
    ids,
    actorId,
    ids,
  )
  // 1 or 0 from SQLite, true or false from PostgreSQL.
  if (found?.suspended) throw new HttpError('POST_UNAVAILABLE', suspendedMessage)
  if (found?.blocked) throw new HttpError('BLOCKED', blockedMessage)
}

/**
 * Whether `viewer` may see what `authorId` wrote: not when the author is suspended or the two
 * blocked each other, nor while the viewer mutes the author (unless `mutes` is false: the muted
 * player's own profile and post page). One's own writing is always seen. Read from the same kept
 * set as the lists (hiddenAuthors), so a page and its list never disagree.
 */
export async function canSee(
  db: Store,
  viewer: Viewer,
  authorId: number,
  options: VisibilityOptions = {},
): Promise<boolean> {
  if (viewer === authorId) return true
  return !(await hiddenAuthors(db, viewer, options)).includes(authorId)
}

/**
 * Refuses to open what `authorId` wrote for `viewer` (a post's page, its comments, replies and
 * reactors) when they may not see it (canSee, mutes aside): POST_UNAVAILABLE, which the app
 * shows as "This post isn't available to you", with no comment box.
 */
export async function refuseUnseen(db: Store, viewer: Viewer, authorId: number): Promise<void> {
  if (!(await canSee(db, viewer, authorId, { mutes: false }))) {
    throw new HttpError('POST_UNAVAILABLE', SHARE_MESSAGES.postUnavailable)
  }
}

/**
 * How a profile stands to its viewer when a block closes it (docs/API.md, "Blocking"):
 * `blocking` (the viewer blocked them), `blocked-by` (they blocked the viewer), or null.
 */
export async function profileRelation(
  db: Store,
  viewer: Viewer,
  userId: number,
): Promise<'blocking' | 'blocked-by' | null> {
  if (viewer === null || viewer === userId) return null
  const row = await db.get<{ blockerId: number }>(
    `SELECT blocker_id AS "blockerId" FROM blocks
     WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?)
     ORDER BY CASE WHEN blocker_id = ? THEN 0 ELSE 1 END LIMIT 1`,
    viewer,
    userId,
    userId,
    viewer,
    viewer,
  )
  if (!row) return null
  return Number(row.blockerId) === viewer ? 'blocking' : 'blocked-by'
}

/**
 * Everyone who may not see what `authorIds` wrote now: those blocked by or blocking any of them,
 * and those muting any of them. A live event carrying their writing leaves these out, or presents
 * it to them as unavailable (actions/live.ts).
 */
export function unseeingOf(
  db: Store,
  authorIds: readonly number[],
  now = Date.now(),
): Promise<Set<number>> {
  return blockedOrMuting(db, authorIds, authorIds, now)
}

/**
 * Everyone blocked by or blocking any of `blockedWith`, and everyone muting any of `mutedOf` now,
 * in one query (blockedEitherWayWithAny and mutersOfAny together: one round trip less for each
 * live event carrying writing): whom such an event leaves out (actions/live.ts).
 */
export async function blockedOrMuting(
  db: Store,
  blockedWith: readonly number[],
  mutedOf: readonly number[],
  now = Date.now(),
): Promise<Set<number>> {
  if (blockedWith.length === 0 && mutedOf.length === 0) return new Set()
  const blocked = db.sql.ids(blockedWith)
  return new Set(
    await db.ids(
      `SELECT blocked_id FROM blocks WHERE blocker_id IN ${db.sql.idSet}
       UNION SELECT blocker_id FROM blocks WHERE blocked_id IN ${db.sql.idSet}
       UNION SELECT muter_id FROM mutes WHERE muted_id IN ${db.sql.idSet} AND ${ACTIVE_MUTE}`,
      blocked,
      blocked,
      db.sql.ids(mutedOf),
      now,
    ),
  )
}

/**
 * When the first of `viewer`'s mutes runs out (Infinity when none will): what keeps a read for
 * them (services/reads/home-feed.ts) keeps it no longer.
 */
export async function firstMuteEnd(db: Store, viewer: number, now = Date.now()): Promise<number> {
  const row = await db.get<{ until: number | null }>(
    'SELECT MIN(expires_at) AS until FROM mutes WHERE muter_id = ? AND expires_at > ?',
    viewer,
    now,
  )
  return row?.until == null ? Infinity : Number(row.until)
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
