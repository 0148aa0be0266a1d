/**
 * A conversation's messages and each member's own view of it (docs/API.md, "Conversations"):
 * sending, editing and deleting a message, reading up to one, muting. Each runs inside its
 * command's transaction (actions/conversations.ts); who is in a conversation, and starting or
 * changing one, is conversations.ts. Every change of a conversation's latest message locks the
 * conversation's row first (`membershipOf(…, true)`, db/README.md, "Concurrent writes").
 */
import type { Store } from '../../db/store'
import { insertNewRow } from '../../db/raw'
import { messages } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { CONVERSATION_MESSAGES } from '../../errors/messages'
import {
  MESSAGE_COLUMNS,
  membershipOf,
  visibleMessage,
  type ConversationRow,
  type Membership,
  type MessageRow,
} from '../reads/conversations'
import { isBlockedEitherWay } from '../reads/visibility'
import { attachMessageMedia, deleteMessageMedia } from '../media/message-media'
import type { AttachRequest } from '../media/post-images'
import { addMemberRows, refuse } from './conversations'

/**
 * Sends a message. In a one-to-one, refused while either blocks the other, and the other member
 * is brought back if they had left. A reply must answer a message of the same conversation that
 * the sender may see. The sender has read up to their own message.
 */
export async function sendMessage(
  db: Store,
  authorId: number,
  conversationId: number,
  text: string,
  replyToId: number | null,
  media: AttachRequest[] = [],
  now = Date.now(),
): Promise<{ conversation: ConversationRow; message: MessageRow }> {
  const { conversation } = await membershipOf(db, authorId, conversationId, true)
  if (conversation.kind === 'direct') {
    const [low, high] = (conversation.pairKey ?? '').split(':').map(Number)
    const otherId = low === authorId ? high : low
    if (otherId !== undefined && Number.isSafeInteger(otherId)) {
      if (await isBlockedEitherWay(db, authorId, otherId)) {
        throw refuse('BLOCKED', CONVERSATION_MESSAGES.blocked)
      }
      // Brought back unless their account is gone (deleting it took their membership).
      const present = await db.get('SELECT 1 FROM users WHERE id = ?', otherId)
      if (present) await addMemberRows(db, conversation, [otherId], now)
    }
  }
  if (replyToId !== null) await visibleMessage(db, authorId, conversationId, replyToId)
  const message = await insertNewRow(db, messages, {
    conversationId,
    authorId,
    text,
    replyToId,
    createdAt: now,
  })
  await attachMessageMedia(db, authorId, message.id, media, now)
  await db.run(
    'UPDATE conversations SET last_message_id = ?, activity_at = ? WHERE id = ?',
    message.id,
    now,
    conversationId,
  )
  await db.run(
    'UPDATE conversation_members SET last_read_id = ? WHERE conversation_id = ? AND user_id = ?',
    message.id,
    conversationId,
    authorId,
  )
  return { conversation: { ...conversation, lastMessageId: message.id }, message }
}

/** The author's own message of the conversation, or the refusal. */
async function ownMessage(
  db: Store,
  authorId: number,
  conversationId: number,
  messageId: number,
  foreign: string,
): Promise<MessageRow> {
  await membershipOf(db, authorId, conversationId)
  const message = await visibleMessage(db, authorId, conversationId, messageId)
  if (message.authorId !== authorId) throw refuse('NOT_OWNER', foreign)
  return message
}

export async function editMessage(
  db: Store,
  authorId: number,
  conversationId: number,
  messageId: number,
  text: string,
  now = Date.now(),
): Promise<MessageRow> {
  const message = await ownMessage(
    db,
    authorId,
    conversationId,
    messageId,
    CONVERSATION_MESSAGES.editForeign,
  )
  if (message.deletedAt !== null) throw refuse('STATE_CONFLICT', CONVERSATION_MESSAGES.editDeleted)
  const row = await db.get<MessageRow>(
    `UPDATE messages SET text = ?, edited_at = ? WHERE id = ? RETURNING ${MESSAGE_COLUMNS}`,
    text,
    now,
    messageId,
  )
  return row ?? message
}

/**
 * Deletes the author's message: its text, media and reactions go, its place stays (shown as
 * deleted). Answers it and its media's ids, whose stored objects the command deletes after the
 * commit.
 */
export async function deleteMessage(
  db: Store,
  authorId: number,
  conversationId: number,
  messageId: number,
  now = Date.now(),
): Promise<{ message: MessageRow; removedMedia: string[] }> {
  const message = await ownMessage(
    db,
    authorId,
    conversationId,
    messageId,
    CONVERSATION_MESSAGES.deleteForeign,
  )
  if (message.deletedAt !== null) return { message, removedMedia: [] }
  const row = await db.get<MessageRow>(
    `UPDATE messages SET text = '', deleted_at = ? WHERE id = ? RETURNING ${MESSAGE_COLUMNS}`,
    now,
    messageId,
  )
  const removedMedia = await deleteMessageMedia(db, [messageId])
  await db.run('DELETE FROM message_reactions WHERE message_id = ?', messageId)
  return { message: row ?? message, removedMedia }
}

/**
 * Moves the user's read position up to `upTo` (a message of the conversation), or to its latest
 * message; never back (two devices reading at once keep the further).
 */
export async function markRead(
  db: Store,
  userId: number,
  conversationId: number,
  upTo: number | null,
): Promise<Membership> {
  const membership = await membershipOf(db, userId, conversationId)
  let position = membership.conversation.lastMessageId
  if (upTo !== null) {
    const found = await db.get(
      'SELECT 1 FROM messages WHERE id = ? AND conversation_id = ?',
      upTo,
      conversationId,
    )
    if (!found) throw new HttpError('MESSAGE_NOT_FOUND', CONVERSATION_MESSAGES.messageNotFound)
    position = upTo
  }
  await db.run(
    `UPDATE conversation_members SET last_read_id = ${db.sql.greatest('last_read_id', '?')}
     WHERE conversation_id = ? AND user_id = ?`,
    position,
    conversationId,
    userId,
  )
  return membership
}

export async function setMuted(
  db: Store,
  userId: number,
  conversationId: number,
  muted: boolean,
): Promise<Membership> {
  const membership = await membershipOf(db, userId, conversationId)
  await db.run(
    'UPDATE conversation_members SET muted = ? WHERE conversation_id = ? AND user_id = ?',
    muted,
    conversationId,
    userId,
  )
  return membership
}
