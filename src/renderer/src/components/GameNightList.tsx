import { Spinner } from './Spinner'
import { EmptyState, ErrorState } from './States'
import { GameNightCard } from './GameNightCard'
import { LoadMore } from './LoadMore'
import { useInfiniteScroll } from '../lib/use-infinite-scroll'
import { useGameNights, type GameNightsFilter } from '../state/game-nights'

/**
 * A list of game nights (upcoming soonest first, or past latest first), all, of one game or of one
 * player, a page at a time: "Load more" at its end, and with `scrolls` the next page also comes
 * as the end scrolls into view. With its loading, empty and error states.
 */
export function GameNightList({
  when,
  filter,
  empty,
  label,
  scrolls = false,
}: {
  when: 'upcoming' | 'past'
  filter?: GameNightsFilter
  empty: string
  label: string
  scrolls?: boolean
}) {
  const list = useGameNights(when, filter)
  const sentinel = useInfiniteScroll(
    list.loadMore,
    scrolls && list.more && !list.loading && list.error === null,
  )
  if (list.unsupported) {
    return <EmptyState title="This server has no game nights yet: it may need an update." />
  }
  if (!list.loaded) {
    return list.error !== null ? (
      <ErrorState message={list.error} onRetry={list.retry} />
    ) : (
      <Spinner label={`Loading ${label.toLowerCase()}`} />
    )
  }
  if (list.items.length === 0) return <EmptyState title={empty} />
  return (
    <>
      <ul className="game-night-list" aria-label={label}>
        {list.items.map((night) => (
          <GameNightCard key={night._id} night={night} />
        ))}
      </ul>
      {list.error !== null ? <ErrorState message={list.error} onRetry={list.retry} /> : null}
      <LoadMore
        more={list.more && list.error === null}
        loading={list.loading}
        what="game nights"
        onLoadMore={list.loadMore}
        sentinelRef={sentinel}
      />
    </>
  )
}
