/**
 * A game's cover as its page changes it (docs/API.md, "Games"): any player uploads the first,
 * a host replaces or removes it. Each answers the game as it is now; a refusal is thrown. Apart
 * from games.ts so that the first load does not carry it.
 */
import type { Game } from '../../../shared/api-types'
import { removeGameCover, uploadGameCover } from '../api/game-covers'

export const gameCovers = {
  upload: (slug: string, file: File, onProgress: (fraction: number) => void): Promise<Game> =>
    uploadGameCover(slug, file, onProgress),
  remove: async (slug: string): Promise<Game> => (await removeGameCover(slug)).game,
}
