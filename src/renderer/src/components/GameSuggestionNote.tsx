import { COPY } from '../copy'
import { GAME_CATALOGUE_COPY } from '../copy-games'

/**
 * The small line beside a suggested game: its players when the server lists it, else where the
 * catalogue says it runs ("PC · PlayStation · new here"), so a pick of an unknown game is not a
 * surprise.
 */
export function GameSuggestionNote({
  listed,
  players,
  platforms,
}: {
  listed: boolean
  players: number
  platforms: readonly string[]
}) {
  if (listed) return <span className="muted small">{COPY.games.players(players)}</span>
  const names = platforms
    .map((platform) => GAME_CATALOGUE_COPY.platforms[platform])
    .filter((name): name is string => Boolean(name))
    .join(' · ')
  return <span className="muted small">{GAME_CATALOGUE_COPY.notListed(names)}</span>
}
