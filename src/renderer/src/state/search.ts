import { useEffect, useState } from 'react'
import type { UserListItem } from '../../../shared/api-types'
import { searchUsers } from '../api/users'
import { messageOf } from '../lib/notify'
import { NOT_LOADED } from './async'
import type { Loadable } from './async'

export interface UserSearch extends Loadable {
  users: UserListItem[]
  /** The trimmed query these results answer; '' when idle. */
  query: string
}

const IDLE: UserSearch = { ...NOT_LOADED, users: [], query: '' }

/** Prefix search on usernames, debounced; cancels a call that a newer query replaced. */
export function useUserSearch(input: string, delayMs = 250): UserSearch {
  const query = input.trim()
  const [state, setState] = useState<UserSearch>(IDLE)

  useEffect(() => {
    if (!query) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, status: 'loading', error: null }))
      searchUsers(query, controller.signal)
        .then(({ users }) => setState({ users, status: 'ready', loaded: true, error: null, query }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          setState({ users: [], status: 'error', loaded: true, error: messageOf(error), query })
        })
    }, delayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, delayMs])

  return query ? state : IDLE
}
