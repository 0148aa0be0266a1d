/**
 * The search index of posts (docs/API.md, "Search"), written with each post, emptied with its
 * author, rebuilt after a restore. Searching it is ../reads/search.ts.
 */
import type { PostRow } from '../../db/rows'
import type { Store } from '../../db/store'

/**
 * Puts a post's words in the search index as its text is now (after a create or an edit). Only
 * SQLite's index needs it: PostgreSQL's is an index on the text itself.
 */
export async function indexPost(db: Store, post: Pick<PostRow, 'id' | 'content'>): Promise<void> {
  if (db.dialect !== 'sqlite') return
  await db.run('DELETE FROM posts_search WHERE rowid = ?', post.id)
  await db.run('INSERT INTO posts_search (rowid, content) VALUES (?, ?)', post.id, post.content)
}

/**
 * As indexPost for a post created in this transaction (nothing of it is in the index yet), just
 * before the COMMIT (Store.runAtCommit): FTS5 writes what it gathered at every savepoint and
 * COMMIT, and each write merges into an index that grows with the community (some 80 µs a post
 * at 50,000 posts), so the new posts of a commit group are written together, in the same
 * transaction as their rows. Nothing reads the index inside the transaction that makes a post,
 * and no player can name the post before that COMMIT answers its author. (An account deleted in
 * the same group leaves its new post's words behind: a search joins `posts`, whose ids are never
 * used again, so they match nothing.)
 */
export async function indexNewPost(
  db: Store,
  post: Pick<PostRow, 'id' | 'content'>,
): Promise<void> {
  if (db.dialect !== 'sqlite') return
  await db.runAtCommit(
    'INSERT INTO posts_search (rowid, content) VALUES (?, ?)',
    post.id,
    post.content,
  )
}

/** Takes posts out of the search index, before their rows go (SQLite's index only). */
export async function unindexPosts(db: Store, postIds: readonly number[]): Promise<void> {
  if (db.dialect !== 'sqlite' || postIds.length === 0) return
  await db.run(`DELETE FROM posts_search WHERE rowid IN ${db.sql.idSet}`, db.sql.ids(postIds))
}

/** Takes an author's posts out of the search index, before their account goes with them. */
export async function unindexAuthor(db: Store, authorId: number): Promise<void> {
  if (db.dialect !== 'sqlite') return
  await db.run(
    'DELETE FROM posts_search WHERE rowid IN (SELECT id FROM posts WHERE author_id = ?)',
    authorId,
  )
}

/**
 * Makes the search index anew from every post (SQLite's only): after a restore, whose index is
 * the backup's and not to be trusted, and after rows written straight into `posts` (the bench).
 */
export async function reindexAllPosts(db: Store): Promise<void> {
  if (db.dialect !== 'sqlite') return
  await db.run("INSERT INTO posts_search (posts_search) VALUES ('delete-all')")
  await db.run('INSERT INTO posts_search (rowid, content) SELECT id, content FROM posts')
}
