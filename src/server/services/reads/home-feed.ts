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
 * Stable paging: the cursor also carries when the first page was read, and
 * the rule above is judged as of then. A repost made while the reader scrolls does not hide the
 * older appearance a later page would show them; it reaches them live, behind the new posts pill.
 */
import type { PostRow } from '../../db/rows'
import type { SqlParam, Store } from '../../db/store'
import { decodeNumericCursor, encodeCursor, LIST_START, type PageRequest } from './pagination'
import { feedIndex, feedPostRows, postsByIds } from './posts'
import { readCacheOf, touchedCacheOf } from '../../caches/store-caches'
import { before, FEED_USERS, type Place } from '../../caches/home-timelines'
import { firstMuteEnd, hiddenAuthors, visibleAuthor } from './visibility'
import { noteShown, noteUnversioned } from '../../caches/answer-parts'

/** A post in the feed, and the repost that brought it there (null: by its author). */
export interface FeedItem {
  row: PostRow
  repost: { userId: number; createdAt: number } | null
}

/**
 * Where the page starts, and as of when the reading started (stable paging):
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

interface RepostRow {
  postId: number
  userId: number
  createdAt: number
}

/** What keeps a hidden author's post and a hidden user's repost out (services/reads/visibility.ts). */
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

/**
 * What a page is merged from (pageHomeFeed): the first `fetch` posts and reposts of the feed past
 * the start, those the viewer may see, and the newest time each of their posts was reposted into
 * the feed up to `asOf`.
 */
interface FeedSources {
  posts: { id: number; createdAt: number }[]
  reposts: RepostRow[]
  newest: Map<number, number>
}

/** The sources read from the database: up to five statements (two for a feed known to hold no
 * repost). */
async function sourcesFromDatabase(
  db: Store,
  userId: number,
  page: PageRequest,
  start: Place,
  asOf: number,
  now: number,
): Promise<FeedSources> {
  // No version follows what these statements read: a whole answer of it goes at any write.
  noteUnversioned()
  const fetch = page.limit + 1
  // Posts at the cursor's own (time, id) come after its reposts: (time, id + 1) bounds them.
  const postBound = start[2] > 0 ? [start[0], start[1] + 1] : [start[0], start[1]]
  const posts = await feedPostRows(db, userId, postBound, fetch)
  // A feed known to hold no repost at all skips the three repost statements
  // (read-cache.ts feedsWithoutReposts); an empty first page of reposts makes it known.
  const cache = readCacheOf(db)
  const noReposts = (cache?.feedsWithoutReposts.get(userId) ?? 0) > now
  const generation = cache?.generation ?? 0
  const hide = noReposts ? { and: '', params: [] } : await hiddenShares(db, userId)
  const reposts = noReposts ? [] : await feedReposts(db, userId, start, fetch, hide)
  if (!noReposts && reposts.length === 0 && page.cursor === null && cache?.keeps(generation)) {
    // Known only until the first of the user's mutes runs out, as that brings the
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
  return { posts, reposts, newest }
}

/**
 * The same sources read from the viewer's kept home timeline (caches/home-timelines.ts; in a
 * cluster the one shared in Redis, caches/redis-timelines.ts), built first when missing: no
 * statement but who is hidden from the viewer (kept too). Null when the page reaches past what
 * the timeline holds, or no timeline can be had (Redis away): the database answers it.
 *
 * Each source is what its query answers: the entries of the kind past the start, without those
 * hidden from the viewer (hiddenShares: a hidden author's post, a hidden user's repost, a repost
 * of a hidden author's post), the first `fetch` of them. The newest repost of a post that can
 * pass over an entry is newer than the entry, so it is in the timeline whenever the entry is.
 */
async function sourcesFromTimeline(
  db: Store,
  userId: number,
  page: PageRequest,
  start: Place,
  asOf: number,
): Promise<FeedSources | null> {
  const cache = touchedCacheOf(db)
  if (!cache) return null
  // This process's lists, or in a cluster the shared ones (caches/timeline-keeper.ts).
  const timelines = cache.homeTimelines
  const timeline = await timelines.timelineOf(db, userId, (length) => feedIndex(db, userId, length))
  if (!timeline) return null
  noteShown('timelines', userId, timelines.versionOf(userId))
  const hidden = new Set(await hiddenAuthors(db, userId))
  const fetch = page.limit + 1
  const postBound: Place = start[2] > 0 ? [start[0], start[1] + 1, 0] : [start[0], start[1], 0]
  const posts: FeedSources['posts'] = []
  const reposts: RepostRow[] = []
  const newest = new Map<number, number>()
  /**
   * Where the walk stopped: at the last entry of the first source to fill. Nothing older can be
   * on the page (pageHomeFeed cuts at that source's last entry), and the newest repost of any
   * post shown is newer than the entry that shows it, so it was walked.
   */
  let stop: Place | null = null
  for (const { place, authorId } of timeline.entries) {
    const [time, postId, reposter] = place
    if (hidden.has(authorId) || hidden.has(reposter)) continue
    if (reposter === 0) {
      if (before(place, postBound) < 0 && posts.push({ id: postId, createdAt: time }) === fetch) {
        stop = place
        break
      }
      continue
    }
    if (time <= asOf && (newest.get(postId) ?? -Infinity) < time) newest.set(postId, time)
    if (
      before(place, start) < 0 &&
      reposts.push({ postId, userId: reposter, createdAt: time }) === fetch
    ) {
      stop = place
      break
    }
  }
  // A source that ran out before `fetch` (or before the stop) is certain only when the timeline
  // holds all its kind down to there.
  const whole = (floor: Place | null) => !floor || (stop !== null && before(floor, stop) <= 0)
  if (posts.length < fetch && !whole(timeline.postsFloor)) return null
  if (reposts.length < fetch && !whole(timeline.repostsFloor)) return null
  const shown = new Set([...posts.map((row) => row.id), ...reposts.map((row) => row.postId)])
  for (const postId of newest.keys()) if (!shown.has(postId)) newest.delete(postId)
  return { posts, reposts, newest }
}

export async function pageHomeFeed(
  db: Store,
  userId: number,
  page: PageRequest,
  now = Date.now(),
): Promise<FeedPage> {
  const { place: start, asOf } = startPlace(page.cursor, now)
  const fetch = page.limit + 1
  const { posts, reposts, newest } =
    (await sourcesFromTimeline(db, userId, page, start, asOf)) ??
    (await sourcesFromDatabase(db, userId, page, start, asOf, now))
  /** Whether a newer appearance of this item's post exists (served on this page or before). */
  const olderAppearance = ({ place }: { place: Place }) => {
    const time = newest.get(place[1])
    return time !== undefined && (time > place[0] || (time === place[0] && place[2] === 0))
  }
  type Entry = { place: Place; repost: FeedItem['repost'] }
  const entries: Entry[] = [
    ...posts.map((row) => ({ place: [row.createdAt, row.id, 0] as const, repost: null })),
    ...reposts.map((repost) => ({
      place: [repost.createdAt, repost.postId, repost.userId] as const,
      repost: { userId: repost.userId, createdAt: repost.createdAt },
    })),
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
  const chosen: Entry[] = []
  const seen = new Set<number>()
  let last: Place | null = null
  let more = false
  for (const entry of entries) {
    if (floor && before(entry.place, floor) < 0) {
      more = true
      break
    }
    // A repeat of a post is passed over (and served), even past a full page.
    if (!seen.has(entry.place[1]) && !olderAppearance(entry)) {
      if (chosen.length === page.limit) {
        more = true
        break
      }
      seen.add(entry.place[1])
      chosen.push(entry)
    }
    last = entry.place
  }
  // Everything down to the floor was served: the source it came from has more.
  if (floor) more = true
  // The rows of the page's posts, kept by version (caches/post-rows.ts); one that went
  // meanwhile is left out.
  const rows = new Map(
    (await postsByIds(db, [...new Set(chosen.map((entry) => entry.place[1]))])).map((row) => [
      row.id,
      row,
    ]),
  )
  const items = chosen.flatMap(({ place, repost }) => {
    const row = rows.get(place[1])
    return row ? [{ row, repost }] : []
  })
  return { items, nextCursor: more && last ? encodeCursor([...last, asOf]) : null }
}
