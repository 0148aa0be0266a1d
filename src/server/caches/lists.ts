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
import { Versions } from './versions'

/** The post list of every post (author ids start at 1). */
export const ALL_POSTS = 0

/** Lists whose versions are kept apart; past them, the oldest go (their lists all move). */
const LISTS_KEPT = 10_000

export class ListVersions {
  /** All posts (`ALL_POSTS`) and each author's, by the author's id. */
  readonly posts = new Versions(LISTS_KEPT)
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
  }
}
