/**
 * Reports filed (about a post, a comment or a person) and dismissed (docs/API.md "Moderation");
 * the host's list is read in ../reads/reports.ts.
 */
import type { Report } from '../../../shared/api-types'
import type { ReportCategory } from '../../../shared/report-categories'
import { insertNewRow, USER_COLUMNS } from '../../db/raw'
import type { UserRow } from '../../db/rows'
import { reports } from '../../db/schema'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { MESSAGES, ACCOUNT_MESSAGES, CONVERSATION_MESSAGES } from '../../errors/messages'
import { presentReports } from '../reads/reports'
import { reportableMessage } from '../reads/reported-messages'

/** What a report is about, and why: a category and the reporter's note ('' for none). */
export type ReportInput = { category: ReportCategory; reason: string } & (
  { postId: number } | { commentId: number } | { userId: number } | { messageId: number }
)

export async function createReport(
  db: Store,
  reporterId: number,
  input: ReportInput,
  now = Date.now(),
): Promise<Report> {
  return db.transaction(async (tx) => {
    let postId: number | null = null
    let commentId: number | null = null
    let userId: number | null = null
    let messageId: number | null = null
    let authorId: number
    // The post, comment or person locked (db/README.md, "Concurrent writes"): the same report
    // sent twice at once finds the first one instead of adding a second (no unique key).
    if ('postId' in input) {
      const post = await tx.get<{ id: number; authorId: number }>(
        `SELECT id, author_id AS "authorId" FROM posts WHERE id = ?${tx.sql.forUpdate}`,
        input.postId,
      )
      if (!post) throw new HttpError('POST_NOT_FOUND', MESSAGES.postNotFound)
      postId = post.id
      authorId = post.authorId
    } else if ('messageId' in input) {
      const message = await reportableMessage(tx, reporterId, input.messageId)
      messageId = message.id
      authorId = message.authorId
    } else if ('userId' in input) {
      const user = await tx.get<{ id: number }>(
        `SELECT id FROM users WHERE id = ?${tx.sql.forUpdate}`,
        input.userId,
      )
      if (!user) throw new HttpError('USER_NOT_FOUND', MESSAGES.userNotFound)
      userId = user.id
      authorId = user.id
    } else {
      const comment = await tx.get<{ id: number; authorId: number }>(
        `SELECT id, author_id AS "authorId" FROM comments WHERE id = ?${tx.sql.forUpdate}`,
        input.commentId,
      )
      if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
      commentId = comment.id
      authorId = comment.authorId
    }
    if (authorId === reporterId) {
      throw new HttpError(
        'SELF_TARGET',
        messageId !== null
          ? CONVERSATION_MESSAGES.reportOwn
          : userId === null
            ? ACCOUNT_MESSAGES.reportOwn
            : ACCOUNT_MESSAGES.reportSelf,
      )
    }
    // A report names one of a post, a comment, a person or a message, the others null.
    const column =
      postId !== null
        ? 'post_id'
        : commentId !== null
          ? 'comment_id'
          : messageId !== null
            ? 'message_id'
            : 'user_id'
    const already = await tx.get(
      `SELECT id FROM reports WHERE reporter_id = ? AND ${column} = ?
       AND ${['post_id', 'comment_id', 'user_id', 'message_id']
         .filter((other) => other !== column)
         .map((other) => `${other} IS NULL`)
         .join(' AND ')}`,
      reporterId,
      postId ?? commentId ?? messageId ?? userId,
    )
    if (already) throw new HttpError('STATE_CONFLICT', ACCOUNT_MESSAGES.alreadyReported)
    const row = await insertNewRow(tx, reports, {
      reporterId,
      postId,
      commentId,
      userId,
      messageId,
      category: input.category,
      reason: input.reason,
      createdAt: now,
    })
    const [report] = await presentReports(tx, [row])
    if (!report) throw new Error('A new report vanished')
    return report
  })
}

/** Closes a report; answers who filed it. */
export async function dismissReport(db: Store, id: number): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const reporter = await tx.get<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users WHERE id = (SELECT reporter_id FROM reports WHERE id = ?)`,
      id,
    )
    if (!reporter) throw new HttpError('REPORT_NOT_FOUND', ACCOUNT_MESSAGES.reportNotFound)
    await tx.run('DELETE FROM reports WHERE id = ?', id)
    return reporter
  })
}

/** Closes reports a host's action settled (a suspension settles those about the person). */
export async function closeReports(db: Store, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return
  await db.run(`DELETE FROM reports WHERE id IN ${db.sql.idSet}`, db.sql.ids([...ids]))
}
