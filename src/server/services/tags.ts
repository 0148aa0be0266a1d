/**
 * `#tags` of posts (docs/API.md, "Tags"): stored in post_tags when a post is written, so that a
 * tag's page is one range of the `(tag, created_at, post_id)` index, newest first.
 */
import { extractTags } from '../../shared/rich-text'
import { eq, sql } from 'drizzle-orm'
import type { Store } from '../db/store'
import { postTags } from '../db/schema'
import { selectAll } from '../db/raw'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'
import type { PostRow } from '../db/rows'
import { postsByIds } from './posts'
import { visibleAuthor, type Viewer } from './visibility'

/** Runs for every new or edited post: prepared once per database. */
const deletePostTags = perDatabase((db) =>
  db
    .delete(postTags)
    .where(eq(postTags.postId, sql.placeholder('postId')))
    .prepare(),
)

/** Makes a post's stored tags those of its text now (after a create or an edit). */
export function syncPostTags(db: Store, post: PostRow): void {
  deletePostTags(db).run({ postId: post.id })
  const tags = extractTags(post.content)
  if (tags.length === 0) return
  db.insert(postTags)
    .values(tags.map((tag) => ({ postId: post.id, tag, createdAt: post.createdAt })))
    .run()
}

/**
 * One page of a tag's posts the viewer may see (services/visibility.ts), newest first. `tag` is
 * normalized (rich-text.ts normalizeTag).
 */
export function pageTagPosts(
  db: Store,
  tag: string,
  page: PageRequest,
  viewer: Viewer,
): RowPage<PostRow> {
  const [createdBefore, idBefore] = cursorOrStart(page.cursor, 2)
  // post_tags does not name the author: each candidate's is one lookup of its post by id.
  const visible = visibleAuthor(
    db,
    '(SELECT author_id FROM posts WHERE posts.id = post_id)',
    viewer,
  )
  const ids = selectAll<{ postId: number }>(
    db,
    `SELECT post_id AS postId FROM post_tags
     WHERE tag = ? AND (created_at, post_id) < (?, ?)${visible.and}
     ORDER BY created_at DESC, post_id DESC LIMIT ?`,
    tag,
    createdBefore,
    idBefore,
    ...visible.params,
    page.limit + 1,
  ).map((row) => row.postId)
  return finishPage(postsByIds(db, ids), page.limit, (row) => [row.createdAt, row.id])
}
