import { Hono } from 'hono'
import type { OkResponse, RelationsResponse } from '../../shared/api-types'
import { deleteAccountSchema } from '../../shared/schemas'
import { verifyPassword } from '../auth/password'
import { requireUser, type AppDeps, type AppEnv } from '../context'
import { HttpError } from '../errors'
import { ACCOUNT_MESSAGES } from '../messages'
import { block, deleteAccount, mute, relationsOf, unblock, unmute } from '../services/moderation'
import { idParams, validate } from '../validate'

/** The signed-in user's own account, under `/users/me` (docs/API.md "Sessions and accounts"). */
export function accountRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const relations = (userId: number) => relationsOf(db, userId)
  const target = idParams('userId')
  return new Hono<AppEnv>()
    .delete('/', auth, validate('json', deleteAccountSchema), async (c) => {
      const user = c.get('user')
      if (!(await verifyPassword(c.req.valid('json').password, user.passwordHash))) {
        throw new HttpError('WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongPasswordForDelete)
      }
      deleteAccount(db, user.id)
      deps.events?.disconnectUser(user.id)
      return c.json({ ok: true } satisfies OkResponse)
    })
    .get('/relations', auth, (c) => c.json(relations(c.get('user').id) satisfies RelationsResponse))
    .post('/block/:userId', auth, target, (c) => {
      block(db, c.get('user').id, c.req.valid('param').userId)
      return c.json(relations(c.get('user').id) satisfies RelationsResponse)
    })
    .post('/unblock/:userId', auth, target, (c) => {
      unblock(db, c.get('user').id, c.req.valid('param').userId)
      return c.json(relations(c.get('user').id) satisfies RelationsResponse)
    })
    .post('/mute/:userId', auth, target, (c) => {
      mute(db, c.get('user').id, c.req.valid('param').userId)
      return c.json(relations(c.get('user').id) satisfies RelationsResponse)
    })
    .post('/unmute/:userId', auth, target, (c) => {
      unmute(db, c.get('user').id, c.req.valid('param').userId)
      return c.json(relations(c.get('user').id) satisfies RelationsResponse)
    })
}
