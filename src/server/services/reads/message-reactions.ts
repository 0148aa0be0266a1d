/**
 * Emoji reactions on conversations' messages (docs/API.md, "Conversations"): any emoji a post
 * may get (src/shared/reactions.ts), each member each emoji once. Counted as each reader sees
 * them: a block either way hides the other's reactions as it hides their messages
 * (conversations.ts `hiddenFrom`), so counts are read per reader, never kept.
 */
import type { PostEmojiReactions } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { orderCounts } from './emoji-reactions'

export interface MessageReactionRow {
  messageId: number
  reaction: string
  userId: number
}

/** Every reaction on these messages (one query): a message has at most fifty members. */
export async function reactionRowsOf(
  db: Store,
  messageIds: readonly number[],
): Promise<MessageReactionRow[]> {
  if (messageIds.length === 0) return []
  const rows = await db.all<MessageReactionRow>(
    `SELECT message_id AS "messageId", reaction, user_id AS "userId" FROM message_reactions
     WHERE message_id IN ${db.sql.idSet}`,
    db.sql.ids(messageIds),
  )
  return rows.map((row) => ({
    messageId: Number(row.messageId),
    reaction: row.reaction,
    userId: Number(row.userId),
  }))
}

/**
 * One message's reactions as `viewerId` sees them, from its rows: without those of `hidden`
 * (whom the viewer blocks or who block them), the viewer's own in `mine`.
 */
export function reactionsFor(
  rows: readonly MessageReactionRow[],
  viewerId: number | null,
  hidden: ReadonlySet<number>,
): PostEmojiReactions {
  const counts = new Map<string, number>()
  const mine: string[] = []
  for (const row of rows) {
    if (hidden.has(row.userId)) continue
    counts.set(row.reaction, (counts.get(row.reaction) ?? 0) + 1)
    if (row.userId === viewerId) mine.push(row.reaction)
  }
  const ordered = orderCounts(counts)
  return { counts: ordered, mine: ordered.map((c) => c.reaction).filter((r) => mine.includes(r)) }
}

/** These messages' reactions as `viewerId` sees them, by message id (one query). */
export async function reactionsOfMessages(
  db: Store,
  messageIds: readonly number[],
  viewerId: number | null,
  hidden: ReadonlySet<number>,
): Promise<Map<number, PostEmojiReactions>> {
  const byMessage = new Map<number, MessageReactionRow[]>()
  for (const row of await reactionRowsOf(db, messageIds)) {
    const list = byMessage.get(row.messageId)
    if (list) list.push(row)
    else byMessage.set(row.messageId, [row])
  }
  return new Map(
    messageIds.map((id) => [id, reactionsFor(byMessage.get(id) ?? [], viewerId, hidden)]),
  )
}
