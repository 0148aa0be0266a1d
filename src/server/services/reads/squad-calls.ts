/**
 * What squad calls' reads ask of the database (docs/API.md, "Squad calls"). A squad call is its
 * creator's writing: whoever may not see the creator (a block either way, a suspension;
 * services/reads/visibility.ts) gets SQUAD_CALL_NOT_FOUND for it and never finds it in a list,
 * and who joined is shown to each viewer without those hidden from them.
 */
import type { Store } from '../../db/store'
import { columnsOf, readRow } from '../../db/raw'
import { squadCalls } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { SQUAD_CALL_MESSAGES } from '../../errors/messages'
import { canSee, visibleAuthor, type Viewer } from './visibility'

export type SquadCallRow = typeof squadCalls.$inferSelect

export const SQUAD_CALL_COLUMNS = columnsOf(squadCalls)

/** How many open calls a list shows at most: a call lasts hours, so few are open at once. */
export const OPEN_LIST_MAX = 50

export const squadCallNotFound = () =>
  new HttpError('SQUAD_CALL_NOT_FOUND', SQUAD_CALL_MESSAGES.squadCallNotFound)

/**
 * The squad call, or SQUAD_CALL_NOT_FOUND. With `lock`, its row is locked first (db/README.md,
 * "Concurrent writes"): joins decide on its count, so two at once for the last place take turns.
 */
export async function squadCallRow(db: Store, id: number, lock = false): Promise<SquadCallRow> {
  const row = await db.get<Record<string, unknown>>(
    `SELECT ${SQUAD_CALL_COLUMNS} FROM squad_calls WHERE id = ?${lock ? db.sql.forUpdate : ''}`,
    id,
  )
  if (!row) throw squadCallNotFound()
  return readRow(squadCalls, row)
}

/** The squad call as `viewer` may open it: SQUAD_CALL_NOT_FOUND also when they may not see its creator. */
export async function visibleSquadCall(
  db: Store,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<SquadCallRow> {
  const call = await squadCallRow(db, id, lock)
  if (!(await canSee(db, viewer, call.creatorId, { mutes: false }))) throw squadCallNotFound()
  return call
}

/** Whether the call still takes joins at `now`: open, and not past its time. */
export const isOpen = (call: Pick<SquadCallRow, 'status' | 'expiresAt'>, now: number) =>
  call.status === 'open' && call.expiresAt > now

/**
 * The open calls `viewer` may see (creators hidden from them, muted ones too, left out in the
 * query), newest first; of one game when `gameId` is given.
 */
export async function openSquadCalls(
  db: Store,
  viewer: Viewer,
  gameId: number | undefined,
  now = Date.now(),
): Promise<SquadCallRow[]> {
  const visible = await visibleAuthor(db, 'creator_id', viewer)
  // One text whatever is asked: `0` matches every game (db/README.md, rule 4).
  const rows = await db.all<Record<string, unknown>>(
    `SELECT ${SQUAD_CALL_COLUMNS} FROM squad_calls
     WHERE status = 'open' AND expires_at > ? AND (? = 0 OR game_id = ?)${visible.and}
     ORDER BY created_at DESC, id DESC LIMIT ?`,
    now,
    gameId ?? 0,
    gameId ?? 0,
    ...visible.params,
    OPEN_LIST_MAX,
  )
  return rows.map((row) => readRow(squadCalls, row))
}

/** Who joined these calls, in the order they joined, one query for all of them. */
export async function playersOf(db: Store, ids: number[]): Promise<Map<number, number[]>> {
  const players = new Map<number, number[]>()
  for (const id of ids) players.set(id, [])
  if (ids.length === 0) return players
  const rows = await db.all<{ callId: number; userId: number }>(
    `SELECT squad_call_id AS "callId", user_id AS "userId" FROM squad_call_members
     WHERE squad_call_id IN ${db.sql.idSet} ORDER BY joined_at, user_id`,
    db.sql.ids(ids),
  )
  for (const row of rows) players.get(Number(row.callId))?.push(Number(row.userId))
  return players
}
