/**
 * "Now playing" statuses (docs/API.md, "Presence and now playing"): at most one a user, until
 * it expires. Expiry is checked at read time (services/reads/presence.ts); the sweep below deletes
 * what ran out, so that it can be announced once (presence/status-expiry.ts).
 */
import { cleanGameName, gameSlug } from '../../../shared/games'
import type { StatusSource } from '../../../shared/presence'
import type { Store } from '../../db/store'

export interface StatusRow {
  userId: number
  game: string
  note: string
  source: StatusSource
  since: number
  expiresAt: number | null
  /** The game's slug (game page matching); null only for rows saved before the column. */
  gameSlug: string | null
}

const STATUS_COLUMNS = `user_id AS "userId", game, note, source, since, expires_at AS "expiresAt",
  game_slug AS "gameSlug"`

/** `gameSlug` left out: the slug the game's name would have (no catalogue look-up). */
export async function saveStatus(
  db: Store,
  status: Omit<StatusRow, 'gameSlug'> & { gameSlug?: string | null },
): Promise<StatusRow> {
  const row = await db.get<StatusRow>(
    `INSERT INTO user_statuses (user_id, game, note, source, since, expires_at, game_slug)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET game = excluded.game, note = excluded.note,
       source = excluded.source, since = excluded.since, expires_at = excluded.expires_at,
       game_slug = excluded.game_slug
     RETURNING ${STATUS_COLUMNS}`,
    status.userId,
    status.game,
    status.note,
    status.source,
    status.since,
    status.expiresAt,
    status.gameSlug !== undefined ? status.gameSlug : gameSlug(cleanGameName(status.game)) || null,
  )
  if (!row) throw new Error('The status was not saved')
  return row
}

/** Answers the status the user had (null: none, or one that had expired). */
export async function deleteStatus(
  db: Store,
  userId: number,
  now: number,
): Promise<StatusRow | null> {
  const row = await db.get<StatusRow>(
    `DELETE FROM user_statuses WHERE user_id = ? RETURNING ${STATUS_COLUMNS}`,
    userId,
  )
  if (!row || (row.expiresAt !== null && row.expiresAt <= now)) return null
  return row
}

/** Deletes the statuses that ran out by `now`, answering whose they were. */
export async function deleteExpiredStatuses(db: Store, now: number): Promise<number[]> {
  const rows = await db.all<{ userId: number }>(
    `DELETE FROM user_statuses WHERE expires_at IS NOT NULL AND expires_at <= ?
     RETURNING user_id AS "userId"`,
    now,
  )
  return rows.map((row) => row.userId)
}

/** When the next status runs out, or null when none will. */
export async function nextStatusExpiry(db: Store): Promise<number | null> {
  const row = await db.get<{ next: number | null }>(
    `SELECT MIN(expires_at) AS next FROM user_statuses WHERE expires_at IS NOT NULL`,
  )
  return row?.next ?? null
}
