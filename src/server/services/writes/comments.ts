/**
 * Comments written, edited, deleted and voted on (SPEC section 6): the row changes of
 * actions/comments.ts. Reading them is ../reads/comments.ts and ../reads/threads.ts.
 */
import { COMMENT_COLUMNS, insertNewRow, updateRow } from '../../db/raw'
import type { CommentRow } from '../../db/rows'
import { comments } from '../../db/schema'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import { getComment, getCommentById } from '../reads/comments'
import { lockPost } from './posts'
import { refuseInteraction } from '../reads/visibility'

/**
 * A new comment; with `replyTo`, a reply in that comment's thread (services/reads/threads.ts): refused
 * when the comment is of another post or gone (404), a deleted placeholder (410), or when its
 * author, its thread's or the post's and the writer blocked each other (403).
 */
export async function addComment(
  db: Store,
  userId: number,
  postId: number,
  text: string,
  now = Date.now(),
  replyTo?: number,
): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    // Locked: a reply's comment, deleted at once elsewhere, is not left without its thread.
    const post = await lockPost(tx, postId)
    let thread: Pick<CommentRow, 'parentId' | 'replyToId' | 'replyToUserId'> = {
      parentId: null,
      replyToId: null,
      replyToUserId: null,
    }
    const involved = [post.authorId]
    if (replyTo !== undefined) {
      const [, answered] = await getComment(tx, post.id, replyTo)
      if (answered.deletedAt !== null) {
        throw new HttpError('COMMENT_DELETED', MESSAGES.commentDeleted)
      }
      const rootId = answered.parentId ?? answered.id
      const root =
        answered.parentId === null ? answered : await getCommentById(tx, answered.parentId)
      involved.push(answered.authorId, root.authorId)
      thread = { parentId: rootId, replyToId: answered.id, replyToUserId: answered.authorId }
    }
    await refuseInteraction(tx, userId, involved)
    const row = await insertNewRow(tx, comments, {
      postId: post.id,
      authorId: userId,
      text,
      createdAt: now,
      updatedAt: now,
      ...thread,
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
    if (comment.deletedAt !== null) throw new HttpError('COMMENT_DELETED', MESSAGES.commentDeleted)
    return (await updateRow(
      tx,
      comments,
      { text, updatedAt: now },
      'id = ?',
      comment.id,
    )) as CommentRow
  })
}

/** What deleting a comment did (threads): see deleteComment. */
export interface CommentDeletion {
  /** The comment as it was. */
  comment: CommentRow
  /** A top-level comment with replies stays as a placeholder, keeping its thread. */
  placeholder: boolean
  /** What the post's comment count lost: 1, or 0 for a placeholder that went with its last reply. */
  countDelta: 0 | -1
  /** A placeholder root deleted with its last reply (the app drops it too). */
  rootGone: number | null
}

/**
 * Deletes a comment (threads, docs/API.md): a top-level comment with replies becomes a
 * placeholder (`deleted_at`, empty text, votes gone) that keeps its thread; anything else goes
 * with its rows, and a placeholder root whose last reply goes goes too. The post's comment count
 * counts comments that are not placeholders. Who may is the command's to check
 * (actions/comments.ts). Deleting a placeholder again is a 410.
 */
export async function deleteComment(db: Store, named: CommentRow): Promise<CommentDeletion> {
  return db.transaction(async (tx) => {
    // The post locked, then the comment read again: a reply added or the comment deleted at
    // once elsewhere is seen (placeholder or not, counted once).
    await lockPost(tx, named.postId)
    const comment = await getCommentById(tx, named.id)
    if (comment.deletedAt !== null) {
      throw new HttpError('COMMENT_DELETED', MESSAGES.commentDeleted)
    }
    const hasReplies =
      comment.parentId === null &&
      (await tx.get('SELECT 1 FROM comments WHERE parent_id = ? LIMIT 1', comment.id)) !== undefined
    await adjustCommentCount(tx, comment.postId, -1)
    if (hasReplies) {
      await tx.run('DELETE FROM comment_votes WHERE comment_id = ?', comment.id)
      await tx.run(
        `UPDATE comments SET deleted_at = ?, text = '', upvote_count = 0, downvote_count = 0
         WHERE id = ?`,
        Date.now(),
        comment.id,
      )
      return { comment, placeholder: true, countDelta: -1, rootGone: null }
    }
    await tx.run('DELETE FROM comments WHERE id = ?', comment.id)
    let rootGone: number | null = null
    if (comment.parentId !== null) {
      rootGone = await tx
        .ids(
          `DELETE FROM comments WHERE id = ? AND deleted_at IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = ?) RETURNING id`,
          comment.parentId,
          comment.parentId,
        )
        .then((ids) => ids[0] ?? null)
    }
    return { comment, placeholder: false, countDelta: -1, rootGone }
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
    if (comment.deletedAt !== null) throw new HttpError('COMMENT_DELETED', MESSAGES.commentDeleted)
    await refuseInteraction(tx, userId, [post.authorId, comment.authorId])
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

async function adjustCommentCount(db: Store, postId: number, delta: 1 | -1): Promise<void> {
  await db.run('UPDATE posts SET comment_count = comment_count + ? WHERE id = ?', delta, postId)
}
