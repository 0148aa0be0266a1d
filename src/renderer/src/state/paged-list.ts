/**
 * One paged list a screen reads from the server a page at a time (a profile's followers, a game's
 * players, a search tab, who reacted): every such list loads, fails, retries and goes on the same
 * way, through `usePagedList`. The posts, comments and notifications are not among them: they are
 * kept in the store (posts.ts, comments.ts, notification-list.ts), where live events reach them.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { messageOf } from '../lib/notify'
import type { Loadable } from './async'

/** A page as a list reads it: its items, and the cursor of the next page (null at the end). */
export interface Page<Item> {
  items: readonly Item[]
  nextCursor: string | null
}

/** Reads one page: the first with a null cursor. `signal` aborts it when the list goes away. */
export type PageReader<Item> = (cursor: string | null, signal: AbortSignal) => Promise<Page<Item>>

interface Listing<Item> extends Loadable {
  items: Item[]
  nextCursor: string | null
}

/** A paged list as a screen shows it. */
export interface PagedList<Item> extends Loadable {
  items: readonly Item[]
  /** The cursor of the page that comes next (or that failed, which a retry asks again). */
  nextCursor: string | null
  /** True once a page came and another is still to come. */
  more: boolean
  loading: boolean
  /** The next page (none while one is under way, or past the end). */
  loadMore: () => void
  /** The page that failed, again: the first when none came yet. */
  retry: () => void
}

/** A list whose first page is under way: the effect below asks for it in the same commit. */
const STARTING: Listing<never> = {
  items: [],
  nextCursor: null,
  status: 'loading',
  loaded: false,
  error: null,
}

/**
 * A paged list held by the calling component: the first page loads when it mounts, one request
 * at a time, and none is answered after it unmounts. `listKey` names the list shown; each list
 * keeps what it loaded while another is shown (a dialog's tabs), and a new key starts afresh.
 * `identify` names an item: a page that a change meanwhile shifted lists nobody twice.
 */
export function usePagedList<Item>(
  listKey: string,
  read: PageReader<Item>,
  identify: (item: Item) => string,
): PagedList<Item> {
  const [lists, setLists] = useState<Readonly<Record<string, Listing<Item>>>>({})
  // The latest reader and identity, for loads started by the effect or a click.
  const readRef = useRef(read)
  const identifyRef = useRef(identify)
  useEffect(() => {
    readRef.current = read
    identifyRef.current = identify
  })
  // The request under way for each list; all are aborted when the component goes.
  const inFlight = useRef(new Map<string, AbortController>())

  const load = useCallback((key: string, cursor: string | null) => {
    if (inFlight.current.has(key)) return
    const controller = new AbortController()
    inFlight.current.set(key, controller)
    const update = (change: (shown: Listing<Item>) => Listing<Item>) =>
      setLists((all) => ({ ...all, [key]: change(all[key] ?? STARTING) }))
    update((shown) => ({ ...shown, status: 'loading', error: null }))
    readRef
      .current(cursor, controller.signal)
      .then((page) => {
        if (controller.signal.aborted) return
        update((shown) => {
          const kept = cursor === null ? [] : shown.items
          const known = new Set(kept.map((item) => identifyRef.current(item)))
          const fresh = page.items.filter((item) => !known.has(identifyRef.current(item)))
          return {
            items: [...kept, ...fresh],
            nextCursor: page.nextCursor,
            status: 'ready',
            loaded: true,
            error: null,
          }
        })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        update((shown) => ({ ...shown, status: 'error', error: messageOf(error) }))
      })
      .finally(() => {
        if (inFlight.current.get(key) === controller) inFlight.current.delete(key)
      })
  }, [])

  const known = lists[listKey] !== undefined
  useEffect(() => {
    if (!known) load(listKey, null)
  }, [known, listKey, load])

  useEffect(() => {
    const requests = inFlight.current
    return () => {
      for (const controller of requests.values()) controller.abort()
      requests.clear()
    }
  }, [])

  const listing = lists[listKey] ?? STARTING
  const loading = listing.status === 'loading'
  const more = listing.loaded && listing.nextCursor !== null
  return {
    ...listing,
    more,
    loading,
    loadMore: () => {
      if (!loading && (more || !listing.loaded)) load(listKey, listing.nextCursor)
    },
    retry: () => load(listKey, listing.loaded ? listing.nextCursor : null),
  }
}
