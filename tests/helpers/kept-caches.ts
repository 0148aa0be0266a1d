/**
 * Compares what the caches no live event drops keep with the database (caches/touched.ts): every
 * kept post row with the row as it now is, every kept viewer state and home timeline with one read
 * afresh. A command that changes such rows without saying what it touched leaves a difference here.
 */
import { expect } from 'vitest'
import { POST_COLUMNS } from '../../src/server/db/raw'
import type { PostRow } from '../../src/server/db/rows'
import type { Store } from '../../src/server/db/store'
import {
  before,
  buildTimeline,
  mergeFollowed,
  type Place,
  type Timeline,
  type TimelineEntry,
} from '../../src/server/caches/home-timelines'
import type { ReadCache } from '../../src/server/caches/read-cache'
import type { OwnState } from '../../src/server/caches/viewer-states'
import { readOwnStates } from '../../src/server/services/presenting/post-shared'

/** The entries of one kind at or after `floor` (all of them when null), as plain arrays. */
const ofKind = (entries: TimelineEntry[], posts: boolean, floor: Place | null) =>
  entries
    .filter((entry) => (entry.place[2] === 0) === posts)
    .filter((entry) => !floor || before(entry.place, floor) >= 0)
    .map((entry) => ({ place: [...entry.place], authorId: entry.authorId }))

/**
 * The kept timelines as a page reads them: a follow's merge waits for the next read
 * (caches/home-timelines.ts mergeFollowed), done here as that read would. In a cluster, the
 * lists shared in Redis (caches/redis-timelines.ts), read as a page reads them.
 */
async function* keptTimelines(cache: ReadCache, db: Store): AsyncGenerator<[number, Timeline]> {
  const shared = cache.sharedTimelines
  if (shared) {
    for (const owner of await shared.owners()) {
      const kept = await shared.timelineOf(db, owner, () => Promise.resolve(FEED_INDEX))
      if (kept) yield [owner, kept]
    }
    return
  }
  for (const [owner, pending] of cache.timelines.all()) {
    const kept = pending.merging
      ? await mergeFollowed(db, cache.timelines, owner, pending)
      : pending
    if (kept) yield [owner, kept]
  }
}

const FEED_INDEX = 'posts_author_recent_idx'

/** Answers how many kept rows, viewer states and timelines it compared. */
export async function expectKeptAsInDatabase(
  cache: ReadCache,
  db: Store,
  after: string,
): Promise<{ rows: number; states: number; timelines: number }> {
  // One statement for all kept rows, one per viewer for their kept states.
  const keptRows = [...cache.postRows.entries()]
  const freshRows = new Map(
    (
      await db.all<PostRow>(
        `SELECT ${POST_COLUMNS} FROM posts WHERE id IN ${db.sql.idSet}`,
        db.sql.ids(keptRows.map((row) => row.id)),
      )
    ).map((row) => [row.id, row]),
  )
  for (const row of keptRows) {
    expect({ after, post: row.id, row: { ...row } }).toEqual({
      after,
      post: row.id,
      row: freshRows.get(row.id),
    })
  }
  const byViewer = new Map<number, { postId: number; state: OwnState }[]>()
  for (const { viewer, postId, state } of cache.viewerStates.entries()) {
    byViewer.set(viewer, [...(byViewer.get(viewer) ?? []), { postId, state }])
  }
  let states = 0
  for (const [viewer, kept] of byViewer) {
    const fresh = await readOwnStates(
      db,
      kept.map((entry) => entry.postId),
      viewer,
    )
    for (const { postId, state } of kept) {
      const expected = fresh.get(postId) ?? {
        reaction: null,
        reposted: false,
        emoji: [],
        vote: null,
      }
      expect({ after, viewer, postId, state }).toEqual({ after, viewer, postId, state: expected })
      states++
    }
  }
  let timelines = 0
  for await (const [owner, kept] of keptTimelines(cache, db)) {
    // Everything, without a floor: the kept one must hold all of it at or after its own floors.
    const fresh = await buildTimeline(db, owner, 1_000_000, FEED_INDEX)
    expect({ after, owner, authors: [...kept.authors].sort() }).toEqual({
      after,
      owner,
      authors: [...fresh.authors].sort(),
    })
    for (const posts of [true, false]) {
      const floor = posts ? kept.postsFloor : kept.repostsFloor
      expect({ after, owner, posts, entries: ofKind(kept.entries, posts, null) }).toEqual({
        after,
        owner,
        posts,
        entries: ofKind(fresh.entries, posts, floor),
      })
    }
    timelines++
  }
  return { rows: keptRows.length, states, timelines }
}
