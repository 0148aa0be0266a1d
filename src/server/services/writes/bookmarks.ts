/**
 * Saving and unsaving a post (docs/API.md, "Bookmarks"): the row changes of actions/bookmarks.ts.
 * The lists are read in ../reads/bookmarks.ts.
 */
import { insertRows } from '../../db/raw'
import type { PostRow } from '../../db/rows'
import { bookmarks } from '../../db/schema'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { ACCOUNT_MESSAGES, MESSAGES } from '../../errors/messages'
import { getPost } from '../reads/posts'
import { refuseInteraction } from '../reads/visibility'

export async function addBookmark(
  db: Store,
  userId: number,
  postId: number,
  now = Date.now(),
): Promise<PostRow> {
  return db.transaction(async (tx) => {
    const post = await getPost(tx, postId)
    // Saving reaches the post as any interaction does: not a blocked or suspended author's.
    await refuseInteraction(tx, userId, [post.authorId], ACCOUNT_MESSAGES.blockedBookmark)
    const inserted = await insertRows(
      tx,
      bookmarks,
      [{ userId, postId: post.id, createdAt: now }],
      { onConflict: 'nothing' },
    )
    if (inserted === 0) throw new HttpError('ALREADY_DONE', MESSAGES.alreadyBookmarked)
    return post
  })
}

export async function removeBookmark(db: Store, userId: number, postId: number): Promise<PostRow> {
  return db.transaction(async (tx) => {
    const post = await getPost(tx, postId)
    const deleted = await tx.run(
      'DELETE FROM bookmarks WHERE user_id = ? AND post_id = ?',
      userId,
      post.id,
    )
    if (deleted === 0) throw new HttpError('ALREADY_DONE', MESSAGES.notBookmarked)
    return post
  })
}
