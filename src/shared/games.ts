/**
 * The rules of the server's game list (docs/API.md, "Games"), shared by the server and the
 * renderer's GamePicker: a game's name, its slug, and how many a profile lists.
 *
 * A game's slug is its address (`/games/<slug>`) and its `#tag` (rich-text.ts): the name folded
 * to lowercase a–z and 0–9, accents dropped, everything else left out ("Counter-Strike 2" →
 * `counterstrike2`, "Pokémon Go" → `pokemongo`), so that what players write as a hashtag finds the
 * game's posts. A tag needs a letter, so a name of digits only gets `game` before them ("2048" →
 * `game2048`); a name in a script without Latin letters keeps its own letters ("原神" → `原神`).
 * Two names with the same slug ("Counter Strike 2", "counter-strike 2") are the same game.
 */
import { isValidTag, TAG_MAX_LENGTH } from './rich-text'

export const GAME_LIMITS = {
  /** Characters of a game's name, after trimming. */
  nameMax: 60,
  /** Games one profile lists. */
  perProfile: 30,
} as const

/** The platform families the shipped catalogue names (docs/API.md, "Game suggestions"). */
export const GAME_PLATFORMS = ['pc', 'playstation', 'xbox', 'nintendo', 'mobile'] as const
export type GamePlatform = (typeof GAME_PLATFORMS)[number]

/** The orders of `GET /games?sort=`: the most played, the newest on the list, played now. */
export const GAME_LIST_SORTS = ['popular', 'newest', 'playing'] as const
export type GameListSort = (typeof GAME_LIST_SORTS)[number]

/** Suggestions one `GET /game-suggestions` answers: 8 unless asked, at most 20. */
export const GAME_SUGGESTION_LIMITS = { default: 8, max: 20 } as const

/** Control characters (C0, DEL, C1) and the line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- the very characters a name must not hold
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u

/** A name as stored: trimmed, NFC, inner runs of spaces made one. */
export function cleanGameName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ')
}

/** Why a (cleaned) name is refused, as a sentence for people; null when it is fine. */
export function gameNameProblem(name: string): string | null {
  const clean = cleanGameName(name)
  if (clean.length === 0) return 'A game needs a name.'
  if ([...clean].length > GAME_LIMITS.nameMax) {
    return `A game's name can be at most ${GAME_LIMITS.nameMax} characters.`
  }
  if (CONTROL.test(name.trim())) return "A game's name cannot hold control characters."
  if (gameSlug(clean) === '') return "A game's name needs at least one letter or digit."
  return null
}

/** The slug of a name ('' when it has no letter or digit at all). */
export function gameSlug(name: string): string {
  const folded = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
  let slug = folded.replace(/[^a-z0-9]/g, '')
  if (slug === '') {
    // No Latin letter or digit: keep the name's own letters and digits, as a tag would.
    slug = name
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}]/gu, '')
  }
  if (slug === '') return ''
  if (!/[\p{L}]/u.test(slug)) slug = `game${slug}`
  // A tag is at most TAG_MAX_LENGTH UTF-16 units; cut whole characters only.
  while (slug.length > TAG_MAX_LENGTH) slug = [...slug].slice(0, -1).join('')
  return isValidTag(slug) ? slug : ''
}

/** True for what could be a slug in a path: a valid tag, lowercase. */
export function isGameSlug(text: string): boolean {
  return text.length > 0 && text === text.toLowerCase() && isValidTag(text) && !text.includes('#')
}
