/**
 * Replies in threads (docs/API.md, "Threads"). A thread is a top-level comment (its root) and
 * the replies under it, two levels deep in the data: a reply to a reply has the same root
 * (`parent_id`) and records whom it answers (`reply_to_id`, `reply_to_user_id`). Top-level
 * comments keep the spec's order (newest first); a thread's replies come oldest first.
 *
 * What the viewer may see: a comment whose author is hidden from them (services/reads/visibility.ts)
 * is left out, and so is every reply under a root whose author is hidden (the whole thread).
 * A root deleted while it has replies stays as a placeholder (`deleted_at`) while any of them
 * is visible.
 *
 * Every read here is a fixed number of queries whatever the page's size.
 */
import type { Comment, CommentThreadResponse } from '../../../shared/api-types'
import { noteShown, noteShownPosts } from '../../caches/answer-parts'
import { touchedCacheOf } from '../../caches/store-caches'
import { COMMENT_COLUMNS } from '../../db/raw'
import type { CommentRow } from '../../db/rows'
import type { SqlParam, Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import {
  cursorOrStart,
  encodeCursor,
  finishPage,
  LIST_START,
  type PageRequest,
  type RowPage,
} from './pagination'
import { presentComments } from '../presenting/comments'
import { type PresentOptions } from '../presenting/embedded'
import { hiddenAuthors, type Viewer } from './visibility'

/** How many replies a thread shows under its root before "Show N more replies". */
export const REPLY_PREVIEW = 3

/** A WHERE part and its parameters. */
interface Clause {
  and: string
  params: SqlParam[]
}

/**
 * The clauses that keep what `viewer` may see, for comments read as `table`: its own author
 * (`author`), and for a reply, its root's author (`thread`). Empty when nobody is hidden.
 */
export async function threadVisibility(
  db: Store,
  viewer: Viewer,
  table = 'comments',
): Promise<{ author: Clause; thread: Clause; hidden: number[] }> {
  const hidden = await hiddenAuthors(db, viewer)
  if (hidden.length === 0) {
    return { author: { and: '', params: [] }, thread: { and: '', params: [] }, hidden }
  }
  const ids = db.sql.ids(hidden)
  return {
    author: { and: ` AND ${table}.author_id NOT IN ${db.sql.idSet}`, params: [ids] },
    thread: {
      and: ` AND NOT EXISTS (SELECT 1 FROM comments root WHERE root.id = ${table}.parent_id
        AND root.author_id IN ${db.sql.idSet})`,
      params: [ids],
    },
    hidden,
  }
}

/** One page of a post's top-level comments the viewer may see, newest first. */
export async function pageRoots(
  db: Store,
  postId: number,
  page: PageRequest,
  viewer: Viewer,
): Promise<RowPage<CommentRow>> {
  const [createdBefore = LIST_START, idBefore = LIST_START] = cursorOrStart(page.cursor, 2)
  // The page holds while the post's comments and the post itself do not change (caches/lists.ts);
  // noted before the read, so a change during it moves a version noted.
  const cache = touchedCacheOf(db)
  if (cache) {
    noteShown('commentLists', postId, cache.lists.comments.of(postId))
    noteShownPosts([postId], (id) => cache.postRows.versionOf(id))
  }
  const visible = await threadVisibility(db, viewer)
  const reply = await threadVisibility(db, viewer, 'r')
  const rows = await db.all<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments
     WHERE post_id = ? AND parent_id IS NULL AND (created_at, id) < (?, ?)${visible.author.and}
       AND (deleted_at IS NULL OR EXISTS (SELECT 1 FROM comments r
         WHERE r.parent_id = comments.id AND r.deleted_at IS NULL${reply.author.and}))
     ORDER BY created_at DESC, id DESC LIMIT ?`,
    postId,
    createdBefore,
    idBefore,
    ...visible.author.params,
    ...reply.author.params,
    page.limit + 1,
  )
  return finishPage(rows, page.limit, (row) => [row.createdAt, row.id])
}

/** A thread's root on this post: a reply, or a comment of another post, is not found. */
export async function threadRoot(
  db: Store,
  postId: number,
  commentId: number,
): Promise<CommentRow> {
  const root = await db.get<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments WHERE id = ? AND post_id = ? AND parent_id IS NULL`,
    commentId,
    postId,
  )
  if (!root) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
  return root
}

/** One page of a thread's replies the viewer may see, oldest first. */
export async function pageReplies(
  db: Store,
  root: CommentRow,
  page: PageRequest,
  viewer: Viewer,
): Promise<RowPage<CommentRow>> {
  const [createdAfter = -1, idAfter = -1] = page.cursor ? cursorOrStart(page.cursor, 2) : []
  const visible = await threadVisibility(db, viewer)
  if (visible.hidden.includes(root.authorId)) return { rows: [], nextCursor: null }
  const rows = await db.all<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments
     WHERE parent_id = ? AND (created_at, id) > (?, ?)${visible.author.and}
     ORDER BY created_at, id LIMIT ?`,
    root.id,
    createdAfter,
    idAfter,
    ...visible.author.params,
    page.limit + 1,
  )
  return finishPage(rows, page.limit, (row) => [row.createdAt, row.id])
}

/** The first REPLY_PREVIEW replies of each root the viewer may see, oldest first: one query. */
async function previewReplies(db: Store, rootIds: number[], author: Clause): Promise<CommentRow[]> {
  return db.all<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM (
       SELECT comments.*, ROW_NUMBER() OVER (
         PARTITION BY comments.parent_id ORDER BY comments.created_at, comments.id) AS n
       FROM comments WHERE parent_id IN ${db.sql.idSet}${author.and}
     ) AS comments WHERE n <= ? ORDER BY parent_id, created_at, id`,
    db.sql.ids(rootIds),
    ...author.params,
    REPLY_PREVIEW,
  )
}

/** How many replies each root has that the viewer may see: one query. */
async function replyCounts(
  db: Store,
  rootIds: number[],
  author: Clause,
): Promise<Map<number, number>> {
  const rows = await db.all<{ rootId: number; replies: number }>(
    `SELECT parent_id AS "rootId", COUNT(*) AS replies FROM comments
     WHERE parent_id IN ${db.sql.idSet}${author.and} GROUP BY parent_id`,
    db.sql.ids(rootIds),
    ...author.params,
  )
  return new Map(rows.map((row) => [Number(row.rootId), Number(row.replies)]))
}

/**
 * Presents top-level comments with their threads: each root's visible reply count, its first
 * replies (or those given in `shown`, for a deep link) and the cursor of the rest. A fixed
 * number of queries for the whole page.
 */
export async function presentThreads(
  db: Store,
  roots: CommentRow[],
  options: PresentOptions,
  shown?: Map<number, CommentRow[]>,
): Promise<Comment[]> {
  if (roots.length === 0) return []
  const rootIds = roots.map((row) => row.id)
  const { author } = await threadVisibility(db, options.viewerId)
  const counts = await replyCounts(db, rootIds, author)
  const replies = shown ?? groupByRoot(await previewReplies(db, rootIds, author))
  const allReplies = [...replies.values()].flat()
  const presented = await presentComments(db, [...roots, ...allReplies], options)
  const byId = new Map(presented.map((comment) => [comment._id, comment]))
  return roots.map((root) => {
    const own = replies.get(root.id) ?? []
    const replyCount = counts.get(root.id) ?? 0
    const last = own.at(-1)
    return {
      ...(byId.get(String(root.id)) as Comment),
      replyCount,
      replies: own.map((row) => byId.get(String(row.id)) as Comment),
      repliesCursor:
        last && replyCount > own.length ? encodeCursor([last.createdAt, last.id]) : null,
    }
  })
}

function groupByRoot(rows: CommentRow[]): Map<number, CommentRow[]> {
  const groups = new Map<number, CommentRow[]>()
  for (const row of rows) {
    if (row.parentId === null) continue
    const group = groups.get(row.parentId) ?? []
    group.push(row)
    groups.set(row.parentId, group)
  }
  return groups
}

/**
 * A deep link (`/post/:postId?comment=:commentId`): the thread the comment is in, its root with
 * every visible reply up to the linked one (at least the usual first few), so the app can show
 * it in place however deep it is. A comment the viewer may not see, or of another post, is not
 * found. A fixed number of queries.
 */
export async function threadOf(
  db: Store,
  postId: number,
  commentId: number,
  options: PresentOptions,
): Promise<CommentThreadResponse> {
  const visible = await threadVisibility(db, options.viewerId)
  const target = await db.get<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments WHERE id = ? AND post_id = ?${visible.author.and}
     ${visible.thread.and}`,
    commentId,
    postId,
    ...visible.author.params,
    ...visible.thread.params,
  )
  if (!target) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
  const rootId = target.parentId ?? target.id
  const root =
    target.parentId === null
      ? target
      : await db.get<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM comments WHERE id = ?`, rootId)
  if (!root) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
  let replies = await db.all<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments
     WHERE parent_id = ? AND (created_at, id) <= (?, ?)${visible.author.and}
     ORDER BY created_at, id`,
    rootId,
    target.createdAt,
    target.id,
    ...visible.author.params,
  )
  if (replies.length < REPLY_PREVIEW) {
    replies = await previewReplies(db, [rootId], visible.author)
  }
  const [comment] = await presentThreads(db, [root], options, new Map([[rootId, replies]]))
  if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
  return { comment, commentId: String(target.id) }
}
