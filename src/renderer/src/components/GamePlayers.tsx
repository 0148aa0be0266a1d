import { useCallback, useEffect, useRef, useState } from 'react'
import type { UserListItem } from '../../../shared/api-types'
import { listPlayers } from '../api/games'
import { COPY } from '../copy'
import { messageOf } from '../lib/notify'
import { useInfiniteScroll } from '../lib/use-infinite-scroll'
import { LoadMore } from './LoadMore'
import { PersonRow } from './PersonRow'
import { Spinner } from './Spinner'
import { ErrorState } from './States'

interface PlayersState {
  users: UserListItem[]
  nextCursor: string | null
  loading: boolean
  loaded: boolean
  error: string | null
}

const START: PlayersState = {
  users: [],
  nextCursor: null,
  loading: true,
  loaded: false,
  error: null,
}

/**
 * Who lists a game (GET /games/{slug}/players), the latest to add it first, each with a follow
 * button; the next page loads as the end comes into view, "Load more" as the fallback. The rows
 * are PeopleList's.
 */
export function GamePlayers({ slug }: { slug: string }) {
  const [state, setState] = useState<PlayersState>(START)
  const inFlight = useRef<AbortController | null>(null)

  const load = useCallback(
    (cursor: string | null) => {
      if (inFlight.current) return
      const controller = new AbortController()
      inFlight.current = controller
      setState((current) => ({ ...current, loading: true, error: null }))
      listPlayers(slug, cursor, controller.signal)
        .then((page) =>
          setState((current) => {
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
    [slug],
  )

  useEffect(() => {
    setState(START)
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
  )

  if (!state.loaded) {
    if (state.error) return <ErrorState message={state.error} onRetry={() => load(null)} />
    return <Spinner label={COPY.games.whoPlays} />
  }
  if (state.users.length === 0) return <p className="muted people-empty">{COPY.games.noPlayers}</p>

  return (
    <div className="people game-players">
      <ul className="people-list" aria-label={COPY.games.whoPlays}>
        {state.users.map((user) => (
          <PersonRow key={user._id} user={user} fullName follow />
        ))}
      </ul>
      {state.error ? (
        <ErrorState message={state.error} onRetry={() => load(state.nextCursor)} />
      ) : (
        <LoadMore
          more={more}
          loading={state.loading}
          what="players"
          onLoadMore={() => load(state.nextCursor)}
          sentinelRef={sentinel}
        />
      )}
    </div>
  )
}
