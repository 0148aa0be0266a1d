import { and, eq, sql } from 'drizzle-orm'
import type { Store } from '../db/store'
import { COMMENT_COLUMNS, idList, inIdOrder, selectAll, selectIds } from '../db/raw'
import { commentVotes, comments, posts } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'
import { refuseIfBlocked, visibleAuthor, type Viewer } from './visibility'
import { getPost } from './posts'
import type { CommentRow, PostRow } from '../db/rows'

/**
 * The ids of a post's comments the viewer may see (services/visibility.ts), newest first: the
 * order of the whole-list answer.
 */
export function commentIdsOf(db: Store, postId: number, viewer: Viewer): number[] {
  const visible = visibleAuthor(db, 'author_id', viewer)
  return selectIds(
    db,
    `SELECT id FROM comments WHERE post_id = ?${visible.and}
     ORDER BY created_at DESC, id DESC`,
    postId,
    ...visible.params,
  )
}

/** The comments of these ids, in this order (ids without a comment left out). */
export function commentsByIds(db: Store, ids: number[]): CommentRow[] {
  const rows = selectAll<CommentRow>(
    db,
    `SELECT ${COMMENT_COLUMNS} FROM comments WHERE id IN (SELECT value FROM json_each(?))`,
    idList(ids),
  )
  return inIdOrder(ids, rows)
}

/** One page of a post's comments the viewer may see, newest first. */
export function pageComments(
  db: Store,
  postId: number,
  page: PageRequest,
  viewer: Viewer,
): RowPage<CommentRow> {
  const [createdBefore, idBefore] = cursorOrStart(page.cursor, 2)
  const visible = visibleAuthor(db, 'author_id', viewer)
  const rows = selectAll<CommentRow>(
    db,
    `SELECT ${COMMENT_COLUMNS} FROM comments
     WHERE post_id = ? AND (created_at, id) < (?, ?)${visible.and}
     ORDER BY created_at DESC, id DESC LIMIT ?`,
    postId,
    createdBefore,
    idBefore,
    ...visible.params,
    page.limit + 1,
  )
  return finishPage(rows, page.limit, (row) => [row.createdAt, row.id])
}

/** The post and one of its comments; a comment of another post is not found. */
export function getComment(db: Store, postId: number, commentId: number): [PostRow, CommentRow] {
  const post = getPost(db, postId)
  const comment = db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, post.id)))
    .get()
  if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
  return [post, comment]
}

function adjustCommentCount(db: Store, postId: number, delta: 1 | -1) {
  db.update(posts)
    .set({ commentCount: sql`${posts.commentCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .run()
}

export function addComment(
  db: Store,
  userId: number,
  postId: number,
  text: string,
  now = Date.now(),
): CommentRow {
  return db.transaction(() => {
    const post = getPost(db, postId)
    refuseIfBlocked(db, userId, [post.authorId])
    const row = db
      .insert(comments)
      .values({ postId: post.id, authorId: userId, text, createdAt: now, updatedAt: now })
      .returning()
      .get()
    adjustCommentCount(db, post.id, +1)
    return row
  })
}

/** Only the comment's author may edit it. */
export function editComment(
  db: Store,
  userId: number,
  postId: number,
  commentId: number,
  text: string,
  now = Date.now(),
): CommentRow {
  return db.transaction(() => {
    const [, comment] = getComment(db, postId, commentId)
    if (comment.authorId !== userId) throw new HttpError('NOT_OWNER', MESSAGES.editForeignComment)
    return db
      .update(comments)
      .set({ text, updatedAt: now })
      .where(eq(comments.id, comment.id))
      .returning()
      .get() as CommentRow
  })
}

/** Any comment by its id (the host's deletions name only the comment). */
export function getCommentById(db: Store, id: number): CommentRow {
  const comment = db.select().from(comments).where(eq(comments.id, id)).get()
  if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
  return comment
}

/**
 * Deletes a comment's rows and one from its post's comment count. Who may is the command's to
 * check (actions/comments.ts). Answers the comment as it was.
 */
export function deleteComment(db: Store, comment: CommentRow): CommentRow {
  return db.transaction(() => {
    db.delete(comments).where(eq(comments.id, comment.id)).run()
    adjustCommentCount(db, comment.postId, -1)
    return comment
  })
}

/**
 * Upvote or downvote (SPEC section 4): refused when the user already voted that way; otherwise
 * moves the user's vote from the other list to this one and keeps both counts in step.
 */
export function voteComment(
  db: Store,
  userId: number,
  postId: number,
  commentId: number,
  kind: 'up' | 'down',
  now = Date.now(),
): CommentRow {
  return db.transaction(() => {
    const [post, comment] = getComment(db, postId, commentId)
    refuseIfBlocked(db, userId, [post.authorId, comment.authorId])
    const previous = db
      .select({ kind: commentVotes.kind })
      .from(commentVotes)
      .where(and(eq(commentVotes.commentId, comment.id), eq(commentVotes.userId, userId)))
      .get()?.kind
    if (previous === kind) {
      throw new HttpError(
        'ALREADY_DONE',
        kind === 'up' ? MESSAGES.alreadyUpvoted : MESSAGES.alreadyDownvoted,
      )
    }
    db.insert(commentVotes)
      .values({ commentId: comment.id, userId, kind, createdAt: now })
      .onConflictDoUpdate({
        target: [commentVotes.commentId, commentVotes.userId],
        set: { kind, createdAt: now },
      })
      .run()
    const up = (kind === 'up' ? 1 : 0) - (previous === 'up' ? 1 : 0)
    const down = (kind === 'down' ? 1 : 0) - (previous === 'down' ? 1 : 0)
    return db
      .update(comments)
      .set({
        upvoteCount: sql`${comments.upvoteCount} + ${up}`,
        downvoteCount: sql`${comments.downvoteCount} + ${down}`,
      })
      .where(eq(comments.id, comment.id))
      .returning()
      .get() as CommentRow
  })
}
