/**
 * The catalogue of well-known games the server ships (src/server/data/game-catalogue.json, data
 * rather than code): read on the first search rather than at start (a server whose players never
 * open a game box never parses it), checked entry by entry against the game list's own rules
 * (src/shared/games.ts), and searched in memory by name, short name ("CS2", "BotW") or slug.
 * It only suggests: a game joins the server's list when a player adds it (PUT /me/games), the
 * path a typed name takes. docs/API.md, "Game suggestions".
 */

import {
  cleanGameName,
  GAME_PLATFORMS,
  gameNameProblem,
  gameSlug,
  type GamePlatform,
} from '../../../shared/games'

/** A catalogue game as searched: its name, slug, short names and platform families. */
export interface CatalogueGame {
  name: string
  slug: string
  aliases: string[]
  platforms: GamePlatform[]
}

/** How well a catalogue game matches a search: the lower, the better. */
export const MATCH = {
  /** The name, a short name or the slug is the search itself. */
  exact: 0,
  /** The name, or its slug, starts with the search. */
  namePrefix: 1,
  /** A short name, or its slug, starts with the search. */
  aliasPrefix: 2,
  /** A word of the name starts with the search ("souls" finds "Dark Souls III"). */
  word: 3,
} as const

export interface CatalogueMatch {
  game: CatalogueGame
  rank: (typeof MATCH)[keyof typeof MATCH]
}

interface Indexed {
  game: CatalogueGame
  /** The name's and the short names' keys (lowercase, NFC), the name's first. */
  keys: string[]
  /** Their slugs, the name's first. */
  slugs: string[]
  /** The words of the name after the first (split at spaces, `-` and `:`). */
  words: string[]
}

/** The file's entries that follow the rules, and a sentence for each one that does not. */
export function readCatalogue(raw: unknown): { games: CatalogueGame[]; problems: string[] } {
  const games: CatalogueGame[] = []
  const problems: string[] = []
  const list = (raw as { games?: unknown } | null)?.games
  if (!Array.isArray(list)) return { games, problems: ['The catalogue has no list of games.'] }
  const slugs = new Set<string>()
  list.forEach((entry: unknown, index) => {
    const { name, aliases = [], platforms = [] } = (entry ?? {}) as Record<string, unknown>
    const where = `Entry ${index + 1}`
    if (typeof name !== 'string') return problems.push(`${where} has no name.`)
    const wrong = gameNameProblem(name)
    if (wrong) return problems.push(`${where} (${name}): ${wrong}`)
    const slug = gameSlug(cleanGameName(name))
    if (slugs.has(slug)) return problems.push(`${where} (${name}) is listed twice.`)
    if (!Array.isArray(aliases) || !aliases.every((alias) => typeof alias === 'string')) {
      return problems.push(`${where} (${name}): aliases must be a list of names.`)
    }
    if (
      !Array.isArray(platforms) ||
      !platforms.every((platform) => GAME_PLATFORMS.includes(platform as GamePlatform))
    ) {
      return problems.push(`${where} (${name}): platforms must be some of ${GAME_PLATFORMS}.`)
    }
    slugs.add(slug)
    games.push({
      name: cleanGameName(name),
      slug,
      aliases: aliases.map(cleanGameName).filter((alias) => alias !== ''),
      platforms: platforms as GamePlatform[],
    })
  })
  return { games, problems }
}

const keyOf = (text: string) => cleanGameName(text).toLowerCase()

function indexGame(game: CatalogueGame): Indexed {
  const names = [game.name, ...game.aliases]
  return {
    game,
    keys: names.map(keyOf),
    slugs: names.map((name) => gameSlug(name)).filter((slug) => slug !== ''),
    words: keyOf(game.name)
      .split(/[\s:-]+/u)
      .slice(1)
      .filter((word) => word !== ''),
  }
}

/** How `entry` matches the search's key and slug; null when it does not. */
function rankOf(entry: Indexed, key: string, slug: string): CatalogueMatch['rank'] | null {
  if (entry.keys.includes(key) || entry.slugs.includes(slug)) return MATCH.exact
  const [nameKey = '', ...aliasKeys] = entry.keys
  if (nameKey.startsWith(key) || entry.game.slug.startsWith(slug)) return MATCH.namePrefix
  if (aliasKeys.some((alias) => alias.startsWith(key))) return MATCH.aliasPrefix
  if (entry.slugs.slice(1).some((alias) => alias.startsWith(slug))) return MATCH.aliasPrefix
  if (entry.words.some((word) => word.startsWith(key))) return MATCH.word
  return null
}

/** A searchable catalogue: its games and the search over them. */
export interface Catalogue {
  games: readonly CatalogueGame[]
  /** Up to `limit` games, best match first (then the shorter name, then A–Z). */
  search(text: string, limit: number): CatalogueMatch[]
}

export function catalogueOf(games: readonly CatalogueGame[]): Catalogue {
  const index = games.map(indexGame)
  return {
    games,
    search(text, limit) {
      const key = keyOf(text)
      const slug = gameSlug(key)
      // Symbols alone ("!!", "%_") name no game: nothing, rather than everything.
      if (key === '' || slug === '') return []
      const found: CatalogueMatch[] = []
      for (const entry of index) {
        const rank = rankOf(entry, key, slug)
        if (rank !== null) found.push({ game: entry.game, rank })
      }
      return found
        .sort(
          (a, b) =>
            a.rank - b.rank ||
            a.game.name.length - b.game.name.length ||
            a.game.name.localeCompare(b.game.name),
        )
        .slice(0, limit)
    },
  }
}

let shipped: Promise<Catalogue> | null = null

/**
 * The shipped catalogue, read once, on first use (a chunk of its own in the build). Entries that
 * break the rules are left out; tests/server/routes/game-suggestions.test.ts keeps the file free
 * of them.
 */
export function shippedCatalogue(): Promise<Catalogue> {
  shipped ??= import('../../data/game-catalogue.json').then((file) =>
    catalogueOf(readCatalogue(file.default).games),
  )
  return shipped
}
