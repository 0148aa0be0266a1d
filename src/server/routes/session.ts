import { Hono } from 'hono'
import type { OkResponse, PasswordChangeResponse, SessionResponse } from '../../shared/api-types'
import { passwordChangeSchema } from '../../shared/schemas'
import { hashPassword, verifyPassword } from '../auth/password'
import { tokenExpiry } from '../auth/token'
import { checkPasswordThrottled } from '../auth/login-throttle'
import { loginThrottleOf, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES } from '../errors/messages'
import { claimOwnership } from '../actions/host'
import { liveOf } from '../actions/live'
import { changePassword, logOut } from '../actions/sessions'
import { isHost } from '../services/reads/hosting'
import { presentUser } from '../services/presenting/users'
import { issueToken } from '../services/reads/sessions'
import { getUserById } from '../services/reads/users'
import { clientAddress, isLoopbackRequest } from '../http/client-address'
import { validate } from '../http/validate'

/** Session calls under `/auth` (docs/API.md "Sessions and accounts"). */
export function sessionRoutes(deps: AppDeps) {
  const { db } = deps
  // Logging out, choosing a password and reading the session are open to an account that still
  // has its one-time password: that is how its owner chooses their own.
  const auth = requireUser(deps, { beforeOwnPassword: true })
  const throttle = loginThrottleOf(deps)
  const live = liveOf(deps)
  return new Hono<AppEnv>()
    .post('/logout', auth, async (c) => {
      const token = c.get('token')
      const expiresAt = await tokenExpiry(token, deps.secret)
      await logOut(live, c.get('user'), { token, secret: deps.secret, expiresAt })
      return c.json({ ok: true } satisfies OkResponse)
    })
    .post('/password', auth, validate('json', passwordChangeSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json')
      const user = c.get('user')
      const right = await checkPasswordThrottled(throttle, clientAddress(c), user.username, () =>
        verifyPassword(currentPassword, user.passwordHash),
      )
      if (!right) {
        // 403, not 401: the session is fine, only the password typed is not.
        throw new HttpError('WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongCurrentPassword)
      }
      if (currentPassword === newPassword)
        throw new HttpError('VALIDATION', ACCOUNT_MESSAGES.samePassword)
      // Every session ends, this one included; this one goes on with the fresh token.
      const updated = await changePassword(
        live,
        user,
        await hashPassword(newPassword, deps.passwordCost),
      )
      return c.json({
        encodedToken: await issueToken(updated, deps.secret),
      } satisfies PasswordChangeResponse)
    })
    .get('/session', auth, async (c) => {
      // Afresh: the signed-in row may be a kept session's (caches/read-cache.ts), whose counts
      // can lag a few seconds; this answer shows them.
      const user = await getUserById(db, c.get('user').id)
      if (deps.claimOwnerFromLoopback && isLoopbackRequest(c)) await claimOwnership(live, user)
      return c.json({
        user: await presentUser(db, user, { withBookmarks: true }),
        isHost: await isHost(db, user, deps.hostIds),
        passwordChangeRequired: user.oneTimePasswordAt !== null,
        appearOffline: (await deps.presence?.appearsOffline(user.id)) ?? false,
      } satisfies SessionResponse)
    })
}
