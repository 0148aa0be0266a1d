import { Link } from 'react-router-dom'
import type { GameNightShared } from '../../../shared/game-night-types'
import { formatLength, formatNightTime } from '../lib/game-night-time'
import { gameNightPath } from '../lib/paths'
import { Icon } from './Icon'

/** "3 going · 1 maybe · 2 waiting", and the slots when there are some ("3/4 going"). */
export function answerSummary(night: GameNightShared): string {
  const { going, maybe, waiting } = night.counts
  const parts = [night.slots === null ? `${going} going` : `${going}/${night.slots} going`]
  if (maybe) parts.push(`${maybe} maybe`)
  if (waiting) parts.push(`${waiting} waiting`)
  return parts.join(' · ')
}

/** A night's status as a word, or null while it is open. */
export function statusWord(night: GameNightShared): string | null {
  if (night.status === 'cancelled') return 'Cancelled'
  if (night.status === 'closed') return 'Closed'
  return null
}

/** One game night in a list: a link to its page with when, what, where and who answered. */
export function GameNightCard({ night }: { night: GameNightShared }) {
  const status = statusWord(night)
  return (
    <li className={`card game-night-card${night.status === 'cancelled' ? ' cancelled' : ''}`}>
      <Link to={gameNightPath(night._id)} className="game-night-card-link">
        <time className="game-night-when" dateTime={night.startsAt}>
          {formatNightTime(night.startsAt)}
        </time>
        <span className="game-night-card-title">{night.title}</span>
      </Link>
      <p className="game-night-meta muted">
        <Icon name="gamepad" size={14} aria-hidden="true" /> {night.game.name} ·{' '}
        {formatLength(night.durationMinutes)}
        {night.place ? <> · {night.place}</> : null} · hosted by @{night.host.username}
      </p>
      <p className="game-night-meta">
        {status ? <span className="game-night-status">{status}</span> : null}
        {answerSummary(night)}
      </p>
    </li>
  )
}
