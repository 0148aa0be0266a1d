import { useEffect, useState } from 'react'
import type { UserListItem } from '../../../shared/api-types'
import { searchUsers } from '../api/users'
import { messageOf } from '../lib/notify'

export interface UserSearch {
  users: UserListItem[]
  loading: boolean
  error: string | null
  /** The trimmed query these results answer; '' when idle. */
  query: string
}

const IDLE: UserSearch = { users: [], loading: false, error: null, query: '' }

/** Prefix search on usernames, debounced; cancels a call that a newer query replaced. */
export function useUserSearch(input: string, delayMs = 250): UserSearch {
  const query = input.trim()
  const [state, setState] = useState<UserSearch>(IDLE)

  useEffect(() => {
    if (!query) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, loading: true, error: null }))
      searchUsers(query, controller.signal)
        .then(({ users }) => setState({ users, loading: false, error: null, query }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          setState({ users: [], loading: false, error: messageOf(error), query })
        })
    }, delayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, delayMs])

  return query ? state : IDLE
}
