import { Link } from 'react-router-dom'
import { GameNightList } from '../components/GameNightList'
import { Icon } from '../components/Icon'
import { viewerTimeZone } from '../lib/game-night-time'
import '../styles/game-nights.css'

/**
 * `/game-nights`: the Events page. Upcoming nights first (soonest first), then past ones (latest
 * first), each a page of 20 at a time; each time in the viewer's own zone and language.
 */
export function GameNightsPage() {
  return (
    <section
      className="page-single game-nights-page"
      data-main-column
      aria-labelledby="nights-title"
    >
      <div className="game-nights-head">
        <h1 id="nights-title" className="page-title">
          Game nights
        </h1>
        <Link to="/game-nights/new" className="btn btn-primary">
          <Icon name="plus" size={16} /> Plan a game night
        </Link>
      </div>
      <p className="muted game-nights-zone">Times are in your time zone ({viewerTimeZone()}).</p>
      <h2 className="section-title">Upcoming</h2>
      <GameNightList
        when="upcoming"
        label="Upcoming game nights"
        empty="No game night planned yet. Plan one and your friends can answer."
      />
      <h2 className="section-title">Past</h2>
      <GameNightList
        when="past"
        label="Past game nights"
        empty="No game night is over yet."
        scrolls
      />
    </section>
  )
}
