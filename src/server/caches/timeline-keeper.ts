/**
 * What the home feed reads its timelines through (services/reads/home-feed.ts), written once for
 * both keepers: one server's lists in its process (caches/home-timelines.ts `HomeTimelines`), and
 * a cluster's lists shared in Redis (caches/redis-timelines.ts `RedisTimelines`), one list per
 * player for every instance.
 */
import type { Store } from '../db/store'
import type { Timeline, TimelineLimits } from './home-timelines'
import type { Touched } from './touched'

export interface TimelineKeeper {
  readonly limits: TimelineLimits
  /**
   * The owner's version, moved by every change of their timeline (a whole answer paged from it
   * holds while it does not move: caches/answer-parts.ts). Synchronous, read on this instance.
   */
  versionOf(owner: number): number
  /**
   * The owner's timeline to page from: the kept one, with the players they followed since merged
   * in, or built from the database when missing (and kept, if no timeline changed meanwhile).
   * Undefined: none can be had now (the page is read from the database). `index`: the posts
   * index that serves the owner's feed best, for a build (services/reads/posts.ts feedIndex).
   */
  timelineOf(
    db: Store,
    owner: number,
    index: (length: number) => Promise<string>,
  ): Promise<Timeline | undefined>
}

/** The cluster's keeper (caches/redis-timelines.ts), as the read cache knows it. */
export interface SharedTimelineKeeper extends TimelineKeeper {
  /**
   * What a command touched (caches/touched.ts): the versions of the owners whose lists it may
   * change move here; `here` (this instance ran the command) also writes the change to the
   * shared lists, once for the whole cluster.
   */
  touched(touched: Touched, here: boolean): void
  /** This instance may have missed touches: every version here moves (the lists stay). */
  forget(): void
  /** Redis may have lost what the lists rest on: no list of before is used again. */
  renew(): void
  /** The owners whose lists are kept now (tests compare each with the database). */
  owners(): Promise<number[]>
}
