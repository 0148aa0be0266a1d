/**
 * Conversations' commands (docs/API.md, "Conversations"): one per write, each through
 * `commit` (live.ts), whose live events go to the conversation's members only (the hub's `only`
 * audience; in a cluster through Redis, as every event), never to anyone else:
 *
 * - `message` (new, edited, deleted) to the members, but never to one blocked by or blocking its
 *   author; a reply to a message whose author some member hides goes to them with the reply
 *   `unavailable` (a second audience class, as publishCarryingPost does for quotes);
 * - `conversation` (started, renamed, members changed) to the members;
 * - `conversation-left` to whoever left or was removed, on every device of theirs;
 * - `conversation-read` (read position, mute) to the reader alone, on every device of theirs.
 *
 * None of them touches what the caches of posts keep (caches/touched.ts), and none changes a
 * kept whole answer (caches/read-cache.ts ANSWER_NEUTRAL_EVENTS): conversations' routes keep
 * nothing.
 */
import type { Store } from '../db/store'
import * as writes from '../services/writes/conversations'
import * as messageWrites from '../services/writes/conversation-messages'
import {
  membershipOf,
  memberIdsOf,
  unreadCounts,
  totalUnread,
  type ConversationRow,
  type MessageRow,
} from '../services/reads/conversations'
import {
  presentMessages,
  presentShared,
  withReplyUnavailable,
} from '../services/presenting/conversations'
import { blockedEitherWayWithAny } from '../services/reads/visibility'
import type { ConversationReadResponse } from '../../shared/conversation-types'
import { removeStoredObjects } from '../services/media/media'
import type { AttachRequest } from '../services/media/post-images'
import { commit, type Actor, type Live } from './live'

export async function publishConversation(
  live: Live,
  conversation: ConversationRow,
): Promise<void> {
  const members = await memberIdsOf(live.db, conversation.id)
  if (members.length === 0) return
  const [shared] = await presentShared(
    live.db,
    [conversation],
    new Map([[conversation.id, members]]),
  )
  if (shared) live.hub.publish('conversation', { conversation: shared }, { only: new Set(members) })
}

const publishLeft = (live: Live, conversationId: number, userIds: number[]) => {
  for (const userId of userIds) {
    live.hub.publish(
      'conversation-left',
      { conversationId: String(conversationId) },
      { to: userId },
    )
  }
}

/** Everyone blocked by or blocking `userId`, not themselves. */
async function unseeing(db: Store, userId: number): Promise<Set<number>> {
  const set = await blockedEitherWayWithAny(db, [userId])
  set.delete(userId)
  return set
}

export async function publishMessage(live: Live, row: MessageRow, created: boolean): Promise<void> {
  const { db, hub } = live
  const members = await memberIdsOf(db, row.conversationId)
  const [message] = await presentMessages(db, [row], new Set())
  if (!message) return
  const authorId = Number(row.authorId)
  const excluded = await unseeing(db, authorId)
  const replyAuthor = message.replyTo?.author ? Number(message.replyTo.author._id) : null
  const replyHiddenFrom =
    replyAuthor === null || replyAuthor === authorId
      ? new Set<number>()
      : await unseeing(db, replyAuthor)
  const whole = new Set<number>()
  const withoutReply = new Set<number>()
  for (const member of members) {
    if (excluded.has(member)) continue
    if (replyHiddenFrom.has(member)) withoutReply.add(member)
    else whole.add(member)
  }
  const conversationId = String(row.conversationId)
  if (whole.size) hub.publish('message', { conversationId, message, created }, { only: whole })
  if (withoutReply.size) {
    hub.publish(
      'message',
      { conversationId, message: withReplyUnavailable(message), created },
      { only: withoutReply },
    )
  }
}

/** The user's read position, unread counts and mute in a conversation now. */
export async function readStateOf(
  db: Store,
  userId: number,
  conversationId: number,
): Promise<ConversationReadResponse> {
  const { member } = await membershipOf(db, userId, conversationId)
  const counts = await unreadCounts(db, userId)
  return {
    conversationId: String(conversationId),
    lastReadId: String(member.lastReadId),
    unreadCount: counts.get(conversationId)?.count ?? 0,
    totalUnread: totalUnread(counts),
    muted: member.muted,
  }
}

async function publishReadState(live: Live, userId: number, conversationId: number) {
  const state = await readStateOf(live.db, userId, conversationId)
  live.hub.publish('conversation-read', state, { to: userId })
  return state
}

export function startDirect(live: Live, actor: Actor, otherId: number) {
  return commit(
    live,
    (tx) => writes.startDirect(tx, actor.id, otherId),
    ({ conversation }) => publishConversation(live, conversation),
  )
}

export function startGroup(live: Live, actor: Actor, name: string, memberIds: number[]) {
  return commit(
    live,
    (tx) => writes.startGroup(tx, actor.id, name, memberIds),
    ({ conversation }) => publishConversation(live, conversation),
  )
}

export function renameGroup(live: Live, actor: Actor, conversationId: number, name: string) {
  return commit(
    live,
    (tx) => writes.renameGroup(tx, actor.id, conversationId, name),
    (conversation) => publishConversation(live, conversation),
  )
}

export function addMembers(live: Live, actor: Actor, conversationId: number, userIds: number[]) {
  return commit(
    live,
    (tx) => writes.addMembers(tx, actor.id, conversationId, userIds),
    async ({ conversation, added }) => {
      if (added.length) await publishConversation(live, conversation)
    },
  )
}

export function removeMember(live: Live, actor: Actor, conversationId: number, userId: number) {
  return commit(
    live,
    (tx) => writes.removeMember(tx, actor.id, conversationId, userId),
    async ({ conversation, removed }) => {
      if (!removed) return
      publishLeft(live, conversationId, [userId])
      await publishConversation(live, conversation)
    },
  )
}

export function leave(live: Live, actor: Actor, conversationId: number) {
  return commit(
    live,
    (tx) => writes.leave(tx, actor.id, conversationId),
    async ({ conversation, removedMedia }) => {
      await removeStoredObjects(live.media, removedMedia)
      publishLeft(live, conversationId, [actor.id])
      if (conversation) await publishConversation(live, conversation)
    },
  )
}

export function sendMessage(
  live: Live,
  actor: Actor,
  conversationId: number,
  text: string,
  replyToId: number | null,
  media: AttachRequest[] = [],
) {
  return commit(
    live,
    (tx) => messageWrites.sendMessage(tx, actor.id, conversationId, text, replyToId, media),
    ({ message }) => publishMessage(live, message, true),
  )
}

export function editMessage(
  live: Live,
  actor: Actor,
  conversationId: number,
  messageId: number,
  text: string,
) {
  return commit(
    live,
    (tx) => messageWrites.editMessage(tx, actor.id, conversationId, messageId, text),
    (message) => publishMessage(live, message, false),
  )
}

export function deleteMessage(live: Live, actor: Actor, conversationId: number, messageId: number) {
  return commit(
    live,
    (tx) => messageWrites.deleteMessage(tx, actor.id, conversationId, messageId),
    async ({ message, removedMedia }) => {
      // Only now that the rows are gone for good: a rollback would have kept the files.
      await removeStoredObjects(live.media, removedMedia)
      await publishMessage(live, message, false)
    },
  ).then(({ message }) => message)
}

/** Marks read; answers the read state that every device of the reader is told. */
export async function markRead(
  live: Live,
  actor: Actor,
  conversationId: number,
  upTo: number | null,
): Promise<ConversationReadResponse> {
  let state: ConversationReadResponse | undefined
  await commit(
    live,
    (tx) => messageWrites.markRead(tx, actor.id, conversationId, upTo),
    async () => {
      state = await publishReadState(live, actor.id, conversationId)
    },
  )
  return state ?? readStateOf(live.db, actor.id, conversationId)
}

export async function setMuted(
  live: Live,
  actor: Actor,
  conversationId: number,
  muted: boolean,
): Promise<ConversationReadResponse> {
  let state: ConversationReadResponse | undefined
  await commit(
    live,
    (tx) => messageWrites.setMuted(tx, actor.id, conversationId, muted),
    async () => {
      state = await publishReadState(live, actor.id, conversationId)
    },
  )
  return state ?? readStateOf(live.db, actor.id, conversationId)
}
