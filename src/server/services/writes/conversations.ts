/**
 * Conversations' row changes (docs/API.md, "Conversations"), each run inside its
 * command's transaction (actions/conversations.ts). The rules live here: who may start, add,
 * send, edit; the refusals are CONVERSATION_MESSAGES' sentences. This module starts conversations
 * and changes who is in them; their messages are conversation-messages.ts.
 *
 * Concurrency (db/README.md, "Concurrent writes"): a one-to-one is one row per pair (its unique
 * `pair_key`, `ON CONFLICT`), so two starts at once make one; every change of a conversation's
 * members or of its latest message locks the conversation's row first (`membershipOf(…, true)`),
 * so two adds at once count the members one after the other and the latest message is the
 * latest.
 */
import type { Store } from '../../db/store'
import { deleteMessageMedia } from '../media/message-media'
import { insertNewRow, insertRow, insertRows, readRow } from '../../db/raw'
import { conversationMembers, conversations } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { CONVERSATION_MESSAGES, MESSAGES } from '../../errors/messages'
import { CONVERSATION_LIMITS } from '../../../shared/conversation-schemas'
import {
  CONVERSATION_COLUMNS,
  memberIdsOf,
  membershipOf,
  type ConversationRow,
  type Membership,
} from '../reads/conversations'
import { blockedEitherWayWithAny, isBlockedEitherWay } from '../reads/visibility'

/** A refusal of a conversation's rules, in CONVERSATION_MESSAGES' words. */
export const refuse = (
  code: 'BLOCKED' | 'STATE_CONFLICT' | 'NOT_OWNER' | 'SELF_TARGET',
  text: string,
) => new HttpError(code, text)

/** Refuses users that do not exist (USER_NOT_FOUND), all at once. */
async function requireUsers(db: Store, userIds: number[]): Promise<void> {
  const found = await db.ids(
    `SELECT id FROM users WHERE id IN ${db.sql.idSet}`,
    db.sql.ids(userIds),
  )
  if (found.length !== new Set(userIds).size) {
    throw new HttpError('USER_NOT_FOUND', MESSAGES.userNotFound)
  }
}

/** Refuses adding anyone blocked by or blocking `actorId` (BLOCKED). */
async function refuseBlocked(db: Store, actorId: number, userIds: number[]): Promise<void> {
  const blocked = await blockedEitherWayWithAny(db, [actorId])
  if (userIds.some((id) => blocked.has(id))) {
    throw refuse('BLOCKED', CONVERSATION_MESSAGES.blockedMember)
  }
}

/** What starting a conversation did: its row, and whether it is new (201) or reopened. */
export interface Started {
  conversation: ConversationRow
  created: boolean
}

/**
 * Starts the one-to-one of `actorId` and `otherId`, or reopens theirs (and brings back either of
 * them who had left it). Refused with someone blocked either way.
 */
export async function startDirect(
  db: Store,
  actorId: number,
  otherId: number,
  now = Date.now(),
): Promise<Started> {
  if (actorId === otherId) throw refuse('SELF_TARGET', CONVERSATION_MESSAGES.messageSelf)
  await requireUsers(db, [otherId])
  if (await isBlockedEitherWay(db, actorId, otherId)) {
    throw refuse('BLOCKED', CONVERSATION_MESSAGES.blocked)
  }
  const pairKey = `${Math.min(actorId, otherId)}:${Math.max(actorId, otherId)}`
  const made = await insertRow(
    db,
    conversations,
    { kind: 'direct', pairKey, creatorId: actorId, activityAt: now, createdAt: now },
    { onConflict: 'nothing' },
  )
  const conversation =
    made ??
    readRow(
      conversations,
      (await db.get<Record<string, unknown>>(
        `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE pair_key = ?`,
        pairKey,
      )) ?? {},
    )
  await addMemberRows(db, conversation, [actorId, otherId], now)
  return { conversation, created: made !== undefined }
}

/**
 * Adds members who are not in yet; one coming back to a conversation starts reading from its
 * latest message (what came while they were away is not unread).
 */
export async function addMemberRows(
  db: Store,
  conversation: ConversationRow,
  userIds: number[],
  now: number,
): Promise<number> {
  return insertRows(
    db,
    conversationMembers,
    userIds.map((userId) => ({
      conversationId: conversation.id,
      userId,
      lastReadId: conversation.lastMessageId,
      joinedAt: now,
    })),
    { onConflict: 'nothing' },
  )
}

/** Starts a named group of `actorId` (its creator) and `memberIds`. */
export async function startGroup(
  db: Store,
  actorId: number,
  name: string,
  memberIds: number[],
  now = Date.now(),
): Promise<Started> {
  const others = [...new Set(memberIds)].filter((id) => id !== actorId)
  if (others.length === 0) {
    throw new HttpError('VALIDATION', 'Add at least one other member to a group.')
  }
  if (others.length + 1 > CONVERSATION_LIMITS.membersMax) {
    throw refuse('STATE_CONFLICT', CONVERSATION_MESSAGES.groupFull)
  }
  await requireUsers(db, others)
  await refuseBlocked(db, actorId, others)
  const conversation = await insertNewRow(db, conversations, {
    kind: 'group',
    name,
    creatorId: actorId,
    activityAt: now,
    createdAt: now,
  })
  // The creator first: the member list is in the order of joining.
  await addMemberRows(db, conversation, [actorId], now)
  await addMemberRows(db, conversation, others, now + 1)
  return { conversation, created: true }
}

/** The group the creator manages, locked, or the refusal (not a member, not a group, not theirs). */
async function managedGroup(db: Store, actorId: number, conversationId: number) {
  const membership = await membershipOf(db, actorId, conversationId, true)
  if (membership.conversation.kind !== 'group') {
    throw refuse('STATE_CONFLICT', CONVERSATION_MESSAGES.notAGroup)
  }
  if (membership.conversation.creatorId !== actorId) {
    throw refuse('NOT_OWNER', CONVERSATION_MESSAGES.creatorOnly)
  }
  return membership
}

export async function renameGroup(
  db: Store,
  actorId: number,
  conversationId: number,
  name: string,
): Promise<ConversationRow> {
  const { conversation } = await managedGroup(db, actorId, conversationId)
  await db.run('UPDATE conversations SET name = ? WHERE id = ?', name, conversationId)
  return { ...conversation, name }
}

/** Adds users to the creator's group; answers who was added (those already in are left alone). */
export async function addMembers(
  db: Store,
  actorId: number,
  conversationId: number,
  userIds: number[],
  now = Date.now(),
): Promise<{ conversation: ConversationRow; added: number[] }> {
  const { conversation } = await managedGroup(db, actorId, conversationId)
  const present = new Set(await memberIdsOf(db, conversationId))
  const added = [...new Set(userIds)].filter((id) => !present.has(id))
  if (added.length === 0) return { conversation, added }
  if (present.size + added.length > CONVERSATION_LIMITS.membersMax) {
    throw refuse('STATE_CONFLICT', CONVERSATION_MESSAGES.groupFull)
  }
  await requireUsers(db, added)
  await refuseBlocked(db, actorId, added)
  await addMemberRows(db, conversation, added, now)
  return { conversation, added }
}

/** The creator removes someone else from their group; answers whether they were in it. */
export async function removeMember(
  db: Store,
  actorId: number,
  conversationId: number,
  userId: number,
): Promise<{ conversation: ConversationRow; removed: boolean }> {
  if (userId === actorId) throw refuse('STATE_CONFLICT', CONVERSATION_MESSAGES.removeSelf)
  const { conversation } = await managedGroup(db, actorId, conversationId)
  const removed = await db.run(
    'DELETE FROM conversation_members WHERE conversation_id = ? AND user_id = ?',
    conversationId,
    userId,
  )
  return { conversation, removed: removed > 0 }
}

/**
 * The user leaves. A group's creator who leaves hands it to the member who joined first; a
 * conversation nobody is left in is deleted with its messages. Answers the conversation as it
 * is now, or null once deleted.
 */
export async function leave(
  db: Store,
  userId: number,
  conversationId: number,
): Promise<{ conversation: ConversationRow | null; removedMedia: string[] }> {
  const { conversation } = await membershipOf(db, userId, conversationId, true)
  await db.run(
    'DELETE FROM conversation_members WHERE conversation_id = ? AND user_id = ?',
    conversationId,
    userId,
  )
  const [heir] = await memberIdsOf(db, conversationId)
  if (heir === undefined) {
    // Its pictures go with it: their addresses stop answering (stored objects after the commit).
    const removedMedia = await deleteConversationMedia(db, conversationId)
    await db.run('DELETE FROM conversations WHERE id = ?', conversationId)
    return { conversation: null, removedMedia }
  }
  if (conversation.kind === 'group' && conversation.creatorId === userId) {
    await db.run('UPDATE conversations SET creator_id = ? WHERE id = ?', heir, conversationId)
    return { conversation: { ...conversation, creatorId: heir }, removedMedia: [] }
  }
  return { conversation, removedMedia: [] }
}

/** Deletes the media rows of a conversation (its picture, its messages' media); answers their ids. */
async function deleteConversationMedia(db: Store, conversationId: number): Promise<string[]> {
  const messageIds = await db.ids(
    `SELECT DISTINCT pm.message_id FROM post_media pm JOIN messages m ON m.id = pm.message_id
     WHERE m.conversation_id = ?`,
    conversationId,
  )
  const removed = await deleteMessageMedia(db, messageIds)
  const picture = await db.get<{ id: string }>(
    `DELETE FROM media WHERE id = (SELECT picture_media_id FROM conversations WHERE id = ?)
     RETURNING id`,
    conversationId,
  )
  return picture ? [...removed, picture.id] : removed
}

/** The group whose picture `actorId` may change (its creator), or the refusal. */
export async function mayChangePicture(
  db: Store,
  actorId: number,
  conversationId: number,
  lock = false,
): Promise<Membership> {
  const membership = await membershipOf(db, actorId, conversationId, lock)
  if (membership.conversation.kind !== 'group') {
    throw refuse('STATE_CONFLICT', CONVERSATION_MESSAGES.pictureNotAGroup)
  }
  if (membership.conversation.creatorId !== actorId) {
    throw refuse('NOT_OWNER', CONVERSATION_MESSAGES.pictureCreatorOnly)
  }
  return membership
}

/**
 * Sets or removes (`mediaId` null) a group's picture: its creator's alone. Answers the
 * conversation and the picture it replaced, whose media row is deleted here (its stored object
 * is the command's to delete after the commit), so the old address stops answering.
 */
export async function setGroupPicture(
  db: Store,
  actorId: number,
  conversationId: number,
  mediaId: string | null,
): Promise<{ conversation: ConversationRow; removedMedia: string[] }> {
  const { conversation } = await mayChangePicture(db, actorId, conversationId, true)
  await db.run(
    'UPDATE conversations SET picture_media_id = ? WHERE id = ?',
    mediaId,
    conversationId,
  )
  const old = conversation.pictureMediaId
  const removedMedia: string[] = []
  if (old !== null && old !== mediaId) {
    await db.run('DELETE FROM media WHERE id = ?', old)
    removedMedia.push(old)
  }
  return { conversation: { ...conversation, pictureMediaId: mediaId }, removedMedia }
}

/**
 * A member's account is about to be deleted (writes/accounts.ts deleteAccount): their messages
 * go (as their posts do), so each conversation's latest message is found again; a group they
 * created passes to the member who joined first, as when they leave; and a conversation left
 * with nobody else is deleted, as `leave` deletes one nobody is left in.
 */
export async function forgetDeletedMember(tx: Store, userId: number): Promise<void> {
  const conversationIds = await tx.ids(
    'SELECT conversation_id FROM conversation_members WHERE user_id = ?',
    userId,
  )
  if (conversationIds.length === 0) return
  await tx.run('DELETE FROM messages WHERE author_id = ?', userId)
  await tx.run(
    `DELETE FROM conversations WHERE id IN ${tx.sql.idSet} AND NOT EXISTS (
       SELECT 1 FROM conversation_members m
       WHERE m.conversation_id = conversations.id AND m.user_id <> ?)`,
    tx.sql.ids(conversationIds),
    userId,
  )
  await tx.run(
    `UPDATE conversations SET
       last_message_id = COALESCE(
         (SELECT max(id) FROM messages WHERE conversation_id = conversations.id), 0),
       creator_id = CASE WHEN creator_id = ? THEN (
         SELECT m.user_id FROM conversation_members m
         WHERE m.conversation_id = conversations.id AND m.user_id <> ?
         ORDER BY m.joined_at, m.user_id LIMIT 1) ELSE creator_id END
     WHERE id IN ${tx.sql.idSet}`,
    userId,
    userId,
    tx.sql.ids(conversationIds),
  )
}
