import { Link } from 'react-router-dom'
import type { Game } from '../../../shared/api-types'
import type { GameListSort } from '../../../shared/games'
import { GameCover } from '../components/GameCover'
import { Spinner } from '../components/Spinner'
import { ErrorState } from '../components/States'
import { COPY } from '../copy'
import { GAME_CATALOGUE_COPY } from '../copy-games'
import { gamePath } from '../lib/paths'
import { useGameList } from '../state/games'
import '../styles/games.css'

/** Games per list and per "Show more". */
const PAGE_SIZE = 8

const SECTIONS: readonly GameListSort[] = ['popular', 'playing', 'newest']

/**
 * `/games`: the server's games in three lists (GET /games?sort=): the most played, those
 * being played now, and the newest on the list, each game with its cover (a generated
 * placeholder until covers can be uploaded) and a link to its page.
 */
export function GamesPage() {
  return (
    <section className="page-single games-page" data-main-column aria-labelledby="games-title">
      <h1 id="games-title" className="page-title">
        {GAME_CATALOGUE_COPY.pageTitle}
      </h1>
      <p className="muted games-intro">{GAME_CATALOGUE_COPY.pageIntro}</p>
      {SECTIONS.map((sort) => (
        <GameListSection key={sort} sort={sort} />
      ))}
    </section>
  )
}

function GameListSection({ sort }: { sort: GameListSort }) {
  const { load, more, retry } = useGameList(sort, PAGE_SIZE)
  const titleId = `games-${sort}-title`
  return (
    <section className="games-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {GAME_CATALOGUE_COPY.sections[sort]}
      </h2>
      {load.state === 'loading' ? (
        <Spinner label={GAME_CATALOGUE_COPY.loading} />
      ) : load.state === 'failed' ? (
        <ErrorState message={load.message} onRetry={retry} />
      ) : load.games.length === 0 ? (
        <p className="card games-empty muted">{GAME_CATALOGUE_COPY.empty[sort]}</p>
      ) : (
        <>
          <ul className="game-grid">
            {load.games.map((game) => (
              <li key={game.id}>
                <GameCard game={game} sort={sort} />
              </li>
            ))}
          </ul>
          {load.nextCursor ? (
            <button
              type="button"
              className="btn btn-secondary games-more"
              disabled={load.more === 'loading'}
              onClick={more}
            >
              {load.more === 'loading' ? GAME_CATALOGUE_COPY.loadingMore : GAME_CATALOGUE_COPY.more}
            </button>
          ) : null}
        </>
      )}
    </section>
  )
}

function GameCard({ game, sort }: { game: Game; sort: GameListSort }) {
  return (
    <Link to={gamePath(game.slug)} className="card game-card">
      <GameCover name={game.name} slug={game.slug} coverUrl={game.coverUrl} size={48} />
      <span className="game-card-text">
        <span className="game-card-name">{game.name}</span>
        <span className="muted small">
          {sort === 'playing'
            ? GAME_CATALOGUE_COPY.playingNow(game.playingNow ?? 0)
            : COPY.games.players(game.playerCount)}
        </span>
      </span>
    </Link>
  )
}
