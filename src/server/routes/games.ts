/**
 * The server's game list (docs/API.md, "Games"): `/games…` (the catalogue, a game, its
 * players, the host's rename and merge, its cover), `/game-suggestions` (what a game box suggests: the
 * server's games and the shipped catalogue's), `/users/{username}/games` (a profile's games) and
 * `/me/games` (setting one's own). Mounted at `/api`.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import type {
  GamePlayersPage,
  GameResponse,
  GamesPage,
  GameSuggestionsResponse,
  GamesResponse,
} from '../../shared/api-types'
import { GAME_LIMITS, GAME_LIST_SORTS, GAME_SUGGESTION_LIMITS } from '../../shared/games'
import { pageQuerySchema } from '../../shared/schemas'
import { mergeGame, removeGameCover, renameGame, setGameCover, setMyGames } from '../actions/games'
import { liveOf } from '../actions/live'
import { optionalViewer, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { imageUploadGuards } from '../http/image-upload'
import { validate } from '../http/validate'
import { assertHost, isHost } from '../services/reads/hosting'
import {
  gamesOfUser,
  getGameBySlug,
  pagePlayers,
  searchGames,
  toGame,
} from '../services/reads/games'
import { listGames } from '../services/reads/game-lists'
import { suggestGames } from '../services/reads/game-suggestions'
import { pageRequest } from '../services/reads/pagination'
import { getUserByUsername } from '../services/reads/users'

const gamesQuerySchema = pageQuerySchema
  .extend({
    search: z.string().max(100, { error: 'The search can be at most 100 characters.' }).optional(),
    sort: z
      .enum(GAME_LIST_SORTS, { error: `sort must be one of ${GAME_LIST_SORTS.join(', ')}.` })
      .optional(),
  })
  .refine((query) => query.search === undefined || (query.sort ?? 'popular') === 'popular', {
    error: 'A search lists the most played first: leave sort out.',
  })

/** Not under `/games/`: a game named "Suggestions" keeps its page there. */
const suggestionsQuerySchema = z.object({
  q: z
    .string()
    .max(100, { error: 'The search can be at most 100 characters.' })
    .optional()
    .default(''),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(GAME_SUGGESTION_LIMITS.max, {
      error: `limit can be at most ${GAME_SUGGESTION_LIMITS.max}.`,
    })
    .optional()
    .default(GAME_SUGGESTION_LIMITS.default),
})

/** A name or a slug as sent; its own rules (src/shared/games.ts) are checked by the service. */
const entrySchema = z.string({ error: 'Each game must be a name (text).' }).max(200, {
  error: `A game's name can be at most ${GAME_LIMITS.nameMax} characters.`,
})

const setGamesSchema = z.object({
  games: z
    .array(entrySchema, { error: 'games must be a list of game names.' })
    // Room for duplicates; past the limit once they collapse is the service's 400.
    .max(GAME_LIMITS.perProfile * 2, {
      error: `A profile can list at most ${GAME_LIMITS.perProfile} games.`,
    }),
})

const renameSchema = z.object({
  name: z.string({ error: 'name must be the new name of the game.' }).max(200, {
    error: `A game's name can be at most ${GAME_LIMITS.nameMax} characters.`,
  }),
})

const mergeSchema = z.object({
  into: z
    .string({ error: 'into must be the slug of the game to merge into.' })
    .max(200, { error: 'into must be the slug of the game to merge into.' }),
})

export function gamesRoutes(deps: AppDeps) {
  const { db } = deps
  const live = liveOf(deps)
  const auth = requireUser(deps)
  const hostIds = deps.hostIds ?? []
  const hostOnly = [
    auth,
    async (c: Parameters<typeof auth>[0], next: () => Promise<void>) => {
      await assertHost(db, c.get('user'), hostIds)
      await next()
    },
  ] as const
  /** A cover is uploaded as an avatar is (size, type, hourly uploads), then fit in 600×800. */
  const { sizeLimit, uploadLimit, uploadedBytes } = imageUploadGuards(deps)

  return new Hono<AppEnv>()
    .get('/games', validate('query', gamesQuerySchema), async (c) => {
      const query = c.req.valid('query')
      const page = pageRequest(query)
      return c.json(
        (query.search === undefined
          ? await listGames(db, query.sort ?? 'popular', page)
          : await searchGames(db, query.search, page)) satisfies GamesPage,
      )
    })
    .get('/game-suggestions', validate('query', suggestionsQuerySchema), async (c) => {
      const { q, limit } = c.req.valid('query')
      return c.json({
        games: await suggestGames(db, q, limit),
      } satisfies GameSuggestionsResponse)
    })
    .get('/games/:slug', async (c) =>
      c.json({
        game: toGame(await getGameBySlug(db, c.req.param('slug'))),
      } satisfies GameResponse),
    )
    .get(
      '/games/:slug/players',
      optionalViewer(deps),
      validate('query', pageQuerySchema),
      async (c) => {
        const game = await getGameBySlug(db, c.req.param('slug'))
        const page = pageRequest(c.req.valid('query'))
        return c.json(
          (await pagePlayers(db, game.id, c.get('viewerId'), page)) satisfies GamePlayersPage,
        )
      },
    )
    .patch('/games/:slug', ...hostOnly, validate('json', renameSchema), async (c) => {
      const game = await renameGame(
        live,
        c.get('user'),
        c.req.param('slug'),
        c.req.valid('json').name,
      )
      return c.json({ game: toGame(game) } satisfies GameResponse)
    })
    .post('/games/:slug/merge', ...hostOnly, validate('json', mergeSchema), async (c) => {
      const game = await mergeGame(
        live,
        c.get('user'),
        c.req.param('slug'),
        c.req.valid('json').into,
      )
      return c.json({ game: toGame(game) } satisfies GameResponse)
    })
    .put('/games/:slug/cover', sizeLimit, auth, uploadLimit, async (c) => {
      const user = c.get('user')
      const game = await setGameCover(
        live,
        user,
        c.req.param('slug'),
        await uploadedBytes(c),
        await isHost(db, user, hostIds),
      )
      return c.json({ game: toGame(game) } satisfies GameResponse)
    })
    .delete('/games/:slug/cover', ...hostOnly, async (c) => {
      const game = await removeGameCover(live, c.req.param('slug'))
      return c.json({ game: toGame(game) } satisfies GameResponse)
    })
    .get('/users/:username/games', async (c) => {
      const user = await getUserByUsername(db, c.req.param('username'))
      return c.json({
        games: (await gamesOfUser(db, user.id)).map(toGame),
      } satisfies GamesResponse)
    })
    .put('/me/games', auth, validate('json', setGamesSchema), async (c) => {
      const rows = await setMyGames(live, c.get('user'), c.req.valid('json').games)
      return c.json({ games: rows.map(toGame) } satisfies GamesResponse)
    })
}
