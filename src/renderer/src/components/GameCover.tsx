import { useState } from 'react'
import { gameCover } from '../lib/game-cover'
import { resolveMediaUrl } from '../lib/addresses'
import '../styles/games.css'

/**
 * A game's cover: the uploaded one when the game has it (its name as the picture's alt), else
 * the generated placeholder (lib/game-cover.ts), its initials on the game's own colour, which is
 * decorative: the game's name is always written beside it. A cover that fails to load shows the
 * placeholder too.
 */
export function GameCover({
  name,
  slug,
  coverUrl,
  size = 56,
}: {
  name: string
  slug: string
  coverUrl?: string | null
  size?: number
}) {
  const resolved = resolveMediaUrl(coverUrl)
  const [failed, setFailed] = useState<string | null>(null)
  if (resolved && failed !== resolved) {
    return (
      <img
        className="game-cover game-cover-image"
        src={resolved}
        alt={name}
        width={size}
        height={size}
        style={{ width: size, height: size }}
        loading="lazy"
        onError={() => setFailed(resolved)}
      />
    )
  }
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
