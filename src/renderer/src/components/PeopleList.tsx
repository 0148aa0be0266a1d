import { useCallback, useEffect, useRef, useState } from 'react'
import type { UserListItem } from '../../../shared/api-types'
import { listFollows } from '../api/users'
import { messageOf } from '../lib/notify'
import { useInfiniteScroll } from '../lib/use-infinite-scroll'
import { LoadMore } from './LoadMore'
import { PersonRow } from './PersonRow'
import { Spinner } from './Spinner'
import { ErrorState } from './States'

interface PeopleState {
  users: UserListItem[]
  nextCursor: string | null
  loading: boolean
  /** True once the first page arrived. */
  loaded: boolean
  error: string | null
}

const START: PeopleState = {
  users: [],
  nextCursor: null,
  loading: true,
  loaded: false,
  error: null,
}

/**
 * A profile's followers or following, paged from the server (docs/API.md, "Follower and
 * following lists"): the next page loads as the end of the list scrolls into view, with a
 * "Load more" button as the fallback. A name opens the profile.
 */
export function PeopleList({
  username,
  list,
  empty,
  onOpen,
}: {
  username: string
  list: 'followers' | 'following'
  empty: string
  onOpen: () => void
}) {
  const [state, setState] = useState<PeopleState>(START)
  const scrollerRef = useRef<HTMLDivElement>(null)
  // The request in flight, if any: one at a time, and none answered after the dialog closed.
  const inFlight = useRef<AbortController | null>(null)

  const load = useCallback(
    (cursor: string | null) => {
      if (inFlight.current) return
      const controller = new AbortController()
      inFlight.current = controller
      setState((current) => ({ ...current, loading: true, error: null }))
      listFollows(username, list, cursor, controller.signal)
        .then((page) =>
          setState((current) => {
            // A follow made meanwhile can shift a page: nobody is listed twice.
            const known = new Set(current.users.map((user) => user._id))
            return {
              users: [...current.users, ...page.users.filter((user) => !known.has(user._id))],
              nextCursor: page.nextCursor,
              loading: false,
              loaded: true,
              error: null,
            }
          }),
        )
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          setState((current) => ({ ...current, loading: false, error: messageOf(error) }))
        })
        .finally(() => {
          if (inFlight.current === controller) inFlight.current = null
        })
    },
    [username, list],
  )

  useEffect(() => {
    load(null)
    return () => {
      inFlight.current?.abort()
      inFlight.current = null
    }
  }, [load])

  const more = state.loaded && state.nextCursor !== null
  const sentinel = useInfiniteScroll(
    () => load(state.nextCursor),
    more && !state.loading && !state.error,
    scrollerRef,
  )
  const what = list === 'followers' ? 'followers' : 'people followed'

  if (!state.loaded) {
    if (state.error) return <ErrorState message={state.error} onRetry={() => load(null)} />
    return <Spinner label={`Loading ${what}`} />
  }
  if (state.users.length === 0) return <p className="muted center people-empty">{empty}</p>

  return (
    <div className="people" ref={scrollerRef}>
      <ul className="people-list" aria-label={list === 'followers' ? 'Followers' : 'Following'}>
        {state.users.map((user) => (
          <PersonRow key={user._id} user={user} fullName follow onOpen={onOpen} />
        ))}
      </ul>
      {state.error ? (
        <ErrorState message={state.error} onRetry={() => load(state.nextCursor)} />
      ) : null}
      {state.error ? null : (
        <LoadMore
          more={more}
          loading={state.loading}
          what={what}
          onLoadMore={() => load(state.nextCursor)}
          sentinelRef={sentinel}
        />
      )}
    </div>
  )
}
