import { Link, useNavigate, useParams } from 'react-router-dom'
import { GameCover } from '../components/GameCover'
import { GameCoverControls } from '../components/GameCoverControls'
import { GameHostControls } from '../components/GameHostControls'
import { GameNightList } from '../components/GameNightList'
import { SquadCallList } from '../components/SquadCallList'
import { useServerFeature } from '../state/server-features'
import { GamePlayers } from '../components/GamePlayers'
import { GamePlayingNow } from '../components/GamePlayingNow'
import { PostList } from '../components/PostList'
import { Spinner } from '../components/Spinner'
import { EmptyState, ErrorState } from '../components/States'
import { COPY } from '../copy'
import { gamePath, tagPath } from '../lib/paths'
import { useGame } from '../state/games'
import '../styles/game-nights.css'

/**
 * `/games/:slug`: a game of the server's list. Who plays it (with follow buttons),
 * who is playing it now (GamePlayingNow, filled from the presence work), and the posts tagged
 * with its slug (the `#tag` list). An old slug of a merged or renamed game answers the game it
 * became, and the address changes to the new one. Hosts rename and merge it from here.
 */
export function GamePage() {
  const { slug = '' } = useParams()
  const navigate = useNavigate()
  const squadCalls = useServerFeature('squad-calls')
  const { load, retry, replace } = useGame(
    slug,
    (moved) => void navigate(gamePath(moved.slug), { replace: true }),
  )

  if (load.status === 'loading') return <Spinner label={COPY.games.loading} />
  if (load.status === 'error') {
    return <ErrorState message={load.message} onRetry={retry} />
  }
  if (load.status === 'missing') {
    return (
      <section className="page-single" data-main-column aria-labelledby="game-title">
        <h1 id="game-title" className="page-title">
          {COPY.games.notFound}
        </h1>
        <EmptyState title={COPY.games.notFoundHint}>
          <Link to="/explore" className="btn btn-secondary">
            Explore posts
          </Link>
        </EmptyState>
      </section>
    )
  }

  const { game } = load
  return (
    <section className="page-single game-page" data-main-column aria-labelledby="game-title">
      <div className="card game-header">
        <GameCover
          name={game.name}
          slug={game.slug}
          coverUrl={game.coverUrl}
          size={game.coverUrl ? 96 : 56}
        />
        <div className="game-header-text">
          <h1 id="game-title" className="game-title">
            {game.name}
          </h1>
          <p className="muted">
            {COPY.games.players(game.playerCount)} ·{' '}
            <Link to={tagPath(game.slug)} className="game-tag">
              #{game.slug}
            </Link>
          </p>
          <GameCoverControls game={game} onChanged={replace} />
        </div>
      </div>
      <GameHostControls
        game={game}
        onChanged={(changed) => {
          if (changed.slug !== game.slug) void navigate(gamePath(changed.slug), { replace: true })
          else replace(changed)
        }}
      />
      <GamePlayingNow game={game} />
      {squadCalls ? (
        <SquadCallList
          key={`calls:${game.slug}`}
          game={game.slug}
          headingClassName="section-title"
        />
      ) : null}
      <h2 className="section-title">Game nights</h2>
      <GameNightList
        key={`nights:${game.slug}`}
        when="upcoming"
        filter={{ game: game.slug }}
        label={`Game nights of ${game.name}`}
        empty={`No game night of ${game.name} planned yet.`}
      />
      <h2 className="section-title">{COPY.games.whoPlays}</h2>
      <div className="card game-players-card">
        <GamePlayers key={game.slug} slug={game.slug} />
      </div>
      <h2 className="section-title">{COPY.games.postsTitle}</h2>
      <PostList
        key={game.slug}
        listKey={`tag:${game.slug}`}
        empty={
          <EmptyState title={COPY.games.noPosts(game.slug)}>
            <p className="empty-hint">{COPY.games.tagHint(game.slug)}</p>
          </EmptyState>
        }
      />
    </section>
  )
}
