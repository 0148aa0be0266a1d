import { Hono } from 'hono'
import type { GameNightResponse, GameNightsPage } from '../../shared/game-night-types'
import {
  createGameNightSchema,
  editGameNightSchema,
  gameNightsQuerySchema,
  rsvpSchema,
} from '../../shared/game-night-schemas'
import * as commands from '../actions/game-nights'
import { liveOf } from '../actions/live'
import { perUserLimit, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { idParams, validate } from '../http/validate'
import { pageRequest } from '../services/reads/pagination'
import { getGameBySlug } from '../services/reads/games'
import { getUserByUsername } from '../services/reads/users'
import { gameNightAnswer, gameNightsPage } from '../services/presenting/game-nights'
import { gameNightIcs } from '../services/presenting/game-night-ics'

/**
 * `/api/game-nights` (docs/API.md, "Game nights"): for signed-in users. A night whose host the
 * caller may not see (a block either way, a suspension) is GAME_NIGHT_NOT_FOUND on every route
 * and missing from every list. Creating counts as a post for the rate limits, an answer as a
 * reaction. No answer here is kept whole (http/kept-answers.ts).
 */
export function gameNightsRoutes(deps: AppDeps) {
  const { db } = deps
  const live = liveOf(deps)
  const night = idParams('gameNightId')
  return (
    new Hono<AppEnv>()
      .use(requireUser(deps))
      .get('/', validate('query', gameNightsQuerySchema), async (c) => {
        const query = c.req.valid('query')
        const gameId =
          query.game === undefined ? undefined : (await getGameBySlug(db, query.game)).id
        const hostId =
          query.host === undefined ? undefined : (await getUserByUsername(db, query.host)).id
        const withUserId =
          query.with === undefined ? undefined : (await getUserByUsername(db, query.with)).id
        const filter = { when: query.when ?? 'upcoming', gameId, hostId, withUserId }
        return c.json(
          (await gameNightsPage(
            db,
            c.get('user').id,
            filter,
            pageRequest(query),
          )) satisfies GameNightsPage,
        )
      })
      .post(
        '/',
        perUserLimit(deps, 'posts'),
        validate('json', createGameNightSchema),
        async (c) => {
          const user = c.get('user')
          const created = await commands.createGameNight(live, user, c.req.valid('json'))
          return c.json(
            (await gameNightAnswer(db, user.id, created.id)) satisfies GameNightResponse,
            201,
          )
        },
      )
      .get('/:gameNightId', night, async (c) =>
        c.json(
          (await gameNightAnswer(
            db,
            c.get('user').id,
            c.req.valid('param').gameNightId,
          )) satisfies GameNightResponse,
        ),
      )
      // An .ics file to add the night to a calendar (presenting/game-night-ics.ts).
      .get('/:gameNightId/ics', night, async (c) => {
        const { gameNight } = await gameNightAnswer(
          db,
          c.get('user').id,
          c.req.valid('param').gameNightId,
        )
        const url = new URL(c.req.url)
        const text = await gameNightIcs(
          gameNight,
          `${url.origin}/game-nights/${gameNight._id}`,
          url.hostname,
        )
        return c.body(text, 200, {
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': `attachment; filename="game-night-${gameNight._id}.ics"`,
        })
      })
      .patch(
        '/:gameNightId',
        night,
        perUserLimit(deps, 'posts'),
        validate('json', editGameNightSchema),
        async (c) => {
          const user = c.get('user')
          const { gameNightId } = c.req.valid('param')
          await commands.editGameNight(live, user, gameNightId, c.req.valid('json'))
          return c.json(
            (await gameNightAnswer(db, user.id, gameNightId)) satisfies GameNightResponse,
          )
        },
      )
      .put(
        '/:gameNightId/rsvp',
        night,
        perUserLimit(deps, 'reactions'),
        validate('json', rsvpSchema),
        async (c) => {
          const user = c.get('user')
          const { gameNightId } = c.req.valid('param')
          await commands.answerGameNight(live, user, gameNightId, c.req.valid('json').answer)
          return c.json(
            (await gameNightAnswer(db, user.id, gameNightId)) satisfies GameNightResponse,
          )
        },
      )
  )
}
