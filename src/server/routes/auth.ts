import { Hono, type MiddlewareHandler } from 'hono'
import type { LoginResponse, SignupResponse } from '../../shared/api-types'
import { loginSchema, signupSchema } from '../../shared/schemas'
import { checkPasswordThrottled } from '../auth/login-throttle'
import { hashPassword, needsRehash, verifyPassword } from '../auth/password'
import { clientAddress, isLoopbackRequest } from '../http/client-address'
import { loginThrottleOf, type AppDeps, type AppEnv } from '../http/context'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { presentUser } from '../services/presenting/users'
import type { UserRow } from '../db/rows'
import { claimOwnership } from '../actions/host'
import { liveOf } from '../actions/live'
import { rehashPassword } from '../actions/sessions'
import { signUp } from '../actions/accounts'
import { issueToken } from '../services/reads/sessions'
import { getDemoUserIds } from '../services/reads/settings'
import { ACCOUNT_MESSAGES } from '../errors/messages'
import { findUserByUsername } from '../services/reads/users'
import { validate } from '../http/validate'

const tokenFor = (user: UserRow, secret: Uint8Array) => issueToken(user, secret)

export function authRoutes(deps: AppDeps) {
  const throttle = loginThrottleOf(deps)
  const live = liveOf(deps)
  const passThrough: MiddlewareHandler = (_c, next) => next()
  const signupLimit = deps.rateLimits?.perAddressSignup ?? passThrough
  const loginLimit = deps.rateLimits?.perAddressLogin ?? passThrough
  return new Hono<AppEnv>()
    .post('/signup', validate('json', signupSchema), signupLimit, async (c) => {
      const { username, password, firstName, lastName, ...extra } = c.req.valid('json')
      const user = await signUp(
        live,
        {
          username,
          passwordHash: await hashPassword(password, deps.passwordCost),
          firstName,
          lastName,
          extra,
        },
        { claimOwnership: Boolean(deps.claimOwnerFromLoopback) && isLoopbackRequest(c) },
      )
      const answer: SignupResponse = {
        createdUser: await presentUser(deps.db, user, { withBookmarks: true }),
        encodedToken: await tokenFor(user, deps.secret),
      }
      return c.json(answer, 201)
    })
    .post('/login', validate('json', loginSchema), loginLimit, async (c) => {
      const { username, password } = c.req.valid('json')
      const user = await findUserByUsername(deps.db, username)
      // A username nobody registered counts as a failure too: guessing names is guessing.
      const right = await checkPasswordThrottled(throttle, clientAddress(c), username, async () =>
        user ? verifyPassword(password, user.passwordHash) : false,
      )
      if (!user) throw new HttpError('NOT_REGISTERED', MESSAGES.userNotRegistered)
      if (!right) throw new HttpError('INVALID_CREDENTIALS', MESSAGES.wrongPassword)
      if (deps.isShared?.() && (await getDemoUserIds(deps.db)).includes(user.id)) {
        throw new HttpError('DEMO_DISABLED', MESSAGES.demoDisabledWhileShared)
      }
      if (user.suspendedAt !== null)
        throw new HttpError('ACCOUNT_SUSPENDED', ACCOUNT_MESSAGES.accountSuspended)
      // A hash made at an older cost is redone at today's (docs/security.md), once the login
      // is sure to go through: a refused one is not worth a second hash.
      if (needsRehash(user.passwordHash, deps.passwordCost)) {
        await rehashPassword(live, user, await hashPassword(password, deps.passwordCost))
      }
      if (deps.claimOwnerFromLoopback && isLoopbackRequest(c)) await claimOwnership(live, user)
      return c.json({
        foundUser: await presentUser(deps.db, user, { withBookmarks: true }),
        encodedToken: await tokenFor(user, deps.secret),
        // The account still has the one-time password the server made: the app asks for a new one.
        ...(user.oneTimePasswordAt !== null ? { passwordChangeRequired: true as const } : {}),
      } satisfies LoginResponse)
    })
}
