/**
 * A game's placeholder cover while games have no uploaded cover: its initials on a colour, both
 * derived from the game's slug, so that a game looks the same on every screen and every device.
 * The colours are dark enough for white initials (contrast at least 7:1, WCAG AAA) in either
 * theme; tests/renderer/game-cover.test.ts checks each.
 */

/** The cover colours, white text on each. */
export const COVER_COLOURS = [
  '#1e40af',
  '#6b21a8',
  '#9d174d',
  '#166534',
  '#9a3412',
  '#115e59',
  '#3730a3',
  '#713f12',
  '#991b1b',
  '#155e75',
  '#374151',
  '#86198f',
] as const

/** FNV-1a over the text's UTF-16 units: small, stable, spread well enough for a colour. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** Up to two letters: the first of the first two words, or the first two of a one-word name. */
export function gameInitials(name: string): string {
  const words = name
    .split(/[\s\-:_.,/]+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter((word) => word !== '')
  const first = [...(words[0] ?? '')]
  const second = [...(words[1] ?? '')]
  const letters = second.length > 0 ? [first[0], second[0]] : first.slice(0, 2)
  const initials = letters.join('').toUpperCase()
  return initials === '' ? '?' : initials
}

export interface GameCoverLook {
  initials: string
  background: string
}

export function gameCover(name: string, slug: string): GameCoverLook {
  return {
    initials: gameInitials(name),
    background: COVER_COLOURS[hashOf(slug) % COVER_COLOURS.length] ?? COVER_COLOURS[0],
  }
}
