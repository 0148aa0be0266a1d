/**
 * A host handles a reported message (docs/API.md, "Moderation"): deleting it as its author would
 * (its text gone for good, its place kept in the conversation), which closes its reports, tells
 * their reporters it was handled and notes it in the audit list. Only a message with an open
 * report: a host sees no other message, so may delete no other (MESSAGE_NOT_FOUND, as for a
 * message that is not there).
 */
import type { UserRow } from '../db/rows'
import { HttpError } from '../errors/http-error'
import { CONVERSATION_MESSAGES } from '../errors/messages'
import { MESSAGE_COLUMNS, type MessageRow } from '../services/reads/conversations'
import { getUserById } from '../services/reads/users'
import { recordHostAction } from '../services/writes/hosting'
import { publishMessage } from './conversations'
import { publishOpenReports } from './open-reports'
import { commit, type Actor, type Live } from './live'
import { tellReporters } from './reports'

export async function hostDeleteMessage(
  live: Live,
  host: Actor,
  messageId: number,
  now = Date.now(),
): Promise<MessageRow> {
  return commit(
    live,
    async (tx, changes) => {
      const message = await tx.get<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ?${tx.sql.forUpdate}`,
        messageId,
      )
      const reporters = await tx.all<{ reporterId: number }>(
        'SELECT reporter_id AS "reporterId" FROM reports WHERE message_id = ?',
        messageId,
      )
      if (!message || reporters.length === 0) {
        throw new HttpError('MESSAGE_NOT_FOUND', CONVERSATION_MESSAGES.messageNotFound)
      }
      const deleted =
        message.deletedAt === null
          ? ((await tx.get<MessageRow>(
              `UPDATE messages SET text = '', deleted_at = ? WHERE id = ?
               RETURNING ${MESSAGE_COLUMNS}`,
              now,
              messageId,
            )) ?? message)
          : message
      await tx.run('DELETE FROM reports WHERE message_id = ?', messageId)
      await tellReporters(tx, changes, host, [
        ...new Set(reporters.map((row) => Number(row.reporterId))),
      ])
      const author: UserRow = await getUserById(tx, Number(message.authorId))
      await recordHostAction(tx, host, 'delete-message', author)
      return deleted
    },
    async (deleted) => {
      await publishMessage(live, deleted, false)
      await publishOpenReports(live)
    },
  )
}
