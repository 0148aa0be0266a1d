/**
 * What a game box suggests as one types (docs/API.md, "Game suggestions"): the server's own
 * games (those its host and players added) beside the shipped catalogue's (game-catalogue.ts),
 * in one answer of at most `limit`, so that a client never loads either list whole. A catalogue
 * game already on the server answers as the server's game, with its players.
 */
import type { GameSuggestion } from '../../../shared/api-types'
import { gameSlug } from '../../../shared/games'
import type { Store } from '../../db/store'
import { type Catalogue, type CatalogueMatch, MATCH, shippedCatalogue } from './game-catalogue'
import { GAME_COLUMNS, type GameRow, nameKey, searchGames } from './games'

/**
 * Up to `limit` suggestions for `text`. An empty text: the server's most-played games. Otherwise
 * an exact match first (name, short name or slug), then the server's matching games, most
 * played first, then the catalogue's others, best match first. Symbols alone match nothing.
 * Two queries.
 */
export async function suggestGames(
  db: Store,
  text: string,
  limit: number,
  catalogue?: Catalogue,
): Promise<GameSuggestion[]> {
  const key = nameKey(text)
  if (key === '') {
    const page = await searchGames(db, undefined, { limit, cursor: null })
    return page.games.map((game) => ({
      name: game.name,
      slug: game.slug,
      playerCount: game.playerCount,
      listed: true,
      platforms: [],
      exact: false,
    }))
  }
  const slug = gameSlug(key)
  if (slug === '') return []
  const matches = (catalogue ?? (await shippedCatalogue())).search(key, limit)
  const [own, listedMatches] = await Promise.all([
    searchGames(db, key, { limit, cursor: null }),
    listedBySlug(
      db,
      matches.map((match) => match.game.slug),
    ),
  ])
  const byCatalogueSlug = new Map(matches.map((match) => [match.game.slug, match]))

  type Ranked = GameSuggestion & { rank: number }
  const ranked = new Map<string, Ranked>()
  const addListed = (row: Pick<GameRow, 'name' | 'slug' | 'playerCount'>, match?: CatalogueMatch) =>
    ranked.set(row.slug, {
      name: row.name,
      slug: row.slug,
      playerCount: row.playerCount,
      listed: true,
      platforms: match?.game.platforms ?? byCatalogueSlug.get(row.slug)?.game.platforms ?? [],
      exact: match?.rank === MATCH.exact || nameKey(row.name) === key || row.slug === slug,
      rank: -row.playerCount,
    })
  for (const game of own.games) addListed(game)
  for (const match of matches) {
    const listed = listedMatches.get(match.game.slug)
    if (listed) {
      if (!ranked.has(listed.slug) || match.rank === MATCH.exact) addListed(listed, match)
    } else if (!ranked.has(match.game.slug)) {
      ranked.set(match.game.slug, {
        name: match.game.name,
        slug: match.game.slug,
        playerCount: 0,
        listed: false,
        platforms: match.game.platforms,
        exact: match.rank === MATCH.exact,
        rank: match.rank,
      })
    }
  }
  return [...ranked.values()]
    .sort(
      (a, b) =>
        Number(b.exact) - Number(a.exact) ||
        Number(b.listed) - Number(a.listed) ||
        a.rank - b.rank ||
        a.name.localeCompare(b.name),
    )
    .slice(0, limit)
    .map(({ rank: _rank, ...suggestion }) => suggestion)
}

/**
 * The server's games for catalogue slugs, by the catalogue's slug: a game renamed or merged by a
 * host answers under its old slug too (game_aliases), as GET /games/{slug} does.
 */
async function listedBySlug(db: Store, slugs: string[]): Promise<Map<string, GameRow>> {
  if (slugs.length === 0) return new Map()
  const rows = await db.all<GameRow & { key: string }>(
    `SELECT games.slug AS "key", ${GAME_COLUMNS} FROM games WHERE slug IN ${db.sql.textSet}
     UNION ALL
     SELECT a.slug AS "key", ${GAME_COLUMNS} FROM game_aliases a
       JOIN games ON games.id = a.game_id WHERE a.slug IN ${db.sql.textSet}`,
    db.sql.texts(slugs),
    db.sql.texts(slugs),
  )
  return new Map(rows.map((row) => [row.key, row]))
}
