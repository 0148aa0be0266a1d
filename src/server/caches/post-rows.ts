/**
 * Post rows kept by id and version (issue 38; Mastodon's `cache_collection`): what every viewer
 * sees alike of a post's own row (its text, its counts, its times), so that presenting a page of
 * posts reads no `posts` row that nothing changed since it was last read.
 *
 * A row changes only by a command, and every command that changes one says so
 * (caches/touched.ts: `posts`): the post's version goes up and its kept row goes. A like changes
 * one entry, never the rest. A fill notes the versions before its read and keeps a row only if
 * its version did not move meanwhile, so a read racing a write cannot put back the row the write
 * just replaced. Kept rows are frozen: they are shared by every request.
 */
import type { PostRow } from '../db/rows'
import { BoundedMap } from './bounded-map'

interface KeptRow {
  version: number
  row: PostRow
}

export class PostRows {
  private readonly rows: BoundedMap<number, KeptRow>
  /**
   * Each touched post's version. A post never touched (or whose version was pushed out) has
   * `base`, which moves on whenever a version is pushed out: a fill that noted a version before
   * that then keeps nothing, whatever it read. Every version is drawn from one count, so no two
   * moments share one.
   */
  private readonly versions: BoundedMap<number, number>
  private count = 0
  private base = 0

  constructor(limit: number) {
    this.rows = new BoundedMap(limit)
    this.versions = new BoundedMap(limit * 2, () => {
      this.base = ++this.count
    })
  }

  get size(): number {
    return this.rows.size
  }

  versionOf(postId: number): number {
    return this.versions.get(postId) ?? this.base
  }

  /** The kept row of a post, if its version is the one it was read under. */
  get(postId: number): PostRow | undefined {
    const kept = this.rows.get(postId)
    if (!kept) return undefined
    if (kept.version === this.versionOf(postId)) return kept.row
    this.rows.delete(postId)
    return undefined
  }

  /** Keeps a row read while the post's version was `version` (versionOf before the read). */
  keep(row: PostRow, version: number): void {
    if (version !== this.versionOf(row.id)) return
    this.rows.set(row.id, { version, row: Object.freeze({ ...row }) })
  }

  /** A command changed (or deleted) these posts' rows. */
  touch(postIds: Iterable<number>): void {
    for (const id of postIds) {
      this.versions.set(id, ++this.count)
      this.rows.delete(id)
    }
  }

  /** Every row may have changed (an account's deletion, a restore). */
  clear(): void {
    this.base = ++this.count
    this.versions.clear()
    this.rows.clear()
  }

  /** The kept rows (tests compare each with the database). */
  *entries(): IterableIterator<PostRow> {
    for (const [id, kept] of [...this.rows.keys()].map(
      (key) => [key, this.rows.peek(key)] as const,
    )) {
      if (kept && kept.version === this.versionOf(id)) yield kept.row
    }
  }
}
