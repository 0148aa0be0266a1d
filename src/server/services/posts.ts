import { and, eq, sql } from 'drizzle-orm'
import type { PostSort } from '../../shared/api-types'
import type { Store } from '../db/store'
import { postReactions, posts, users } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import {
  attachPostImages,
  deletePostImages,
  postHasImages,
  type AttachRequest,
} from './post-images'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'
import { idList, inIdOrder, POST_COLUMNS, selectAll, selectIds } from '../db/raw'
import type { PostRow } from '../db/rows'
import { refuseIfBlocked, visibleAuthor, type Viewer } from './visibility'

/**
 * The id of every post the viewer may see (services/visibility.ts), newest first (or most liked
 * first): the order of the whole-list answer.
 */
export function allPostIds(db: Store, sort: PostSort = 'recent', viewer: Viewer = null): number[] {
  const visible = visibleAuthor(db, 'author_id', viewer)
  const order =
    sort === 'likes' ? 'like_count DESC, created_at DESC, id DESC' : 'created_at DESC, id DESC'
  return selectIds(
    db,
    `SELECT id FROM posts WHERE TRUE${visible.and} ORDER BY ${order}`,
    ...visible.params,
  )
}

/** The posts of these ids, in this order (ids without a post left out). */
export function postsByIds(db: Store, ids: number[]): PostRow[] {
  const rows = selectAll<PostRow>(
    db,
    `SELECT ${POST_COLUMNS} FROM posts WHERE id IN (SELECT value FROM json_each(?))`,
    idList(ids),
  )
  return inIdOrder(ids, rows)
}

/**
 * One page of the posts the viewer may see (all, or one author's), newest first or most liked
 * first. The SQL text is the same for the first page and the next ones (no cursor compares below
 * the largest values), so each shape is one cached prepared statement.
 */
function pagePosts(
  db: Store,
  authorId: number | null,
  page: PageRequest,
  viewer: Viewer,
  sort: PostSort = 'recent',
): RowPage<PostRow> {
  const byAuthor = authorId === null ? '' : 'author_id = ? AND'
  const authorParam = authorId === null ? [] : [authorId]
  const visible = visibleAuthor(db, 'author_id', viewer)
  const rows =
    sort === 'likes'
      ? selectAll<PostRow>(
          db,
          `SELECT ${POST_COLUMNS} FROM posts
           WHERE ${byAuthor} (like_count, created_at, id) < (?, ?, ?)${visible.and}
           ORDER BY like_count DESC, created_at DESC, id DESC LIMIT ?`,
          ...authorParam,
          ...cursorOrStart(page.cursor, 3),
          ...visible.params,
          page.limit + 1,
        )
      : selectAll<PostRow>(
          db,
          `SELECT ${POST_COLUMNS} FROM posts
           WHERE ${byAuthor} (created_at, id) < (?, ?)${visible.and}
           ORDER BY created_at DESC, id DESC LIMIT ?`,
          ...authorParam,
          ...cursorOrStart(page.cursor, 2),
          ...visible.params,
          page.limit + 1,
        )
  return finishPage(rows, page.limit, (row) =>
    sort === 'likes' ? [row.likeCount, row.createdAt, row.id] : [row.createdAt, row.id],
  )
}

export function pageAllPosts(
  db: Store,
  page: PageRequest,
  sort: PostSort,
  viewer: Viewer,
): RowPage<PostRow> {
  return pagePosts(db, null, page, viewer, sort)
}

/** One author's post ids, newest first: none when the viewer may not see the author. */
export function userPostIds(db: Store, authorId: number, viewer: Viewer): number[] {
  const visible = visibleAuthor(db, 'author_id', viewer)
  return selectIds(
    db,
    `SELECT id FROM posts WHERE author_id = ?${visible.and} ORDER BY created_at DESC, id DESC`,
    authorId,
    ...visible.params,
  )
}

export function pageUserPosts(
  db: Store,
  authorId: number,
  page: PageRequest,
  viewer: Viewer,
): RowPage<PostRow> {
  return pagePosts(db, authorId, page, viewer)
}

/**
 * The home feed: the user's own posts and those of everyone they follow, newest first, but for
 * those hidden from the user (services/visibility.ts; muted authors too, in the feed only).
 *
 * Which index serves it best depends on how many posts the feed draws from. A dense feed (many
 * candidate posts) is cheapest as a newest-first scan of all posts, keeping those by its
 * authors: about `limit × total / candidates` index entries. A sparse one is cheapest as a
 * lookup of each author's posts, sorted: about `candidates` rows. SQLite cannot know the
 * candidates before planning, so the feed counts them (from users.post_count) and picks.
 */
export function pageFeed(db: Store, userId: number, page: PageRequest): RowPage<PostRow> {
  const [createdBefore, idBefore] = cursorOrStart(page.cursor, 2)
  const authors = `(SELECT followee_id FROM follows WHERE follower_id = ? UNION ALL SELECT ?)`
  const [{ candidates, total }] = selectAll<{ candidates: number | null; total: number | null }>(
    db,
    `SELECT (SELECT sum(post_count) FROM users WHERE id IN ${authors}) AS candidates,
            (SELECT max(id) FROM posts) AS total`,
    userId,
    userId,
  ) as [{ candidates: number | null; total: number | null }]
  const fetch = page.limit + 1
  const dense = (candidates ?? 0) ** 2 > fetch * (total ?? 0)
  const index = dense ? 'posts_recent_idx' : 'posts_author_recent_idx'
  const visible = visibleAuthor(db, 'author_id', userId, { feed: true })
  const ids = selectAll<{ id: number }>(
    db,
    `SELECT id FROM posts INDEXED BY ${index}
     WHERE author_id IN ${authors} AND (created_at, id) < (?, ?)${visible.and}
     ORDER BY created_at DESC, id DESC LIMIT ?`,
    userId,
    userId,
    createdBefore,
    idBefore,
    ...visible.params,
    fetch,
  ).map((row) => row.id)
  return finishPage(postsByIds(db, ids), page.limit, (row) => [row.createdAt, row.id])
}

export function getPost(db: Store, id: number): PostRow {
  const row = selectAll<PostRow>(db, `SELECT ${POST_COLUMNS} FROM posts WHERE id = ?`, id)[0]
  if (!row) throw new HttpError('POST_NOT_FOUND', MESSAGES.postNotFound)
  return row
}

/** The writes of every new post: drizzle statements prepared once per database (db/README.md). */
const insertPost = perDatabase((db) =>
  db
    .insert(posts)
    .values({
      authorId: sql.placeholder('authorId'),
      content: sql.placeholder('content'),
      createdAt: sql.placeholder('now'),
      updatedAt: sql.placeholder('now'),
    })
    .returning()
    .prepare(),
)
const changePostCount = perDatabase((db) =>
  db
    .update(users)
    .set({ postCount: sql`${users.postCount} + ${sql.placeholder('delta')}` })
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(),
)

export function createPost(
  db: Store,
  authorId: number,
  content: string,
  now = Date.now(),
  images: AttachRequest[] = [],
): PostRow {
  if (!content && images.length === 0) throw new HttpError('VALIDATION', MESSAGES.emptyPost)
  return db.transaction(() => {
    const row = insertPost(db).get({ authorId, content, now })
    if (!row) throw new Error('A new post vanished')
    attachPostImages(db, authorId, row.id, images)
    changePostCount(db).run({ userId: authorId, delta: 1 })
    return row
  })
}

export function editPost(
  db: Store,
  userId: number,
  postId: number,
  content: string,
  now = Date.now(),
): PostRow {
  return db.transaction(() => {
    const post = getPost(db, postId)
    if (post.authorId !== userId) throw new HttpError('NOT_OWNER', MESSAGES.editForeignPost)
    if (!content && !postHasImages(db, post.id))
      throw new HttpError('VALIDATION', MESSAGES.emptyPost)
    return db
      .update(posts)
      .set({ content, updatedAt: now, editedAt: now })
      .where(eq(posts.id, post.id))
      .returning()
      .get() as PostRow
  })
}

/**
 * Deletes a post's rows: its images, its own row (its comments, reactions, bookmarks, tags,
 * reports and notifications go with it, ON DELETE CASCADE) and one from its author's post count.
 * Who may is the command's to check (actions/posts.ts). Answers the post as it was.
 */
export function deletePost(db: Store, post: PostRow): PostRow {
  return db.transaction(() => {
    deletePostImages(db, [post.id])
    db.delete(posts).where(eq(posts.id, post.id)).run()
    changePostCount(db).run({ userId: post.authorId, delta: -1 })
    return post
  })
}

/** The user's reaction to a post, if any. */
const reactionOf = perDatabase((db) =>
  db
    .select({ kind: postReactions.kind })
    .from(postReactions)
    .where(
      and(
        eq(postReactions.postId, sql.placeholder('postId')),
        eq(postReactions.userId, sql.placeholder('userId')),
      ),
    )
    .prepare(),
)

/** Sets the user's reaction to a post, replacing the other kind. */
const setReaction = perDatabase((db) =>
  db
    .insert(postReactions)
    .values({
      postId: sql.placeholder('postId'),
      userId: sql.placeholder('userId'),
      kind: sql.placeholder('kind'),
      createdAt: sql.placeholder('now'),
    })
    .onConflictDoUpdate({
      target: [postReactions.postId, postReactions.userId],
      set: { kind: sql`${sql.placeholder('kind')}`, createdAt: sql`${sql.placeholder('now')}` },
    })
    .prepare(),
)

/** Moves a post's likeCount by `delta` and answers the post as it now is. */
const changeLikeCount = perDatabase((db) =>
  db
    .update(posts)
    .set({
      likeCount: sql`${posts.likeCount} + ${sql.placeholder('delta')}`,
      updatedAt: sql`${sql.placeholder('now')}`,
    })
    .where(eq(posts.id, sql.placeholder('postId')))
    .returning()
    .prepare(),
)

function react(db: Store, post: PostRow, userId: number, kind: 'like' | 'dislike', now: number) {
  setReaction(db).run({ postId: post.id, userId, kind, now })
  const row = changeLikeCount(db).get({ postId: post.id, delta: kind === 'like' ? 1 : -1, now })
  if (!row) throw new Error(`Post ${post.id} vanished`)
  return row
}

/**
 * Like (SPEC section 4): refused when already liked; otherwise moves the user out of dislikedBy
 * into likedBy and raises likeCount by one.
 */
export function likePost(db: Store, userId: number, postId: number, now = Date.now()): PostRow {
  return db.transaction(() => {
    const post = getPost(db, postId)
    refuseIfBlocked(db, userId, [post.authorId])
    const previous = reactionOf(db).get({ postId: post.id, userId })?.kind
    if (previous === 'like') throw new HttpError('ALREADY_DONE', MESSAGES.alreadyLiked)
    return react(db, post, userId, 'like', now)
  })
}

/**
 * Dislike (SPEC section 4): refused when likeCount is 0 or the user already disliked; otherwise
 * lowers likeCount by one and moves the user out of likedBy into dislikedBy.
 */
export function dislikePost(db: Store, userId: number, postId: number, now = Date.now()): PostRow {
  return db.transaction(() => {
    const post = getPost(db, postId)
    refuseIfBlocked(db, userId, [post.authorId])
    if (post.likeCount <= 0) throw new HttpError('STATE_CONFLICT', MESSAGES.likeBelowZero)
    const previous = reactionOf(db).get({ postId: post.id, userId })?.kind
    if (previous === 'dislike') throw new HttpError('ALREADY_DONE', MESSAGES.alreadyDisliked)
    return react(db, post, userId, 'dislike', now)
  })
}
