import { useEffect, useState } from 'react'
import { SQUAD_COPY } from '../copy-squad'
import { useSquadCalls } from '../state/squad-calls'
import { SquadCallCard } from './SquadCallCard'
import '../styles/squad-calls.css'

/** How often "45 min left" is counted again. */
const TICK_MS = 30_000

/**
 * The open squad calls (of one game when `game` is given), live, under a heading: on Home, a
 * game's page and Who's here. Nothing at all while none is open (nor while loading, nor on a
 * server without them), so the page above it does not jump.
 */
export function SquadCallList({
  game,
  compact = false,
  headingLevel = 2,
  headingClassName = 'squad-calls-title',
}: {
  game?: string
  compact?: boolean
  headingLevel?: 2 | 3
  /** A game's page titles its sections alike (`section-title`). */
  headingClassName?: string
}) {
  const { load, show, retry } = useSquadCalls(game)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const headingId = `squad-calls-${compact ? 'panel' : 'main'}-title`
  if (load.status === 'error') {
    return (
      <p className="muted small squad-calls-failed">
        {SQUAD_COPY.failed}{' '}
        <button type="button" className="link-btn" onClick={retry}>
          {SQUAD_COPY.retry}
        </button>
      </p>
    )
  }
  if (load.status !== 'ready' || load.calls.length === 0) return null
  return (
    <section
      className={`squad-calls${compact ? ' squad-calls-compact' : ''}`}
      aria-labelledby={headingId}
    >
      <Heading id={headingId} className={headingClassName}>
        {SQUAD_COPY.listTitle}
      </Heading>
      <ul className="squad-call-list" aria-label={SQUAD_COPY.listLabel}>
        {load.calls.map((call) => (
          <SquadCallCard key={call._id} call={call} now={now} onChange={show} compact={compact} />
        ))}
      </ul>
    </section>
  )
}
