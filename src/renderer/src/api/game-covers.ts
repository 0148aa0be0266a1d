/**
 * A game's cover (docs/API.md, "Games"): thin typed calls, as every api/ module. Apart from
 * api/games.ts so that only the game page, which is loaded when opened, carries them.
 */
import type { Game, GameResponse } from '../../../shared/api-types'
import { loadAnswerChecks } from './answer-checks'
import { ApiError, UNUSABLE_ANSWER_MESSAGE, request } from './client'
import { sendImage } from './media'

const enc = encodeURIComponent

/**
 * Uploads a game's cover: answers the game with its new cover, checked as every game answer is
 * (shared/answer-schemas.ts), its cover an image of the server's own.
 */
export async function uploadGameCover(
  slug: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<Game> {
  const body = await sendImage(
    `/games/${enc(slug)}/cover`,
    file,
    onProgress,
    (answer) => answer,
    null,
    'PUT',
  )
  const checked = (await loadAnswerChecks()).game.safeParse(body)
  const game = checked.success ? (checked.data as GameResponse).game : null
  if (!game || game.coverUrl === null) throw new ApiError(502, UNUSABLE_ANSWER_MESSAGE)
  return game
}

/** Removes a game's cover (hosts): answers the game, its cover null. */
export function removeGameCover(slug: string): Promise<GameResponse> {
  return request<GameResponse>(`/games/${enc(slug)}/cover`, { method: 'DELETE', answer: 'game' })
}
