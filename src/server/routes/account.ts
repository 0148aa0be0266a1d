import { Hono } from 'hono'
import type { OkResponse, RelationsResponse } from '../../shared/api-types'
import { deleteAccountSchema, MUTE_DURATIONS, muteSchema } from '../../shared/schemas'
import { verifyPassword } from '../auth/password'
import { checkPasswordThrottled } from '../auth/login-throttle'
import { clientAddress } from '../http/client-address'
import { loginThrottleOf, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES } from '../errors/messages'
import { deleteAccount } from '../actions/accounts'
import { liveOf, type Actor } from '../actions/live'
import { block, mute, unblock, unmute } from '../actions/relations'
import { relationsOf } from '../services/reads/relations'
import { idParams, validate } from '../http/validate'

/** The signed-in user's own account, under `/users/me` (docs/API.md "Sessions and accounts"). */
export function accountRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const throttle = loginThrottleOf(deps)
  const relations = (userId: number) => relationsOf(db, userId)
  const live = liveOf(deps)
  /**
   * `POST /users/me/<action>/:userId`, one route per action (and `mute`, below, which takes a
   * duration): what it does to the relation. All go
   * through the live stream: the user's other devices hear of their lists, and a block ends
   * follows, whose counts open screens show.
   */
  const relationActions: Record<string, (me: Actor, targetId: number) => Promise<unknown>> = {
    block: (me, targetId) => block(live, me, targetId),
    unblock: (me, targetId) => unblock(live, me, targetId, deps.presence),
    unmute: (me, targetId) => unmute(live, me, targetId),
  }
  const target = idParams('userId')
  const routes = new Hono<AppEnv>()
    .delete('/', auth, validate('json', deleteAccountSchema), async (c) => {
      const user = c.get('user')
      const { password } = c.req.valid('json')
      const right = await checkPasswordThrottled(throttle, clientAddress(c), user.username, () =>
        verifyPassword(password, user.passwordHash),
      )
      if (!right) {
        throw new HttpError('WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongPasswordForDelete)
      }
      await deleteAccount(live, user)
      return c.json({ ok: true } satisfies OkResponse)
    })
    .get('/relations', auth, async (c) =>
      c.json((await relations(c.get('user').id)) satisfies RelationsResponse),
    )
    // A mute lasts the `duration` asked for (MUTE_DURATIONS), or for good.
    .post('/mute/:userId', auth, target, validate('json', muteSchema), async (c) => {
      const { duration = 'forever' } = c.req.valid('json')
      const length = MUTE_DURATIONS[duration]
      const expiresAt = length === null ? null : Date.now() + length
      await mute(live, c.get('user'), c.req.valid('param').userId, expiresAt)
      return c.json((await relations(c.get('user').id)) satisfies RelationsResponse)
    })
  for (const [action, act] of Object.entries(relationActions)) {
    routes.post(`/${action}/:userId`, auth, target, async (c) => {
      await act(c.get('user'), c.req.valid('param').userId)
      return c.json((await relations(c.get('user').id)) satisfies RelationsResponse)
    })
  }
  return routes
}
