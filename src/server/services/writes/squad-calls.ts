/**
 * Squad calls' row changes (docs/API.md, "Squad calls"), each run inside its command's
 * transaction (actions/squad-calls.ts). The rules live here: who may join, leave and close, how
 * a call fills, and its expiry's claim; the refusals are SQUAD_CALL_MESSAGES' sentences.
 *
 * Concurrency (db/README.md, "Concurrent writes"): every join, leave and close locks the call's
 * row first (`squadCallRow(…, true)`), so two joins at once for the last place take turns: the
 * second finds it full. The expiry claims with one UPDATE that moves the call off `open`, so of
 * several instances (or a join at the last second) one wins.
 */
import type { Store } from '../../db/store'
import { insertNewRow, insertRow } from '../../db/raw'
import { squadCallMembers, squadCalls } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { SQUAD_CALL_MESSAGES } from '../../errors/messages'
import { SQUAD_CALL_LIMITS, type CreateSquadCallInput } from '../../../shared/squad-call-schemas'
import { getGameBySlug } from '../reads/games'
import type { MessageRow, ConversationRow } from '../reads/conversations'
import {
  isOpen,
  playersOf,
  squadCallRow,
  visibleSquadCall,
  type SquadCallRow,
} from '../reads/squad-calls'
import { refuseInteraction } from '../reads/visibility'
import { startGroup } from './conversations'
import { sendMessage } from './conversation-messages'

const refuse = (text: string) => new HttpError('STATE_CONFLICT', text)

/** An empty note or rank is none. */
const textOrNull = (text: string | null | undefined) => (text ? text : null)

/** Makes a squad call, open until `expiresInMinutes` from now. */
export async function createSquadCall(
  db: Store,
  creatorId: number,
  input: CreateSquadCallInput,
  now = Date.now(),
): Promise<SquadCallRow> {
  const game = await getGameBySlug(db, input.game)
  const minutes = input.expiresInMinutes ?? SQUAD_CALL_LIMITS.expiryDefault
  return insertNewRow(db, squadCalls, {
    creatorId,
    gameId: game.id,
    needed: input.needed,
    note: textOrNull(input.note),
    rank: textOrNull(input.rank),
    status: 'open',
    // To the second, as its timestamp shows it (presenting/time.ts).
    expiresAt: Math.floor((now + minutes * 60_000) / 1000) * 1000,
    createdAt: now,
  })
}

/** The chat a full call opened, with its first message: both to publish. */
export interface Opened {
  conversation: ConversationRow
  message: MessageRow
}

/** What a join did: the call now, and the chat it opened when it filled it. */
export interface Joined {
  call: SquadCallRow
  opened: Opened | null
}

/** The first message of a full call's chat, in its creator's name: what they asked for. */
function fullMessage(gameName: string, call: SquadCallRow): string {
  const parts = [`Squad's full for ${gameName}: have fun!`]
  if (call.rank) parts.push(`Rank: ${call.rank}.`)
  if (call.note) parts.push(`Note: ${call.note}`)
  return parts.join(' ')
}

/**
 * `userId` joins the call. Joining twice changes nothing. The last place makes it `full` and
 * opens a group conversation of its creator and its players, with a first message.
 */
export async function joinSquadCall(
  db: Store,
  userId: number,
  squadCallId: number,
  now = Date.now(),
): Promise<Joined> {
  const call = await visibleSquadCall(db, userId, squadCallId, true)
  if (call.creatorId === userId) throw refuse(SQUAD_CALL_MESSAGES.creatorJoins)
  const players = (await playersOf(db, [call.id])).get(call.id) ?? []
  const already = players.includes(userId)
  if (call.status === 'full') {
    if (already) return { call, opened: null }
    throw refuse(SQUAD_CALL_MESSAGES.full)
  }
  if (!isOpen(call, now)) throw refuse(SQUAD_CALL_MESSAGES.ended)
  if (already) return { call, opened: null }
  // The players will share a chat: nobody joins one with someone they blocked or who blocked them.
  await refuseInteraction(db, userId, [call.creatorId, ...players], SQUAD_CALL_MESSAGES.blocked)
  await insertRow(db, squadCallMembers, { squadCallId: call.id, userId, joinedAt: now })
  if (players.length + 1 < call.needed) return { call, opened: null }
  return fill(db, call, [...players, userId], now)
}

async function fill(
  db: Store,
  call: SquadCallRow,
  players: number[],
  now: number,
): Promise<Joined> {
  const game = await db.get<{ name: string }>('SELECT name FROM games WHERE id = ?', call.gameId)
  const gameName = game?.name ?? 'your game'
  const { conversation } = await startGroup(
    db,
    call.creatorId,
    `${gameName} squad`.slice(0, 60),
    players,
    now,
  )
  const { message } = await sendMessage(
    db,
    call.creatorId,
    conversation.id,
    fullMessage(gameName, call),
    null,
    [],
    now,
  )
  await db.run(
    `UPDATE squad_calls SET status = 'full', ended_at = ?, conversation_id = ? WHERE id = ?`,
    now,
    conversation.id,
    call.id,
  )
  return {
    call: { ...call, status: 'full', endedAt: now, conversationId: conversation.id },
    opened: { conversation, message },
  }
}

/** `userId` leaves an open call (never refused for one who is not in it: nothing changes). */
export async function leaveSquadCall(
  db: Store,
  userId: number,
  squadCallId: number,
  now = Date.now(),
): Promise<SquadCallRow> {
  const call = await visibleSquadCall(db, userId, squadCallId, true)
  if (!isOpen(call, now)) throw refuse(SQUAD_CALL_MESSAGES.ended)
  await db.run(
    'DELETE FROM squad_call_members WHERE squad_call_id = ? AND user_id = ?',
    call.id,
    userId,
  )
  return call
}

/** The creator closes their open call early. */
export async function closeSquadCall(
  db: Store,
  actorId: number,
  squadCallId: number,
  now = Date.now(),
): Promise<SquadCallRow> {
  const call = await visibleSquadCall(db, actorId, squadCallId, true)
  if (call.creatorId !== actorId) {
    throw new HttpError('NOT_OWNER', SQUAD_CALL_MESSAGES.creatorOnly)
  }
  if (!isOpen(call, now)) throw refuse(SQUAD_CALL_MESSAGES.ended)
  await db.run(`UPDATE squad_calls SET status = 'closed', ended_at = ? WHERE id = ?`, now, call.id)
  return { ...call, status: 'closed', endedAt: now }
}

/** The open calls past their time at `now`, and the next expiry after them (or null). */
export async function dueExpiries(
  db: Store,
  now: number,
): Promise<{ due: number[]; next: number | null }> {
  const due = await db.ids(
    `SELECT id FROM squad_calls WHERE status = 'open' AND expires_at <= ? ORDER BY expires_at, id`,
    now,
  )
  const next = await db.get<{ at: number | null }>(
    `SELECT min(expires_at) AS at FROM squad_calls WHERE status = 'open' AND expires_at > ?`,
    now,
  )
  return { due, next: next?.at == null ? null : Number(next.at) }
}

/**
 * Claims the call's expiry: only the one UPDATE that moves it off `open` answers it (of several
 * instances at once, one), so everyone hears of it once. Null when another claimed it first, or
 * it filled or closed meanwhile.
 */
export async function expireSquadCall(
  db: Store,
  squadCallId: number,
  now = Date.now(),
): Promise<SquadCallRow | null> {
  const claimed = await db.run(
    `UPDATE squad_calls SET status = 'expired', ended_at = ?
     WHERE id = ? AND status = 'open' AND expires_at <= ?`,
    now,
    squadCallId,
    now,
  )
  if (claimed === 0) return null
  return squadCallRow(db, squadCallId)
}
