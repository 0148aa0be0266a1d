import type { Store } from '../../db/store'
import { POST_COLUMNS } from '../../db/raw'
import { decodeNumericCursor, finishPage, type PageRequest, type RowPage } from './pagination'
import type { PostRow } from '../../db/rows'
import { visibleAuthor } from './visibility'

/*
 * Bookmarks are private lists, and like every list they leave out the posts hidden from their
 * owner (services/reads/visibility.ts): a post saved before a block, a mute or a suspension is listed
 * again once that ends.
 */

/** The ids of the user's bookmarked posts they may see, the most recently saved first. */
export async function bookmarkedPostIds(db: Store, userId: number): Promise<number[]> {
  const visible = await visibleAuthor(db, 'posts.author_id', userId)
  return db.ids(
    `SELECT bookmarks.post_id FROM bookmarks JOIN posts ON posts.id = bookmarks.post_id
     WHERE bookmarks.user_id = ?${visible.and}
     ORDER BY bookmarks.created_at DESC, bookmarks.post_id DESC`,
    userId,
    ...visible.params,
  )
}

export async function pageBookmarks(
  db: Store,
  userId: number,
  page: PageRequest,
): Promise<RowPage<PostRow>> {
  const after = page.cursor ? decodeNumericCursor(page.cursor, 2) : null
  const visible = await visibleAuthor(db, 'posts.author_id', userId)
  const rows = await db.all<PostRow & { savedAt: number }>(
    `SELECT ${POST_COLUMNS}, bookmarks.created_at AS "savedAt"
     FROM bookmarks JOIN posts ON posts.id = bookmarks.post_id
     WHERE bookmarks.user_id = ?${visible.and}
       ${after ? 'AND (bookmarks.created_at, bookmarks.post_id) < (?, ?)' : ''}
     ORDER BY bookmarks.created_at DESC, bookmarks.post_id DESC LIMIT ?`,
    userId,
    ...visible.params,
    ...(after ?? []),
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.savedAt, row.id])
  return {
    rows: finished.rows.map(({ savedAt: _savedAt, ...post }) => post),
    nextCursor: finished.nextCursor,
  }
}
