/**
 * Reports of a conversation's message (docs/API.md, "Moderation" and "Conversations"): who may
 * report one, and what the host's list shows of it. A conversation is private to its members,
 * so the host sees the reported message, up to `CONTEXT` messages either side of it as its
 * reporter could see them (a block either way hides, as in the reporter's own history:
 * conversations.ts `hiddenFrom`), and the conversation's kind and name: never its members,
 * other messages or anything else. No other host tool, export or search shows a message.
 */
import type { Report, ReportedMessageContext } from '../../../shared/api-types'
import { REPORT_CATEGORIES, type ReportCategory } from '../../../shared/report-categories'
import type { Store } from '../../db/store'
import { USER_COLUMNS } from '../../db/raw'
import type { UserRow } from '../../db/rows'
import { toUserSummary } from '../presenting/embedded'
import { formatTimestamp } from '../presenting/time'
import {
  CONVERSATION_COLUMNS,
  MESSAGE_COLUMNS,
  hiddenFrom,
  membershipOf,
  messageNotFound,
  type ConversationRow,
  type MessageRow,
} from './conversations'

/** Messages shown before the reported one, and after it. */
export const CONTEXT = 3

/**
 * The message a member reports: one of a conversation they are in, that they may see and that
 * is not deleted. Anything else is MESSAGE_NOT_FOUND, so a report tells nobody that a message
 * of another conversation exists.
 */
export async function reportableMessage(
  db: Store,
  reporterId: number,
  messageId: number,
): Promise<{ id: number; authorId: number }> {
  const row = await db.get<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ?${db.sql.forUpdate}`,
    messageId,
  )
  if (!row || row.deletedAt !== null) throw messageNotFound()
  try {
    await membershipOf(db, reporterId, Number(row.conversationId))
  } catch {
    throw messageNotFound()
  }
  if ((await hiddenFrom(db, reporterId)).has(Number(row.authorId))) throw messageNotFound()
  return { id: Number(row.id), authorId: Number(row.authorId) }
}

interface MessageReportRow {
  id: number
  category: string
  reason: string
  createdAt: number
  reporterId: number
  messageId: number | null
}

const asCategory = (stored: string): ReportCategory =>
  (REPORT_CATEGORIES as readonly string[]).includes(stored) ? (stored as ReportCategory) : 'other'

/** The messages either side of `row` in its conversation that `reporterId` could see. */
async function contextOf(db: Store, row: MessageRow, reporterId: number) {
  const hidden = db.sql.ids([...(await hiddenFrom(db, reporterId))])
  const side = (comparison: '<' | '>', order: 'DESC' | 'ASC') =>
    db.all<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages
       WHERE conversation_id = ? AND id ${comparison} ? AND author_id NOT IN ${db.sql.idSet}
       ORDER BY id ${order} LIMIT ?`,
      row.conversationId,
      row.id,
      hidden,
      CONTEXT,
    )
  return { before: (await side('<', 'DESC')).reverse(), after: await side('>', 'ASC') }
}

/** The message reports of `rows` as the host's list shows them, by report id. */
export async function presentMessageReports(
  db: Store,
  rows: MessageReportRow[],
): Promise<Map<number, Report>> {
  const presented = new Map<number, Report>()
  const users = new Map<number, UserRow>()
  const user = async (id: number) => {
    if (!users.has(id)) {
      const found = await db.get<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`, id)
      if (found) users.set(id, found)
    }
    return users.get(id)
  }
  const contextItem = async (item: MessageRow): Promise<ReportedMessageContext[]> => {
    const author = await user(Number(item.authorId))
    if (!author) return []
    return [
      {
        _id: String(item.id),
        author: toUserSummary(author),
        text: item.deletedAt === null ? item.text : '',
        deleted: item.deletedAt !== null,
        createdAt: formatTimestamp(item.createdAt),
      },
    ]
  }
  // The host's list holds at most a few hundred reports, and few of them are of messages: a
  // handful of small queries each is cheaper than one query nobody can read.
  for (const report of rows) {
    if (report.messageId === null) continue
    const message = await db.get<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ?`,
      report.messageId,
    )
    if (!message) continue
    const conversation = await db.get<ConversationRow>(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE id = ?`,
      message.conversationId,
    )
    const reporter = await user(report.reporterId)
    const author = await user(Number(message.authorId))
    if (!conversation || !reporter || !author) continue
    const { before, after } = await contextOf(db, message, report.reporterId)
    const present = async (list: MessageRow[]) => (await Promise.all(list.map(contextItem))).flat()
    presented.set(report.id, {
      _id: String(report.id),
      category: asCategory(report.category),
      reason: report.reason,
      createdAt: formatTimestamp(report.createdAt),
      reporter: toUserSummary(reporter),
      target: {
        kind: 'message',
        _id: String(message.id),
        conversation: {
          _id: String(conversation.id),
          kind: conversation.kind === 'group' ? 'group' : 'direct',
          name: conversation.kind === 'group' ? conversation.name : null,
        },
        text: message.deletedAt === null ? message.text : '',
        deleted: message.deletedAt !== null,
        createdAt: formatTimestamp(message.createdAt),
        author: { ...toUserSummary(author), suspended: author.suspendedAt !== null },
        before: await present(before),
        after: await present(after),
      },
    })
  }
  return presented
}
