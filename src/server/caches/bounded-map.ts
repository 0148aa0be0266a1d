import { cacheLookupsOf } from '../observability/metrics'

/** A Map that keeps at most `limit` entries, dropping the least recently used. */
export class BoundedMap<Key, Value> {
  private readonly map = new Map<Key, Value>()
  constructor(
    readonly limit: number,
    /** Told of each entry pushed out by the bound (not of those deleted or cleared). */
    private readonly onEvict?: (key: Key) => void,
  ) {}

  get size(): number {
    return this.map.size
  }

  get(key: Key): Value | undefined {
    const value = this.map.get(key)
    if (value === undefined) return undefined
    // Most recently used last.
    this.map.delete(key)
    this.map.set(key, value)
    return value
  }

  set(key: Key, value: Value): void {
    if (this.limit <= 0) return
    this.map.delete(key)
    this.map.set(key, value)
    while (this.map.size > this.limit) {
      const oldest = this.map.keys().next()
      if (oldest.done) break
      this.map.delete(oldest.value)
      this.onEvict?.(oldest.value)
    }
  }

  /** The value of `key`, not counted as a use. */
  peek(key: Key): Value | undefined {
    return this.map.get(key)
  }

  /** Every value, oldest used first, not counted as uses. */
  values(): IterableIterator<Value> {
    return this.map.values()
  }

  keys(): IterableIterator<Key> {
    return this.map.keys()
  }

  delete(key: Key): void {
    this.map.delete(key)
  }

  deleteWhere(test: (key: Key, value: Value) => boolean): void {
    for (const [key, value] of this.map) if (test(key, value)) this.map.delete(key)
  }

  clear(): void {
    this.map.clear()
  }
}

/**
 * A BoundedMap that is a part of the read cache on its own: each `get` counts as a hit or a miss
 * of `part` (`gamerstage_cache_lookups_total`, observability/metrics.ts).
 */
export class CountedMap<Key, Value> extends BoundedMap<Key, Value> {
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
