/**
 * Post rows kept by id and version (as Mastodon's `cache_collection`): what every viewer
 * sees alike of a post's own row (its text, its counts, its times), so that presenting a page of
 * posts reads no `posts` row that nothing changed since it was last read.
 *
 * A row changes only by a command, and every command that changes one says so
 * (caches/touched.ts: `posts`): the post's version moves and its kept row goes. A like changes
 * one entry, never the rest. A fill notes the versions before its read and keeps a row only if
 * its version did not move meanwhile, so a read racing a write cannot put back the row the write
 * just replaced. Kept rows are frozen: they are shared by every request.
 */
import type { PostRow } from '../db/rows'
import { cacheLookupsOf } from '../observability/metrics'
import { BoundedMap } from './bounded-map'
import { Versions } from './versions'

interface KeptRow {
  version: number
  row: PostRow
}

export class PostRows {
  private readonly rows: BoundedMap<number, KeptRow>
  /** Each post's version; also what the viewer states of a post are kept under (viewer-states.ts). */
  readonly versions: Versions
  private readonly count = cacheLookupsOf('post_rows')

  constructor(limit: number) {
    this.rows = new BoundedMap(limit)
    this.versions = new Versions(limit * 2)
  }

  get size(): number {
    return this.rows.size
  }

  versionOf(postId: number): number {
    return this.versions.of(postId)
  }

  /** The kept row of a post, if its version is the one it was read under. */
  get(postId: number): PostRow | undefined {
    const kept = this.rows.get(postId)
    const current = kept !== undefined && kept.version === this.versionOf(postId)
    this.count(current)
    if (current) return kept.row
    if (kept) this.rows.delete(postId)
    return undefined
  }

  /** Keeps a row read while the post's version was `version` (versionOf before the read). */
  keep(row: PostRow, version: number): void {
    if (version !== this.versionOf(row.id)) return
    this.rows.set(row.id, { version, row: Object.freeze({ ...row }) })
  }

  /** A command changed (or deleted) these posts' rows. */
  touch(postIds: Iterable<number>): void {
    const ids = [...postIds]
    this.versions.move(ids)
    for (const id of ids) this.rows.delete(id)
  }

  /** Every row may have changed (an account's deletion, a restore). */
  clear(): void {
    this.versions.moveAll()
    this.rows.clear()
  }

  /** The kept rows (tests compare each with the database). */
  *entries(): IterableIterator<PostRow> {
    for (const id of [...this.rows.keys()]) {
      const kept = this.rows.peek(id)
      if (kept && kept.version === this.versionOf(id)) yield kept.row
    }
  }
}
