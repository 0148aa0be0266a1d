/**
 * The server's game list (docs/API.md, "Games"): the catalogue, a game by slug (an old
 * slug of a merged or renamed game answers the game it became), who plays it, the games a profile
 * lists, and the host's rename and merge. The list grows from what players add; a game's tag is
 * its slug (src/shared/games.ts).
 */
import type { Game, GamesPage, UsersPage } from '../../../shared/api-types'
import { cleanGameName, gameSlug, isGameSlug } from '../../../shared/games'
import type { Store } from '../../db/store'
import { columnsOf, USER_COLUMNS } from '../../db/raw'
import type { UserRow } from '../../db/rows'
import { games } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { GAME_MESSAGES } from '../../errors/messages'
import { cursorOrStart, decodeNumericCursor, finishPage, type PageRequest } from './pagination'
import { formatTimestamp } from '../presenting/time'
import { toUserListItem } from './users'
import { visibleAuthor, type Viewer } from './visibility'

export type GameRow = typeof games.$inferSelect

/** `"games"."id" AS "id", …`: also right in a join of `games`. */
export const GAME_COLUMNS = columnsOf(games)

export function toGame(row: GameRow): Game {
  return {
    id: String(row.id),
    slug: row.slug,
    name: row.name,
    playerCount: row.playerCount,
    createdAt: formatTimestamp(row.createdAt),
    coverUrl: row.coverMediaId === null ? null : `/api/media/${row.coverMediaId}`,
  }
}

export const notFound = () => new HttpError('GAME_NOT_FOUND', GAME_MESSAGES.gameNotFound)

/** The name as stored and compared: lowercase, NFC. */
export const nameKey = (name: string) => cleanGameName(name).toLowerCase()

/** The game of a slug, or of a slug it had before a merge or a rename; else GAME_NOT_FOUND. */
export async function getGameBySlug(db: Store, slug: string): Promise<GameRow> {
  const key = slug.normalize('NFC').toLowerCase()
  if (!isGameSlug(key)) throw notFound()
  const row = await db.get<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM games WHERE slug = ?
     UNION ALL
     SELECT ${GAME_COLUMNS} FROM game_aliases a JOIN games ON games.id = a.game_id WHERE a.slug = ?`,
    key,
    key,
  )
  if (!row) throw notFound()
  return row
}

/** `LIKE` patterns take `%`, `_` and `\` literally only escaped. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * The catalogue, most-played first (then the newest): every game, or with `search` those whose
 * name starts with it, has a word starting with it, or whose slug starts with its slug.
 */
export async function searchGames(
  db: Store,
  search: string | undefined,
  page: PageRequest,
): Promise<GamesPage> {
  const after = cursorOrStart(page.cursor, 2)
  const key = search === undefined ? '' : nameKey(search)
  const rows =
    key === ''
      ? await db.all<GameRow>(
          `SELECT ${GAME_COLUMNS} FROM games WHERE (player_count, id) < (?, ?)
           ORDER BY player_count DESC, id DESC LIMIT ?`,
          ...after,
          page.limit + 1,
        )
      : await db.all<GameRow>(
          `SELECT ${GAME_COLUMNS} FROM games
           WHERE (name_key LIKE ? ESCAPE '\\' OR name_key LIKE ? ESCAPE '\\'
                  OR name_key LIKE ? ESCAPE '\\' OR slug LIKE ? ESCAPE '\\')
             AND (player_count, id) < (?, ?)
           ORDER BY player_count DESC, id DESC LIMIT ?`,
          `${likeEscape(key)}%`,
          `% ${likeEscape(key)}%`,
          `%-${likeEscape(key)}%`,
          // A search with no letter or digit ("!!") matches no slug: none is empty.
          gameSlug(key) === '' ? '' : `${likeEscape(gameSlug(key))}%`,
          ...after,
          page.limit + 1,
        )
  const finished = finishPage(rows, page.limit, (row) => [row.playerCount, row.id])
  return { games: finished.rows.map(toGame), nextCursor: finished.nextCursor }
}

/** The games a profile lists, in the order its owner added them. */
export async function gamesOfUser(db: Store, userId: number): Promise<GameRow[]> {
  return db.all<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM user_games ug JOIN games ON games.id = ug.game_id
     WHERE ug.user_id = ? ORDER BY ug.created_at, games.id`,
    userId,
  )
}

/**
 * One page of who lists a game, the latest to add it first, without the accounts hidden from the
 * viewer (suspended, blocked either way), as every list of people.
 */
export async function pagePlayers(
  db: Store,
  gameId: number,
  viewer: Viewer,
  page: PageRequest,
): Promise<UsersPage> {
  const after = page.cursor ? decodeNumericCursor(page.cursor, 2) : null
  const visible = await visibleAuthor(db, 'ug.user_id', viewer, { mutes: false })
  const rows = await db.all<UserRow & { addedAt: number }>(
    `SELECT ${USER_COLUMNS}, ug.created_at AS "addedAt"
     FROM user_games ug JOIN users ON users.id = ug.user_id
     WHERE ug.game_id = ?${after ? ' AND (ug.created_at, ug.user_id) < (?, ?)' : ''}${visible.and}
     ORDER BY ug.created_at DESC, ug.user_id DESC LIMIT ?`,
    gameId,
    ...(after ?? []),
    ...visible.params,
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.addedAt, row.id])
  return { users: finished.rows.map(toUserListItem), nextCursor: finished.nextCursor }
}

/**
 * The slug a status's game is filed under (the game page's "Playing now"): the list's game that
 * the name, or the slug typed as such, names (an older slug of a renamed or merged game answers
 * the game it became), else the slug the name would have; null for a name with no slug at all.
 * One query.
 */
export async function statusGameSlug(db: Store, name: string): Promise<string | null> {
  const own = gameSlug(cleanGameName(name))
  const typed = name.trim().normalize('NFC').toLowerCase()
  const candidates = [...new Set([typed, own])].filter(isGameSlug)
  if (candidates.length === 0) return null
  const found = await db.all<{ key: string; slug: string }>(
    `SELECT slug AS "key", slug FROM games WHERE slug IN ${db.sql.textSet}
     UNION ALL
     SELECT a.slug AS "key", games.slug AS slug FROM game_aliases a
       JOIN games ON games.id = a.game_id WHERE a.slug IN ${db.sql.textSet}`,
    db.sql.texts(candidates),
    db.sql.texts(candidates),
  )
  const bySlug = new Map(found.map((row) => [row.key, row.slug]))
  return bySlug.get(typed) ?? bySlug.get(own) ?? (own === '' ? null : own)
}
