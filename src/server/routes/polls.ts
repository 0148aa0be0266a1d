import { Hono } from 'hono'
import type { PollVoteResponse } from '../../shared/api-types'
import { pollVoteBodySchema } from '../../shared/schemas'
import { liveOf } from '../actions/live'
import { votePoll } from '../actions/polls'
import { HttpError } from '../errors/http-error'
import { perUserLimit, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { idParams, validate } from '../http/validate'
import { POLL_MESSAGES } from '../services/polls'

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
      // Option ids are whole numbers; anything else names no option of this poll.
      if (!/^[1-9]\d{0,15}$/.test(optionId)) {
        throw new HttpError('VALIDATION', POLL_MESSAGES.optionNotInPoll)
      }
      const poll = await votePoll(
        live,
        c.get('user'),
        c.req.valid('param').postId,
        Number(optionId),
      )
      return c.json({ poll } satisfies PollVoteResponse)
    },
  )
}
