/**
 * A member's emoji reaction on a conversation's message set or taken back (docs/API.md,
 * "Conversations"): the row change of actions/conversations.ts `reactToMessage`. Read back in
 * ../reads/message-reactions.ts.
 */
import type { Reaction } from '../../../shared/reactions'
import { CONVERSATION_LIMITS } from '../../../shared/conversation-schemas'
import type { Store } from '../../db/store'
import { CONVERSATION_MESSAGES } from '../../errors/messages'
import { membershipOf, visibleMessage, type MessageRow } from '../reads/conversations'
import { refuse } from './conversations'

/**
 * Adds `reaction` of `userId` to a message of a conversation they are in, or takes it back (`on`
 * false); idempotent both ways. Only a member reacts (CONVERSATION_NOT_FOUND), to a message they
 * see (MESSAGE_NOT_FOUND), not deleted (STATE_CONFLICT); a new emoji past reactionsMax different
 * ones is STATE_CONFLICT. Answers the message and whether anything changed.
 */
export async function setMessageReaction(
  db: Store,
  userId: number,
  conversationId: number,
  messageId: number,
  reaction: Reaction,
  on: boolean,
  now = Date.now(),
): Promise<{ message: MessageRow; changed: boolean }> {
  await membershipOf(db, userId, conversationId)
  const message = await visibleMessage(db, userId, conversationId, messageId)
  if (!on) {
    const removed = await db.run(
      'DELETE FROM message_reactions WHERE message_id = ? AND reaction = ? AND user_id = ?',
      messageId,
      reaction,
      userId,
    )
    return { message, changed: removed > 0 }
  }
  if (message.deletedAt !== null) {
    throw refuse('STATE_CONFLICT', CONVERSATION_MESSAGES.reactDeleted)
  }
  await refuseOneTooMany(db, messageId, reaction)
  const added = await db.get<{ messageId: number }>(
    `INSERT INTO message_reactions (message_id, user_id, reaction, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (message_id, reaction, user_id) DO NOTHING RETURNING message_id AS "messageId"`,
    messageId,
    userId,
    reaction,
    now,
  )
  return { message, changed: added !== undefined }
}

/**
 * A new emoji on a message that already has the most different ones. As on posts
 * (writes/emoji-reactions.ts): adding to one already there needs no lock; a new one locks the
 * message's row first (PostgreSQL runs writers side by side), so that members adding new emoji
 * at once cannot pass the cap between their counts.
 */
async function refuseOneTooMany(db: Store, messageId: number, reaction: Reaction): Promise<void> {
  const count = async () =>
    (await db.get<{ kinds: number; present: number }>(
      `SELECT COUNT(DISTINCT reaction) AS kinds,
         COUNT(CASE WHEN reaction = ? THEN 1 END) AS present
       FROM message_reactions WHERE message_id = ?`,
      reaction,
      messageId,
    )) ?? { kinds: 0, present: 0 }
  if (Number((await count()).present) > 0) return
  await db.get(`SELECT id FROM messages WHERE id = ?${db.sql.forUpdate}`, messageId)
  const { kinds, present } = await count()
  if (Number(present) === 0 && Number(kinds) >= CONVERSATION_LIMITS.reactionsMax) {
    throw refuse('STATE_CONFLICT', CONVERSATION_MESSAGES.tooManyReactions)
  }
}
