import type { Game } from '../../../shared/api-types'
import { GAME_PLAYING_COPY, PRESENCE_COPY } from '../copy'
import { useGamePlayingNow } from '../state/games'
import { useServerFeature } from '../state/server-features'
import { PresentPersonRow } from './PersonRow'
import { Spinner } from './Spinner'

/**
 * The game page's "Playing now": those whose status names this game (by its
 * slug: `GET /games/{slug}/playing`, with presence's audience rules: never anyone who appears
 * offline or is blocked either way), online or idle, those one follows first; live. A status
 * event about someone listed updates or drops them; one naming this game for someone new, and a
 * reconnection, ask again. Only when the server names both `games` and `now-playing`.
 */
export function GamePlayingNow({ game }: { game: Game }) {
  const games = useServerFeature('games')
  const nowPlaying = useServerFeature('now-playing')
  const enabled = games && nowPlaying
  const { load, retry } = useGamePlayingNow(game.slug, enabled)

  if (!enabled) return null
  return (
    <section className="game-playing-now" aria-labelledby="game-playing-title">
      <h2 id="game-playing-title" className="section-title">
        {GAME_PLAYING_COPY.title}
      </h2>
      <div className="card game-playing-card">
        {load.state === 'loading' ? <Spinner label={GAME_PLAYING_COPY.loading} /> : null}
        {load.state === 'failed' ? (
          <p className="muted small">
            {GAME_PLAYING_COPY.failed}{' '}
            <button type="button" className="link-btn" onClick={retry}>
              {PRESENCE_COPY.here.retry}
            </button>
          </p>
        ) : null}
        {load.state === 'ready' && load.users.length === 0 ? (
          <p className="muted small game-playing-empty">{GAME_PLAYING_COPY.empty(game.name)}</p>
        ) : null}
        {load.state === 'ready' && load.users.length > 0 ? (
          <ul className="whos-here-list game-playing-list">
            {load.users.map((entry) => (
              <PresentPersonRow key={entry.user._id} entry={entry} withNote />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  )
}
