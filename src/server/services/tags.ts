/**
 * `#tags` of posts (docs/API.md, "Tags"): stored in post_tags when a post is written, so that a
 * tag's page is one range of the `(tag, created_at, post_id)` index, newest first.
 */
import { extractTags } from '../../shared/rich-text'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { postTags } from '../db/schema'
import { selectAll } from '../db/raw'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'
import type { PostRow } from './present'
import { postsByIds } from './posts'

/** Makes a post's stored tags those of its text now (after a create or an edit). */
export function syncPostTags(db: Db, post: PostRow): void {
  db.delete(postTags).where(eq(postTags.postId, post.id)).run()
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
