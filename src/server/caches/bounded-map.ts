import { LRUCache } from 'lru-cache'
import { cacheLookupsOf } from '../observability/metrics'

/**
 * A Map that keeps at most `limit` entries, dropping the least recently used, on lru-cache: its
 * linked list finds the oldest entry at once. A plain Map that moved each used entry to its end
 * and dropped its first key did not: once full, every entry it pushed out walked past the holes
 * its deletions left at its start, some 8 µs a set at 20,000 entries, so a server that had filled
 * its caches spent a fifth of each write in them (docs/PERFORMANCE.md, "Full caches").
 */
export class BoundedMap<Key extends NonNullable<unknown>, Value extends NonNullable<unknown>> {
  private readonly lru: LRUCache<Key, Value> | null

  constructor(
    readonly limit: number,
    /** Told of each entry pushed out by the bound (not of those deleted or cleared). */
    onEvict?: (key: Key) => void,
  ) {
    this.lru =
      limit > 0
        ? new LRUCache<Key, Value>({
            max: limit,
            ...(onEvict
              ? {
                  dispose: (_value: Value, key: Key, reason: LRUCache.DisposeReason) => {
                    if (reason === 'evict') onEvict(key)
                  },
                }
              : {}),
          })
        : null
  }

  get size(): number {
    return this.lru?.size ?? 0
  }

  /** The value of `key`, counted as a use (the most recently used is the last pushed out). */
  get(key: Key): Value | undefined {
    return this.lru?.get(key)
  }

  set(key: Key, value: Value): void {
    this.lru?.set(key, value)
  }

  /** The value of `key`, not counted as a use. */
  peek(key: Key): Value | undefined {
    return this.lru?.peek(key)
  }

  /** Every value, oldest used first, not counted as uses. */
  *values(): IterableIterator<Value> {
    if (!this.lru) return
    for (const value of this.lru.rvalues()) if (value !== undefined) yield value
  }

  /** Every key, oldest used first. */
  keys(): IterableIterator<Key> {
    return this.lru?.rkeys() ?? [].values()
  }

  delete(key: Key): void {
    this.lru?.delete(key)
  }

  deleteWhere(test: (key: Key, value: Value) => boolean): void {
    if (!this.lru) return
    const doomed: Key[] = []
    for (const key of this.lru.rkeys()) {
      const value = this.lru.peek(key)
      if (value !== undefined && test(key, value)) doomed.push(key)
    }
    for (const key of doomed) this.lru.delete(key)
  }

  clear(): void {
    this.lru?.clear()
  }
}

/**
 * A BoundedMap that is a part of the read cache on its own: each `get` counts as a hit or a miss
 * of `part` (`gamerstage_cache_lookups_total`, observability/metrics.ts).
 */
export class CountedMap<
  Key extends NonNullable<unknown>,
  Value extends NonNullable<unknown>,
> extends BoundedMap<Key, Value> {
  private readonly count: (found: boolean) => void

  constructor(limit: number, part: string) {
    super(limit)
    this.count = cacheLookupsOf(part)
  }

  override get(key: Key): Value | undefined {
    const value = super.get(key)
    this.count(value !== undefined)
    return value
  }
}
