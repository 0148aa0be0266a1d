import { Hono } from 'hono'
import { loginSchema, signupSchema } from '../../shared/schemas'
import { LoginThrottle } from '../auth/login-throttle'
import { hashPassword, verifyPassword } from '../auth/password'
import type { AppDeps, AppEnv } from '../context'
import { ApiError, notFound, unauthorized } from '../errors'
import { MESSAGES, tooManyLoginsMessage } from '../messages'
import { presentUser, type UserRow } from '../services/present'
import { claimOwnership, forbidden } from '../services/moderation'
import { issueToken } from '../services/sessions'
import { getDemoUserIds } from '../services/settings'
import { isLoopbackRequest } from '../request-origin'
import { ACCOUNT_MESSAGES } from '../messages'
import { createUser, findUserByUsername } from '../services/users'
import { validate } from '../validate'

const tokenFor = (user: UserRow, secret: Uint8Array) => issueToken(user, secret)

export function authRoutes(deps: AppDeps) {
  const throttle = deps.throttle ?? new LoginThrottle()
  return new Hono<AppEnv>()
    .post('/signup', validate('json', signupSchema), async (c) => {
      const { username, password, firstName, lastName, ...extra } = c.req.valid('json')
      const user = createUser(deps.db, {
        username,
        passwordHash: await hashPassword(password),
        firstName,
        lastName,
        extra,
      })
      if (deps.claimOwnerFromLoopback && isLoopbackRequest(c)) claimOwnership(deps.db, user)
      return c.json(
        {
          createdUser: presentUser(deps.db, user, { withBookmarks: true }),
          encodedToken: await tokenFor(user, deps.secret),
        },
        201,
      )
    })
    .post('/login', validate('json', loginSchema), async (c) => {
      const { username, password } = c.req.valid('json')
      const retryAfterMs = throttle.retryAfterMs(username)
      if (retryAfterMs > 0) {
        const seconds = Math.ceil(retryAfterMs / 1000)
        throw new ApiError(429, tooManyLoginsMessage(seconds), { 'Retry-After': String(seconds) })
      }
      const user = findUserByUsername(deps.db, username)
      if (!user) {
        throttle.recordFailure(username)
        throw notFound(MESSAGES.userNotRegistered)
      }
      if (!(await verifyPassword(password, user.passwordHash))) {
        throttle.recordFailure(username)
        throw unauthorized(MESSAGES.wrongPassword)
      }
      throttle.recordSuccess(username)
      if (deps.isShared?.() && getDemoUserIds(deps.db).includes(user.id)) {
        throw new ApiError(403, MESSAGES.demoDisabledWhileShared)
      }
      if (user.suspendedAt !== null) throw forbidden(ACCOUNT_MESSAGES.accountSuspended)
      if (deps.claimOwnerFromLoopback && isLoopbackRequest(c)) claimOwnership(deps.db, user)
      return c.json({
        foundUser: presentUser(deps.db, user, { withBookmarks: true }),
        encodedToken: await tokenFor(user, deps.secret),
      })
    })
}
