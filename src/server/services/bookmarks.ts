import type { Store } from '../db/store'
import { insertRows, POST_COLUMNS } from '../db/raw'
import { bookmarks } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { decodeNumericCursor, finishPage, type PageRequest, type RowPage } from './pagination'
import { getPost } from './posts'
import type { PostRow } from '../db/rows'

/** The ids of the user's bookmarked posts, the most recently saved first. */
export function bookmarkedPostIds(db: Store, userId: number): Promise<number[]> {
  return db.ids(
    'SELECT post_id FROM bookmarks WHERE user_id = ? ORDER BY created_at DESC, post_id DESC',
    userId,
  )
}

export async function pageBookmarks(
  db: Store,
  userId: number,
  page: PageRequest,
): Promise<RowPage<PostRow>> {
  const after = page.cursor ? decodeNumericCursor(page.cursor, 2) : null
  const rows = await db.all<PostRow & { savedAt: number }>(
    `SELECT ${POST_COLUMNS}, bookmarks.created_at AS "savedAt"
     FROM bookmarks JOIN posts ON posts.id = bookmarks.post_id
     WHERE bookmarks.user_id = ?
       ${after ? 'AND (bookmarks.created_at, bookmarks.post_id) < (?, ?)' : ''}
     ORDER BY bookmarks.created_at DESC, bookmarks.post_id DESC LIMIT ?`,
    userId,
    ...(after ?? []),
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.savedAt, row.id])
  return {
    rows: finished.rows.map(({ savedAt: _savedAt, ...post }) => post),
    nextCursor: finished.nextCursor,
  }
}

export async function addBookmark(
  db: Store,
  userId: number,
  postId: number,
  now = Date.now(),
): Promise<PostRow> {
  return db.transaction(async (tx) => {
    const post = await getPost(tx, postId)
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
