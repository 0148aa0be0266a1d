import type {
  LoginResponse,
  MetaResponse,
  SignupResponse,
  UsersResponse,
} from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import { verifyToken } from '../../../src/server/auth/token'
import { TIMESTAMP, body, expectError, ok, userNamed } from '../../helpers/api'
import { TEST_SECRET, demoAppOnTheLan, type TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'
import { newUserLists } from '../../helpers/answers'

const countUsers = async (app: TestApp) =>
  (await ok<UsersResponse>(app.get('/api/users'))).users.map((user) => user.username)

describe('auth routes', () => {
  describe('POST /api/auth/signup', () => {
    it('creates a user with empty lists and the default avatar and answers createdUser and encodedToken', async ({
      app,
    }) => {
      const response = await app.send('/api/auth/signup', {
        username: 'newbie',
        password: 'long enough pw',
        firstName: 'New',
        lastName: 'Bie',
      })
      expect(response.status).toBe(201)
      const answer = await body<SignupResponse>(response)
      expect(Object.keys(answer).sort()).toEqual(['createdUser', 'encodedToken'])
      const user = answer.createdUser
      expect(user).toMatchObject({
        username: 'newbie',
        firstName: 'New',
        lastName: 'Bie',
        bio: '',
        profileImg: '/api/media/default-avatar.svg',
        ...newUserLists(),
      })
      expect(user.id).toBe(user._id)
      expect(user._id).toBe('5')
      expect(user.createdAt).toMatch(TIMESTAMP)
      expect(user.updatedAt).toMatch(TIMESTAMP)
      expect(user).not.toHaveProperty('password')
      expect(user).not.toHaveProperty('passwordHash')
      expect(await verifyToken(answer.encodedToken, TEST_SECRET)).toEqual({
        _id: '5',
        username: 'newbie',
        ver: 0,
        // A stamp of the password hash, to tell a password change (docs/API.md).
        pwd: expect.stringMatching(/^[\w-]{12}$/),
      })
    })

    it('lets the new user log in with the password given at sign-up', async ({ app }) => {
      await app.signup('newbie', 'long enough pw')
      const response = await app.send('/api/auth/login', {
        username: 'newbie',
        password: 'long enough pw',
      })
      expect(response.status).toBe(200)
      expect((await body<LoginResponse>(response)).foundUser.username).toBe('newbie')
    })

    it('gives a token that works on a protected route at once', async ({ app }) => {
      const { token } = await app.signup('newbie')
      const response = await app.send('/api/posts', { postData: { content: 'first!' } }, { token })
      expect(response.status).toBe(201)
    })

    it('stores extra sign-up fields as given and returns them with the user', async ({ app }) => {
      const response = await app.send('/api/auth/signup', {
        username: 'withmail',
        password: 'long enough pw',
        email: 'me@example.com',
        age: 21,
        pro: true,
      })
      expect(response.status).toBe(201)
      expect((await body<SignupResponse>(response)).createdUser).toMatchObject({
        email: 'me@example.com',
        age: 21,
        pro: true,
      })
      expect(await userNamed(app, 'withmail')).toMatchObject({ email: 'me@example.com', age: 21 })
    })

    it('never lets an extra field shadow a real one such as _id, followers or postCount', async ({
      app,
    }) => {
      const response = await app.send('/api/auth/signup', {
        username: 'sneaky',
        password: 'long enough pw',
        _id: '1',
        id: '1',
        bio: 'set at signup',
        postCount: 99,
        followerCount: 1000,
      })
      expect(response.status).toBe(201)
      const user = (await body<SignupResponse>(response)).createdUser
      expect(user._id).toBe('5')
      expect(user.id).toBe('5')
      expect(user.bio).toBe('')
      expect(user.postCount).toBe(0)
      expect(user.followerCount).toBe(0)
    })

    it('stores the username trimmed', async ({ app }) => {
      const response = await app.send('/api/auth/signup', {
        username: '  spaced  ',
        password: 'long enough pw',
      })
      expect(response.status).toBe(201)
      expect((await body<SignupResponse>(response)).createdUser.username).toBe('spaced')
    })

    it.for(['player1', 'PLAYER1', 'Player1', ' player1 '])(
      'refuses the taken username %j with 422',
      async (username, { app }) => {
        await expectError(
          app.send('/api/auth/signup', { username, password: 'long enough pw' }),
          422,
          MESSAGES.usernameTaken,
        )
        expect(await countUsers(app)).toHaveLength(4)
      },
    )

    it.for<[string, string]>([
      ['ab', 'Username must be at least 3 characters.'],
      ['a'.repeat(31), 'Username can be at most 30 characters.'],
      ['a b', 'Username can only use letters, digits, "_", "." and "-".'],
      ['a/b', 'Username can only use letters, digits, "_", "." and "-".'],
      ['a?b', 'Username can only use letters, digits, "_", "." and "-".'],
      ['home', 'That username is reserved. Pick another one.'],
      ['Explore', 'That username is reserved. Pick another one.'],
      ['API', 'That username is reserved. Pick another one.'],
      ['admin', 'That username is reserved. Pick another one.'],
      ['Root', 'That username is reserved. Pick another one.'],
      ['HOST', 'That username is reserved. Pick another one.'],
      ['moderation', 'That username is reserved. Pick another one.'],
      ['System', 'That username is reserved. Pick another one.'],
      ['support', 'That username is reserved. Pick another one.'],
      ['settings', 'That username is reserved. Pick another one.'],
      ['index.html', 'That username is reserved. Pick another one.'],
      ['.alice', 'Username cannot start or end with a dot.'],
      ['alice.', 'Username cannot start or end with a dot.'],
      ['...', 'Username cannot start or end with a dot.'],
    ])('refuses the username %j with 400 %j', async ([username, message], { app }) => {
      await expectError(
        app.send('/api/auth/signup', { username, password: 'long enough pw' }),
        400,
        message,
      )
      expect(await countUsers(app)).toHaveLength(4)
    })

    it('accepts usernames of exactly 3 and 30 characters with dots, dashes and underscores', async ({
      app,
    }) => {
      await app.signup('a.b')
      await app.signup(`x-_${'y'.repeat(27)}`)
      expect(await countUsers(app)).toHaveLength(6)
    })

    it.for<[unknown, string]>([
      [{ username: 'newbie', password: '1234567' }, 'Password must be at least 8 characters.'],
      [
        { username: 'newbie', password: 'x'.repeat(257) },
        'Password can be at most 256 characters.',
      ],
      [{ username: 'newbie' }, 'Password is required.'],
      [{ password: 'long enough pw' }, 'Username is required.'],
      [{ username: 5, password: 'long enough pw' }, 'Username is required.'],
      [
        { username: 'newbie', password: 'long enough pw', firstName: 'x'.repeat(61) },
        'Names can be at most 60 characters.',
      ],
      [
        { username: 'newbie', password: 'long enough pw', tags: ['a'] },
        'Extra sign-up fields must be short text, numbers or true/false.',
      ],
    ])('refuses %j with 400 and a clear message', async ([input, message], { app }) => {
      await expectError(app.send('/api/auth/signup', input), 400, message)
      expect(await countUsers(app)).toHaveLength(4)
    })

    it('refuses malformed JSON with 400 and creates nobody', async ({ app }) => {
      const response = await app.request('/api/auth/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"username": "x", "password": ',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        errors: [MESSAGES.invalidJson],
        code: 'INVALID_JSON',
      })
      expect(await countUsers(app)).toHaveLength(4)
    })
  })

  describe('extra sign-up fields', () => {
    it('never stores a field that could hold a secret', async ({ app }) => {
      const response = await app.send('/api/auth/signup', {
        username: 'formfiller',
        password: 'password12',
        confirmPassword: 'password12',
        passwordHash: 'x',
        apiToken: 't',
        email: 'ff@lan.party',
      })
      expect(response.status).toBe(201)
      const { createdUser } = (await response.json()) as { createdUser: Record<string, unknown> }
      expect(createdUser.email).toBe('ff@lan.party')
      for (const key of ['confirmPassword', 'passwordHash', 'apiToken']) {
        expect(createdUser).not.toHaveProperty(key)
      }
      const stored = await app.db.get<{ extra: string }>(
        'SELECT extra FROM users WHERE username = ?',
        'formfiller',
      )
      expect(JSON.parse(stored?.extra ?? 'null')).toEqual({ email: 'ff@lan.party' })
    })

    it('never stores or publishes a field the server decides, such as isHost or role', async ({
      app,
    }) => {
      const claims = { isHost: true, isAdmin: true, hasVerified: true, role: 'host', Staff: 1 }
      const response = await app.send('/api/auth/signup', {
        username: 'claimer',
        password: 'password12',
        clan: 'Night Owls',
        ...claims,
      })
      const { createdUser } = (await response.json()) as { createdUser: Record<string, unknown> }
      expect(response.status).toBe(201)
      expect(createdUser.clan).toBe('Night Owls')
      const profile = (await userNamed(app, 'claimer')) as unknown as Record<string, unknown>
      for (const key of Object.keys(claims)) {
        expect(createdUser).not.toHaveProperty(key)
        expect(profile).not.toHaveProperty(key)
      }
      // One stored before this rule (an older server wrote it) is no longer published either.
      await app.db.run(
        'UPDATE users SET extra = ? WHERE username = ?',
        JSON.stringify({ clan: 'Night Owls', isHost: true }),
        'claimer',
      )
      const again = (await userNamed(app, 'claimer')) as unknown as Record<string, unknown>
      expect(again.clan).toBe('Night Owls')
      expect(again).not.toHaveProperty('isHost')
    })

    it('refuses the username "bookmark", which names a route', async ({ app }) => {
      const response = await app.send('/api/auth/signup', {
        username: 'bookmark',
        password: 'password12',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        errors: ['That username is reserved. Pick another one.'],
        code: 'VALIDATION',
      })
    })
  })

  describe('POST /api/auth/login', () => {
    it('answers foundUser and encodedToken for the demo account', async ({ app }) => {
      const response = await app.send('/api/auth/login', {
        username: 'player1',
        password: 'gamerstage',
      })
      expect(response.status).toBe(200)
      const answer = await body<LoginResponse>(response)
      expect(Object.keys(answer).sort()).toEqual(['encodedToken', 'foundUser'])
      expect(answer.foundUser).toMatchObject({ _id: '1', id: '1', username: 'player1' })
      expect(answer.foundUser.following.map((user) => user.username)).toEqual(['nova_strike'])
      expect(answer.foundUser).not.toHaveProperty('password')
      expect(await verifyToken(answer.encodedToken, TEST_SECRET)).toEqual({
        _id: '1',
        username: 'player1',
        ver: 0,
        // A stamp of the password hash, to tell a password change (docs/API.md).
        pwd: expect.stringMatching(/^[\w-]{12}$/),
      })
    })

    it('finds the user whatever the case of the username', async ({ app }) => {
      const response = await app.send('/api/auth/login', {
        username: 'PLAYER1',
        password: 'gamerstage',
      })
      expect(response.status).toBe(200)
      expect((await body<LoginResponse>(response)).foundUser.username).toBe('player1')
    })

    it('answers 404 for an unknown username', async ({ app }) => {
      await expectError(
        app.send('/api/auth/login', { username: 'nobody', password: 'gamerstage' }),
        404,
        MESSAGES.userNotRegistered,
      )
    })

    it.for(['wrong password', 'Gamerstage', 'gamerstage ', ''])(
      'answers 401 for the wrong password %j',
      async (password, { app }) => {
        await expectError(
          app.send('/api/auth/login', { username: 'player1', password }),
          401,
          MESSAGES.wrongPassword,
        )
      },
    )

    it.for<[unknown]>([
      [{ username: 'player1' }],
      [{ password: 'gamerstage' }],
      [{ username: 1, password: 'gamerstage' }],
      [{}],
    ])('answers 400 for the incomplete form %j', async ([input], { app }) => {
      await expectError(
        app.send('/api/auth/login', input),
        400,
        'Username and password are required.',
      )
    })

    it('answers 400 for a body that is not JSON', async ({ app }) => {
      const response = await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: 'username=player1',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        errors: [MESSAGES.invalidJson],
        code: 'INVALID_JSON',
      })
    })
  })

  describe('a server shared on the LAN', () => {
    /** The real app over a demo database, told it is (or is not) reachable from other computers. */
    const sharedApp = (shared: boolean) => demoAppOnTheLan(() => shared)

    it.each(['player1', 'nova_strike', 'lootgoblin'])(
      'refuses the demo account %s with 403 and hides the demo password',
      async (username) => {
        const { db, built, login } = await sharedApp(true)
        try {
          await expectError(login(username, 'gamerstage'), 403, MESSAGES.demoDisabledWhileShared)
          const meta = await ok<MetaResponse>(built.request('/api/meta'))
          expect(meta.demoAccount).toBeNull()
          // A wrong password is still just a wrong password.
          await expectError(login(username, 'not it at all'), 401, MESSAGES.wrongPassword)
        } finally {
          await db.close()
        }
      },
    )

    it('lets accounts signed up on the server log in while shared', async () => {
      const { db, built, login } = await sharedApp(true)
      try {
        const signup = await built.request('/api/auth/signup', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'lanfriend', password: 'friend password' }),
        })
        expect(signup.status).toBe(201)
        expect((await login('lanfriend', 'friend password')).status).toBe(200)
      } finally {
        await db.close()
      }
    })

    it('lets the demo account in again once the server is no longer shared', async () => {
      const { db, built, login } = await sharedApp(false)
      try {
        expect((await login('player1', 'gamerstage')).status).toBe(200)
        const meta = await ok<MetaResponse>(built.request('/api/meta'))
        expect(meta.demoAccount).toEqual({ username: 'player1', password: 'gamerstage' })
      } finally {
        await db.close()
      }
    })
  })
})
