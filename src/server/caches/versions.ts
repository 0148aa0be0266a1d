/**
 * Versions of things a cache keeps parts of (posts, viewers): a fill notes the version before its
 * read and keeps what it read only if the version did not move meanwhile; a command that changes
 * the thing moves it (caches/touched.ts). Every version is drawn from one count, so no two moments
 * share one; a thing never moved (or whose version was pushed out by the bound) has `base`, which
 * moves on whenever a version is pushed out or all are dropped.
 */
import { BoundedMap } from './bounded-map'

/** How many times any version of any `Versions` of this process has moved. */
let moves = 0

/**
 * A count that changes whenever any version anywhere moves (moved, pushed out, all dropped):
 * what was current when it was taken still is while it has not changed.
 */
export const versionMoves = (): number => moves

export class Versions {
  private readonly versions: BoundedMap<number, number>
  private count = 0
  private base = 0

  constructor(limit: number) {
    this.versions = new BoundedMap(limit, () => {
      this.base = ++this.count
      moves++
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
    moves++
    for (const id of ids) this.versions.set(id, ++this.count)
  }

  /** Every version moves. */
  moveAll(): void {
    this.base = ++this.count
    moves++
    this.versions.clear()
  }
}
