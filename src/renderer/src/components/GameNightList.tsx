import { Spinner } from './Spinner'
import { EmptyState, ErrorState } from './States'
import { GameNightCard } from './GameNightCard'
import { useGameNights } from '../state/game-nights'

/**
 * A list of game nights (upcoming soonest first, or past latest first), all or of one game, with
 * its loading, empty and error states.
 */
export function GameNightList({
  when,
  game,
  empty,
  label,
}: {
  when: 'upcoming' | 'past'
  game?: string
  empty: string
  label: string
}) {
  const { load, retry } = useGameNights(when, game)
  if (load.status === 'loading') return <Spinner label={`Loading ${label.toLowerCase()}`} />
  if (load.status === 'error') return <ErrorState message={load.message} onRetry={retry} />
  if (load.status === 'unsupported') {
    return <EmptyState title="This server has no game nights yet: it may need an update." />
  }
  if (load.nights.length === 0) return <EmptyState title={empty} />
  return (
    <ul className="game-night-list" aria-label={label}>
      {load.nights.map((night) => (
        <GameNightCard key={night._id} night={night} />
      ))}
    </ul>
  )
}
