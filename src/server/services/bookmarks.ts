import { and, desc, eq, sql } from 'drizzle-orm'
import type { Store } from '../db/store'
import { selectIds } from '../db/raw'
import { bookmarks, posts } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { decodeNumericCursor, finishPage, type PageRequest, type RowPage } from './pagination'
import { getPost } from './posts'
import type { PostRow } from '../db/rows'

/** The ids of the user's bookmarked posts, the most recently saved first. */
export function bookmarkedPostIds(db: Store, userId: number): number[] {
  return selectIds(
    db,
    'SELECT post_id FROM bookmarks WHERE user_id = ? ORDER BY created_at DESC, post_id DESC',
    userId,
  )
}

export function pageBookmarks(db: Store, userId: number, page: PageRequest): RowPage<PostRow> {
  const after = page.cursor ? decodeNumericCursor(page.cursor, 2) : null
  const rows = db
    .select({ post: posts, savedAt: bookmarks.createdAt })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .where(
      and(
        eq(bookmarks.userId, userId),
        after
          ? sql`(${bookmarks.createdAt}, ${bookmarks.postId}) < (${after[0]}, ${after[1]})`
          : undefined,
      ),
    )
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.postId))
    .limit(page.limit + 1)
    .all()
  const finished = finishPage(rows, page.limit, (row) => [row.savedAt, row.post.id])
  return { rows: finished.rows.map(({ post }) => post), nextCursor: finished.nextCursor }
}

export function addBookmark(db: Store, userId: number, postId: number, now = Date.now()): PostRow {
  return db.transaction(() => {
    const post = getPost(db, postId)
    const inserted = db
      .insert(bookmarks)
      .values({ userId, postId: post.id, createdAt: now })
      .onConflictDoNothing()
      .run()
    if (inserted.changes === 0) throw new HttpError('ALREADY_DONE', MESSAGES.alreadyBookmarked)
    return post
  })
}

export function removeBookmark(db: Store, userId: number, postId: number): PostRow {
  return db.transaction(() => {
    const post = getPost(db, postId)
    const deleted = db
      .delete(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, post.id)))
      .run()
    if (deleted.changes === 0) throw new HttpError('ALREADY_DONE', MESSAGES.notBookmarked)
    return post
  })
}
