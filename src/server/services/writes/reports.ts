/**
 * Reports filed and dismissed (docs/API.md "Moderation"); the host's list is read in
 * ../reads/reports.ts.
 */
import type { Report } from '../../../shared/api-types'
import { insertNewRow, USER_COLUMNS } from '../../db/raw'
import type { UserRow } from '../../db/rows'
import { reports } from '../../db/schema'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { MESSAGES, ACCOUNT_MESSAGES } from '../../errors/messages'
import { presentReports } from '../reads/reports'

export async function createReport(
  db: Store,
  reporterId: number,
  input: { postId: number; reason: string } | { commentId: number; reason: string },
  now = Date.now(),
): Promise<Report> {
  return db.transaction(async (tx) => {
    let postId: number | null = null
    let commentId: number | null = null
    let authorId: number
    // The post or comment locked (db/README.md, "Concurrent writes"): the same report sent twice
    // at once finds the first one instead of adding a second (reports have no unique key).
    if ('postId' in input) {
      const post = await tx.get<{ id: number; authorId: number }>(
        `SELECT id, author_id AS "authorId" FROM posts WHERE id = ?${tx.sql.forUpdate}`,
        input.postId,
      )
      if (!post) throw new HttpError('POST_NOT_FOUND', MESSAGES.postNotFound)
      postId = post.id
      authorId = post.authorId
    } else {
      const comment = await tx.get<{ id: number; authorId: number }>(
        `SELECT id, author_id AS "authorId" FROM comments WHERE id = ?${tx.sql.forUpdate}`,
        input.commentId,
      )
      if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
      commentId = comment.id
      authorId = comment.authorId
    }
    if (authorId === reporterId) throw new HttpError('SELF_TARGET', ACCOUNT_MESSAGES.reportOwn)
    // A report names a post or a comment, the other column null: one of two SQL texts.
    const already = await tx.get(
      postId === null
        ? 'SELECT id FROM reports WHERE reporter_id = ? AND post_id IS NULL AND comment_id = ?'
        : 'SELECT id FROM reports WHERE reporter_id = ? AND post_id = ? AND comment_id IS NULL',
      reporterId,
      postId ?? commentId,
    )
    if (already) throw new HttpError('STATE_CONFLICT', ACCOUNT_MESSAGES.alreadyReported)
    const row = await insertNewRow(tx, reports, {
      reporterId,
      postId,
      commentId,
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
