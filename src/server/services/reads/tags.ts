/**
 * `#tags` of posts (docs/API.md, "Tags"): stored in post_tags when a post is written, so that a
 * tag's page is one range of the `(tag, created_at, post_id)` index, newest first.
 */
import type { Store } from '../../db/store'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'
import type { PostRow } from '../../db/rows'
import { postsByIds } from './posts'
import { visibleAuthor, type Viewer } from './visibility'

/**
 * One page of a tag's posts the viewer may see (services/reads/visibility.ts), newest first. `tag` is
 * normalized (rich-text.ts normalizeTag).
 */
export async function pageTagPosts(
  db: Store,
  tag: string,
  page: PageRequest,
  viewer: Viewer,
): Promise<RowPage<PostRow>> {
  // post_tags does not name the author: each candidate's is one lookup of its post by id.
  const visible = await visibleAuthor(
    db,
    '(SELECT author_id FROM posts WHERE posts.id = post_id)',
    viewer,
  )
  const ids = await db.ids(
    `SELECT post_id FROM post_tags
     WHERE tag = ? AND (created_at, post_id) < (?, ?)${visible.and}
     ORDER BY created_at DESC, post_id DESC LIMIT ?`,
    tag,
    ...cursorOrStart(page.cursor, 2),
    ...visible.params,
    page.limit + 1,
  )
  return finishPage(await postsByIds(db, ids), page.limit, (row) => [row.createdAt, row.id])
}
