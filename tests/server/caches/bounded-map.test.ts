/**
 * The read cache's bounded maps (caches/bounded-map.ts): the least recently used entry goes
 * first, a peek is not a use, and only entries pushed out by the bound are told to `onEvict`
 * (caches/versions.ts moves its base on them; a deletion or a clear must not).
 */
import { describe, expect, it } from 'vitest'
import { BoundedMap } from '../../../src/server/caches/bounded-map'

describe('BoundedMap', () => {
  it('pushes out the least recently used entry, telling onEvict of it alone', () => {
    const evicted: number[] = []
    const map = new BoundedMap<number, string>(3, (key) => evicted.push(key))
    map.set(1, 'one')
    map.set(2, 'two')
    map.set(3, 'three')
    expect(map.get(1)).toBe('one') // used: 2 is now the oldest
    expect(map.peek(2)).toBe('two') // a peek is not a use
    map.set(4, 'four')
    expect(evicted).toEqual([2])
    expect([...map.keys()]).toEqual([3, 1, 4])
    expect([...map.values()]).toEqual(['three', 'one', 'four'])

    map.set(3, 'THREE') // set again: replaced and used, nothing pushed out
    expect(evicted).toEqual([2])
    expect([...map.keys()]).toEqual([1, 4, 3])

    map.delete(1)
    map.deleteWhere((key) => key === 4)
    map.clear()
    expect(map.size).toBe(0)
    expect(evicted).toEqual([2])
  })

  it('keeps nothing with a bound of 0', () => {
    const map = new BoundedMap<string, number>(0)
    map.set('a', 1)
    expect(map.get('a')).toBeUndefined()
    expect(map.size).toBe(0)
    expect([...map.values()]).toEqual([])
  })

  it('stays within its bound through churn, each entry pushed out once', () => {
    let evictions = 0
    const map = new BoundedMap<number, number>(1_000, () => evictions++)
    for (let i = 0; i < 50_000; i++) {
      map.set(i, i)
      // A recent entry read back, as a cache's hits are.
      expect(map.get(Math.max(0, i - 10))).toBe(Math.max(0, i - 10))
    }
    expect(map.size).toBe(1_000)
    expect(evictions).toBe(49_000)
    expect(map.peek(49_999)).toBe(49_999)
    expect(map.peek(48_999)).toBeUndefined()
  })
})
