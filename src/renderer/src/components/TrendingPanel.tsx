import { Link } from 'react-router-dom'
import { GAME_CATALOGUE_COPY } from '../copy-games'
import { gamePath, tagPath } from '../lib/paths'
import { useTrending } from '../state/games'
import { GameCover } from './GameCover'
import '../styles/games.css'

/**
 * Explore's "Trending in the last 7 days": the tags of the last days' posts and the games of
 * those days (GET /trending), each a link; a link to all games (`/games`). Nothing while it
 * loads, on a quiet server or an older one: Explore's posts are the page either way.
 */
export function TrendingPanel() {
  const trending = useTrending()
  if (!trending || (trending.tags.length === 0 && trending.games.length === 0)) return null
  return (
    <section className="card trending" aria-labelledby="trending-title">
      <h2 id="trending-title" className="panel-title">
        {GAME_CATALOGUE_COPY.trendingTitle(trending.days)}
      </h2>
      {trending.tags.length > 0 ? (
        <>
          <h3 className="trending-subtitle">{GAME_CATALOGUE_COPY.trendingTags}</h3>
          <ul className="trending-tags">
            {trending.tags.map((tag) => (
              <li key={tag.tag}>
                <Link to={tagPath(tag.tag)} className="trending-tag">
                  <span className="trending-tag-name">#{tag.tag}</span>
                  <span className="muted small">{GAME_CATALOGUE_COPY.tagPosts(tag.postCount)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {trending.games.length > 0 ? (
        <>
          <h3 className="trending-subtitle">{GAME_CATALOGUE_COPY.trendingGames}</h3>
          <ul className="trending-games">
            {trending.games.map((game) => (
              <li key={game.id}>
                <Link to={gamePath(game.slug)} className="trending-game">
                  <GameCover name={game.name} slug={game.slug} coverUrl={game.coverUrl} size={36} />
                  <span className="trending-game-name">{game.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Link to="/games" className="trending-all">
        {GAME_CATALOGUE_COPY.allGames}
      </Link>
    </section>
  )
}
