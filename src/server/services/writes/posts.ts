/**
 * A post's own row changes: locking it for a decision, editing, deleting and liking or disliking
 * it. Its queries are services/reads/posts.ts; a new post is services/writes/new-posts.ts. The
 * commands of actions/posts.ts and actions/reactions.ts call these.
 */
import type { Store } from '../../db/store'
import { posts } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import { deletePostImages, postHasImages } from '../media/post-images'
import { POST_COLUMNS, updateRow } from '../../db/raw'
import type { PostRow } from '../../db/rows'
import { refuseInteraction } from '../reads/visibility'

/**
 * The post, its row locked until the transaction ends (`sql.forUpdate`; db/README.md,
 * "Concurrent writes"): for a decision that reads the post or its likes, comments or poll and
 * then writes them. Every such decision locks the post first, so they take turns per post and
 * never deadlock over it.
 */
export async function lockPost(tx: Store, id: number): Promise<PostRow> {
  const row = await tx.get<PostRow>(
    `SELECT ${POST_COLUMNS} FROM posts WHERE id = ?${tx.sql.forUpdate}`,
    id,
  )
  if (!row) throw new HttpError('POST_NOT_FOUND', MESSAGES.postNotFound)
  return row
}

/** Moves an author's post count by `delta` (a new post, a deleted one). */
async function changePostCount(db: Store, userId: number, delta: number): Promise<void> {
  await db.run('UPDATE users SET post_count = post_count + ? WHERE id = ?', delta, userId)
}

export async function editPost(
  db: Store,
  userId: number,
  postId: number,
  content: string,
  now = Date.now(),
): Promise<PostRow> {
  return db.transaction(async (tx) => {
    const post = await lockPost(tx, postId)
    if (post.authorId !== userId) throw new HttpError('NOT_OWNER', MESSAGES.editForeignPost)
    if (!content && !(await postHasImages(tx, post.id)))
      throw new HttpError('VALIDATION', MESSAGES.emptyPost)
    const row = await updateRow(
      tx,
      posts,
      { content, updatedAt: now, editedAt: now },
      'id = ?',
      post.id,
    )
    if (!row) throw new Error(`Post ${post.id} vanished`)
    return row
  })
}

/**
 * Deletes a post's rows: its images, its own row (its comments, reactions, bookmarks, tags,
 * reports and notifications go with it, ON DELETE CASCADE) and one from its author's post count.
 * Who may is the command's to check (actions/posts.ts). Answers the post as it was, and the ids
 * of its images, whose stored objects go once this commits.
 */
export async function deletePost(
  db: Store,
  post: PostRow,
): Promise<{ post: PostRow; removedMedia: string[] }> {
  return db.transaction(async (tx) => {
    const removedMedia = await deletePostImages(tx, [post.id])
    await tx.run('DELETE FROM posts WHERE id = ?', post.id)
    await changePostCount(tx, post.authorId, -1)
    return { post, removedMedia }
  })
}

/** The user's reaction to a post, if any. */
async function reactionOf(db: Store, postId: number, userId: number): Promise<string | undefined> {
  const row = await db.get<{ kind: string }>(
    'SELECT kind FROM post_reactions WHERE post_id = ? AND user_id = ?',
    postId,
    userId,
  )
  return row?.kind
}

/**
 * Sets the user's reaction to a post, replacing the other kind, then moves the post's likeCount
 * by one and answers the post as it now is.
 */
async function react(
  db: Store,
  post: PostRow,
  userId: number,
  kind: 'like' | 'dislike',
  now: number,
): Promise<PostRow> {
  await db.run(
    `INSERT INTO post_reactions (post_id, user_id, kind, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (post_id, user_id) DO UPDATE SET kind = excluded.kind,
       created_at = excluded.created_at`,
    post.id,
    userId,
    kind,
    now,
  )
  const row = await db.get<PostRow>(
    `UPDATE posts SET like_count = like_count + ?, updated_at = ? WHERE id = ?
     RETURNING ${POST_COLUMNS}`,
    kind === 'like' ? 1 : -1,
    now,
    post.id,
  )
  if (!row) throw new Error(`Post ${post.id} vanished`)
  return row
}

/**
 * Like (SPEC section 4): refused when already liked; otherwise moves the user out of dislikedBy
 * into likedBy and raises likeCount by one.
 */
export async function likePost(
  db: Store,
  userId: number,
  postId: number,
  now = Date.now(),
): Promise<PostRow> {
  return db.transaction(async (tx) => {
    // Locked: the reaction it finds and the count it checks stay so until this commits.
    const post = await lockPost(tx, postId)
    await refuseInteraction(tx, userId, [post.authorId])
    const previous = await reactionOf(tx, post.id, userId)
    if (previous === 'like') throw new HttpError('ALREADY_DONE', MESSAGES.alreadyLiked)
    return react(tx, post, userId, 'like', now)
  })
}

/**
 * Dislike (SPEC section 4): refused when likeCount is 0 or the user already disliked; otherwise
 * lowers likeCount by one and moves the user out of likedBy into dislikedBy.
 */
export async function dislikePost(
  db: Store,
  userId: number,
  postId: number,
  now = Date.now(),
): Promise<PostRow> {
  return db.transaction(async (tx) => {
    // Locked: the reaction it finds and the count it checks stay so until this commits.
    const post = await lockPost(tx, postId)
    await refuseInteraction(tx, userId, [post.authorId])
    if (post.likeCount <= 0) throw new HttpError('STATE_CONFLICT', MESSAGES.likeBelowZero)
    const previous = await reactionOf(tx, post.id, userId)
    if (previous === 'dislike') throw new HttpError('ALREADY_DONE', MESSAGES.alreadyDisliked)
    return react(tx, post, userId, 'dislike', now)
  })
}
