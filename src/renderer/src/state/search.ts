import { useEffect, useState } from 'react'
import type { SearchResponse } from '../../../shared/api-types'
import { search } from '../api/search'
import { searchUsers } from '../api/users'
import { messageOf } from '../lib/notify'
import { NOT_LOADED } from './async'
import type { Loadable } from './async'

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
