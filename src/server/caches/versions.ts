/**
 * Versions of things a cache keeps parts of (posts, viewers): a fill notes the version before its
 * read and keeps what it read only if the version did not move meanwhile; a command that changes
 * the thing moves it (caches/touched.ts). Every version is drawn from one count, so no two moments
 * share one; a thing never moved (or whose version was pushed out by the bound) has `base`, which
 * moves on whenever a version is pushed out or all are dropped.
 */
import { BoundedMap } from './bounded-map'

export class Versions {
  private readonly versions: BoundedMap<number, number>
  private count = 0
  private base = 0

  constructor(limit: number) {
    this.versions = new BoundedMap(limit, () => {
      this.base = ++this.count
    })
  }

  /** The count so far: every version moved from now on is past it. */
  get latest(): number {
    return this.count
  }

  of(id: number): number {
    return this.versions.peek(id) ?? this.base
  }

  move(ids: Iterable<number>): void {
    for (const id of ids) this.versions.set(id, ++this.count)
  }

  /** Every version moves. */
  moveAll(): void {
    this.base = ++this.count
    this.versions.clear()
  }
}
