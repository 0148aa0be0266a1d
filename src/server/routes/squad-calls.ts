import { Hono } from 'hono'
import type { SquadCallResponse, SquadCallsList } from '../../shared/squad-call-types'
import { createSquadCallSchema, squadCallsQuerySchema } from '../../shared/squad-call-schemas'
import * as commands from '../actions/squad-calls'
import { liveOf } from '../actions/live'
import { perUserLimit, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { idParams, validate } from '../http/validate'
import { getGameBySlug } from '../services/reads/games'
import { squadCallAnswer, squadCallsList } from '../services/presenting/squad-calls'

/**
 * `/api/squad-calls` (docs/API.md, "Squad calls"): for signed-in users. A call whose creator the
 * caller may not see (a block either way, a suspension) is SQUAD_CALL_NOT_FOUND on every route
 * and missing from every list. Making or closing one counts as a post for the rate limits, a join
 * or a leave as a reaction. No answer here is kept whole (http/kept-answers.ts).
 */
export function squadCallsRoutes(deps: AppDeps) {
  const { db } = deps
  const live = liveOf(deps)
  const call = idParams('squadCallId')
  const answer = (viewer: number, id: number) => squadCallAnswer(db, viewer, id)
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get('/', validate('query', squadCallsQuerySchema), async (c) => {
      const { game } = c.req.valid('query')
      const gameId = game === undefined ? undefined : (await getGameBySlug(db, game)).id
      return c.json((await squadCallsList(db, c.get('user').id, gameId)) satisfies SquadCallsList)
    })
    .post('/', perUserLimit(deps, 'posts'), validate('json', createSquadCallSchema), async (c) => {
      const user = c.get('user')
      const created = await commands.createSquadCall(live, user, c.req.valid('json'))
      return c.json((await answer(user.id, created.id)) satisfies SquadCallResponse, 201)
    })
    .get('/:squadCallId', call, async (c) =>
      c.json(
        (await answer(
          c.get('user').id,
          c.req.valid('param').squadCallId,
        )) satisfies SquadCallResponse,
      ),
    )
    .put('/:squadCallId/join', call, perUserLimit(deps, 'reactions'), async (c) => {
      const user = c.get('user')
      const { squadCallId } = c.req.valid('param')
      await commands.joinSquadCall(live, user, squadCallId)
      return c.json((await answer(user.id, squadCallId)) satisfies SquadCallResponse)
    })
    .delete('/:squadCallId/join', call, perUserLimit(deps, 'reactions'), async (c) => {
      const user = c.get('user')
      const { squadCallId } = c.req.valid('param')
      await commands.leaveSquadCall(live, user, squadCallId)
      return c.json((await answer(user.id, squadCallId)) satisfies SquadCallResponse)
    })
    .post('/:squadCallId/close', call, perUserLimit(deps, 'posts'), async (c) => {
      const user = c.get('user')
      const { squadCallId } = c.req.valid('param')
      await commands.closeSquadCall(live, user, squadCallId)
      return c.json((await answer(user.id, squadCallId)) satisfies SquadCallResponse)
    })
}
