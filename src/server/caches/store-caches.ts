/**
 * Which read cache belongs to which store, and whether reads may use it now: the one app's
 * store has its cache; a transaction's handle, and a read run afresh, have none.
 */
import { ScopedStorage } from './scoped-storage'
import type { Store } from '../db/store'
import type { ReadCache } from './read-cache'

/**
 * The cache of each app's own store (createApp registers it). A transaction's handle has none,
 * so what is presented inside a transaction is always read afresh.
 */
const caches = new WeakMap<Store, ReadCache>()

export function registerReadCache(db: Store, cache: ReadCache): ReadCache {
  const known = caches.get(db)
  if (known) return known
  caches.set(db, cache)
  return cache
}

export function readCacheOf(db: Store): ReadCache | undefined {
  if (afresh.getStore()) return undefined
  const cache = caches.get(db)
  return cache?.enabled ? cache : undefined
}

/**
 * The cache of the app's store whether reads use it now or not (caches/touched.ts): what a
 * command touched changes it even while it is switched off or read around.
 */
export function cacheOfStore(db: Store): ReadCache | undefined {
  return caches.get(db)
}

/**
 * The cache whose post rows and timelines reads may use (caches/touched.ts keeps them): none in
 * a cluster, none inside a transaction or a fresh read.
 */
export function touchedCacheOf(db: Store): ReadCache | undefined {
  const cache = readCacheOf(db)
  return cache?.keepsTouched() ? cache : undefined
}

const afresh = new ScopedStorage<true>()

/**
 * Runs `work` with every read from the database, none from a cache: what a command presents for
 * its live events right after its commit (actions/live.ts `commit`). Its own events have not yet
 * dropped what they change, so a kept part (a poll's options) would still be the old one.
 */
export function readingAfresh<Result>(work: () => Result): Result {
  return afresh.run(true, work)
}
