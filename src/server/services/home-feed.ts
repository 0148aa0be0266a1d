/**
 * The home feed with reposts (docs/API.md, "Reposts and quotes"): the viewer's own posts and
 * those of everyone they follow, as before, plus the posts that they or anyone they follow
 * reposted, placed at the time of the repost with "X reposted" (`repostedBy`).
 *
 * The rule for a post that comes more than once (several followed users reposted it, or its
 * author is followed too): it appears once in the whole feed, at its newest appearance, naming
 * that repost's user; its older appearances are passed over, on whatever page they fall. (A repost
 * is never older than its post, so the newest appearance is always the newest repost.)
 *
 * Three bounded queries (the posts, as pageFeed reads them; the reposts; the newest repost time
 * of each post among them), merged: the first two are read newest first, `limit + 1` rows past
 * the cursor, so that whichever runs out first still leaves a whole page before it. An item's
 * place is `(time, postId, reposterId)` (0 for the post itself); the cursor names the last item
 * served. A page may hold fewer than `limit` posts when repeats were passed over; `nextCursor`
 * is null only at the end.
 *
 * Stable paging (issue 29 leftovers): the cursor also carries when the first page was read, and
 * the rule above is judged as of then. A repost made while the reader scrolls does not hide the
 * older appearance a later page would show them; it reaches them live, behind the new posts pill.
 */
import type { Post } from '../../shared/api-types'
import type { PostRow } from '../db/rows'
import type { SqlParam, Store } from '../db/store'
import { decodeNumericCursor, encodeCursor, LIST_START, type PageRequest } from './pagination'
import { feedPostRows, postsByIds } from './posts'
import { loadSummaries, presentPosts } from './serialize'
import { formatTimestamp } from './time'
import { readCacheOf } from './read-cache'
import { firstMuteEnd, visibleAuthor } from './visibility'

/** A post in the feed, and the repost that brought it there (null: by its author). */
export interface FeedItem {
  row: PostRow
  repost: { userId: number; createdAt: number } | null
}

type Place = readonly [number, number, number]

/**
 * Where the page starts, and as of when the reading started (issue 29 leftovers: stable paging):
 * a cursor of this feed (four numbers: the place, then the first page's time), one of before
 * that (three: the place; read as of now), or of the feed before reposts (two numbers).
 */
function startPlace(cursor: string | null, now: number): { place: Place; asOf: number } {
  if (!cursor) return { place: [LIST_START, LIST_START, LIST_START], asOf: now }
  for (const length of [4, 3] as const) {
    try {
      const [time = 0, postId = 0, reposter = 0, asOf = now] = decodeNumericCursor(cursor, length)
      return { place: [time, postId, reposter], asOf: Math.min(asOf, now) }
    } catch {
      // Another length: the next try says.
    }
  }
  const [time = 0, postId = 0] = decodeNumericCursor(cursor, 2)
  return { place: [time, postId, 0], asOf: now }
}

/** Compares places, newest first. */
const before = (a: Place, b: Place) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

interface RepostRow {
  postId: number
  userId: number
  createdAt: number
}

/** What keeps a hidden author's post and a hidden user's repost out (services/visibility.ts). */
async function hiddenShares(
  db: Store,
  userId: number,
): Promise<{ and: string; params: SqlParam[] }> {
  const visible = await visibleAuthor(db, 'p.author_id', userId)
  return {
    and: visible.and
      ? ` AND p.author_id NOT IN ${db.sql.idSet} AND r.user_id NOT IN ${db.sql.idSet}`
      : '',
    params: [...visible.params, ...visible.params],
  }
}

const FEED_USERS = '(SELECT followee_id FROM follows WHERE follower_id = ? UNION ALL SELECT ?)'

/** The reposts by the user and those they follow before `start`, newest first (one query). */
async function feedReposts(
  db: Store,
  userId: number,
  start: Place,
  fetch: number,
  hide: { and: string; params: SqlParam[] },
): Promise<RepostRow[]> {
  return db.all<RepostRow>(
    `SELECT r.post_id AS "postId", r.user_id AS "userId", r.created_at AS "createdAt"
     FROM reposts r${db.sql.indexedBy('reposts_user_recent_idx')} JOIN posts p ON p.id = r.post_id
     WHERE r.user_id IN ${FEED_USERS}
       AND (r.created_at, r.post_id, r.user_id) < (?, ?, ?)${hide.and}
     ORDER BY r.created_at DESC, r.post_id DESC, r.user_id DESC LIMIT ?`,
    userId,
    userId,
    ...start,
    ...hide.params,
    fetch,
  )
}

/**
 * The newest time any of these posts was reposted into this feed up to `asOf` (one query), by
 * post. A repost made after the first page was read does not pass over an older appearance on a
 * later page: the reader has not seen it (it reaches them live, as a new post).
 */
async function newestReposts(
  db: Store,
  userId: number,
  postIds: number[],
  hide: { and: string; params: SqlParam[] },
  asOf: number,
): Promise<Map<number, number>> {
  const rows = await db.all<{ postId: number; newest: number }>(
    `SELECT r.post_id AS "postId", max(r.created_at) AS newest
     FROM reposts r JOIN posts p ON p.id = r.post_id
     WHERE r.post_id IN ${db.sql.idSet} AND r.user_id IN ${FEED_USERS}
       AND r.created_at <= ?${hide.and}
     GROUP BY r.post_id`,
    db.sql.ids(postIds),
    userId,
    userId,
    asOf,
    ...hide.params,
  )
  return new Map(rows.map((row) => [row.postId, Number(row.newest)]))
}

export interface FeedPage {
  items: FeedItem[]
  nextCursor: string | null
}

export async function pageHomeFeed(
  db: Store,
  userId: number,
  page: PageRequest,
  now = Date.now(),
): Promise<FeedPage> {
  const { place: start, asOf } = startPlace(page.cursor, now)
  const fetch = page.limit + 1
  // Posts at the cursor's own (time, id) come after its reposts: (time, id + 1) bounds them.
  const postBound = start[2] > 0 ? [start[0], start[1] + 1] : [start[0], start[1]]
  const posts = await feedPostRows(db, userId, postBound, fetch)
  // Issue 31: a feed known to hold no repost at all skips the three repost statements
  // (read-cache.ts feedsWithoutReposts); an empty first page of reposts makes it known.
  const cache = readCacheOf(db)
  const noReposts = (cache?.feedsWithoutReposts.get(userId) ?? 0) > now
  const generation = cache?.generation ?? 0
  const hide = noReposts ? { and: '', params: [] } : await hiddenShares(db, userId)
  const reposts = noReposts ? [] : await feedReposts(db, userId, start, fetch, hide)
  if (!noReposts && reposts.length === 0 && page.cursor === null && cache?.keeps(generation)) {
    // Issue 37: known only until the first of the user's mutes runs out, as that brings the
    // muted player's reposts (and those of their posts) back at once, with no event to say so.
    cache.feedsWithoutReposts.set(userId, await firstMuteEnd(db, userId, now))
  }
  const newest = noReposts
    ? new Map<number, number>()
    : await newestReposts(
        db,
        userId,
        [...new Set([...posts.map((row) => row.id), ...reposts.map((row) => row.postId)])],
        hide,
        asOf,
      )
  /** Whether a newer appearance of this item's post exists (served on this page or before). */
  const olderAppearance = ({ place }: { place: Place }) => {
    const time = newest.get(place[1])
    return time !== undefined && (time > place[0] || (time === place[0] && place[2] === 0))
  }
  const repostedRows = new Map(
    (reposts.length === 0
      ? []
      : await postsByIds(db, [...new Set(reposts.map((r) => r.postId))])
    ).map((row) => [row.id, row]),
  )
  type Entry = { place: Place; item: FeedItem }
  const entries: Entry[] = [
    ...posts.map((row) => ({
      place: [row.createdAt, row.id, 0] as const,
      item: { row, repost: null },
    })),
    ...reposts.flatMap((repost) => {
      const row = repostedRows.get(repost.postId)
      if (!row) return []
      const place = [repost.createdAt, repost.postId, repost.userId] as const
      return [
        { place, item: { row, repost: { userId: repost.userId, createdAt: repost.createdAt } } },
      ]
    }),
  ].sort((a, b) => before(b.place, a.place))
  // Only places no older than the last row of a source that may have more are certain.
  const floors: Place[] = []
  const lastPost = posts[posts.length - 1]
  if (posts.length === fetch && lastPost) floors.push([lastPost.createdAt, lastPost.id, 0])
  const lastRepost = reposts[reposts.length - 1]
  if (reposts.length === fetch && lastRepost) {
    floors.push([lastRepost.createdAt, lastRepost.postId, lastRepost.userId])
  }
  const floor = floors.sort((a, b) => before(b, a))[0]
  const items: FeedItem[] = []
  const seen = new Set<number>()
  let last: Place | null = null
  let more = false
  for (const entry of entries) {
    if (floor && before(entry.place, floor) < 0) {
      more = true
      break
    }
    // A repeat of a post is passed over (and served), even past a full page.
    if (!seen.has(entry.item.row.id) && !olderAppearance(entry)) {
      if (items.length === page.limit) {
        more = true
        break
      }
      seen.add(entry.item.row.id)
      items.push(entry.item)
    }
    last = entry.place
  }
  // Everything down to the floor was served: the source it came from has more.
  if (floor) more = true
  return { items, nextCursor: more && last ? encodeCursor([...last, asOf]) : null }
}

/** A feed page as the API answers it: each post with `repostedBy` (one more query). */
export async function presentFeed(
  db: Store,
  items: readonly FeedItem[],
  viewerId: number,
): Promise<Post[]> {
  const posts = await presentPosts(
    db,
    items.map((item) => item.row),
    { detail: 'page', viewerId },
  )
  const reposters = await loadSummaries(
    db,
    items.flatMap((item) => (item.repost ? [item.repost.userId] : [])),
  )
  return posts.map((post, index) => {
    const repost = items[index]?.repost
    const user = repost ? reposters.get(repost.userId) : undefined
    return {
      ...post,
      repostedBy: repost && user ? { user, createdAt: formatTimestamp(repost.createdAt) } : null,
    }
  })
}
