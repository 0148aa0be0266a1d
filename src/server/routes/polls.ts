import { Hono } from 'hono'
import type { PollVoteResponse } from '../../shared/api-types'
import { pollVoteBodySchema } from '../../shared/schemas'
import { liveOf } from '../actions/live'
import { votePoll } from '../actions/polls'
import { perUserLimit, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { idParams, validate } from '../http/validate'

/** `POST /api/posts/:postId/poll/vote` (docs/API.md, "Polls"), mounted beside the posts routes. */
export function pollsRoutes(deps: AppDeps) {
  const live = liveOf(deps)
  return new Hono<AppEnv>().post(
    '/:postId/poll/vote',
    requireUser(deps),
    perUserLimit(deps, 'reactions'),
    idParams('postId'),
    validate('json', pollVoteBodySchema),
    async (c) => {
      const { optionId } = c.req.valid('json')
      const poll = await votePoll(live, c.get('user'), c.req.valid('param').postId, optionId)
      return c.json({ poll } satisfies PollVoteResponse)
    },
  )
}
