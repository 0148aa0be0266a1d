/**
 * What a command touched (as GoToSocial's `OnInvalidate…` hooks): each command that
 * changes rows a cache keeps says which, in one line beside its work (actions/live.ts `commit`,
 * its last argument), and the caches change exactly those entries, right after the commit and
 * before its live events go out. No cache reads event payloads to guess what changed.
 *
 * In a cluster the command's instance carries it to the others through the events' stream
 * (actions/live.ts, EventHub.carryTouched), ahead of the command's events; each applies it with
 * `touchCache` (app.ts). An instance that stops following the stream drops all it kept. A
 * cluster's home timelines are shared in Redis (caches/redis-timelines.ts): the command's
 * instance changes them there, before it carries the touch; the others move versions only.
 *
 * Kept this way (caches/read-cache.ts): post rows by id and version (caches/post-rows.ts), each
 * viewer's own state of each post (caches/viewer-states.ts) and the home timelines
 * (caches/home-timelines.ts; in a cluster caches/redis-timelines.ts). tests/server/caches/read-cache.test.ts compares every kept
 * row and timeline with the database after every kind of command, so a command that changes such
 * rows without saying so fails it.
 */
import type { Store } from '../db/store'
import type { TimelineTouch } from './timeline-keeper'
import { type ReadCache } from './read-cache'
import { cacheOfStore } from './store-caches'

export interface Touched extends TimelineTouch {
  /** Posts whose row changed (text, counts, quote) or went: their images and shared state too. */
  posts?: readonly number[]
  /**
   * Posts whose row changed in its like count alone (a like, a dislike): their versions move,
   * and their images and shared state (poll, emoji counts), which such a change leaves as they
   * were, stay kept.
   */
  counted?: readonly number[]
  /** Viewers whose own state of some post changed (a like, a repost, an emoji, a vote). */
  viewers?: readonly number[]
  /** Posts whose comments changed: one added, edited or deleted, a vote on one. */
  comments?: readonly number[]
}

/**
 * Taken before a command's work (actions/live.ts): what `touch` needs to know that the posts it
 * makes have no viewer's state yet (caches/viewer-states.ts `born`). Undefined without a cache.
 */
export function touchStamp(db: Store): number | undefined {
  return cacheOfStore(db)?.viewerStates.stamp()
}

/**
 * Applies what a command touched to the caches of `db` (the app's store, after its commit);
 * `stamp`: `touchStamp` before the command began.
 */
export function touch(db: Store, touched: Touched, stamp?: number): void {
  const cache = cacheOfStore(db)
  if (!cache) return
  touchCache(cache, touched, true)
  // Only here: a post carried from another instance may have been reacted to here before its
  // touch arrived.
  if (stamp !== undefined && touched.added && touched.added.reposterId === undefined) {
    cache.viewerStates.born(touched.added.postId, stamp)
  }
}

/**
 * Applies what a command touched to one cache: the app's own after its commit (`here`), or in a
 * cluster what another instance's command touched, read from the events' stream (app.ts). A
 * cluster's shared home timelines (caches/redis-timelines.ts) are changed by the command's own
 * instance alone; every instance moves the versions of the owners whose lists it may change.
 */
export function touchCache(cache: ReadCache, touched: Touched, here = false): void {
  cache.noteTouched()
  const { timelines, sharedTimelines } = cache
  if (touched.everything) {
    cache.postRows.clear()
    cache.viewerStates.clear()
    cache.lists.moveAll()
    timelines.clear()
    sharedTimelines?.touched(touched, here)
    return
  }
  if (touched.viewers) cache.viewerStates.touch(touched.viewers)
  if (touched.comments) cache.lists.comments.move(touched.comments)
  if (touched.posts) cache.touchPosts(touched.posts)
  if (touched.counted) cache.postRows.touch(touched.counted)
  if (touched.removed) cache.touchPosts([touched.removed.postId])
  // The lists of posts (caches/lists.ts): a post, not a repost, joins or leaves them.
  if (touched.removed && touched.removed.reposterId === undefined) {
    cache.lists.postChanged(touched.removed.authorId)
  }
  if (touched.added && touched.added.reposterId === undefined) {
    cache.lists.postChanged(touched.added.authorId)
  }
  if (sharedTimelines) {
    sharedTimelines.touched(touched, here)
    return
  }
  if (touched.removed) timelines.removed(touched.removed.postId, touched.removed.reposterId)
  if (touched.added) timelines.added(touched.added)
  for (const { followerId, followeeId, following } of touched.follows ?? []) {
    timelines.followed(followerId, followeeId, following)
  }
}
