/**
 * A group's picture and reactions to messages (docs/API.md, "Conversations"): commands through
 * `commit` (live.ts) as the rest of actions/conversations.ts, whose live events go to the
 * conversation's members only (the hub's `only` audience; in a cluster through Redis):
 *
 * - a picture set or removed is a `conversation` event, as a rename;
 * - a reaction added or taken back is `message-reactions`, to each member who sees the message,
 *   with the reactions as that member sees them (without those of people they block or who block
 *   them, their own in `mine`), not to those who block the reactor or whom they block (nothing
 *   changed for them): members with the same view share one publish.
 */
import type { MessageReactionsEvent } from '../../shared/conversation-types'
import type { Reaction } from '../../shared/reactions'
import { processAvatar, removeStoredObjects, storeImage } from '../services/media/media'
import { memberIdsOf, type MessageRow } from '../services/reads/conversations'
import { reactionRowsOf, reactionsFor } from '../services/reads/message-reactions'
import { blockedEitherWayWithEach } from '../services/reads/visibility'
import * as writes from '../services/writes/conversations'
import { setMessageReaction } from '../services/writes/message-reactions'
import { publishConversation } from './conversations'
import { commit, type Actor, type Live } from './live'

/**
 * Sets a group's picture from uploaded bytes, read by `upload` once the caller may (the rules of a profile picture: checked,
 * re-encoded without metadata, at most 512 pixels a side). Who may is checked before the image
 * is stored, so a refused upload stores nothing.
 */
export async function setGroupPicture(
  live: Live,
  actor: Actor,
  conversationId: number,
  upload: () => Promise<Buffer>,
) {
  await writes.mayChangePicture(live.db, actor.id, conversationId)
  const picture = await processAvatar(await upload())
  const mediaId = await storeImage(live.db, actor.id, picture.bytes, Date.now(), live.media)
  return changePicture(live, actor, conversationId, mediaId)
}

/** Removes a group's picture: the app draws its initials again. */
export function removeGroupPicture(live: Live, actor: Actor, conversationId: number) {
  return changePicture(live, actor, conversationId, null)
}

function changePicture(live: Live, actor: Actor, conversationId: number, mediaId: string | null) {
  return commit(
    live,
    (tx) => writes.setGroupPicture(tx, actor.id, conversationId, mediaId),
    async ({ conversation, removedMedia }) => {
      await removeStoredObjects(live.media, removedMedia)
      await publishConversation(live, conversation)
    },
  )
}

/** Adds (`on`) or takes back a member's emoji reaction on a message; answers it as they see it. */
export async function reactToMessage(
  live: Live,
  actor: Actor,
  conversationId: number,
  messageId: number,
  reaction: Reaction,
  on: boolean,
): Promise<MessageReactionsEvent> {
  const { message } = await commit(
    live,
    (tx) => setMessageReaction(tx, actor.id, conversationId, messageId, reaction, on),
    async ({ message, changed }) => {
      if (changed) await publishMessageReactions(live, message, actor.id)
    },
  )
  const views = await reactionViews(live, message)
  return views.get(actor.id)?.event ?? emptyView(message)
}

const emptyView = (message: MessageRow): MessageReactionsEvent => ({
  conversationId: String(message.conversationId),
  messageId: String(message.id),
  reactions: { counts: [], mine: [] },
})

/** Each member who sees the message, and its reactions as they see them (two queries). */
async function reactionViews(
  live: Live,
  message: MessageRow,
): Promise<Map<number, { event: MessageReactionsEvent; hidden: Set<number> }>> {
  const { db } = live
  const members = await memberIdsOf(db, message.conversationId)
  const rows = await reactionRowsOf(db, [message.id])
  const blocks = await blockedEitherWayWithEach(db, members)
  const authorId = Number(message.authorId)
  const views = new Map<number, { event: MessageReactionsEvent; hidden: Set<number> }>()
  for (const member of members) {
    const hidden = new Set(blocks.get(member) ?? [])
    hidden.delete(member)
    // One who hides the message's author does not see the message at all.
    if (hidden.has(authorId)) continue
    const event = { ...emptyView(message), reactions: reactionsFor(rows, member, hidden) }
    views.set(member, { event, hidden })
  }
  return views
}

/** To each member who sees the message and the reactor (for the others nothing changed). */
async function publishMessageReactions(
  live: Live,
  message: MessageRow,
  reactorId: number,
): Promise<void> {
  const byView = new Map<string, { event: MessageReactionsEvent; members: Set<number> }>()
  for (const [member, { event, hidden }] of await reactionViews(live, message)) {
    if (hidden.has(reactorId)) continue
    const key = JSON.stringify(event.reactions)
    const same = byView.get(key)
    if (same) same.members.add(member)
    else byView.set(key, { event, members: new Set([member]) })
  }
  for (const { event, members } of byView.values()) {
    live.hub.publish('message-reactions', event, { only: members })
  }
}
