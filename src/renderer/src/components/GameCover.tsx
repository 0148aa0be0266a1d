import { gameCover } from '../lib/game-cover'
import '../styles/games.css'

/**
 * A game's cover: for now always the generated placeholder (lib/game-cover.ts), its initials
 * on the game's own colour. Decorative: the game's name is always written beside it.
 */
export function GameCover({
  name,
  slug,
  size = 56,
}: {
  name: string
  slug: string
  size?: number
}) {
  const look = gameCover(name, slug)
  return (
    <span
      className="game-cover"
      aria-hidden="true"
      style={{
        background: look.background,
        width: size,
        height: size,
        fontSize: Math.round(size * 0.38),
      }}
    >
      {look.initials}
    </span>
  )
}
