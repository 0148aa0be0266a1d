/**
 * Writes to the server's game list (docs/API.md, "Games"): a player sets the games of their
 * profile; a host renames or merges entries, each noted in the audit list in its own transaction
 * (as actions/host.ts does for accounts).
 */
import * as gamesService from '../services/reads/games'
import * as games from '../services/writes/games'
import type { GameRow } from '../services/reads/games'
import { processGameCover, storeImage } from '../services/media/media'
import { HttpError } from '../errors/http-error'
import { GAME_MESSAGES } from '../errors/messages'
import { aboutUsers, commit, type Actor, type Live } from './live'

/**
 * Makes the actor's profile list exactly these games (names or slugs; unknown names are added).
 * Profiles open elsewhere hear of the list (a `games` event, with profile edits' audience).
 */
export async function setMyGames(
  live: Live,
  actor: Actor,
  entries: readonly string[],
): Promise<GameRow[]> {
  return commit(
    live,
    (tx) => games.setUserGames(tx, actor.id, entries),
    async (rows) =>
      live.hub.publish(
        'games',
        {
          userId: String(actor.id),
          username: actor.username,
          games: rows.map(gamesService.toGame),
        },
        await aboutUsers(live, actor.id),
      ),
  )
}

/** Renames the game of `slug` (hosts); a rename to its own name changes and notes nothing. */
export async function renameGame(
  live: Live,
  host: Actor,
  slug: string,
  name: string,
): Promise<GameRow> {
  return commit(live, async (tx) => {
    const before = await gamesService.getGameBySlug(tx, slug)
    const after = await games.renameGame(tx, before, name)
    if (after.name !== before.name || after.slug !== before.slug) {
      await games.recordGameAction(tx, host, 'rename-game', `${before.name} → ${after.name}`)
    }
    return after
  })
}

/** Merges the game of `slug` into the game of `intoSlug` (hosts): answers the one that stays. */
export async function mergeGame(
  live: Live,
  host: Actor,
  slug: string,
  intoSlug: string,
): Promise<GameRow> {
  return commit(live, async (tx) => {
    const from = await gamesService.getGameBySlug(tx, slug)
    const into = await gamesService.getGameBySlug(tx, intoSlug)
    const merged = await games.mergeGames(tx, from, into)
    await games.recordGameAction(tx, host, 'merge-game', `${from.name} → ${into.name}`)
    return merged
  })
}

/**
 * Gives the game of `slug` a cover (docs/API.md, "Games"): a host any time, any player while it
 * has none (else HOST_ONLY, before the image is even decoded). The image is re-encoded without
 * metadata and stored first; should the game have got a cover meanwhile, it is left to the sweep.
 */
export async function setGameCover(
  live: Live,
  actor: Actor,
  slug: string,
  bytes: Buffer,
  asHost: boolean,
): Promise<GameRow> {
  const before = await gamesService.getGameBySlug(live.db, slug)
  if (!asHost && before.coverMediaId !== null) {
    throw new HttpError('HOST_ONLY', GAME_MESSAGES.coverTaken)
  }
  const cover = await processGameCover(bytes)
  const mediaId = await storeImage(live.db, actor.id, cover.bytes, Date.now(), live.media)
  return commit(live, (tx) => games.setGameCover(tx, before.id, mediaId, !asHost))
}

/** Removes the cover of the game of `slug` (hosts): the placeholder is drawn again. */
export async function removeGameCover(live: Live, slug: string): Promise<GameRow> {
  return commit(live, async (tx) => {
    const game = await gamesService.getGameBySlug(tx, slug)
    return games.setGameCover(tx, game.id, null)
  })
}
