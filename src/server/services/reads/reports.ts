/**
 * Reports: anyone signed in reports a post, a comment or a person (from their profile);
 * the host reads and dismisses them.
 */
import type { Report } from '../../../shared/api-types'
import { REPORT_CATEGORIES, type ReportCategory } from '../../../shared/report-categories'
import type { Store } from '../../db/store'
import { COMMENT_COLUMNS, POST_COLUMNS, USER_COLUMNS } from '../../db/raw'
import type { CommentRow, PostRow, UserRow } from '../../db/rows'
import { toUserSummary } from '../presenting/embedded'
import { formatTimestamp } from '../presenting/time'
import { presentMessageReports } from './reported-messages'

/** At most this many open reports are listed: the newest first. */
const REPORTS_LISTED = 200

interface ReportRow {
  id: number
  category: string
  reason: string
  createdAt: number
  reporterId: number
  postId: number | null
  commentId: number | null
  userId: number | null
  messageId: number | null
}

/** A stored category as the API names it: any other text (none is written) reads as "other". */
function asCategory(stored: string): ReportCategory {
  return (REPORT_CATEGORIES as readonly string[]).includes(stored)
    ? (stored as ReportCategory)
    : 'other'
}

/** The open reports, newest first. Deleting the post or comment closes its reports. */
export async function listReports(db: Store): Promise<Report[]> {
  const rows = await db.all<ReportRow>(
    `SELECT id, category, reason, created_at AS "createdAt", reporter_id AS "reporterId",
     post_id AS "postId", comment_id AS "commentId", user_id AS "userId",
     message_id AS "messageId"
     FROM reports ORDER BY created_at DESC, id DESC LIMIT ?`,
    REPORTS_LISTED,
  )
  return presentReports(db, rows)
}

/** How many reports are open (the count on a host's Server entry). */
export async function countOpenReports(db: Store): Promise<number> {
  const row = await db.get<{ count: number }>('SELECT count(*) AS count FROM reports')
  return Number(row?.count ?? 0)
}

/**
 * Who reported a post (or one of its comments) or a comment, before its deletion closes their
 * reports by cascade: each reporter once, and how many reports close.
 */
export async function reportsClosedBy(
  db: Store,
  target: { postId: number } | { commentId: number },
): Promise<{ reporterIds: number[]; count: number }> {
  const rows =
    'postId' in target
      ? await db.all<{ reporterId: number }>(
          `SELECT reporter_id AS "reporterId" FROM reports
           WHERE post_id = ? OR comment_id IN (SELECT id FROM comments WHERE post_id = ?)`,
          target.postId,
          target.postId,
        )
      : await db.all<{ reporterId: number }>(
          'SELECT reporter_id AS "reporterId" FROM reports WHERE comment_id = ?',
          target.commentId,
        )
  return { reporterIds: [...new Set(rows.map((row) => row.reporterId))], count: rows.length }
}

/**
 * The open reports about a person (not their posts or comments), which a host's suspension
 * settles: each reporter once, and the reports' ids.
 */
export async function reportsAboutPerson(
  db: Store,
  userId: number,
): Promise<{ reporterIds: number[]; reportIds: number[] }> {
  const rows = await db.all<{ id: number; reporterId: number }>(
    'SELECT id, reporter_id AS "reporterId" FROM reports WHERE user_id = ?',
    userId,
  )
  return {
    reporterIds: [...new Set(rows.map((row) => row.reporterId))],
    reportIds: rows.map((row) => row.id),
  }
}

/**
 * The reports as the host sees them: three queries (posts, comments, users) for all of them; a
 * person's report shows the person.
 */
export async function presentReports(db: Store, rows: ReportRow[]): Promise<Report[]> {
  const messageReports = await presentMessageReports(
    db,
    rows.filter((row) => row.messageId !== null),
  )
  const others = await presentContentReports(
    db,
    rows.filter((row) => row.messageId === null),
  )
  // Back in the order asked for.
  return rows.flatMap((row) => {
    const report = (row.messageId === null ? others : messageReports).get(row.id)
    return report ? [report] : []
  })
}

async function presentContentReports(db: Store, rows: ReportRow[]): Promise<Map<number, Report>> {
  const postIds = rows.flatMap((row) => (row.postId === null ? [] : [row.postId]))
  const commentIds = rows.flatMap((row) => (row.commentId === null ? [] : [row.commentId]))
  const postsById = new Map(
    (postIds.length
      ? await db.all<PostRow>(
          `SELECT ${POST_COLUMNS} FROM posts WHERE id IN ${db.sql.idSet}`,
          db.sql.ids(postIds),
        )
      : []
    ).map((post) => [post.id, post]),
  )
  const commentsById = new Map(
    (commentIds.length
      ? await db.all<CommentRow>(
          `SELECT ${COMMENT_COLUMNS} FROM comments WHERE id IN ${db.sql.idSet}`,
          db.sql.ids(commentIds),
        )
      : []
    ).map((comment) => [comment.id, comment]),
  )
  const userIds = new Set<number>(rows.map((row) => row.reporterId))
  for (const row of rows) if (row.userId !== null) userIds.add(row.userId)
  for (const post of postsById.values()) userIds.add(post.authorId)
  for (const comment of commentsById.values()) userIds.add(comment.authorId)
  const usersById = new Map(
    (userIds.size
      ? await db.all<UserRow>(
          `SELECT ${USER_COLUMNS} FROM users WHERE id IN ${db.sql.idSet}`,
          db.sql.ids([...userIds]),
        )
      : []
    ).map((user) => [user.id, user]),
  )
  const presented = rows.flatMap((row): Report[] => {
    const reporter = usersById.get(row.reporterId)
    if (row.userId !== null) {
      const person = usersById.get(row.userId)
      if (!reporter || !person) return []
      return [
        {
          _id: String(row.id),
          category: asCategory(row.category),
          reason: row.reason,
          createdAt: formatTimestamp(row.createdAt),
          reporter: toUserSummary(reporter),
          target: {
            kind: 'user',
            _id: String(person.id),
            author: { ...toUserSummary(person), suspended: person.suspendedAt !== null },
          },
        },
      ]
    }
    const post = row.postId === null ? undefined : postsById.get(row.postId)
    const comment = row.commentId === null ? undefined : commentsById.get(row.commentId)
    const content = post ?? comment
    const author = content ? usersById.get(content.authorId) : undefined
    if (!reporter || !content || !author) return []
    return [
      {
        _id: String(row.id),
        category: asCategory(row.category),
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
  return new Map(presented.map((report) => [Number(report._id), report]))
}
