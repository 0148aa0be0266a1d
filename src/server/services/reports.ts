/** Reports: anyone signed in reports a post or comment; the host reads and dismisses them. */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Report } from '../../shared/api-types'
import type { Store } from '../db/store'
import { selectAll } from '../db/raw'
import type { CommentRow } from '../db/rows'
import { comments, posts, reports, users } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES, MESSAGES } from '../errors/messages'
import { toUserSummary } from './serialize'
import { formatTimestamp } from './time'

/** At most this many open reports are listed: the newest first. */
const REPORTS_LISTED = 200

interface ReportRow {
  id: number
  reason: string
  createdAt: number
  reporterId: number
  postId: number | null
  commentId: number | null
}

export function createReport(
  db: Store,
  reporterId: number,
  input: { postId: number; reason: string } | { commentId: number; reason: string },
  now = Date.now(),
): Report {
  return db.transaction(() => {
    let postId: number | null = null
    let commentId: number | null = null
    let authorId: number
    if ('postId' in input) {
      const post = db.select().from(posts).where(eq(posts.id, input.postId)).get()
      if (!post) throw new HttpError('POST_NOT_FOUND', MESSAGES.postNotFound)
      postId = post.id
      authorId = post.authorId
    } else {
      const comment = db.select().from(comments).where(eq(comments.id, input.commentId)).get()
      if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
      commentId = comment.id
      authorId = comment.authorId
    }
    if (authorId === reporterId) throw new HttpError('SELF_TARGET', ACCOUNT_MESSAGES.reportOwn)
    const already = db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          postId === null ? sql`post_id IS NULL` : eq(reports.postId, postId),
          commentId === null ? sql`comment_id IS NULL` : eq(reports.commentId, commentId),
        ),
      )
      .get()
    if (already) throw new HttpError('STATE_CONFLICT', ACCOUNT_MESSAGES.alreadyReported)
    const row = db
      .insert(reports)
      .values({ reporterId, postId, commentId, reason: input.reason, createdAt: now })
      .returning()
      .get()
    const [report] = presentReports(db, [row])
    if (!report) throw new Error('A new report vanished')
    return report
  })
}

/** The open reports, newest first. Deleting the post or comment closes its reports. */
export function listReports(db: Store): Report[] {
  const rows = selectAll<ReportRow>(
    db,
    `SELECT id, reason, created_at AS createdAt, reporter_id AS reporterId, post_id AS postId,
     comment_id AS commentId FROM reports ORDER BY created_at DESC, id DESC LIMIT ?`,
    REPORTS_LISTED,
  )
  return presentReports(db, rows)
}

export function dismissReport(db: Store, id: number): void {
  const removed = db.delete(reports).where(eq(reports.id, id)).run().changes
  if (removed === 0) throw new HttpError('REPORT_NOT_FOUND', ACCOUNT_MESSAGES.reportNotFound)
}

function presentReports(db: Store, rows: ReportRow[]): Report[] {
  const postIds = rows.flatMap((row) => (row.postId === null ? [] : [row.postId]))
  const commentIds = rows.flatMap((row) => (row.commentId === null ? [] : [row.commentId]))
  const postsById = new Map(
    (postIds.length ? db.select().from(posts).where(inArray(posts.id, postIds)).all() : []).map(
      (post) => [post.id, post],
    ),
  )
  const commentsById = new Map(
    (commentIds.length
      ? db.select().from(comments).where(inArray(comments.id, commentIds)).all()
      : []
    ).map((comment) => [comment.id, comment]),
  )
  const userIds = new Set<number>(rows.map((row) => row.reporterId))
  for (const post of postsById.values()) userIds.add(post.authorId)
  for (const comment of commentsById.values()) userIds.add(comment.authorId)
  const usersById = new Map(
    (userIds.size
      ? db
          .select()
          .from(users)
          .where(inArray(users.id, [...userIds]))
          .all()
      : []
    ).map((user) => [user.id, user]),
  )
  return rows.flatMap((row): Report[] => {
    const reporter = usersById.get(row.reporterId)
    const post = row.postId === null ? undefined : postsById.get(row.postId)
    const comment = row.commentId === null ? undefined : commentsById.get(row.commentId)
    const content = post ?? comment
    const author = content ? usersById.get(content.authorId) : undefined
    if (!reporter || !content || !author) return []
    return [
      {
        _id: String(row.id),
        reason: row.reason,
        createdAt: formatTimestamp(row.createdAt),
        reporter: toUserSummary(reporter),
        target: {
          kind: post ? 'post' : 'comment',
          _id: String(content.id),
          postId: String(post ? post.id : (comment as CommentRow).postId),
          text: post ? post.content : (comment as CommentRow).text,
          author: { ...toUserSummary(author), suspended: author.suspendedAt !== null },
        },
      },
    ]
  })
}
