/**
 * Each player's home timeline kept as a list of what it holds (as Mastodon's
 * `FeedManager`): the ids of their own posts and of everyone they follow, and of the posts that
 * they or anyone they follow reposted, newest first, trimmed to a length and rebuilt from the
 * database when missing. The writes that concern a timeline change it (caches/touched.ts): a new
 * post or repost is pushed to the timelines of its author's (reposter's) followers, a deleted post
 * or an undone repost leaves them, an unfollow (or the block that ends a follow) takes the
 * followed player's entries out; a follow merges the new player's newest posts and reposts into
 * the follower's timeline (at its next read: `mergeFollowed`, two statements for the new player
 * alone rather than a rebuild of the whole list).
 *
 * What a viewer may not see (services/reads/visibility.ts: blocks either way, mutes, suspensions) is
 * kept in the list and left out when a page is read, with the same kept set the database's
 * queries use (`hiddenAuthors`): a mute that runs out or a lifted suspension brings entries back
 * with no write at all, exactly as the query would.
 *
 * A list is whole from its newest entry down to its floor: every entry at or after the floor is
 * in it. A page that reaches past the floor is read from the database (services/reads/home-feed.ts).
 * These are one server's, in its process. A cluster keeps one list per player in Redis instead,
 * shared by every instance and changed once by the instance that ran the command
 * (caches/redis-timelines.ts); the feed reads either through the same `TimelineKeeper`
 * (caches/timeline-keeper.ts).
 */
import type { SqlParam, Store } from '../db/store'
import { cacheLookupsOf } from '../observability/metrics'
import { BoundedMap } from './bounded-map'
import type {
  NewEntry,
  Place,
  Timeline,
  TimelineEntry,
  TimelineKeeper,
  TimelineLimits,
} from './timeline-keeper'
import { Versions } from './versions'

// The shapes are the keepers' (timeline-keeper.ts), named from here as well.
export type { NewEntry, Place, Timeline, TimelineEntry, TimelineLimits } from './timeline-keeper'

/** Compares places, newest first when sorted with `(a, b) => before(b, a)`. */
export const before = (a: Place, b: Place): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/** The floor of an entry's kind: of the posts, or of the reposts. */
export const floorOf = (timeline: Timeline, place: Place): Place | null =>
  place[2] === 0 ? timeline.postsFloor : timeline.repostsFloor

export const DEFAULT_TIMELINE_LIMITS: TimelineLimits = { length: 400, timelines: 5_000 }

export class HomeTimelines implements TimelineKeeper {
  private readonly kept: BoundedMap<number, Timeline>
  private generationCount = 0
  /**
   * Each owner's version, moved by every change of their timeline (a whole answer paged from it
   * holds while it does not move: caches/answer-parts.ts).
   */
  private readonly versions: Versions

  constructor(readonly limits: TimelineLimits = DEFAULT_TIMELINE_LIMITS) {
    // A timeline pushed out hears of no new post: its version moves, so no whole answer paged
    // from it outlives it.
    this.kept = new BoundedMap(limits.timelines, (owner) => this.versions.move([owner]))
    this.versions = new Versions(limits.timelines * 2)
  }

  versionOf(owner: number): number {
    return this.versions.of(owner)
  }

  get size(): number {
    return this.kept.size
  }

  /** Taken before a build's reads; the build is kept only if no timeline changed meanwhile. */
  get generation(): number {
    return this.generationCount
  }

  get(owner: number): Timeline | undefined {
    const timeline = this.kept.get(owner)
    this.count(timeline !== undefined)
    return timeline
  }

  private readonly count = cacheLookupsOf('timelines')

  keep(owner: number, timeline: Timeline, generation: number): void {
    if (generation !== this.generationCount) return
    this.kept.set(owner, timeline)
    this.versions.move([owner])
  }

  async timelineOf(
    db: Store,
    owner: number,
    index: (length: number) => Promise<string>,
  ): Promise<Timeline> {
    let timeline = this.get(owner)
    // Players followed since it was built go in first (two statements for them alone).
    if (timeline?.merging) timeline = await mergeFollowed(db, this, owner, timeline)
    if (timeline) return timeline
    const generation = this.generationCount
    const length = this.limits.length
    timeline = await buildTimeline(db, owner, length, await index(length))
    this.keep(owner, timeline, generation)
    return timeline
  }

  /** The kept timelines, by owner (tests compare each with a fresh build). */
  *all(): IterableIterator<[number, Timeline]> {
    for (const owner of [...this.kept.keys()]) {
      const timeline = this.kept.peek(owner)
      if (timeline) yield [owner, timeline]
    }
  }

  /** A new post, or a new repost: into the timelines of those who follow its author (reposter). */
  added(entry: NewEntry): void {
    this.generationCount++
    const by = entry.reposterId ?? entry.authorId
    const place: Place = [entry.createdAt, entry.postId, entry.reposterId ?? 0]
    for (const owner of this.kept.keys()) {
      const timeline = this.kept.peek(owner)
      if (!timeline?.authors.has(by)) continue
      const floor = floorOf(timeline, place)
      if (floor && before(place, floor) < 0) continue
      if (insert(timeline, { place, authorId: entry.authorId }, this.limits.length)) {
        this.versions.move([owner])
      }
    }
  }

  /** A deleted post (with its reposts), or one repost taken back (`reposterId`). */
  removed(postId: number, reposterId?: number): void {
    this.generationCount++
    for (const owner of this.kept.keys()) {
      const timeline = this.kept.peek(owner)
      if (!timeline) continue
      const entries = timeline.entries.filter(
        ({ place }) => place[1] !== postId || (reposterId !== undefined && place[2] !== reposterId),
      )
      if (entries.length === timeline.entries.length) continue
      timeline.entries = entries
      this.versions.move([owner])
    }
  }

  /**
   * A follow began: the new player's posts and reposts are to be merged into the follower's
   * timeline (`mergeFollowed`, at its next read; their new ones go in from now on). A follow
   * ended: the followed player's posts and reposts leave it.
   */
  followed(followerId: number, followeeId: number, following: boolean): void {
    this.generationCount++
    this.versions.move([followerId])
    const timeline = this.kept.peek(followerId)
    if (!timeline || followerId === followeeId) return
    if (following) {
      if (timeline.authors.has(followeeId)) return
      timeline.authors.add(followeeId)
      timeline.merging = new Set([...(timeline.merging ?? []), followeeId])
      return
    }
    timeline.authors.delete(followeeId)
    timeline.merging?.delete(followeeId)
    timeline.entries = timeline.entries.filter(
      ({ place, authorId }) =>
        place[2] !== followeeId && !(place[2] === 0 && authorId === followeeId),
    )
  }

  clear(): void {
    this.generationCount++
    this.versions.moveAll()
    this.kept.clear()
  }

  /**
   * Merges what `mergeFollowed` read (the entries of the players being merged, `whole` down to
   * each kind's floor) into the owner's timeline, if no timeline changed since `generation`
   * (else the timeline goes: the next read rebuilds it). Answers the timeline kept after.
   */
  merge(owner: number, read: Timeline, generation: number): Timeline | undefined {
    const timeline = this.kept.peek(owner)
    if (!timeline) return undefined
    if (generation !== this.generationCount) {
      this.kept.delete(owner)
      this.versions.move([owner])
      return undefined
    }
    for (const entry of read.entries) insert(timeline, entry, Infinity)
    // Each kind is now whole only down to the newer of the two floors.
    const newer = (a: Place | null, b: Place | null) => (!a ? b : !b || before(a, b) > 0 ? a : b)
    timeline.postsFloor = newer(timeline.postsFloor, read.postsFloor)
    timeline.repostsFloor = newer(timeline.repostsFloor, read.repostsFloor)
    dropBelowFloors(timeline)
    trim(timeline, this.limits.length)
    delete timeline.merging
    this.versions.move([owner])
    return timeline
  }
}

/** Leaves out the entries of each kind older than its floor (the list holds no such entry). */
function dropBelowFloors(timeline: Timeline): void {
  timeline.entries = timeline.entries.filter((entry) => {
    const floor = floorOf(timeline, entry.place)
    return !floor || before(entry.place, floor) >= 0
  })
}

/**
 * Puts an entry in its place (most often the front), once; trims the oldest past the length.
 * Whether it was not there yet.
 */
function insert(timeline: Timeline, entry: TimelineEntry, length: number): boolean {
  const { entries } = timeline
  let index = 0
  let there = entries[0]
  while (there && before(there.place, entry.place) > 0) there = entries[++index]
  // Already there: the build read it after the write committed, before its touch.
  if (there && before(there.place, entry.place) === 0) return false
  entries.splice(index, 0, entry)
  trim(timeline, length)
  return true
}

/**
 * Keeps the newest `length` entries; the floor of each kind that lost entries rises to the last
 * one kept (what is left of that kind is still all of it from there on).
 */
export function trim(timeline: Timeline, length: number): void {
  // A little slack, so that a busy timeline is not cut at every new post.
  if (timeline.entries.length <= length + length / 4) return
  const cut = timeline.entries.splice(length)
  const last = timeline.entries[length - 1]?.place
  if (!last) return
  const rise = (floor: Place | null) => (floor && before(floor, last) > 0 ? floor : last)
  if (cut.some((entry) => entry.place[2] === 0)) timeline.postsFloor = rise(timeline.postsFloor)
  if (cut.some((entry) => entry.place[2] !== 0)) {
    timeline.repostsFloor = rise(timeline.repostsFloor)
  }
}

const isPost = (entry: TimelineEntry) => entry.place[2] === 0

/** The feed's authors (a subquery): whom the user follows, and the user. */
export const FEED_USERS =
  '(SELECT followee_id FROM follows WHERE follower_id = ? UNION ALL SELECT ?)'

/**
 * Reads a timeline from the database: the owner's feed authors, their newest `length` posts and
 * the newest `length` reposts by them, hidden or not (hiding is done at read time). `index`: the
 * posts index that serves this feed best (services/reads/posts.ts feedIndex).
 */
export async function buildTimeline(
  db: Store,
  owner: number,
  length: number,
  index: string,
): Promise<Timeline> {
  const authors = new Set(
    await db.ids('SELECT followee_id FROM follows WHERE follower_id = ?', owner),
  )
  authors.add(owner)
  return readTimeline(db, authors, { sql: FEED_USERS, params: [owner, owner] }, length, index)
}

/**
 * Merges into the owner's kept timeline the players they followed since it was built
 * (`Timeline.merging`): their newest `length` posts and reposts, two statements. Answers the
 * timeline to read, or undefined when it went meanwhile (the caller builds it afresh).
 */
export async function mergeFollowed(
  db: Store,
  timelines: HomeTimelines,
  owner: number,
  timeline: Timeline,
): Promise<Timeline | undefined> {
  const merging = [...(timeline.merging ?? [])]
  if (merging.length === 0) return timeline
  const generation = timelines.generation
  const read = await readMerging(db, merging, timelines.limits.length)
  return timelines.merge(owner, read, generation)
}

/** The newest `length` posts and reposts of players followed since a timeline was built. */
export function readMerging(db: Store, merging: number[], length: number): Promise<Timeline> {
  const among = { sql: db.sql.idSet, params: [db.sql.ids(merging)] }
  return readTimeline(db, new Set(merging), among, length, null)
}

/** The entries by `authors` (`among`: the same as SQL), each kind whole down to its floor. */
async function readTimeline(
  db: Store,
  authors: Set<number>,
  among: { sql: string; params: SqlParam[] },
  length: number,
  index: string | null,
): Promise<Timeline> {
  const posts = await db.all<{ id: number; authorId: number; createdAt: number }>(
    `SELECT id, author_id AS "authorId", created_at AS "createdAt"
     FROM posts${index ? db.sql.indexedBy(index) : ''} WHERE author_id IN ${among.sql}
     ORDER BY created_at DESC, id DESC LIMIT ?`,
    ...among.params,
    length,
  )
  const reposts = await db.all<{
    postId: number
    userId: number
    createdAt: number
    authorId: number
  }>(
    `SELECT r.post_id AS "postId", r.user_id AS "userId", r.created_at AS "createdAt",
       p.author_id AS "authorId"
     FROM reposts r${db.sql.indexedBy('reposts_user_recent_idx')} JOIN posts p ON p.id = r.post_id
     WHERE r.user_id IN ${among.sql}
     ORDER BY r.created_at DESC, r.post_id DESC, r.user_id DESC LIMIT ?`,
    ...among.params,
    length,
  )
  const entries: TimelineEntry[] = [
    ...posts.map((row) => ({
      place: [Number(row.createdAt), Number(row.id), 0] as const,
      authorId: Number(row.authorId),
    })),
    ...reposts.map((row) => ({
      place: [Number(row.createdAt), Number(row.postId), Number(row.userId)] as const,
      authorId: Number(row.authorId),
    })),
  ].sort((a, b) => before(b.place, a.place))
  // Each kind is whole down to its last row, when it may have more.
  const timeline: Timeline = {
    authors,
    entries,
    postsFloor: posts.length === length ? (entries.findLast(isPost)?.place ?? null) : null,
    repostsFloor:
      reposts.length === length
        ? (entries.findLast((entry) => !isPost(entry))?.place ?? null)
        : null,
  }
  trim(timeline, length)
  return timeline
}
