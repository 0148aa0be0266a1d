/**
 * What game nights' reads ask of the database (docs/API.md, "Game nights"). A game night is its
 * host's writing: whoever may not see the host (a block either way, a suspension;
 * services/reads/visibility.ts) gets GAME_NIGHT_NOT_FOUND for it and never finds it in a list, and
 * who answered is shown to each viewer without those hidden from them.
 */
import type { Store } from '../../db/store'
import { columnsOf, readRow } from '../../db/raw'
import { gameNightRsvps, gameNights } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { GAME_NIGHT_MESSAGES } from '../../errors/messages'
import type { GameNightAnswer } from '../../../shared/game-night-types'
import {
  decodeNumericCursor,
  finishPage,
  LIST_START,
  type PageRequest,
  type RowPage,
} from './pagination'
import { canSee, visibleAuthor, type Viewer } from './visibility'

export type GameNightRow = typeof gameNights.$inferSelect
export type RsvpRow = typeof gameNightRsvps.$inferSelect

export const GAME_NIGHT_COLUMNS = columnsOf(gameNights)

export const gameNightNotFound = () =>
  new HttpError('GAME_NIGHT_NOT_FOUND', GAME_NIGHT_MESSAGES.gameNightNotFound)

/** When a night ends (milliseconds): its start and its length. */
export const endOf = (night: Pick<GameNightRow, 'startsAt' | 'durationMinutes'>) =>
  night.startsAt + night.durationMinutes * 60_000

/**
 * The game night, or GAME_NIGHT_NOT_FOUND. With `lock`, its row is locked first (db/README.md,
 * "Concurrent writes"): answers and edits decide on its counts, so two at once take turns.
 */
export async function gameNightRow(db: Store, id: number, lock = false): Promise<GameNightRow> {
  const row = await db.get<Record<string, unknown>>(
    `SELECT ${GAME_NIGHT_COLUMNS} FROM game_nights WHERE id = ?${lock ? db.sql.forUpdate : ''}`,
    id,
  )
  if (!row) throw gameNightNotFound()
  return readRow(gameNights, row)
}

/**
 * The game night as `viewer` may open it: GAME_NIGHT_NOT_FOUND also when they may not see its host
 * (mutes aside: opened on purpose, as a muted player's post page).
 */
export async function visibleGameNight(
  db: Store,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<GameNightRow> {
  const night = await gameNightRow(db, id, lock)
  if (!(await canSee(db, viewer, night.hostId, { mutes: false }))) throw gameNightNotFound()
  return night
}

/** Which list: not yet over (soonest first), or over (latest first). */
export type GameNightsWhen = 'upcoming' | 'past'

export interface GameNightsFilter {
  when: GameNightsWhen
  gameId?: number
  hostId?: number
  /** Only nights this user hosts or answered going, maybe or waiting (a profile's, Home's). */
  withUserId?: number
  now?: number
}

/**
 * A page of game nights `viewer` may see (hosts hidden from them left out in the query, so pages
 * stay full). Upcoming: not over yet, soonest first; past: over, latest first; cancelled ones
 * stay in the list with their status. Keyset by (start, id).
 */
export async function pageGameNights(
  db: Store,
  viewer: Viewer,
  filter: GameNightsFilter,
  page: PageRequest,
): Promise<RowPage<GameNightRow>> {
  const now = filter.now ?? Date.now()
  const upcoming = filter.when === 'upcoming'
  const [startAfter = 0, idAfter = 0] = page.cursor
    ? decodeNumericCursor(page.cursor, 2)
    : upcoming
      ? [-LIST_START, 0]
      : [LIST_START, LIST_START]
  const visible = await visibleAuthor(db, 'host_id', viewer)
  // One fixed text per direction (with or without a filter on the game, the host and whose
  // nights, as `0` matches everything: one prepared statement whatever is asked).
  const rows = await db.all<Record<string, unknown>>(
    `SELECT ${GAME_NIGHT_COLUMNS} FROM game_nights
     WHERE ${
       upcoming
         ? 'starts_at + duration_minutes * 60000 > ? AND (starts_at > ? OR (starts_at = ? AND id > ?))'
         : 'starts_at + duration_minutes * 60000 <= ? AND (starts_at < ? OR (starts_at = ? AND id < ?))'
     }
       AND (? = 0 OR game_id = ?) AND (? = 0 OR host_id = ?)
       AND (? = 0 OR host_id = ? OR EXISTS (SELECT 1 FROM game_night_rsvps AS mine
         WHERE mine.game_night_id = game_nights.id AND mine.user_id = ?
           AND mine.answer IN ('going', 'maybe', 'waiting')))${visible.and}
     ORDER BY starts_at ${upcoming ? 'ASC' : 'DESC'}, id ${upcoming ? 'ASC' : 'DESC'}
     LIMIT ?`,
    now,
    startAfter,
    startAfter,
    idAfter,
    filter.gameId ?? 0,
    filter.gameId ?? 0,
    filter.hostId ?? 0,
    filter.hostId ?? 0,
    filter.withUserId ?? 0,
    filter.withUserId ?? 0,
    filter.withUserId ?? 0,
    ...visible.params,
    page.limit + 1,
  )
  const nights = rows.map((row) => readRow(gameNights, row))
  return finishPage(nights, page.limit, (night) => [night.startsAt, night.id])
}

/** Each night's answers counted, one query for all of them. */
export async function countsOf(
  db: Store,
  ids: number[],
): Promise<Map<number, Record<GameNightAnswer, number>>> {
  const counts = new Map<number, Record<GameNightAnswer, number>>()
  for (const id of ids) counts.set(id, { going: 0, maybe: 0, cant: 0, waiting: 0 })
  if (ids.length === 0) return counts
  const rows = await db.all<{ id: number; answer: GameNightAnswer; count: number }>(
    `SELECT game_night_id AS id, answer, count(*) AS count FROM game_night_rsvps
     WHERE game_night_id IN ${db.sql.idSet} GROUP BY game_night_id, answer`,
    db.sql.ids(ids),
  )
  for (const row of rows) {
    const entry = counts.get(Number(row.id))
    if (entry) entry[row.answer] = Number(row.count)
  }
  return counts
}

/** The answers of one night: going and maybe by when they answered, waiting in line order. */
export async function answersOf(db: Store, gameNightId: number): Promise<RsvpRow[]> {
  const rows = await db.all<Record<string, unknown>>(
    `SELECT ${columnsOf(gameNightRsvps)} FROM game_night_rsvps
     WHERE game_night_id = ? ORDER BY answered_at, user_id`,
    gameNightId,
  )
  return rows.map((row) => readRow(gameNightRsvps, row))
}

/** The user's answer to the night, or null. */
export async function answerOf(
  db: Store,
  gameNightId: number,
  userId: number,
): Promise<GameNightAnswer | null> {
  const row = await db.get<{ answer: GameNightAnswer }>(
    'SELECT answer FROM game_night_rsvps WHERE game_night_id = ? AND user_id = ?',
    gameNightId,
    userId,
  )
  return row?.answer ?? null
}

/** Who answered one of `answers` (a notification's recipients), by when they answered. */
export async function answeredWith(
  db: Store,
  gameNightId: number,
  answers: readonly GameNightAnswer[],
): Promise<number[]> {
  return db.ids(
    `SELECT user_id FROM game_night_rsvps WHERE game_night_id = ? AND answer IN ${db.sql.textSet}
     ORDER BY answered_at, user_id`,
    gameNightId,
    db.sql.texts(answers),
  )
}
