/** The server's game list (docs/API.md, "Games"): thin typed calls, as every api/ module. */
import type {
  GamePlayersPage,
  GameResponse,
  GameSuggestionsResponse,
  TrendingResponse,
  GamesPage,
  GamesResponse,
} from '../../../shared/api-types'
import type { GameListSort } from '../../../shared/games'
import { LIMITS } from '../../../shared/limits'
import { request } from './client'

const enc = encodeURIComponent

/** The catalogue, most-played first; with `search`, the games whose name or a word of it starts so. */
export function searchGames(
  search: string,
  options: { limit?: number; cursor?: string | null; signal?: AbortSignal } = {},
): Promise<GamesPage> {
  return request<GamesPage>('/games', {
    query: {
      search: search.trim() || undefined,
      limit: options.limit ?? 8,
      cursor: options.cursor ?? undefined,
    },
    signal: options.signal,
    answer: 'gamesPage',
  })
}

/**
 * What a game box suggests for `q` (GET /game-suggestions): the server's games and the
 * catalogue it ships, best first, at most `limit`.
 */
export function suggestGames(
  q: string,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<GameSuggestionsResponse> {
  return request<GameSuggestionsResponse>('/game-suggestions', {
    query: { q: q.trim() || undefined, limit: options.limit ?? 8 },
    signal: options.signal,
    answer: 'gameSuggestions',
  })
}

/** One page of the `/games` screen's list in the given order (GET /games?sort=). */
export function listGames(
  sort: GameListSort,
  options: { limit?: number; cursor?: string | null; signal?: AbortSignal } = {},
): Promise<GamesPage> {
  return request<GamesPage>('/games', {
    query: { sort, limit: options.limit ?? 12, cursor: options.cursor ?? undefined },
    signal: options.signal,
    answer: 'gamesPage',
  })
}

/** Explore's tags and games of the last days (GET /trending). */
export function getTrending(signal?: AbortSignal): Promise<TrendingResponse> {
  return request<TrendingResponse>('/trending', { signal, answer: 'trending' })
}

export function getGame(slug: string, signal?: AbortSignal): Promise<GameResponse> {
  return request<GameResponse>(`/games/${enc(slug)}`, { signal, answer: 'game' })
}

/** One page of who lists a game, the latest to add it first. */
export function listPlayers(
  slug: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GamePlayersPage> {
  return request<GamePlayersPage>(`/games/${enc(slug)}/players`, {
    query: { limit: LIMITS.pageSizeDefault, cursor },
    signal,
    answer: 'usersPage',
  })
}

export function getUserGames(username: string, signal?: AbortSignal): Promise<GamesResponse> {
  return request<GamesResponse>(`/users/${enc(username)}/games`, {
    signal,
    answer: 'games',
  })
}

/** Makes the signed-in player's profile list exactly these games (names or slugs). */
export function setMyGames(games: string[]): Promise<GamesResponse> {
  return request<GamesResponse>('/me/games', {
    method: 'PUT',
    body: { games },
    answer: 'games',
  })
}

/** Hosts: renames a game (its slug follows; the old one keeps answering). */
export function renameGame(slug: string, name: string): Promise<GameResponse> {
  return request<GameResponse>(`/games/${enc(slug)}`, {
    method: 'PATCH',
    body: { name },
    answer: 'game',
  })
}

/** Hosts: merges the game of `slug` into the game of `into`; answers the one that stays. */
export function mergeGame(slug: string, into: string): Promise<GameResponse> {
  return request<GameResponse>(`/games/${enc(slug)}/merge`, {
    method: 'POST',
    body: { into },
    answer: 'game',
  })
}
