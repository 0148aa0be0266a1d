import { SignJWT } from 'jose'
import type { ErrorResponse, Post, SessionResponse } from '../../../src/shared/api-types'
import { MESSAGES, ACCOUNT_MESSAGES } from '../../../src/server/errors/messages'
import { setSuspended } from '../../../src/server/services/writes/hosting'
import { endDemoSessions } from '../../../src/server/services/writes/sessions'
import { DEMO_ACCOUNT } from '../../../src/server/services/writes/seed'
import { expectError, ok } from '../../helpers/api'
import { TEST_SECRET, demoAppOnTheLan } from '../../helpers/server-app'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

/** Every kind of call a token opens: a write, the feed, and a read that shows the viewer. */
async function expectRefusedEverywhere(app: TestApp, token: string) {
  await expectError(
    app.send('/api/posts', { postData: { content: 'hi' } }, { token }),
    401,
    MESSAGES.invalidToken,
  )
  await expectError(app.get('/api/feed?limit=5', token), 401, MESSAGES.invalidToken)
  await expectError(app.get('/api/auth/session', token), 401, MESSAGES.invalidToken)
  // A read ignores a dead token: the answer is the one an anonymous visitor gets.
  const posts = (await ok<{ posts: Post[] }>(app.get('/api/posts?limit=5', token))).posts
  expect(posts.every((post) => post.likes.likedBy.length === 0)).toBe(true)
}

describe('POST /api/auth/logout', { timeout: 30_000 }, () => {
  it('ends this token only, even though the verified-token cache knew it', async ({ app }) => {
    const { token } = await app.signup('leaver', 'correct horse battery')
    const other = await ok<{ encodedToken: string }>(
      app.send('/api/auth/login', { username: 'leaver', password: 'correct horse battery' }),
    )
    // Both tokens are used first, so the cache holds them.
    await ok(app.get('/api/auth/session', token))
    await ok(app.get('/api/auth/session', other.encodedToken))
    expect(await ok(app.send('/api/auth/logout', {}, { token }))).toEqual({ ok: true })
    await expectRefusedEverywhere(app, token)
    await expectError(app.send('/api/auth/logout', {}, { token }), 401, MESSAGES.invalidToken)
    // The other session of the same user goes on.
    await ok(app.get('/api/auth/session', other.encodedToken))
  })

  it('refuses without a token', async ({ app }) => {
    await expectError(app.send('/api/auth/logout', {}), 401, MESSAGES.invalidToken)
  })
})

describe('POST /api/auth/password', { timeout: 30_000 }, () => {
  it('changes the password, ends every other session and answers a working token', async ({
    app,
  }) => {
    const { token } = await app.signup('changer', 'old password 1')
    const elsewhere = await ok<{ encodedToken: string }>(
      app.send('/api/auth/login', { username: 'changer', password: 'old password 1' }),
    )
    const answer = await ok<{ encodedToken: string }>(
      app.send(
        '/api/auth/password',
        { currentPassword: 'old password 1', newPassword: 'new password 2' },
        { token },
      ),
    )
    expect(Object.keys(answer)).toEqual(['encodedToken'])
    await expectRefusedEverywhere(app, token)
    await expectRefusedEverywhere(app, elsewhere.encodedToken)
    await ok(app.get('/api/auth/session', answer.encodedToken))
    await expectError(
      app.send('/api/auth/login', { username: 'changer', password: 'old password 1' }),
      401,
      MESSAGES.wrongPassword,
    )
    await ok(app.send('/api/auth/login', { username: 'changer', password: 'new password 2' }))
  })

  it('refuses a wrong current password (403, the session stands), a short or unchanged one', async ({
    app,
  }) => {
    const { token } = await app.signup('careful', 'old password 1')
    await expectError(
      app.send(
        '/api/auth/password',
        { currentPassword: 'nope nope', newPassword: 'new password 2' },
        { token },
      ),
      403,
      ACCOUNT_MESSAGES.wrongCurrentPassword,
    )
    await expectError(
      app.send(
        '/api/auth/password',
        { currentPassword: 'old password 1', newPassword: 'short' },
        { token },
      ),
      400,
      'Password must be at least 8 characters.',
    )
    await expectError(
      app.send(
        '/api/auth/password',
        { currentPassword: 'old password 1', newPassword: 'old password 1' },
        { token },
      ),
      400,
      ACCOUNT_MESSAGES.samePassword,
    )
    await expectError(
      app.send('/api/auth/password', { newPassword: 'new password 2' }, { token }),
      400,
      'Enter your current password.',
    )
    await ok(app.get('/api/auth/session', token))
  })
})

describe('GET /api/auth/session', { timeout: 30_000 }, () => {
  it('answers the user and whether they host the server', async ({ app }) => {
    const { token } = await app.signup('someone')
    const answer = await ok<SessionResponse>(app.get('/api/auth/session', token))
    expect(answer.user.username).toBe('someone')
    expect(answer.isHost).toBe(false)
  })
})

describe('demo sessions and LAN sharing', { timeout: 30_000 }, () => {
  it('ends the demo accounts’ sessions when sharing starts, and they stay ended after', async () => {
    let shared = false
    const { db, built: server, login } = await demoAppOnTheLan(() => shared)
    const answered = await login(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password)
    const { encodedToken } = (await answered.json()) as { encodedToken: string }
    const session = () =>
      server.request('/api/auth/session', { headers: { authorization: encodedToken } })
    expect((await session()).status).toBe(200)
    shared = true
    await endDemoSessions(db)
    expect((await session()).status).toBe(401)
    shared = false
    expect((await session()).status).toBe(401)
    await db.close()
  })

  it('refuses a demo token used while shared even if nobody ended it first', async () => {
    let shared = false
    const { db, built: server, login } = await demoAppOnTheLan(() => shared)
    const answered = await login(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password)
    const { encodedToken } = (await answered.json()) as { encodedToken: string }
    shared = true
    const answer = await server.request('/api/auth/session', {
      headers: { authorization: encodedToken },
    })
    expect(answer.status).toBe(401)
    shared = false
    const later = await server.request('/api/auth/session', {
      headers: { authorization: encodedToken },
    })
    expect(later.status).toBe(401)
    await db.close()
  })
})

describe(
  'why a token was refused (docs/API.md, "Why a session ended")',
  { timeout: 30_000 },
  () => {
    /** The `reason` of a refused token, after checking the spec's sentence and code. */
    async function reasonOf(
      app: TestApp,
      token?: string,
      path = '/api/auth/session',
    ): Promise<unknown> {
      const response = await app.get(path, token)
      expect(response.status).toBe(401)
      const answer = (await response.json()) as ErrorResponse
      expect(answer.errors).toEqual([MESSAGES.invalidToken])
      expect(answer.code).toBe('INVALID_TOKEN')
      return answer.reason
    }

    it('says the password changed, on every other device of the user', async ({ app }) => {
      const { token } = await app.signup('mover', 'old password 1')
      const phone = await ok<{ encodedToken: string }>(
        app.send('/api/auth/login', { username: 'mover', password: 'old password 1' }),
      )
      await ok(
        app.send(
          '/api/auth/password',
          { currentPassword: 'old password 1', newPassword: 'new password 2' },
          { token },
        ),
      )
      expect(await reasonOf(app, phone.encodedToken)).toBe('password-changed')
      expect(await reasonOf(app, token)).toBe('password-changed')
    })

    it('says logged out, suspended, missing, invalid and expired', async ({ app }) => {
      const { token, id } = await app.signup('ender', 'old password 1')
      const other = await ok<{ encodedToken: string }>(
        app.send('/api/auth/login', { username: 'ender', password: 'old password 1' }),
      )
      await ok(app.send('/api/auth/logout', {}, { token }))
      expect(await reasonOf(app, token)).toBe('logged-out')
      await setSuspended(app.db, Number(id), true, [])
      expect(await reasonOf(app, other.encodedToken)).toBe('suspended')
      // Lifted: the session stays ended, for no reason the password explains.
      await setSuspended(app.db, Number(id), false, [])
      expect(await reasonOf(app, other.encodedToken)).toBe('ended')
      expect(await reasonOf(app)).toBe('missing')
      expect(await reasonOf(app, 'not-a-token')).toBe('invalid')
      const past = Math.floor(Date.now() / 1000) - 60
      const expired = await new SignJWT({ username: 'ender', ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setIssuer('gamerstage')
        .setIssuedAt(past - 60)
        .setExpirationTime(past)
        .sign(TEST_SECRET)
      expect(await reasonOf(app, expired)).toBe('expired')
    })

    it('says why on the reads only a signed-in player makes, suggestions too', async ({ app }) => {
      const { token, id } = await app.signup('suggested', 'old password 1')
      await setSuspended(app.db, Number(id), true, [])
      // Home asks for suggestions as the live stream ends: the first refusal is the one told.
      for (const path of ['/api/auth/session', '/api/users?suggest=true', '/api/notifications']) {
        expect(await reasonOf(app, token, path)).toBe('suspended')
      }
      expect(await reasonOf(app, undefined, '/api/users?suggest=true')).toBe('missing')
    })

    it('says a demo account is off while the server is shared', async () => {
      let shared = false
      const { db, built, login } = await demoAppOnTheLan(() => shared)
      try {
        const { encodedToken } = await ok<{ encodedToken: string }>(
          login(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password),
        )
        shared = true
        const response = await built.request('/api/auth/session', {
          headers: { authorization: encodedToken },
        })
        expect(response.status).toBe(401)
        expect(((await response.json()) as ErrorResponse).reason).toBe('demo-shared')
        // Ended when sharing started (the desktop app's way), it still says why.
        shared = false
        const again = await ok<{ encodedToken: string }>(
          login(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password),
        )
        shared = true
        await endDemoSessions(db)
        const ask = (token: string) =>
          built.request('/api/auth/session', { headers: { authorization: token } })
        const ended = await ask(again.encodedToken)
        expect(((await ended.json()) as ErrorResponse).reason).toBe('demo-shared')
        // Once sharing stops, the ended token is just ended.
        shared = false
        const later = await ask(again.encodedToken)
        expect(((await later.json()) as ErrorResponse).reason).toBe('ended')
      } finally {
        await db.close()
      }
    })
  },
)
