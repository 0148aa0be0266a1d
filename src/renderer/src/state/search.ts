import { useEffect, useState } from 'react'
import type {
  Game,
  SearchResponse,
  SearchSection,
  SearchType,
  TagResult,
  UserListItem,
} from '../../../shared/api-types'
import { search } from '../api/search'
import { searchUsers } from '../api/users'
import { messageOf } from '../lib/notify'
import { NOT_LOADED } from './async'
import type { Loadable } from './async'
import { usePagedList, type PagedList } from './paged-list'

export interface BoxSearch extends Loadable {
  /** The sections found: only those searched (a server without post search: people alone). */
  answer: SearchResponse
  /** The trimmed query these results answer; '' when idle. */
  query: string
}

const IDLE: BoxSearch = { ...NOT_LOADED, answer: { words: [] }, query: '' }

/**
 * The search box's search, debounced; cancels a call that a newer query replaced. With
 * `everything` (the server names 'post-search'), one call answers a few posts, tags and people
 * (docs/API.md, "Search"); without, the spec's prefix search on usernames alone.
 */
export function useBoxSearch(input: string, everything: boolean, delayMs = 250): BoxSearch {
  const query = input.trim()
  const [state, setState] = useState<BoxSearch>(IDLE)

  useEffect(() => {
    if (!query) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, status: 'loading', error: null }))
      const request = everything
        ? search(query, { signal: controller.signal })
        : searchUsers(query, controller.signal).then(({ users, nextCursor }): SearchResponse => ({
            words: [],
            users: { items: users, nextCursor },
          }))
      request
        .then((answer) => setState({ answer, status: 'ready', loaded: true, error: null, query }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          setState({
            answer: { words: [] },
            status: 'error',
            loaded: true,
            error: messageOf(error),
            query,
          })
        })
    }, delayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, everything, delayMs])

  return query ? state : IDLE
}

/** What each paged section of the search page lists, how its items are named, and where. */
const PAGED_SECTIONS = {
  tags: { pick: (answer: SearchResponse) => answer.tags, id: (tag: TagResult) => tag.tag },
  users: { pick: (answer: SearchResponse) => answer.users, id: (user: UserListItem) => user._id },
  games: { pick: (answer: SearchResponse) => answer.games, id: (game: Game) => game.slug },
}

type PagedSectionType = keyof typeof PAGED_SECTIONS
type ItemOf<Type extends PagedSectionType> =
  ReturnType<(typeof PAGED_SECTIONS)[Type]['pick']> extends SearchSection<infer Item> | undefined
    ? Item
    : never

/** A tab of the search page: one section's pages from `GET /api/search?type=`. */
export function useSearchSection<Type extends PagedSectionType>(
  query: string,
  type: Type,
): PagedList<ItemOf<Type>> {
  const section = PAGED_SECTIONS[type] as unknown as {
    pick: (answer: SearchResponse) => SearchSection<ItemOf<Type>> | undefined
    id: (item: ItemOf<Type>) => string
  }
  return usePagedList(
    `${type}:${query}`,
    async (cursor, signal) => {
      const found = section.pick(await search(query, { type, cursor, signal }))
      return { items: found?.items ?? [], nextCursor: found?.nextCursor ?? null }
    },
    section.id,
  )
}

/** How many each section holds, for the search page's tabs; null until known (or on failure). */
export interface SearchCounts {
  counts: Partial<Record<SearchType, number>> | null
  /** True once the answer (or its failure) came: a failure leaves `counts` null. */
  settled: boolean
}

/**
 * The search page's counts (`GET /api/search?counts=true`): one call per query, which also
 * decides the tab a search lands on (people first when a name matches, since a name typed is most often someone sought).
 */
export function useSearchCounts(query: string): SearchCounts {
  const [state, setState] = useState<SearchCounts & { query: string }>({
    counts: null,
    settled: false,
    query: '',
  })
  useEffect(() => {
    if (!query) return
    const controller = new AbortController()
    search(query, { counts: true, signal: controller.signal })
      .then((answer) => setState({ counts: answer.counts ?? {}, settled: true, query }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ counts: null, settled: true, query })
      })
    return () => controller.abort()
  }, [query])
  return state.query === query ? state : { counts: null, settled: false }
}
