import type { Store } from '../../db/store'
import { COMMENT_COLUMNS, inIdOrder } from '../../db/raw'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import { type Viewer } from './visibility'
import { threadVisibility } from './threads'
import { lockPost } from '../writes/posts'
import type { CommentRow, PostRow } from '../../db/rows'

/**
 * The ids of a post's comments the viewer may see (services/reads/visibility.ts), newest first: the
 * order of the whole-list answer.
 */
export async function commentIdsOf(db: Store, postId: number, viewer: Viewer): Promise<number[]> {
  // threads: replies too (flat, with their parentId), not placeholders, not hidden threads.
  const visible = await threadVisibility(db, viewer)
  return db.ids(
    `SELECT id FROM comments WHERE post_id = ? AND deleted_at IS NULL${visible.author.and}
     ${visible.thread.and}
     ORDER BY created_at DESC, id DESC`,
    postId,
    ...visible.author.params,
    ...visible.thread.params,
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

/**
 * The post and one of its comments; a comment of another post is not found. For a write: the
 * post is locked until the transaction ends (services/writes/posts.ts `lockPost`), so that what the caller
 * decides from the comment (a vote, a reply, a deletion) holds until it commits.
 */
export async function getComment(
  db: Store,
  postId: number,
  commentId: number,
): Promise<[PostRow, CommentRow]> {
  const post = await lockPost(db, postId)
  const comment = await db.get<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments WHERE id = ? AND post_id = ?`,
    commentId,
    post.id,
  )
  if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
  return [post, comment]
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
