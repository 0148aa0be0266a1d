/**
 * A post's comment count as the viewer sees it (threads, docs/API.md "Threads"): the comments
 * they may see (services/reads/visibility.ts), replies included, placeholders and replies under a
 * hidden author's root left out. `posts.comment_count` counts every comment that is not a
 * placeholder; when nobody is hidden from the viewer that is their count, and nothing more is
 * read. Otherwise one grouped query for the whole page, whatever its size.
 */
import type { PostRow } from '../../db/rows'
import type { Store } from '../../db/store'
import { hiddenAuthors, type Viewer } from './visibility'

/** The SQL that keeps comments (as `comments`) whose author and thread root are not `hidden`. */
export function visibleCommentSql(db: Store): string {
  return `comments.author_id NOT IN ${db.sql.idSet}
    AND NOT EXISTS (SELECT 1 FROM comments root WHERE root.id = comments.parent_id
      AND root.author_id IN ${db.sql.idSet})`
}

/** Each post's comment count for `viewer`, by post id. */
export async function visibleCommentCounts(
  db: Store,
  rows: readonly PostRow[],
  viewer: Viewer,
): Promise<Map<number, number>> {
  const counts = new Map(rows.map((row) => [row.id, row.commentCount]))
  const withComments = rows.filter((row) => row.commentCount > 0).map((row) => row.id)
  // Posts without comments count 0 for everyone: who is hidden is not read (a new post's live
  // event and answer each save that statement).
  if (withComments.length === 0) return counts
  const hidden = await hiddenAuthors(db, viewer)
  if (hidden.length === 0) return counts
  const ids = db.sql.ids(hidden)
  const found = await db.all<{ postId: number; n: number }>(
    `SELECT post_id AS "postId", COUNT(*) AS n FROM comments
     WHERE post_id IN ${db.sql.idSet} AND deleted_at IS NULL AND ${visibleCommentSql(db)}
     GROUP BY post_id`,
    db.sql.ids(withComments),
    ids,
    ids,
  )
  for (const id of withComments) counts.set(id, 0)
  for (const row of found) counts.set(Number(row.postId), Number(row.n))
  return counts
}
