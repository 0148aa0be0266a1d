/**
 * What conversations' reads ask of the database (docs/API.md, "Conversations"). Every
 * read goes through the caller's membership: a conversation they are not in, or a message of one,
 * is the same 404 as one that does not exist, so nobody learns that it does.
 *
 * A block either way hides: the messages of someone blocked (or blocking) are left out of the
 * other's pages, unread counts and last message, in every conversation they share
 * (`hiddenFrom`), as lists leave out each other's writing (services/reads/visibility.ts).
 */
import type { Store } from '../../db/store'
import { columnsOf, readRow } from '../../db/raw'
import { conversationMembers, conversations, messages } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { CONVERSATION_MESSAGES } from '../../errors/messages'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'
import { blockedEitherWayWithAny } from './visibility'

export type ConversationRow = typeof conversations.$inferSelect
export type MemberRow = typeof conversationMembers.$inferSelect
export type MessageRow = typeof messages.$inferSelect

export const CONVERSATION_COLUMNS = columnsOf(conversations)
export const MEMBER_COLUMNS = columnsOf(conversationMembers)
export const MESSAGE_COLUMNS = columnsOf(messages)

export const conversationNotFound = () =>
  new HttpError('CONVERSATION_NOT_FOUND', CONVERSATION_MESSAGES.conversationNotFound)
export const messageNotFound = () =>
  new HttpError('MESSAGE_NOT_FOUND', CONVERSATION_MESSAGES.messageNotFound)

/** A conversation with the viewer's own membership in it. */
export interface Membership {
  conversation: ConversationRow
  member: MemberRow
}

/** The conversation and the user's membership, or the 404 for anyone who is not a member. */
export async function membershipOf(
  db: Store,
  userId: number,
  conversationId: number,
  lock = false,
): Promise<Membership> {
  // The conversation's row is locked first (a parent before its children, db/README.md) when a
  // write decides on its members: two adds at once then count the members one after the other.
  const conversation = await db.get<Record<string, unknown>>(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE id = ?${lock ? db.sql.forUpdate : ''}`,
    conversationId,
  )
  if (!conversation) throw conversationNotFound()
  const member = await db.get<Record<string, unknown>>(
    `SELECT ${MEMBER_COLUMNS} FROM conversation_members
     WHERE conversation_id = ? AND user_id = ?`,
    conversationId,
    userId,
  )
  if (!member) throw conversationNotFound()
  return {
    conversation: readRow(conversations, conversation),
    member: readRow(conversationMembers, member),
  }
}

/** The user ids of a conversation's members, in the order they joined. */
export function memberIdsOf(db: Store, conversationId: number): Promise<number[]> {
  return db.ids(
    `SELECT user_id FROM conversation_members WHERE conversation_id = ?
     ORDER BY joined_at, user_id`,
    conversationId,
  )
}

/** For each of these conversations, its members' user ids in the order they joined (one query). */
export async function memberIdsOfEach(
  db: Store,
  conversationIds: number[],
): Promise<Map<number, number[]>> {
  const each = new Map<number, number[]>(conversationIds.map((id) => [id, []]))
  if (conversationIds.length === 0) return each
  const rows = await db.all<{ conversationId: number; userId: number }>(
    `SELECT conversation_id AS "conversationId", user_id AS "userId" FROM conversation_members
     WHERE conversation_id IN ${db.sql.idSet} ORDER BY joined_at, user_id`,
    db.sql.ids(conversationIds),
  )
  for (const row of rows) each.get(Number(row.conversationId))?.push(Number(row.userId))
  return each
}

/** Everyone whose messages `viewerId` does not see: blocked by or blocking them. */
export async function hiddenFrom(db: Store, viewerId: number): Promise<Set<number>> {
  const hidden = await blockedEitherWayWithAny(db, [viewerId])
  hidden.delete(viewerId)
  return hidden
}

/** One message of the conversation that the viewer may see, or MESSAGE_NOT_FOUND. */
export async function visibleMessage(
  db: Store,
  viewerId: number,
  conversationId: number,
  messageId: number,
): Promise<MessageRow> {
  const row = await db.get<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ? AND conversation_id = ?`,
    messageId,
    conversationId,
  )
  if (!row || (await hiddenFrom(db, viewerId)).has(Number(row.authorId))) throw messageNotFound()
  return row
}

/** A page of the conversation's messages the viewer may see, newest first. */
export async function pageMessages(
  db: Store,
  viewerId: number,
  conversationId: number,
  page: PageRequest,
): Promise<RowPage<MessageRow>> {
  const [before] = cursorOrStart(page.cursor, 1)
  const hidden = await hiddenFrom(db, viewerId)
  const rows = await db.all<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages
     WHERE conversation_id = ? AND id < ? AND author_id NOT IN ${db.sql.idSet}
     ORDER BY id DESC LIMIT ?`,
    conversationId,
    before ?? 0,
    db.sql.ids([...hidden]),
    page.limit + 1,
  )
  return finishPage(rows, page.limit, (row) => [row.id])
}

/** The messages these ids name (a page's replies), by id. */
export async function messagesByIds(db: Store, ids: number[]): Promise<Map<number, MessageRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db.all<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id IN ${db.sql.idSet}`,
    db.sql.ids([...new Set(ids)]),
  )
  return new Map(rows.map((row) => [Number(row.id), row]))
}

/** A page of the user's conversations (with their membership), latest activity first. */
export async function pageConversations(
  db: Store,
  userId: number,
  page: PageRequest,
): Promise<RowPage<Membership>> {
  const [activityAt, id] = cursorOrStart(page.cursor, 2)
  const rows = await db.all<Record<string, unknown>>(
    `SELECT ${CONVERSATION_COLUMNS}, ${MEMBER_COLUMNS.replaceAll('AS "', 'AS "member.')}
     FROM conversation_members JOIN conversations
       ON conversations.id = conversation_members.conversation_id
     WHERE conversation_members.user_id = ?
       AND (conversations.activity_at, conversations.id) < (?, ?)
     ORDER BY conversations.activity_at DESC, conversations.id DESC LIMIT ?`,
    userId,
    activityAt ?? 0,
    id ?? 0,
    page.limit + 1,
  )
  const memberships = rows.map(splitMembership)
  return finishPage(memberships, page.limit, ({ conversation }) => [
    conversation.activityAt,
    conversation.id,
  ])
}

function splitMembership(row: Record<string, unknown>): Membership {
  const conversation: Record<string, unknown> = {}
  const member: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('member.')) member[key.slice('member.'.length)] = value
    else conversation[key] = value
  }
  return {
    conversation: readRow(conversations, conversation),
    member: readRow(conversationMembers, member),
  }
}

/**
 * The latest message the viewer may see of each conversation (one query): its `last_message_id`
 * when the viewer hides nobody, else the latest by someone they do not hide.
 */
export async function lastMessagesOf(
  db: Store,
  conversationRows: ConversationRow[],
  hidden: ReadonlySet<number>,
): Promise<Map<number, MessageRow>> {
  const started = conversationRows.filter((row) => row.lastMessageId > 0)
  if (started.length === 0) return new Map()
  const rows =
    hidden.size === 0
      ? await db.all<MessageRow>(
          `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id IN ${db.sql.idSet}`,
          db.sql.ids(started.map((row) => row.lastMessageId)),
        )
      : await db.all<MessageRow>(
          `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id IN (
             SELECT max(id) FROM messages
             WHERE conversation_id IN ${db.sql.idSet} AND author_id NOT IN ${db.sql.idSet}
             GROUP BY conversation_id)`,
          db.sql.ids(started.map((row) => row.id)),
          db.sql.ids([...hidden]),
        )
  return new Map(rows.map((row) => [Number(row.conversationId), row]))
}

/** Unread messages of the user (others', not deleted, not hidden) per conversation with any. */
export async function unreadCounts(
  db: Store,
  userId: number,
  conversationIds?: number[],
): Promise<Map<number, { count: number; muted: boolean }>> {
  const hidden = await hiddenFrom(db, userId)
  const only = conversationIds ? `AND conversation_members.conversation_id IN ${db.sql.idSet}` : ''
  const rows = await db.all<{ conversationId: number; muted: boolean | number; count: number }>(
    `SELECT conversation_members.conversation_id AS "conversationId",
       conversation_members.muted AS muted, count(messages.id) AS count
     FROM conversation_members JOIN messages
       ON messages.conversation_id = conversation_members.conversation_id
       AND messages.id > conversation_members.last_read_id
     WHERE conversation_members.user_id = ? ${only}
       AND messages.author_id <> ? AND messages.deleted_at IS NULL
       AND messages.author_id NOT IN ${db.sql.idSet}
     GROUP BY conversation_members.conversation_id, conversation_members.muted`,
    userId,
    ...(conversationIds ? [db.sql.ids(conversationIds)] : []),
    userId,
    db.sql.ids([...hidden]),
  )
  return new Map(
    rows.map((row) => [
      Number(row.conversationId),
      { count: Number(row.count), muted: Boolean(row.muted) },
    ]),
  )
}

/** The top bar's count: unread messages in all the user's conversations that are not muted. */
export function totalUnread(counts: Map<number, { count: number; muted: boolean }>): number {
  let total = 0
  for (const { count, muted } of counts.values()) if (!muted) total += count
  return total
}
