/**
 * Search within one conversation (docs/API.md, "Conversations", "Search within a conversation"):
 * the messages of the conversation that the viewer may see and that hold every word of the query.
 *
 * A word is a run of letters and digits (shared/search.ts `searchWords`) of at least
 * `CONVERSATION_LIMITS.searchWordMin` characters; nothing else of the query is syntax. Each word
 * is looked for anywhere in a message's text with LIKE on both databases, `%`, `_` and `\`
 * escaped (the words hold none today, but a later change of `searchWords` must not turn them into
 * wildcards). A conversation holds a chat's messages, not the whole server's posts: scanning its
 * rows by the `(conversation_id, id)` index is cheap enough without a search index of its own.
 */
import type { Store } from '../../db/store'
import { searchWords } from '../../../shared/search'
import { CONVERSATION_LIMITS } from '../../../shared/conversation-schemas'
import { MESSAGE_COLUMNS, hiddenFrom, membershipOf, type MessageRow } from './conversations'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'

/** The words a query searches a conversation for: those long enough, lower-cased, each once. */
export function messageSearchWords(query: string): string[] {
  const words = searchWords(query)
    .map((word) => word.toLowerCase())
    .filter((word) => [...word].length >= CONVERSATION_LIMITS.searchWordMin)
  return [...new Set(words)]
}

/** A word as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A page of the viewer's matches in the conversation, newest first: never a deleted message, nor
 * one by someone blocked by or blocking the viewer (the rule of the conversation's pages,
 * conversations.ts `hiddenFrom`). The 404 for anyone not a member, as every conversation read.
 */
export async function searchMessages(
  db: Store,
  viewerId: number,
  conversationId: number,
  words: readonly string[],
  page: PageRequest,
): Promise<RowPage<MessageRow>> {
  await membershipOf(db, viewerId, conversationId)
  if (words.length === 0) return { rows: [], nextCursor: null }
  const [before] = cursorOrStart(page.cursor, 1)
  const hidden = await hiddenFrom(db, viewerId)
  const rows = await db.all<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages
     WHERE conversation_id = ? AND id < ? AND deleted_at IS NULL
       AND author_id NOT IN ${db.sql.idSet}
       ${words.map(() => `AND lower(text) LIKE ? ESCAPE '\\'`).join(' ')}
     ORDER BY id DESC LIMIT ?`,
    conversationId,
    before ?? 0,
    db.sql.ids([...hidden]),
    ...words.map(likePattern),
    page.limit + 1,
  )
  return finishPage(rows, page.limit, (row) => [row.id])
}
