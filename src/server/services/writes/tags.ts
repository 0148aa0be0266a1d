/**
 * A post's `#tags` kept in post_tags when the post is written (docs/API.md, "Tags"); a tag's page
 * is read in ../reads/tags.ts.
 */
import { extractTags } from '../../../shared/rich-text'
import { insertRows } from '../../db/raw'
import type { PostRow } from '../../db/rows'
import { postTags } from '../../db/schema'
import type { Store } from '../../db/store'

/**
 * Makes a post's stored tags those of its text now (after a create or an edit). `fresh`: the post
 * was created in this transaction, so it has no stored tags to drop yet (one statement less a
 * new post).
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
