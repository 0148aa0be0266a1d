/**
 * Pieces of kept answers: the JSON of one item of a page as its viewer sees it (a post of the
 * home feed, with the repost that brought it), kept with the versions it was made under. When a
 * page's list moves (a new post on its top), its fill presents only what is new and joins the
 * pieces still true (services/presenting/feed-page.ts): presenting and writing out a whole page
 * of posts was most of a fill's CPU (docs/PERFORMANCE.md, "Issue 38: the kept read's last
 * microseconds, and fills joined from pieces").
 *
 * A piece is kept with the answer it was made in (ReadCache.keepAnswer) and holds exactly as
 * long as a whole answer kept with its parts that showed it would (`KeptPieces.take`): the same
 * generation of the changes no version follows, its post's and quoted post's versions and its
 * viewer's, and no longer than that answer's life (a poll's end, a mute's end, `partsAnswerMs`).
 * So a page joined from pieces is, byte for byte, the page presented afresh.
 */
import { LRUCache } from 'lru-cache'
import { cacheLookupsOf } from '../observability/metrics'
import type { PartVersions } from './answer-parts'

/** One item's JSON and what it showed by version, as a fill made it. */
export interface AnswerPiece {
  /** Whose item (`pieceKey`). */
  key: string
  json: string
  /** The post shown and the one it quotes, each with its version before the fill read them. */
  posts: readonly (readonly [id: number, version: number])[]
  viewer: number
  /** The viewer's own state's version before the fill read it. */
  viewerVersion: number
}

/** A piece as kept: with the generation it was kept under and the end of its answer's life. */
export interface KeptPiece extends AnswerPiece {
  generation: number
  until: number
}

/** The key of a viewer's piece of a post, brought by a repost (its user and time) or by its author. */
export function pieceKey(
  viewerId: number,
  postId: number,
  repost: { userId: number; createdAt: number } | null,
): string {
  return repost
    ? `${viewerId} ${postId} ${repost.userId}:${repost.createdAt}`
    : `${viewerId} ${postId}`
}

/** Pieces bounded in bytes (their JSON and key, as UTF-16), the least recently used out. */
export class KeptPieces {
  private readonly lru: LRUCache<string, KeptPiece> | null
  private readonly count = cacheLookupsOf('pieces')

  constructor(limitBytes: number) {
    this.lru =
      limitBytes > 0
        ? new LRUCache<string, KeptPiece>({
            maxSize: limitBytes,
            sizeCalculation: (piece, key) => 2 * (piece.json.length + key.length) + 96,
          })
        : null
  }

  get size(): number {
    return this.lru?.size ?? 0
  }

  get usedBytes(): number {
    return this.lru?.calculatedSize ?? 0
  }

  /**
   * The piece of `key` while it holds as the answer it was made in would: kept under the
   * current `generation` (of the changes no version follows), its posts' and its viewer's
   * versions unchanged, its answer's life not over.
   */
  take(
    key: string,
    now: number,
    generation: number,
    versions: Pick<PartVersions, 'post' | 'viewer'>,
  ): KeptPiece | undefined {
    const kept = this.lru?.get(key)
    const holds =
      kept !== undefined &&
      kept.generation === generation &&
      now < kept.until &&
      versions.viewer(kept.viewer) === kept.viewerVersion &&
      kept.posts.every(([id, version]) => versions.post(id) === version)
    this.count(holds)
    if (holds) return kept
    if (kept) this.lru?.delete(key)
    return undefined
  }

  /** Keeps pieces made under `generation`, until `until` at most (their answer's life). */
  keep(pieces: readonly AnswerPiece[], generation: number, until: number): void {
    for (const piece of pieces) this.lru?.set(piece.key, { ...piece, generation, until })
  }

  clear(): void {
    this.lru?.clear()
  }
}
