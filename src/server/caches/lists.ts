/**
 * Versions of the lists that pages are read from, besides the home timelines: all posts newest
 * first (the explore page; post list 0), each player's own posts (their profile; the post list
 * of the author's id), and each post's comments (its comments page). A page kept whole with its
 * parts (caches/answer-parts.ts) notes the version of the list it was paged from, and holds while
 * that list does not change.
 *
 * - A new post or a deleted one moves its author's list and all posts. What a post shows (its text,
 *   counts, poll) is its own version's (caches/post-rows.ts), so a like moves no list. Reposts are
 *   in neither: the explore page and a profile's posts page show posts alone.
 * - Any change to a post's comments moves its comment list: one added, edited or deleted, a vote
 *   (its counts and the voter's own vote are both on the page).
 */
import { BoundedMap } from './bounded-map'
import { Versions } from './versions'

/** The post list of every post (author ids start at 1). */
export const ALL_POSTS = 0

/** Lists whose versions are kept apart; past them, the oldest go (their lists all move). */
const LISTS_KEPT = 10_000

/** Pages of lists kept as read (services/reads/posts.ts); some 500 bytes each. */
const PAGES_KEPT = 2_000

/** A page of a list as read: its posts' ids in order, and where the next page begins. */
export interface ListPage {
  ids: readonly number[]
  nextCursor: string | null
}

export class ListVersions {
  /** All posts (`ALL_POSTS`) and each author's, by the author's id. */
  readonly posts = new Versions(LISTS_KEPT)
  /**
   * Pages of the post lists as read from the database (ids and sort keys), by the list's version
   * and everything else the read depends on (`pageKey`): every viewer who hides the same authors
   * reads the same page, so the explore page's order is read once per new post, not once per
   * viewer. A page read while its list moved is kept under the version noted before, which no
   * reader asks for any more.
   */
  readonly postPages = new BoundedMap<string, ListPage>(PAGES_KEPT)
  /** Each post's comments, by the post's id. */
  readonly comments = new Versions(LISTS_KEPT)

  /** A post by `authorId` was made or deleted. */
  postChanged(authorId: number): void {
    this.posts.move([ALL_POSTS, authorId])
  }

  /** Anything may have changed any list. */
  moveAll(): void {
    this.posts.moveAll()
    this.comments.moveAll()
    this.postPages.clear()
  }
}
