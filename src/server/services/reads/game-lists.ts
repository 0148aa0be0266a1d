/**
 * The server's games as the `/games` screen lists them (docs/API.md, "Games", `?sort=`): the most
 * played (searchGames' order), the newest on the list, and those being played now, a page at a
 * time. "Playing now" counts the statuses naming a game (its slug, or an older slug it had) that
 * have not expired, of accounts neither suspended nor appearing offline: what the game page's
 * "Playing now" would list for a stranger, counted.
 */
import type { GamesPage } from '../../../shared/api-types'
import type { GameListSort } from '../../../shared/games'
import type { Store } from '../../db/store'
import { GAME_COLUMNS, type GameRow, searchGames, toGame } from './games'
import { cursorOrStart, finishPage, type PageRequest } from './pagination'

export async function listGames(
  db: Store,
  sort: GameListSort,
  page: PageRequest,
  now = Date.now(),
): Promise<GamesPage> {
  if (sort === 'popular') return searchGames(db, undefined, page)
  const after = cursorOrStart(page.cursor, 2)
  if (sort === 'newest') {
    const rows = await db.all<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM games WHERE (created_at, id) < (?, ?)
       ORDER BY created_at DESC, id DESC LIMIT ?`,
      ...after,
      page.limit + 1,
    )
    const finished = finishPage(rows, page.limit, (row) => [row.createdAt, row.id])
    return { games: finished.rows.map(toGame), nextCursor: finished.nextCursor }
  }
  const rows = await db.all<GameRow & { playingNow: number | string }>(
    `WITH live AS (
       SELECT s.game_slug AS slug FROM user_statuses s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN presence_settings ps ON ps.user_id = u.id
       WHERE s.game_slug IS NOT NULL AND (s.expires_at IS NULL OR s.expires_at > ?)
         AND u.suspended_at IS NULL
         AND (ps.appear_offline IS NULL OR ps.appear_offline = false)
     ), named AS (
       SELECT games.id AS game_id FROM live JOIN games ON games.slug = live.slug
       UNION ALL
       SELECT a.game_id AS game_id FROM live JOIN game_aliases a ON a.slug = live.slug
     ), counted AS (
       SELECT game_id, COUNT(*) AS n FROM named GROUP BY game_id
     )
     SELECT ${GAME_COLUMNS}, counted.n AS "playingNow"
     FROM counted JOIN games ON games.id = counted.game_id
     WHERE (counted.n, games.id) < (?, ?)
     ORDER BY counted.n DESC, games.id DESC LIMIT ?`,
    now,
    ...after,
    page.limit + 1,
  )
  // COUNT is a bigint on PostgreSQL (text through the driver): a number once read.
  const finished = finishPage(rows, page.limit, (row) => [Number(row.playingNow), row.id])
  return {
    games: finished.rows.map((row) => ({ ...toGame(row), playingNow: Number(row.playingNow) })),
    nextCursor: finished.nextCursor,
  }
}
