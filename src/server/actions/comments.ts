/** Adding, editing and deleting comments (docs/API.md, "Comments"), with their mentions. */
import { extractMentions } from '../../shared/rich-text'
import type { Store } from '../db/store'
import type { CommentRow } from '../db/rows'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import * as comments from '../services/reads/comments'
import * as commentsWrites from '../services/writes/comments'
import { type NotificationChanges } from '../services/reads/notifications'
import { syncMentions } from '../services/writes/notifications'
import { noteCascade } from '../services/writes/notifications'
import { notify } from '../services/writes/notifications'
import { getPost } from '../services/reads/posts'
import { presentComment } from '../services/presenting/comments'
import { publishOpenReports } from './open-reports'
import { blockedOrMuting } from '../services/reads/visibility'
import { commit, type Actor, type Live } from './live'
import { closeReportsOnDelete } from './reports'

/**
 * Mentions of a comment just edited. The post's author and whom a reply answers heard of the
 * comment at its creation (its mention, or "commented" / "replied"): an edit leaves what they
 * heard as it is, so that one comment never tells them twice.
 */
async function afterCommentWrite(
  tx: Store,
  changes: NotificationChanges,
  comment: CommentRow,
  postAuthorId: number | null,
  /** threads: whom a reply answers */
  answeredId: number | null = null,
): Promise<CommentRow> {
  const skip = [postAuthorId, answeredId].filter((id): id is number => id !== null)
  await syncMentions(
    tx,
    changes,
    { authorId: comment.authorId, postId: comment.postId, commentId: comment.id },
    extractMentions(comment.text),
    { skip },
  )
  return comment
}

/**
 * Who hears of a comment (threads): as aboutWriting for its author and its post's, and for a
 * reply also not those blocked either way with, or muting, its thread's root author (they do
 * not see the thread). Everyone who hears of it sees it, so their count moves by one.
 */
async function commentAudience(live: Live, comment: CommentRow, postAuthorId: number) {
  const root =
    comment.parentId === null
      ? null
      : await live.db.get<{ authorId: number }>(
          'SELECT author_id AS "authorId" FROM comments WHERE id = ?',
          comment.parentId,
        )
  const authors = root ? [comment.authorId, root.authorId] : [comment.authorId]
  const exclude = await blockedOrMuting(live.db, [...authors, postAuthorId], authors)
  exclude.delete(comment.authorId)
  return { exclude }
}

async function publishComment(live: Live, comment: CommentRow, created: boolean): Promise<void> {
  const post = await getPost(live.db, comment.postId)
  live.hub.publish(
    'comment',
    {
      comment: await presentComment(live.db, comment, null),
      commentCount: post.commentCount,
      created,
    },
    await commentAudience(live, comment, post.authorId),
  )
}

/**
 * A new comment, or with `replyTo` a reply (threads): everyone it mentions hears of the mention;
 * the author of the comment answered, unless mentioned, hears "replied to your comment" (once,
 * also when they wrote the post too); the post's author, unless mentioned or answered, hears of a
 * comment. One notification per person and comment: the mention says the most. A recipient who
 * turned mentions off hears "replied" or "commented" instead.
 */
export function addComment(
  live: Live,
  actor: Actor,
  postId: number,
  text: string,
  replyTo?: number,
): Promise<CommentRow> {
  return commit(
    live,
    async (tx, changes) => {
      const comment = await commentsWrites.addComment(
        tx,
        actor.id,
        postId,
        text,
        Date.now(),
        replyTo,
      )
      const post = await getPost(tx, comment.postId)
      const answered = comment.replyToUserId
      const mentioned = await syncMentions(
        tx,
        changes,
        { authorId: comment.authorId, postId: comment.postId, commentId: comment.id },
        extractMentions(comment.text),
        // Created just now: no mention notifications of it to compare with yet.
        { fresh: true },
      )
      if (answered !== null && !mentioned.has(answered)) {
        await notify(tx, changes, {
          recipientId: answered,
          actorId: actor.id,
          type: 'reply',
          postId: post.id,
          commentId: comment.id,
        })
      }
      if (answered !== post.authorId && !mentioned.has(post.authorId)) {
        await notify(tx, changes, {
          recipientId: post.authorId,
          actorId: actor.id,
          type: 'comment',
          postId: post.id,
          commentId: comment.id,
        })
      }
      return comment
    },
    (comment) => publishComment(live, comment, true),
    (comment) => ({ posts: [comment.postId], comments: [comment.postId] }),
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
      const comment = await commentsWrites.editComment(tx, actor.id, postId, commentId, text)
      const post = await getPost(tx, postId)
      return afterCommentWrite(tx, changes, comment, post.authorId, comment.replyToUserId)
    },
    (comment) => publishComment(live, comment, false),
    (comment) => ({ comments: [comment.postId] }),
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
  const { deletion } = await commit(
    live,
    async (tx, changes) => {
      const comment = await find(tx)
      await noteCascade(tx, changes, { commentId: comment.id })
      const closedReports = await closeReportsOnDelete(tx, changes, host, {
        commentId: comment.id,
        authorId: comment.authorId,
      })
      return { deletion: await commentsWrites.deleteComment(tx, comment), closedReports }
    },
    async ({ deletion, closedReports }) => {
      if (closedReports > 0) await publishOpenReports(live)
      const { comment, placeholder, countDelta, rootGone } = deletion
      const post = await getPost(live.db, comment.postId)
      // threads: everyone hears of it (a copy loaded before a block must go too), but only
      // those who could see it lose it from their count: the others hear `countDelta: 0`.
      const { exclude } = await commentAudience(live, comment, post.authorId)
      const gone = (commentId: number, delta: number, asPlaceholder: boolean) => {
        const data = {
          postId: String(comment.postId),
          commentId: String(commentId),
          commentCount: post.commentCount,
          placeholder: asPlaceholder,
        }
        live.hub.publish('comment-deleted', { ...data, countDelta: delta }, { exclude })
        for (const unseen of exclude) {
          live.hub.publish('comment-deleted', { ...data, countDelta: 0 }, { to: unseen })
        }
      }
      gone(comment.id, countDelta, placeholder)
      if (rootGone !== null) gone(rootGone, 0, false)
    },
    ({ deletion }) => ({ posts: [deletion.comment.postId], comments: [deletion.comment.postId] }),
  )
  return deletion.comment
}
