/** Adding, editing and deleting comments (docs/API.md, "Comments"), with their mentions. */
import { extractMentions } from '../../shared/rich-text'
import type { Store } from '../db/store'
import type { CommentRow } from '../db/rows'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import * as comments from '../services/comments'
import {
  noteCascade,
  notify,
  syncMentions,
  type NotificationChanges,
} from '../services/notifications'
import { getPost } from '../services/posts'
import { presentComment } from '../services/serialize'
import { publishOpenReports } from './host'
import { aboutWriting, commit, type Actor, type Live } from './live'
import { closeReportsOnDelete } from './reports'

/** Mentions of a comment just written; the post's author already hears of a new comment. */
async function afterCommentWrite(
  tx: Store,
  changes: NotificationChanges,
  comment: CommentRow,
  postAuthorId: number | null,
): Promise<CommentRow> {
  await syncMentions(
    tx,
    changes,
    { authorId: comment.authorId, postId: comment.postId, commentId: comment.id },
    extractMentions(comment.text),
    { skip: postAuthorId === null ? [] : [postAuthorId] },
  )
  return comment
}

async function publishComment(live: Live, comment: CommentRow): Promise<void> {
  const post = await getPost(live.db, comment.postId)
  live.hub.publish(
    'comment',
    { comment: await presentComment(live.db, comment, null), commentCount: post.commentCount },
    await aboutWriting(live, comment.authorId, post.authorId),
  )
}

export function addComment(
  live: Live,
  actor: Actor,
  postId: number,
  text: string,
): Promise<CommentRow> {
  return commit(
    live,
    async (tx, changes) => {
      const comment = await comments.addComment(tx, actor.id, postId, text)
      const post = await getPost(tx, comment.postId)
      await notify(tx, changes, {
        recipientId: post.authorId,
        actorId: actor.id,
        type: 'comment',
        postId: post.id,
        commentId: comment.id,
      })
      return afterCommentWrite(tx, changes, comment, post.authorId)
    },
    (comment) => publishComment(live, comment),
  )
}

export function editComment(
  live: Live,
  actor: Actor,
  postId: number,
  commentId: number,
  text: string,
): Promise<CommentRow> {
  return commit(
    live,
    async (tx, changes) => {
      const comment = await comments.editComment(tx, actor.id, postId, commentId, text)
      return afterCommentWrite(tx, changes, comment, (await getPost(tx, postId)).authorId)
    },
    (comment) => publishComment(live, comment),
  )
}

/** A user deletes their own comment, or any comment under their own post. */
export function deleteComment(
  live: Live,
  actor: Actor,
  postId: number,
  commentId: number,
): Promise<CommentRow> {
  return removeComment(live, null, async (tx) => {
    const [post, comment] = await comments.getComment(tx, postId, commentId)
    if (comment.authorId !== actor.id && post.authorId !== actor.id) {
      throw new HttpError('NOT_OWNER', MESSAGES.deleteForeignComment)
    }
    return comment
  })
}

/** The host deletes any comment (docs/API.md, "Moderation"), named by its id alone. */
export function hostDeleteComment(live: Live, host: Actor, commentId: number): Promise<CommentRow> {
  return removeComment(live, host, (tx) => comments.getCommentById(tx, commentId))
}

/**
 * Deletes the comment `find` answers (or refuses): its votes and notifications go with it, and
 * everyone sees it go, as with a post (actions/posts.ts).
 */
async function removeComment(
  live: Live,
  host: Actor | null,
  find: (tx: Store) => Promise<CommentRow>,
): Promise<CommentRow> {
  const { comment } = await commit(
    live,
    async (tx, changes) => {
      const comment = await find(tx)
      await noteCascade(tx, changes, { commentId: comment.id })
      const closedReports = await closeReportsOnDelete(tx, changes, host, {
        commentId: comment.id,
        authorId: comment.authorId,
      })
      return { comment: await comments.deleteComment(tx, comment), closedReports }
    },
    async ({ comment, closedReports }) => {
      if (closedReports > 0) await publishOpenReports(live)
      live.hub.publish('comment-deleted', {
        postId: String(comment.postId),
        commentId: String(comment.id),
        commentCount: (await getPost(live.db, comment.postId)).commentCount,
      })
    },
  )
  return comment
}
