/**
 * Game nights' row changes (docs/API.md, "Game nights"), each run inside its command's
 * transaction (actions/game-nights.ts). The rules live here: when a night may be planned, who may
 * change it, how answers fill the slots and the waiting list; the refusals are
 * GAME_NIGHT_MESSAGES' sentences.
 *
 * Concurrency (db/README.md, "Concurrent writes"): every answer and edit locks the night's row
 * first (`gameNightRow(…, true)`), so two "going" at once for the last slot take turns: the second
 * counts the first and waits in line. The host is always going (their answer is written with the
 * night and cannot change).
 */
import type { Store } from '../../db/store'
import { insertNewRow, insertRow, readRow } from '../../db/raw'
import { gameNightRsvps, gameNights } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { GAME_NIGHT_MESSAGES } from '../../errors/messages'
import { GAME_NIGHT_LIMITS } from '../../../shared/game-night-schemas'
import type {
  GameNightAnswer,
  GameNightField,
  GameNightRsvpChoice,
  GameNightStatus,
} from '../../../shared/game-night-types'
import type { NotificationChanges } from '../reads/notifications'
import { getGameBySlug } from '../reads/games'
import {
  answerOf,
  answeredWith,
  endOf,
  GAME_NIGHT_COLUMNS,
  gameNightRow,
  visibleGameNight,
  type GameNightRow,
} from '../reads/game-nights'
import { refuseInteraction } from '../reads/visibility'
import { notify } from './notifications'

const refuse = (text: string) => new HttpError('STATE_CONFLICT', text)

/** What a create or an edit asks for, as the request schemas read it. */
export interface GameNightInput {
  game: string
  title: string
  startsAt: string
  durationMinutes: number
  place?: string | null
  slots?: number | null
}

export type GameNightEdit = Partial<GameNightInput> & { status?: GameNightStatus }

/**
 * A start as milliseconds, to the second (what its timestamp shows), refused in the past or more
 * than a year ahead.
 */
function plannedStart(startsAt: string, now: number): number {
  const ms = toSecond(startsAt)
  if (ms <= now) throw new HttpError('VALIDATION', GAME_NIGHT_MESSAGES.startsInPast)
  if (ms > now + GAME_NIGHT_LIMITS.aheadMaxDays * 86_400_000) {
    throw new HttpError('VALIDATION', GAME_NIGHT_MESSAGES.tooFarAhead)
  }
  return ms
}

const toSecond = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000

/** An empty place is no place. */
const placeOf = (place: string | null | undefined) => (place ? place : null)

/** Plans a game night; its host is going. */
export async function createGameNight(
  db: Store,
  hostId: number,
  input: GameNightInput,
  now = Date.now(),
): Promise<GameNightRow> {
  const startsAt = plannedStart(input.startsAt, now)
  const game = await getGameBySlug(db, input.game)
  const night = await insertNewRow(db, gameNights, {
    hostId,
    gameId: game.id,
    title: input.title,
    startsAt,
    durationMinutes: input.durationMinutes,
    place: placeOf(input.place),
    slots: input.slots ?? null,
    status: 'open',
    createdAt: now,
    updatedAt: now,
  })
  await insertRow(db, gameNightRsvps, {
    gameNightId: night.id,
    userId: hostId,
    answer: 'going',
    answeredAt: now,
  })
  return night
}

/** Makes `postId` the night's thread (its comments are the night's). */
export async function setThread(
  db: Store,
  night: GameNightRow,
  postId: number,
): Promise<GameNightRow> {
  await db.run('UPDATE game_nights SET thread_post_id = ? WHERE id = ?', postId, night.id)
  return { ...night, threadPostId: postId }
}

/** How many are going now. */
async function goingCount(db: Store, gameNightId: number): Promise<number> {
  const row = await db.get<{ count: number }>(
    `SELECT count(*) AS count FROM game_night_rsvps WHERE game_night_id = ? AND answer = 'going'`,
    gameNightId,
  )
  return Number(row?.count ?? 0)
}

/**
 * Moves the first in line up while there are free slots (all of them when the slots went away),
 * and tells each that they are going now. Answers who moved up.
 */
async function moveUp(
  db: Store,
  changes: NotificationChanges,
  night: GameNightRow,
  now: number,
): Promise<number[]> {
  const waiting = await answeredWith(db, night.id, ['waiting'])
  if (waiting.length === 0) return []
  const free =
    night.slots === null ? waiting.length : night.slots - (await goingCount(db, night.id))
  const moving = waiting.slice(0, Math.max(free, 0))
  if (moving.length === 0) return []
  // They keep their place in time: going lists stay in the order people asked to go.
  await db.run(
    `UPDATE game_night_rsvps SET answer = 'going'
     WHERE game_night_id = ? AND user_id IN ${db.sql.idSet}`,
    night.id,
    db.sql.ids(moving),
  )
  for (const userId of moving) {
    await notify(
      db,
      changes,
      {
        recipientId: userId,
        actorId: night.hostId,
        type: 'game-night-promoted',
        gameNightId: night.id,
      },
      now,
    )
  }
  return moving
}

/** What an answer did: the night, the user's answer now, and who moved up from the line. */
export interface Answered {
  night: GameNightRow
  answer: GameNightAnswer
  movedUp: number[]
}

/**
 * Answers a game night for `userId`. "Going" past the slots waits in line (a second "going" keeps
 * one's place); leaving "going" frees a place for the first in line. A closed night takes no new
 * "going" (leaving it is still possible); a cancelled or finished one takes nothing.
 */
export async function answerGameNight(
  db: Store,
  changes: NotificationChanges,
  userId: number,
  gameNightId: number,
  choice: GameNightRsvpChoice,
  now = Date.now(),
): Promise<Answered> {
  const night = await visibleGameNight(db, userId, gameNightId, true)
  if (night.hostId === userId) throw refuse(GAME_NIGHT_MESSAGES.hostAnswers)
  await refuseInteraction(db, userId, [night.hostId])
  if (night.status === 'cancelled') throw refuse(GAME_NIGHT_MESSAGES.cancelled)
  if (endOf(night) <= now) throw refuse(GAME_NIGHT_MESSAGES.over)
  const before = await answerOf(db, night.id, userId)
  const wantsIn = choice === 'going'
  if (wantsIn && before === 'going') return { night, answer: 'going', movedUp: [] }
  if (wantsIn && before === 'waiting') return { night, answer: 'waiting', movedUp: [] }
  if (wantsIn && night.status === 'closed') throw refuse(GAME_NIGHT_MESSAGES.closed)
  const full = wantsIn && night.slots !== null && (await goingCount(db, night.id)) >= night.slots
  const answer: GameNightAnswer = wantsIn ? (full ? 'waiting' : 'going') : choice
  if (answer === before) return { night, answer, movedUp: [] }
  await db.run(
    `INSERT INTO game_night_rsvps (game_night_id, user_id, answer, answered_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (game_night_id, user_id) DO UPDATE SET answer = excluded.answer,
       answered_at = excluded.answered_at`,
    night.id,
    userId,
    answer,
    now,
  )
  const movedUp = before === 'going' ? await moveUp(db, changes, night, now) : []
  return { night, answer, movedUp }
}

/** What an edit did: the night now, what changed, and who moved up from the line. */
export interface Edited {
  night: GameNightRow
  changed: GameNightField[]
  movedUp: number[]
}

/**
 * The host's edit: any of the fields, and the status (close, reopen, cancel). Everyone going is
 * told what changed (`game-night-changed`, its fields in `detail`); a cancellation tells everyone
 * who answered but "can't" (`game-night-cancelled`). A cancelled night is final; a new start
 * clears its reminder (it goes out again 15 minutes before the new start); more slots move the
 * line up.
 */
export async function editGameNight(
  db: Store,
  changes: NotificationChanges,
  actorId: number,
  gameNightId: number,
  edit: GameNightEdit,
  now = Date.now(),
): Promise<Edited> {
  const before = await visibleGameNight(db, actorId, gameNightId, true)
  if (before.hostId !== actorId) throw new HttpError('NOT_OWNER', GAME_NIGHT_MESSAGES.hostOnly)
  if (before.status === 'cancelled') throw refuse(GAME_NIGHT_MESSAGES.cancelled)
  if (endOf(before) <= now) throw refuse(GAME_NIGHT_MESSAGES.over)
  const gameId = edit.game === undefined ? before.gameId : (await getGameBySlug(db, edit.game)).id
  const startsAt =
    edit.startsAt === undefined || toSecond(edit.startsAt) === before.startsAt
      ? before.startsAt
      : plannedStart(edit.startsAt, now)
  const after: GameNightRow = {
    ...before,
    gameId,
    title: edit.title ?? before.title,
    startsAt,
    durationMinutes: edit.durationMinutes ?? before.durationMinutes,
    place: edit.place === undefined ? before.place : placeOf(edit.place),
    slots: edit.slots === undefined ? before.slots : edit.slots,
    status: edit.status ?? before.status,
    remindedAt: startsAt === before.startsAt ? before.remindedAt : null,
    updatedAt: now,
  }
  const fields = ['title', 'startsAt', 'durationMinutes', 'place', 'slots', 'status'] as const
  const changed: GameNightField[] = [
    ...(after.gameId === before.gameId ? [] : (['game'] as const)),
    ...fields.filter((field) => after[field] !== before[field]),
  ]
  if (changed.length === 0) return { night: before, changed, movedUp: [] }
  // Every field in one text, whatever changed: one prepared statement (db/README.md, rule 4).
  const row = await db.get<Record<string, unknown>>(
    `UPDATE game_nights SET game_id = ?, title = ?, starts_at = ?, duration_minutes = ?,
       place = ?, slots = ?, status = ?, reminded_at = ?, updated_at = ?
     WHERE id = ? RETURNING ${GAME_NIGHT_COLUMNS}`,
    after.gameId,
    after.title,
    after.startsAt,
    after.durationMinutes,
    after.place,
    after.slots,
    after.status,
    after.remindedAt,
    now,
    before.id,
  )
  const night = row ? readRow(gameNights, row) : after
  const cancelled = night.status === 'cancelled'
  const told = await answeredWith(
    db,
    night.id,
    cancelled ? ['going', 'maybe', 'waiting'] : ['going'],
  )
  for (const recipientId of told) {
    await notify(
      db,
      changes,
      {
        recipientId,
        actorId,
        type: cancelled ? 'game-night-cancelled' : 'game-night-changed',
        gameNightId: night.id,
        detail: cancelled ? null : changed.join(','),
      },
      now,
    )
  }
  const movedUp = cancelled ? [] : await moveUp(db, changes, night, now)
  return { night, changed, movedUp }
}

/**
 * The nights whose reminder is due at `now` (starting within the reminder's minutes, not yet
 * started, not cancelled, not reminded), and the next due time after them (or null).
 */
export async function dueReminders(
  db: Store,
  now: number,
): Promise<{ due: number[]; next: number | null }> {
  const lead = GAME_NIGHT_LIMITS.reminderMinutes * 60_000
  const due = await db.ids(
    `SELECT id FROM game_nights WHERE reminded_at IS NULL AND status <> 'cancelled'
       AND starts_at > ? AND starts_at <= ? ORDER BY starts_at, id`,
    now,
    now + lead,
  )
  const next = await db.get<{ startsAt: number }>(
    `SELECT min(starts_at) AS "startsAt" FROM game_nights
     WHERE reminded_at IS NULL AND status <> 'cancelled' AND starts_at > ?`,
    now + lead,
  )
  return { due, next: next?.startsAt == null ? null : Number(next.startsAt) - lead }
}

/**
 * Claims the night's reminder and writes it to everyone going or maybe: only the one transaction
 * whose UPDATE set `reminded_at` writes it (of several instances at once, one), so nobody is
 * reminded twice. Answers the night, or null when another claimed it first or it no longer fits.
 */
export async function remindGameNight(
  db: Store,
  changes: NotificationChanges,
  gameNightId: number,
  now = Date.now(),
): Promise<GameNightRow | null> {
  const claimed = await db.run(
    `UPDATE game_nights SET reminded_at = ?
     WHERE id = ? AND reminded_at IS NULL AND status <> 'cancelled' AND starts_at > ?`,
    now,
    gameNightId,
    now,
  )
  if (claimed === 0) return null
  const night = await gameNightRow(db, gameNightId)
  for (const recipientId of await answeredWith(db, night.id, ['going', 'maybe'])) {
    await notify(
      db,
      changes,
      {
        recipientId,
        actorId: night.hostId,
        type: 'game-night-reminder',
        gameNightId: night.id,
        evenToActor: true,
      },
      now,
    )
  }
  return night
}
