/**
 * Whole answers of reads kept by the read cache (caches/read-cache.ts `answers`; served by
 * http/kept-answers.ts).
 */
import type { ShownParts } from './answer-parts'

/** What a whole answer is made of: its bytes, their type and the route that made them. */
export interface AnswerMade {
  body: Uint8Array<ArrayBuffer>
  contentType: string
  /** Its route's pattern (`/api/feed`), for the log line of a request it answers. */
  route: string
}

/** A whole answer kept (http/kept-answers.ts, http/kept-answer-door.ts). */
export interface KeptAnswer extends AnswerMade {
  /** The generation it was made under (ReadCache: of every change, or of those without parts). */
  generation: number
  until: number
  /** What it showed by version (caches/answer-parts.ts); absent: any change drops it. */
  parts?: ShownParts
  /**
   * `versionMoves()` (caches/versions.ts) when its parts were last found current: while no
   * version has moved since, they still are, and the check is not made again.
   */
  partsCheckedAt?: number
}

/**
 * Whole answers of reads, per viewer and address, bounded in bytes (least recently used out).
 * Whether an entry still holds is the caller's to say (`holds`: ReadCache.answer, by its
 * generation and, for an answer kept with its parts, their versions), so an entry is only ever
 * served while nothing it shows was written.
 */
export class KeptAnswers {
  private readonly map = new Map<string, KeptAnswer>()
  private bytes = 0
  constructor(readonly limitBytes: number) {}

  get size(): number {
    return this.map.size
  }

  get usedBytes(): number {
    return this.bytes
  }

  get(key: string, holds: (kept: KeptAnswer) => boolean, now: number): KeptAnswer | undefined {
    const kept = this.map.get(key)
    if (!kept) return undefined
    this.map.delete(key)
    if (kept.until <= now || !holds(kept)) {
      this.bytes -= sizeOf(key, kept)
      return undefined
    }
    this.map.set(key, kept)
    return kept
  }

  set(key: string, answer: KeptAnswer): void {
    const size = sizeOf(key, answer)
    // An answer larger than an eighth of the bound is not worth the room it takes from others.
    if (size > this.limitBytes / 8) return
    this.delete(key)
    this.map.set(key, answer)
    this.bytes += size
    for (const [oldKey, old] of this.map) {
      if (this.bytes <= this.limitBytes) break
      this.map.delete(oldKey)
      this.bytes -= sizeOf(oldKey, old)
    }
  }

  delete(key: string): void {
    const kept = this.map.get(key)
    if (!kept) return
    this.map.delete(key)
    this.bytes -= sizeOf(key, kept)
  }

  clear(): void {
    this.map.clear()
    this.bytes = 0
  }
}

/** What an entry takes, roughly: its bytes, its strings as UTF-16, a little for the objects. */
function sizeOf(key: string, answer: KeptAnswer): number {
  return answer.body.byteLength + 2 * (key.length + answer.contentType.length) + 96
}
