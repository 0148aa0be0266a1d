import type { Store } from '../db/store'
import { COMMENT_COLUMNS, inIdOrder, insertNewRow, updateRow } from '../db/raw'
import { comments } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { cursorOrStart, finishPage, LIST_START, type PageRequest, type RowPage } from './pagination'
import { refuseIfBlocked, visibleAuthor, type Viewer } from './visibility'
import { getPost } from './posts'
import type { CommentRow, PostRow } from '../db/rows'

/**
 * The ids of a post's comments the viewer may see (services/visibility.ts), newest first: the
 * order of the whole-list answer.
 */
export async function commentIdsOf(db: Store, postId: number, viewer: Viewer): Promise<number[]> {
  const visible = await visibleAuthor(db, 'author_id', viewer)
  return db.ids(
    `SELECT id FROM comments WHERE post_id = ?${visible.and}
     ORDER BY created_at DESC, id DESC`,
    postId,
    ...visible.params,
  )
}

/** The comments of these ids, in this order (ids without a comment left out). */
export async function commentsByIds(db: Store, ids: number[]): Promise<CommentRow[]> {
  const rows = await db.all<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments WHERE id IN ${db.sql.idSet}`,
    db.sql.ids(ids),
  )
  return inIdOrder(ids, rows)
}

/** One page of a post's comments the viewer may see, newest first. */
export async function pageComments(
  db: Store,
  postId: number,
  page: PageRequest,
  viewer: Viewer,
): Promise<RowPage<CommentRow>> {
  const [createdBefore = LIST_START, idBefore = LIST_START] = cursorOrStart(page.cursor, 2)
  const visible = await visibleAuthor(db, 'author_id', viewer)
  const rows = await db.all<CommentRow>(
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
export async function getComment(
  db: Store,
  postId: number,
  commentId: number,
): Promise<[PostRow, CommentRow]> {
  const post = await getPost(db, postId)
  const comment = await db.get<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments WHERE id = ? AND post_id = ?`,
    commentId,
    post.id,
  )
  if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
  return [post, comment]
}

async function adjustCommentCount(db: Store, postId: number, delta: 1 | -1): Promise<void> {
  await db.run('UPDATE posts SET comment_count = comment_count + ? WHERE id = ?', delta, postId)
}

export async function addComment(
  db: Store,
  userId: number,
  postId: number,
  text: string,
  now = Date.now(),
): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    const post = await getPost(tx, postId)
    await refuseIfBlocked(tx, userId, [post.authorId])
    const row = await insertNewRow(tx, comments, {
      postId: post.id,
      authorId: userId,
      text,
      createdAt: now,
      updatedAt: now,
    })
    await adjustCommentCount(tx, post.id, +1)
    return row
  })
}

/** Only the comment's author may edit it. */
export async function editComment(
  db: Store,
  userId: number,
  postId: number,
  commentId: number,
  text: string,
  now = Date.now(),
): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    const [, comment] = await getComment(tx, postId, commentId)
    if (comment.authorId !== userId) throw new HttpError('NOT_OWNER', MESSAGES.editForeignComment)
    return (await updateRow(
      tx,
      comments,
      { text, updatedAt: now },
      'id = ?',
      comment.id,
    )) as CommentRow
  })
}

/** Any comment by its id (the host's deletions name only the comment). */
export async function getCommentById(db: Store, id: number): Promise<CommentRow> {
  const comment = await db.get<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments WHERE id = ?`,
    id,
  )
  if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
  return comment
}

/**
 * Deletes a comment's rows and one from its post's comment count. Who may is the command's to
 * check (actions/comments.ts). Answers the comment as it was.
 */
export async function deleteComment(db: Store, comment: CommentRow): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    await tx.run('DELETE FROM comments WHERE id = ?', comment.id)
    await adjustCommentCount(tx, comment.postId, -1)
    return comment
  })
}

/**
 * Upvote or downvote (SPEC section 4): refused when the user already voted that way; otherwise
 * moves the user's vote from the other list to this one and keeps both counts in step.
 */
export async function voteComment(
  db: Store,
  userId: number,
  postId: number,
  commentId: number,
  kind: 'up' | 'down',
  now = Date.now(),
): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    const [post, comment] = await getComment(tx, postId, commentId)
    await refuseIfBlocked(tx, userId, [post.authorId, comment.authorId])
    const previous = (
      await tx.get<{ kind: 'up' | 'down' }>(
        'SELECT kind FROM comment_votes WHERE comment_id = ? AND user_id = ?',
        comment.id,
        userId,
      )
    )?.kind
    if (previous === kind) {
      throw new HttpError(
        'ALREADY_DONE',
        kind === 'up' ? MESSAGES.alreadyUpvoted : MESSAGES.alreadyDownvoted,
      )
    }
    await tx.run(
      `INSERT INTO comment_votes (comment_id, user_id, kind, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (comment_id, user_id) DO UPDATE SET kind = excluded.kind,
         created_at = excluded.created_at`,
      comment.id,
      userId,
      kind,
      now,
    )
    const up = (kind === 'up' ? 1 : 0) - (previous === 'up' ? 1 : 0)
    const down = (kind === 'down' ? 1 : 0) - (previous === 'down' ? 1 : 0)
    return (await tx.get<CommentRow>(
      `UPDATE comments SET upvote_count = upvote_count + ?, downvote_count = downvote_count + ?
       WHERE id = ? RETURNING ${COMMENT_COLUMNS}`,
      up,
      down,
      comment.id,
    )) as CommentRow
  })
}
