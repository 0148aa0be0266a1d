import { COPY } from '../copy'
import { useInfiniteScroll } from '../lib/use-infinite-scroll'
import { useGamePlayers } from '../state/people-lists'
import { LoadMore } from './LoadMore'
import { PersonRow } from './PersonRow'
import { Spinner } from './Spinner'
import { ErrorState } from './States'

/**
 * Who lists a game (GET /games/{slug}/players), the latest to add it first, each with a follow
 * button; the next page loads as the end comes into view, "Load more" as the fallback. The rows
 * are PeopleList's.
 */
export function GamePlayers({ slug }: { slug: string }) {
  const players = useGamePlayers(slug)
  const sentinel = useInfiniteScroll(
    players.loadMore,
    players.more && !players.loading && !players.error,
  )

  if (!players.loaded) {
    if (players.error) return <ErrorState message={players.error} onRetry={players.retry} />
    return <Spinner label={COPY.games.whoPlays} />
  }
  if (players.items.length === 0) {
    return <p className="muted people-empty">{COPY.games.noPlayers}</p>
  }

  return (
    <div className="people game-players">
      <ul className="people-list" aria-label={COPY.games.whoPlays}>
        {players.items.map((user) => (
          <PersonRow key={user._id} user={user} fullName follow />
        ))}
      </ul>
      {players.error ? (
        <ErrorState message={players.error} onRetry={players.retry} />
      ) : (
        <LoadMore
          more={players.more}
          loading={players.loading}
          what="players"
          onLoadMore={players.loadMore}
          sentinelRef={sentinel}
        />
      )}
    </div>
  )
}
