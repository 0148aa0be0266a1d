/**
 * Conversations and messages in the API's shapes (shared/conversation-types.ts), a page at a
 * time with a fixed number of queries (services/README.md): the page's rows, then one query per
 * kind of thing they embed (members, authors, replied messages, last messages, unread counts).
 */
import type { Store } from '../../db/store'
import type {
  Conversation,
  ConversationMessage,
  ConversationResponse,
  ConversationShared,
  ConversationsPage,
  ConversationUnreadResponse,
  MessageReplyPreview,
  MessageResponse,
  MessagesPage,
} from '../../../shared/conversation-types'
import type { UserSummary } from '../../../shared/api-types'
import { CONVERSATION_LIMITS } from '../../../shared/conversation-schemas'
import type { PageRequest } from '../reads/pagination'
import {
  hiddenFrom,
  lastMessagesOf,
  memberIdsOfEach,
  membershipOf,
  messagesByIds,
  pageConversations,
  pageMessages,
  totalUnread,
  unreadCounts,
  type ConversationRow,
  type Membership,
  type MessageRow,
} from '../reads/conversations'
import { loadSummaries } from './embedded'
import { loadMessageMedia } from '../media/message-media'
import { reactionsOfMessages } from '../reads/message-reactions'
import { formatTimestamp } from './time'

/** A user whose account is gone while a page is presented: shown, never a crash. */
const GONE: UserSummary = {
  _id: '0',
  id: '0',
  username: '',
  firstName: '',
  lastName: '',
  profileImg: '',
}

/**
 * Messages as a viewer sees them: a reply to a message whose author the viewer hides (a block
 * either way, `hidden`) is `unavailable`, nothing of it shown, and so are the reactions of those
 * they hide. `viewerId` null: for nobody in particular (an event's presentation,
 * actions/conversations.ts, which sends the unavailable form apart), without reactions: the
 * `message-reactions` event carries each member's own.
 */
export async function presentMessages(
  db: Store,
  rows: MessageRow[],
  hidden: ReadonlySet<number>,
  viewerId: number | null = null,
): Promise<ConversationMessage[]> {
  const ids = rows.map((row) => Number(row.id))
  const media = await loadMessageMedia(db, ids)
  const reactions =
    viewerId === null ? new Map() : await reactionsOfMessages(db, ids, viewerId, hidden)
  const replied = await messagesByIds(
    db,
    rows.flatMap((row) => (row.replyToId === null ? [] : [row.replyToId])),
  )
  const summaries = await loadSummaries(db, [
    ...rows.map((row) => Number(row.authorId)),
    ...[...replied.values()].map((row) => Number(row.authorId)),
  ])
  return rows.map((row) => {
    const reply = row.replyToId === null ? undefined : replied.get(Number(row.replyToId))
    return {
      _id: String(row.id),
      conversationId: String(row.conversationId),
      author: summaries.get(Number(row.authorId)) ?? GONE,
      text: row.deletedAt === null ? row.text : '',
      replyTo: reply ? presentReply(reply, hidden, summaries) : null,
      createdAt: formatTimestamp(row.createdAt),
      editedAt: row.editedAt === null ? null : formatTimestamp(row.editedAt),
      deleted: row.deletedAt !== null,
      media: media.get(Number(row.id)) ?? [],
      reactions: reactions.get(Number(row.id)) ?? { counts: [], mine: [] },
    }
  })
}

function presentReply(
  reply: MessageRow,
  hidden: ReadonlySet<number>,
  summaries: Map<number, UserSummary>,
): MessageReplyPreview {
  const unavailable = hidden.has(Number(reply.authorId))
  const deleted = reply.deletedAt !== null
  return {
    _id: String(reply.id),
    author: unavailable ? null : (summaries.get(Number(reply.authorId)) ?? null),
    text: unavailable || deleted ? '' : reply.text.slice(0, CONVERSATION_LIMITS.replyPreviewMax),
    deleted,
    unavailable,
  }
}

/** The replied message of a presented message, as those who hide its author get it. */
export function withReplyUnavailable(message: ConversationMessage): ConversationMessage {
  if (!message.replyTo) return message
  return {
    ...message,
    replyTo: {
      _id: message.replyTo._id,
      author: null,
      text: '',
      deleted: false,
      unavailable: true,
    },
  }
}

/** What every member sees alike of these conversations (one query for members' summaries). */
export async function presentShared(
  db: Store,
  rows: ConversationRow[],
  membersOf?: Map<number, number[]>,
): Promise<ConversationShared[]> {
  const members =
    membersOf ??
    (await memberIdsOfEach(
      db,
      rows.map((row) => row.id),
    ))
  const summaries = await loadSummaries(db, [...members.values()].flat())
  return rows.map((row) => ({
    _id: String(row.id),
    kind: row.kind,
    name: row.name,
    creatorId: row.creatorId === null ? null : String(row.creatorId),
    members: (members.get(row.id) ?? []).flatMap((id) => {
      const summary = summaries.get(id)
      return summary ? [summary] : []
    }),
    createdAt: formatTimestamp(row.createdAt),
    pictureUrl: row.pictureMediaId === null ? null : `/api/media/${row.pictureMediaId}`,
  }))
}

/** The viewer's conversations, each with its last message and the viewer's unread count. */
export async function presentConversations(
  db: Store,
  viewerId: number,
  memberships: Membership[],
): Promise<Conversation[]> {
  const rows = memberships.map(({ conversation }) => conversation)
  const hidden = await hiddenFrom(db, viewerId)
  const shared = await presentShared(db, rows)
  const lastRows = await lastMessagesOf(db, rows, hidden)
  const last = new Map(
    (await presentMessages(db, [...lastRows.values()], hidden, viewerId)).map((message) => [
      Number(message.conversationId),
      message,
    ]),
  )
  const unread = await unreadCounts(
    db,
    viewerId,
    rows.map((row) => row.id),
  )
  return memberships.map(({ conversation, member }, index) => ({
    ...(shared[index] as ConversationShared),
    lastMessage: last.get(conversation.id) ?? null,
    unreadCount: unread.get(conversation.id)?.count ?? 0,
    lastReadId: String(member.lastReadId),
    muted: member.muted,
    activityAt: formatTimestamp(conversation.activityAt),
  }))
}

// The routes' answers (routes/conversations.ts), each read as the viewer may see it.

/** `GET /api/conversations`. */
export async function conversationsPage(
  db: Store,
  viewerId: number,
  page: PageRequest,
): Promise<ConversationsPage> {
  const found = await pageConversations(db, viewerId, page)
  return {
    conversations: await presentConversations(db, viewerId, found.rows),
    nextCursor: found.nextCursor,
    totalUnread: totalUnread(await unreadCounts(db, viewerId)),
  }
}

/** `GET /api/conversations/unread`. */
export async function unreadAnswer(
  db: Store,
  viewerId: number,
): Promise<ConversationUnreadResponse> {
  const counts = await unreadCounts(db, viewerId)
  const each: Record<string, number> = {}
  for (const [id, { count }] of counts) each[String(id)] = count
  return { totalUnread: totalUnread(counts), conversations: each }
}

/** One conversation as the viewer sees it now (CONVERSATION_NOT_FOUND to a non-member). */
export async function conversationAnswer(
  db: Store,
  viewerId: number,
  conversationId: number,
): Promise<ConversationResponse> {
  const membership = await membershipOf(db, viewerId, conversationId)
  const [conversation] = await presentConversations(db, viewerId, [membership])
  if (!conversation) throw new Error('A presented conversation went missing.')
  return { conversation }
}

/** A page of a conversation's history (CONVERSATION_NOT_FOUND to a non-member). */
export async function messagesPage(
  db: Store,
  viewerId: number,
  conversationId: number,
  page: PageRequest,
): Promise<MessagesPage> {
  await membershipOf(db, viewerId, conversationId)
  const found = await pageMessages(db, viewerId, conversationId, page)
  return {
    messages: await presentMessages(db, found.rows, await hiddenFrom(db, viewerId), viewerId),
    nextCursor: found.nextCursor,
  }
}

/** A message a command just wrote, for its author's answer. */
export async function messageAnswer(
  db: Store,
  viewerId: number,
  row: MessageRow,
): Promise<MessageResponse> {
  const [message] = await presentMessages(db, [row], await hiddenFrom(db, viewerId), viewerId)
  if (!message) throw new Error('A presented message went missing.')
  return { message }
}
