/**
 * `#tags` of posts (docs/API.md, "Tags"): stored in post_tags when a post is written, so that a
 * tag's page is one range of the `(tag, created_at, post_id)` index, newest first.
 */
import { extractTags } from '../../../shared/rich-text'
import type { Store } from '../../db/store'
import { postTags } from '../../db/schema'
import { insertRows } from '../../db/raw'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'
import type { PostRow } from '../../db/rows'
import { postsByIds } from './posts'
import { visibleAuthor, type Viewer } from './visibility'

/**
 * Makes a post's stored tags those of its text now (after a create or an edit). `fresh`: the post
 * was created in this transaction, so it has no stored tags to drop yet (one statement less a
 * new post, issue 37: docs/PERFORMANCE.md "Issue 37").
 */
export async function syncPostTags(
  db: Store,
  post: PostRow,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<void> {
  if (!fresh) await db.run('DELETE FROM post_tags WHERE post_id = ?', post.id)
  const tags = extractTags(post.content)
  if (tags.length === 0) return
  await insertRows(
    db,
    postTags,
    tags.map((tag) => ({ postId: post.id, tag, createdAt: post.createdAt })),
  )
}

/**
 * One page of a tag's posts the viewer may see (services/visibility.ts), newest first. `tag` is
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
