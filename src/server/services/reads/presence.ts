/**
 * What viewers may see of others' presence and "now playing" (docs/API.md, "Presence and now
 * playing"): one query for a whole set of users (their summary, whether they appear offline,
 * whether the viewer and they block each other, whether the viewer follows them, and their
 * status unless it expired), whatever the size of the set.
 */
import type { PresenceState, UserPresence, UserStatus } from '../../../shared/presence'
import { cleanGameName, gameSlug } from '../../../shared/games'
import type { Store } from '../../db/store'
import { formatTimestamp } from '../presenting/time'

export interface PresenceFactRow {
  id: number
  username: string
  firstName: string
  lastName: string
  profileImg: string
  appearOffline: boolean | number
  blocked: boolean | number
  followed: boolean | number
  suspendedAt: number | null
  game: string | null
  note: string | null
  source: 'manual' | 'detected' | null
  since: number | null
  expiresAt: number | null
  gameSlug: string | null
}

/** The facts about `userIds` that decide what `viewerId` sees of them, in one statement. */
export async function presenceFacts(
  db: Store,
  viewerId: number,
  userIds: readonly number[],
  now: number,
): Promise<PresenceFactRow[]> {
  if (userIds.length === 0) return []
  return db.all<PresenceFactRow>(
    `SELECT u.id AS id, u.username AS username, u.first_name AS "firstName",
       u.last_name AS "lastName", u.profile_img AS "profileImg", u.suspended_at AS "suspendedAt",
       COALESCE(ps.appear_offline, false) AS "appearOffline",
       EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ? AND b.blocked_id = u.id)
         OR (b.blocker_id = u.id AND b.blocked_id = ?)) AS blocked,
       EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.followee_id = u.id)
         AS followed,
       s.game AS game, s.note AS note, s.source AS source, s.since AS since,
       s.expires_at AS "expiresAt", s.game_slug AS "gameSlug"
     FROM users u
     LEFT JOIN presence_settings ps ON ps.user_id = u.id
     LEFT JOIN user_statuses s ON s.user_id = u.id
       AND (s.expires_at IS NULL OR s.expires_at > ?)
     WHERE u.id IN ${db.sql.idSet}`,
    viewerId,
    viewerId,
    viewerId,
    now,
    db.sql.ids(userIds),
  )
}

export function statusOf(
  row: Pick<PresenceFactRow, 'game' | 'note' | 'source' | 'since' | 'expiresAt' | 'gameSlug'>,
): UserStatus | null {
  if (row.game === null || row.since === null || row.source === null) return null
  return {
    game: row.game,
    gameSlug: row.gameSlug ?? (gameSlug(cleanGameName(row.game)) || null),
    note: row.note ?? '',
    since: formatTimestamp(row.since),
    expiresAt: row.expiresAt === null ? null : formatTimestamp(row.expiresAt),
    source: row.source,
  }
}

/** Whether `viewerId` may see anything of the user's presence and status. */
export function mayBeSeen(row: PresenceFactRow, viewerId: number): boolean {
  if (row.id === viewerId) return true
  return !row.appearOffline && !row.blocked && row.suspendedAt === null
}

/** The user as `viewerId` sees them; `connected` and `idle` come from the presence backend. */
export function presentPresence(
  row: PresenceFactRow,
  viewerId: number,
  connected: ReadonlySet<number>,
  idle: ReadonlySet<number>,
): UserPresence {
  if (!mayBeSeen(row, viewerId)) return { presence: 'offline', status: null }
  const presence: PresenceState = !connected.has(row.id)
    ? 'offline'
    : idle.has(row.id)
      ? 'idle'
      : 'online'
  return { presence, status: statusOf(row) }
}

/** Of `userIds`, those who chose to appear offline (one query, whatever their number). */
export async function appearingOffline(
  db: Store,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set()
  return new Set(
    await db.ids(
      `SELECT user_id FROM presence_settings
       WHERE user_id IN ${db.sql.idSet} AND appear_offline = ?`,
      db.sql.ids(userIds),
      true,
    ),
  )
}

export async function appearsOffline(db: Store, userId: number): Promise<boolean> {
  const row = await db.get<{ appearOffline: boolean | number }>(
    `SELECT appear_offline AS "appearOffline" FROM presence_settings WHERE user_id = ?`,
    userId,
  )
  return Boolean(row?.appearOffline)
}

/**
 * Who has a status naming the game of `gameId` (its slug, or an older slug it had before a
 * rename or a merge) that has not expired, as `viewerId` may see them (never others who appear
 * offline, are suspended, or block the viewer or are blocked by them): one statement, at most
 * `limit` rows, those the viewer follows first, then the latest to start playing.
 */
export async function playingFacts(
  db: Store,
  viewerId: number,
  gameId: number,
  now: number,
  limit: number,
): Promise<PresenceFactRow[]> {
  return db.all<PresenceFactRow>(
    `SELECT u.id AS id, u.username AS username, u.first_name AS "firstName",
       u.last_name AS "lastName", u.profile_img AS "profileImg", u.suspended_at AS "suspendedAt",
       COALESCE(ps.appear_offline, false) AS "appearOffline", false AS blocked,
       EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.followee_id = u.id)
         AS followed,
       s.game AS game, s.note AS note, s.source AS source, s.since AS since,
       s.expires_at AS "expiresAt", s.game_slug AS "gameSlug"
     FROM user_statuses s
     JOIN users u ON u.id = s.user_id
     LEFT JOIN presence_settings ps ON ps.user_id = u.id
     WHERE s.game_slug IN (SELECT slug FROM games WHERE id = ?
                           UNION ALL SELECT slug FROM game_aliases WHERE game_id = ?)
       AND (s.expires_at IS NULL OR s.expires_at > ?)
       AND (u.id = ? OR (u.suspended_at IS NULL
         AND (ps.appear_offline IS NULL OR ps.appear_offline = false)
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ? AND b.blocked_id = u.id)
           OR (b.blocker_id = u.id AND b.blocked_id = ?))))
     ORDER BY followed DESC, s.since DESC, u.id DESC
     LIMIT ?`,
    viewerId,
    gameId,
    gameId,
    now,
    viewerId,
    viewerId,
    viewerId,
    limit,
  )
}
