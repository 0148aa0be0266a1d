/**
 * What the home feed reads its timelines through (services/reads/home-feed.ts), written once for
 * both keepers: one server's lists in its process (caches/home-timelines.ts `HomeTimelines`), and
 * a cluster's lists shared in Redis (caches/redis-timelines.ts `RedisTimelines`), one list per
 * player for every instance.
 */
import type { Store } from '../db/store'

/** Where an entry stands: (time, post id, reposter id; 0 for the post itself). */
export type Place = readonly [number, number, number]

/** One appearance of a post in a home timeline. */
export interface TimelineEntry {
  place: Place
  /** The post's author (a repost of a hidden author's post is hidden too). */
  authorId: number
}

export interface Timeline {
  /** The owner and everyone they follow. */
  authors: Set<number>
  /** Newest first. */
  entries: TimelineEntry[]
  /**
   * Every post of the timeline at or after this place is in `entries`, and only those; null:
   * every post is. The reposts have their own (`repostsFloor`), as the database reads each apart.
   */
  postsFloor: Place | null
  repostsFloor: Place | null
  /**
   * Players followed since, in `authors` already, whose entries are not merged in yet
   * (home-timelines.ts `mergeFollowed` does it before the timeline is read).
   */
  merging?: Set<number>
}

/** A new post or repost, as a timeline takes it. */
export interface NewEntry {
  postId: number
  authorId: number
  /** Its reposter (absent: the post itself). */
  reposterId?: number
  createdAt: number
}

/** How many entries a timeline keeps, and how many timelines are kept. */
export interface TimelineLimits {
  length: number
  timelines: number
}

/**
 * What a command touched of the timelines (caches/touched.ts `Touched`, which adds the rest).
 */
export interface TimelineTouch {
  /** A new post, or a new repost (`reposterId`): into its followers' home timelines. */
  added?: NewEntry
  /**
   * A deleted post (with its reposts), or one repost taken back (`reposterId`); `authorId`: the
   * post's author (a cluster's shared lists find the entries by it, caches/redis-timelines.ts).
   */
  removed?: { postId: number; authorId: number; reposterId?: number }
  /** Follows that began or ended. */
  follows?: readonly { followerId: number; followeeId: number; following: boolean }[]
  /** Rows of every kind may have changed (an account's deletion): every kept part goes. */
  everything?: boolean
}

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
  touched(touched: TimelineTouch, here: boolean): void
  /** This instance may have missed touches: every version here moves (the lists stay). */
  forget(): void
  /** Redis may have lost what the lists rest on: no list of before is used again. */
  renew(): void
  /** The owners whose lists are kept now (tests compare each with the database). */
  owners(): Promise<number[]>
}
