import type { PostSort } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'
import { POST_COLUMNS } from '../../db/raw'
import type { PostRow } from '../../db/rows'
import { refuseUnseen, visibleAuthor, type Viewer } from './visibility'
import { readCacheOf, touchedCacheOf } from '../../caches/store-caches'
import { FEED_USERS } from '../../caches/home-timelines'
import { noteShown } from '../../caches/answer-parts'
import { ALL_POSTS } from '../../caches/lists'

/**
 * The id of every post the viewer may see (services/reads/visibility.ts), newest first (or most liked
 * first): the order of the whole-list answer.
 */
export async function allPostIds(
  db: Store,
  sort: PostSort = 'recent',
  viewer: Viewer = null,
): Promise<number[]> {
  const visible = await visibleAuthor(db, 'author_id', viewer)
  const order =
    sort === 'likes' ? 'like_count DESC, created_at DESC, id DESC' : 'created_at DESC, id DESC'
  return db.ids(
    `SELECT id FROM posts WHERE TRUE${visible.and} ORDER BY ${order}`,
    ...visible.params,
  )
}

/**
 * The posts of these ids, in this order (ids without a post left out): those whose row is kept
 * at its version (caches/post-rows.ts), the rest in one query, then kept.
 */
export async function postsByIds(db: Store, ids: number[]): Promise<PostRow[]> {
  const kept = touchedCacheOf(db)?.postRows
  const found = new Map<number, PostRow>()
  const missing: number[] = []
  for (const id of ids) {
    const row = kept?.get(id)
    if (row) found.set(id, row)
    else missing.push(id)
  }
  if (missing.length > 0) {
    const versions = missing.map((id) => kept?.versionOf(id) ?? 0)
    const rows = await db.all<PostRow>(
      `SELECT ${POST_COLUMNS} FROM posts WHERE id IN ${db.sql.idSet}`,
      db.sql.ids(missing),
    )
    const versionOf = new Map(missing.map((id, index) => [id, versions[index] ?? 0]))
    for (const row of rows) {
      found.set(row.id, row)
      kept?.keep(row, versionOf.get(row.id) ?? -1)
    }
  }
  return ids.flatMap((id) => found.get(id) ?? [])
}

/** Where a post stands in a page's order: enough to page on, the rest is its kept row. */
interface PagePlace {
  id: number
  createdAt: number
  likeCount: number
}

/**
 * One page of the posts the viewer may see (all, or one author's), newest first or most liked
 * first. The SQL text is the same for the first page and the next ones (no cursor compares below
 * the largest values), so each shape is one cached prepared statement. The page's order is read
 * as ids and sort keys alone; the rows come from `postsByIds`, kept by version, so a page asked
 * for again after a write reads no post's text again.
 */
async function pagePosts(
  db: Store,
  authorId: number | null,
  page: PageRequest,
  viewer: Viewer,
  sort: PostSort = 'recent',
): Promise<RowPage<PostRow>> {
  const byAuthor = authorId === null ? '' : 'author_id = ? AND'
  const authorParam = authorId === null ? [] : [authorId]
  // One author's posts are their profile: a mute does not hide them there (a notice does).
  const visible = await visibleAuthor(db, 'author_id', viewer, { mutes: authorId === null })
  // A page newest first holds while its list gains no post (caches/lists.ts); noted before the
  // read, so a post that joins during it moves the version noted.
  const lists = sort === 'recent' ? touchedCacheOf(db)?.lists : undefined
  let keepAs: { key: string; version: number } | undefined
  if (lists) {
    const list = authorId ?? ALL_POSTS
    const version = lists.posts.of(list)
    noteShown('postLists', list, version)
    // Every viewer who hides the same authors reads the same page of the list's version.
    const key = `${list} ${version} ${page.cursor ?? ''} ${page.limit} ${JSON.stringify(visible.params)}`
    const read = lists.postPages.get(key)
    if (read) return { rows: await postsByIds(db, [...read.ids]), nextCursor: read.nextCursor }
    keepAs = { key, version }
  }
  const place = 'id, created_at AS "createdAt", like_count AS "likeCount"'
  const places =
    sort === 'likes'
      ? await db.all<PagePlace>(
          `SELECT ${place} FROM posts
           WHERE ${byAuthor} (like_count, created_at, id) < (?, ?, ?)${visible.and}
           ORDER BY like_count DESC, created_at DESC, id DESC LIMIT ?`,
          ...authorParam,
          ...cursorOrStart(page.cursor, 3),
          ...visible.params,
          page.limit + 1,
        )
      : await db.all<PagePlace>(
          `SELECT ${place} FROM posts
           WHERE ${byAuthor} (created_at, id) < (?, ?)${visible.and}
           ORDER BY created_at DESC, id DESC LIMIT ?`,
          ...authorParam,
          ...cursorOrStart(page.cursor, 2),
          ...visible.params,
          page.limit + 1,
        )
  const { rows: shown, nextCursor } = finishPage(places, page.limit, (row) =>
    sort === 'likes'
      ? [Number(row.likeCount), Number(row.createdAt), Number(row.id)]
      : [Number(row.createdAt), Number(row.id)],
  )
  const ids = shown.map((row) => Number(row.id))
  // Kept only if the list did not move during the read (a post made meanwhile may be in it).
  if (keepAs && lists?.posts.of(authorId ?? ALL_POSTS) === keepAs.version) {
    lists.postPages.set(keepAs.key, { ids, nextCursor })
  }
  // A post deleted between the two reads is left out; the cursor still follows the order read.
  return { rows: await postsByIds(db, ids), nextCursor }
}

export function pageAllPosts(
  db: Store,
  page: PageRequest,
  sort: PostSort,
  viewer: Viewer,
): Promise<RowPage<PostRow>> {
  return pagePosts(db, null, page, viewer, sort)
}

/**
 * One author's post ids, newest first: none when the viewer may not see the author (a mute does
 * not hide them on their own profile).
 */
export async function userPostIds(db: Store, authorId: number, viewer: Viewer): Promise<number[]> {
  const visible = await visibleAuthor(db, 'author_id', viewer, { mutes: false })
  return db.ids(
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
): Promise<RowPage<PostRow>> {
  return pagePosts(db, authorId, page, viewer)
}

/**
 * The home feed: the user's own posts and those of everyone they follow, newest first, but for
 * those hidden from the user (services/reads/visibility.ts).
 *
 * Which index serves it best depends on how many posts the feed draws from. A dense feed (many
 * candidate posts) is cheapest as a newest-first scan of all posts, keeping those by its
 * authors: about `limit × total / candidates` index entries. A sparse one is cheapest as a
 * lookup of each author's posts, sorted: about `candidates` rows. SQLite cannot know the
 * candidates before planning, so the feed counts them (from users.post_count) and picks; the
 * hint is SQLite's alone (`indexedBy`), PostgreSQL plans from its own statistics.
 */
export async function pageFeed(
  db: Store,
  userId: number,
  page: PageRequest,
): Promise<RowPage<PostRow>> {
  const rows = await feedPostRows(db, userId, cursorOrStart(page.cursor, 2), page.limit + 1)
  return finishPage(rows, page.limit, (row) => [row.createdAt, row.id])
}

/**
 * Which index serves a home feed of `fetch` posts best (pageFeed). Which plan serves
 * this viewer is kept a few seconds (caches/feed-plans.ts): it only picks an index, every plan
 * answers the same rows.
 */
export async function feedIndex(db: Store, userId: number, fetch: number): Promise<string> {
  const cache = readCacheOf(db)
  let dense = cache?.enabled ? cache.feedPlans.of(userId, fetch) : undefined
  if (dense === undefined) {
    const counts = await db.get<{ candidates: number | null; total: number | null }>(
      `SELECT (SELECT sum(post_count) FROM users WHERE id IN ${FEED_USERS}) AS candidates,
              (SELECT max(id) FROM posts) AS total`,
      userId,
      userId,
    )
    dense = (counts?.candidates ?? 0) ** 2 > fetch * (counts?.total ?? 0)
    if (cache?.enabled) cache.feedPlans.keep(userId, fetch, dense)
  }
  return dense ? 'posts_recent_idx' : 'posts_author_recent_idx'
}

/**
 * The home feed's own and followed posts before `(createdAt, id)`, newest first, at most
 * `fetch` (pageFeed; the feed with reposts, services/reads/home-feed.ts, merges its reposts in).
 */
export async function feedPostRows(
  db: Store,
  userId: number,
  before: readonly number[],
  fetch: number,
): Promise<PostRow[]> {
  const authors = FEED_USERS
  const index = await feedIndex(db, userId, fetch)
  const visible = await visibleAuthor(db, 'author_id', userId)
  const ids = await db.ids(
    `SELECT id FROM posts${db.sql.indexedBy(index)}
     WHERE author_id IN ${authors} AND (created_at, id) < (?, ?)${visible.and}
     ORDER BY created_at DESC, id DESC LIMIT ?`,
    userId,
    userId,
    ...before,
    ...visible.params,
    fetch,
  )
  return postsByIds(db, ids)
}

export async function getPost(db: Store, id: number): Promise<PostRow> {
  const row = await db.get<PostRow>(`SELECT ${POST_COLUMNS} FROM posts WHERE id = ?`, id)
  if (!row) throw new HttpError('POST_NOT_FOUND', MESSAGES.postNotFound)
  return row
}

/**
 * A post opened by `viewer` (its page, comments, replies, reactors): POST_UNAVAILABLE when its
 * author is hidden from them by a block either way or a suspension (services/reads/visibility.ts).
 */
export async function getPostFor(db: Store, id: number, viewer: Viewer): Promise<PostRow> {
  const row = await getPost(db, id)
  await refuseUnseen(db, viewer, row.authorId)
  return row
}
