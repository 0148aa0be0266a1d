/**
 * `#tags` of posts (docs/API.md, "Tags"): stored in post_tags when a post is written, so that a
 * tag's page is one range of the `(tag, created_at, post_id)` index, newest first.
 */
import { extractTags } from '../../shared/rich-text'
import { eq, sql } from 'drizzle-orm'
import { perDatabase, type Db } from '../db/client'
import { postTags } from '../db/schema'
import { selectAll } from '../db/raw'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'
import type { PostRow } from '../db/rows'
import { postsByIds } from './posts'

/** Runs for every new or edited post: prepared once per database. */
const deletePostTags = perDatabase((db) =>
  db
    .delete(postTags)
    .where(eq(postTags.postId, sql.placeholder('postId')))
    .prepare(),
)

/** Makes a post's stored tags those of its text now (after a create or an edit). */
export function syncPostTags(db: Db, post: PostRow): void {
  deletePostTags(db).run({ postId: post.id })
  const tags = extractTags(post.content)
  if (tags.length === 0) return
  db.insert(postTags)
    .values(tags.map((tag) => ({ postId: post.id, tag, createdAt: post.createdAt })))
    .run()
}

/** One page of a tag's posts, newest first. `tag` is normalized (rich-text.ts normalizeTag). */
export function pageTagPosts(db: Db, tag: string, page: PageRequest): RowPage<PostRow> {
  const [createdBefore, idBefore] = cursorOrStart(page.cursor, 2)
  const ids = selectAll<{ postId: number }>(
    db,
    `SELECT post_id AS postId FROM post_tags
     WHERE tag = ? AND (created_at, post_id) < (?, ?)
     ORDER BY created_at DESC, post_id DESC LIMIT ?`,
    tag,
    createdBefore,
    idBefore,
    page.limit + 1,
  ).map((row) => row.postId)
  return finishPage(postsByIds(db, ids), page.limit, (row) => [row.createdAt, row.id])
}
