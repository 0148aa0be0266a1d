/**
 * Versions of the lists of posts that pages are read from: all posts newest first (the explore
 * page; list 0) and each player's own posts (their profile; the list of the author's id). A page
 * kept whole with its parts (caches/answer-parts.ts) notes the version of the list it was paged
 * from, and holds while that list gains no post. A post joining a list moves it (a new post: its
 * author's list and all posts); a deleted post moves every list, since the touch names the post
 * alone, and deletions are rare. What a post shows (its text, counts, poll) is its own version's
 * (caches/post-rows.ts), so a like moves no list.
 *
 * Reposts are in neither list: the explore page and a profile's posts page show posts alone.
 */
import { Versions } from './versions'

/** The list of every post (author ids start at 1). */
export const ALL_POSTS = 0

/** Authors whose list's version is kept apart; past them, the oldest go (every list moves). */
const AUTHORS_KEPT = 10_000

export class PostListVersions {
  private readonly versions: Versions

  constructor(authors = AUTHORS_KEPT) {
    this.versions = new Versions(authors)
  }

  /** The version of all posts (`ALL_POSTS`) or of one author's. */
  of(list: number): number {
    return this.versions.of(list)
  }

  /** A new post by `authorId`. */
  added(authorId: number): void {
    this.versions.move([ALL_POSTS, authorId])
  }

  /** A post went (or anything else that may change any list). */
  moveAll(): void {
    this.versions.moveAll()
  }
}
