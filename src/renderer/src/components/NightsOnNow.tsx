import { useAtomValue } from 'jotai'
import { Link } from 'react-router-dom'
import type { GameNightShared } from '../../../shared/game-night-types'
import { GAME_NIGHT_COPY } from '../copy-game-nights'
import { endOfNight } from '../lib/starting-now'
import { gameNightPath } from '../lib/paths'
import { userAtom } from '../state/auth'
import { useNightsOnNow } from '../state/game-nights'
import { Icon } from './Icon'
import '../styles/game-nights.css'

const WORDS = GAME_NIGHT_COPY.startingNow

/** At most this many nights on now are listed; a link leads to the rest. */
const MOST_SHOWN = 5

/** "22:00" (or "10:00 PM") in the viewer's zone and language. */
const clock = (at: number) =>
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(at))

function NightOnNow({ night, compact }: { night: GameNightShared; compact: boolean }) {
  return (
    <li className="night-on-now">
      <span className="night-on-now-live" aria-hidden="true" />
      <div className="night-on-now-body">
        <Link to={gameNightPath(night._id)} className="night-on-now-title">
          {night.title}
        </Link>
        <p className="night-on-now-meta muted">
          <Icon name="gamepad" size={14} aria-hidden="true" /> {night.game.name} ·{' '}
          {WORDS.until(clock(endOfNight(night)))} · {WORDS.going(night.counts.going)}
        </p>
      </div>
      {compact ? null : (
        <Link
          to={gameNightPath(night._id)}
          className="btn btn-primary btn-sm night-on-now-join"
          aria-label={WORDS.open(night.title)}
        >
          {WORDS.join}
        </Link>
      )}
    </li>
  )
}

/**
 * "Starting now": the game nights on now, each a link to its page; nothing when none is. On Home
 * (`scope="mine"`: the nights the viewer hosts or answered going, maybe or waiting) and in Who's
 * here (`scope="all"`: every night on now the viewer may see, to join in). Its own section, apart
 * from what else those screens show.
 */
export function NightsOnNow({
  scope,
  variant,
}: {
  scope: 'mine' | 'all'
  variant: 'home' | 'panel' | 'page'
}) {
  const me = useAtomValue(userAtom)
  const nights = useNightsOnNow(scope, me?.username ?? null)
  if (me === null || nights.length === 0) return null
  // Who's here stays short on a busy evening: the rest are on the Game nights page.
  const shown = nights.slice(0, variant === 'panel' ? 3 : MOST_SHOWN)
  const titleId = `nights-on-now-${variant}`
  const Heading = variant === 'home' ? 'h2' : 'h3'
  return (
    <section
      className={`nights-on-now nights-on-now-${variant}${variant === 'panel' ? '' : ' card'}`}
      aria-labelledby={titleId}
    >
      <Heading id={titleId} className="nights-on-now-heading">
        {scope === 'mine' ? WORDS.title : WORDS.hereTitle}
      </Heading>
      <ul className="nights-on-now-list">
        {shown.map((night) => (
          <NightOnNow key={night._id} night={night} compact={variant === 'panel'} />
        ))}
      </ul>
      {shown.length < nights.length ? (
        <p className="nights-on-now-more">
          <Link to="/game-nights">{WORDS.more(nights.length - shown.length)}</Link>
        </p>
      ) : null}
    </section>
  )
}
