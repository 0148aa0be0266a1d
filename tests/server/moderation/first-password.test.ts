/**
 * The host's first login (docs/features.md, "Who hosts a server"; issue 44, item 10): an account
 * the server made for `--admin` with a one-time password may read, log out and choose a
 * password, and nothing else, until it has chosen one; login and the session say so. An
 * account that existed before `--admin` named it is not touched.
 */
import type { LoginResponse, SessionResponse } from '../../../src/shared/api-types'
import { ACCOUNT_MESSAGES } from '../../../src/server/errors/messages'
import { expectError, ok } from '../../helpers/api'
import { describe, expect, it, test } from '../../helpers/fixtures'
import type { TestApp } from '../../helpers/server-app'

const CHOSEN = 'my own password'

async function firstLogin(app: TestApp) {
  const oneTime = app.hosts[0]?.oneTimePassword
  if (!oneTime) throw new Error('the server made no account with a one-time password')
  const answer = await ok<LoginResponse>(
    app.send('/api/auth/login', { username: 'boss', password: oneTime }),
  )
  return { oneTime, answer }
}

describe('the host’s first login', () => {
  test.override({ appOptions: { demo: false, admins: ['boss'] } })

  it('says the one-time password must change, at login and in the session', async ({ app }) => {
    const { answer } = await firstLogin(app)
    expect(answer.passwordChangeRequired).toBe(true)
    const session = await ok<SessionResponse>(app.get('/api/auth/session', answer.encodedToken))
    expect(session).toMatchObject({ isHost: true, passwordChangeRequired: true })
    // Reads go on: the app may draw what it needs behind the screen.
    await ok(app.get('/api/posts?limit=5', answer.encodedToken))
    await ok(app.get('/api/notifications', answer.encodedToken))
  })

  it('refuses every other write until a password is chosen', async ({ app }) => {
    const { answer } = await firstLogin(app)
    const token = answer.encodedToken
    const player = await app.signup('player')
    for (const [path, body, method] of [
      ['/api/posts', { postData: { content: 'hello' } }, 'POST'],
      [`/api/users/follow/${player.id}`, {}, 'POST'],
      ['/api/users/edit', { userData: { bio: 'boss' } }, 'POST'],
      [`/api/moderation/suspend/${player.id}`, {}, 'POST'],
      ['/api/users/me', { password: 'anything' }, 'DELETE'],
    ] as const) {
      await expectError(
        app.send(path, body, { token, method }),
        403,
        ACCOUNT_MESSAGES.choosePasswordFirst,
        'CHOOSE_PASSWORD_FIRST',
      )
    }
    const posts = await app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM posts')
    expect(Number(posts?.n)).toBe(0)
  })

  it('lets the host choose a password, then works as any account', async ({ app }) => {
    const { oneTime, answer } = await firstLogin(app)
    // The same rules as any password change: the one-time password must be given, and differ.
    await expectError(
      app.send(
        '/api/auth/password',
        { currentPassword: 'a wrong guess', newPassword: CHOSEN },
        { token: answer.encodedToken },
      ),
      403,
      ACCOUNT_MESSAGES.wrongCurrentPassword,
      'WRONG_PASSWORD',
    )
    const { encodedToken } = await ok<{ encodedToken: string }>(
      app.send(
        '/api/auth/password',
        { currentPassword: oneTime, newPassword: CHOSEN },
        { token: answer.encodedToken },
      ),
    )
    const session = await ok<SessionResponse>(app.get('/api/auth/session', encodedToken))
    expect(session.passwordChangeRequired).toBe(false)
    await ok(
      app.send('/api/posts', { postData: { content: 'hello' } }, { token: encodedToken }),
      201,
    )
    // The token of the one-time password ended with it; the new password logs in plainly.
    await expectError(
      app.get('/api/auth/session', answer.encodedToken),
      401,
      'The token is invalid. Unauthorized access error.',
      'INVALID_TOKEN',
    )
    const again = await ok<LoginResponse>(
      app.send('/api/auth/login', { username: 'boss', password: CHOSEN }),
    )
    expect(again).not.toHaveProperty('passwordChangeRequired')
  })

  it('lets the host log out before choosing', async ({ app }) => {
    const { answer } = await firstLogin(app)
    await ok(app.send('/api/auth/logout', {}, { token: answer.encodedToken }))
  })
})

describe('an account that existed before --admin named it', () => {
  test.override({ appOptions: { demo: true, admins: ['player1'] } })

  it('keeps its own password and may write at once', async ({ app }) => {
    expect(app.hosts[0]?.oneTimePassword).toBeUndefined()
    const player1 = await app.loginDemo()
    const session = await ok<SessionResponse>(app.get('/api/auth/session', player1.token))
    expect(session).toMatchObject({ isHost: true, passwordChangeRequired: false })
    await ok(app.send('/api/posts', { postData: { content: 'hi' } }, { token: player1.token }), 201)
  })
})
