import { SignJWT } from 'jose'
import { afterEach, vi } from 'vitest'
import type { Comment, LoginResponse, Post } from '../../../src/shared/api-types'
import { LoginThrottle } from '../../../src/server/auth/login-throttle'
import { signToken } from '../../../src/server/auth/token'
import { MESSAGES, tooManyLoginsMessage } from '../../../src/server/errors/messages'
import {
  TINY_PNG,
  addComment,
  allKeys,
  allStrings,
  createPost,
  deleteUserRow,
  expectError,
  ok,
  seededToken,
  upload,
} from '../../helpers/api'
import { TEST_SECRET, type TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'
import { captureLog } from '../../helpers/log-capture'
import { testsOnPostgres } from '../../helpers/test-store'

afterEach(() => {
  vi.restoreAllMocks()
})

const OTHER_SECRET = new TextEncoder().encode('not-the-server-secret-but-32-bytes!')
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const nowSeconds = () => Math.floor(Date.now() / 1000)

/** Tokens that must never open a protected route. */
async function badTokens(): Promise<[string, string][]> {
  const valid = await signToken({ _id: '1', username: 'player1' }, TEST_SECRET)
  const [header, , signature] = valid.split('.')
  const expired = await new SignJWT({ username: 'player1' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuer('gamerstage')
    .setIssuedAt(nowSeconds() - 3600)
    .setExpirationTime(nowSeconds() - 60)
    .sign(TEST_SECRET)
  const noneHeader = encode({ alg: 'none', typ: 'JWT' })
  const payload = encode({
    sub: '1',
    username: 'player1',
    iss: 'gamerstage',
    exp: nowSeconds() + 3600,
  })
  const wrongIssuer = await new SignJWT({ username: 'player1' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuer('elsewhere')
    .setExpirationTime('1h')
    .sign(TEST_SECRET)
  const notAnId = await new SignJWT({ username: 'player1' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('../1')
    .setIssuer('gamerstage')
    .setExpirationTime('1h')
    .sign(TEST_SECRET)
  const neverExpires = await new SignJWT({ username: 'player1' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuer('gamerstage')
    .sign(TEST_SECRET)
  return [
    ['garbage', 'garbage'],
    ['a token signed with the secret but without an expiry', neverExpires],
    ['a three-part garbage token', 'a.b.c'],
    [
      'a token signed with another secret',
      await signToken({ _id: '1', username: 'player1' }, OTHER_SECRET),
    ],
    ['an expired token', expired],
    ['an alg none token', `${noneHeader}.${payload}.`],
    ['an alg none token with the real signature', `${noneHeader}.${payload}.${signature}`],
    [
      'a token whose payload was swapped',
      `${header}.${encode({ sub: '2', username: 'nova_strike', iss: 'gamerstage', exp: nowSeconds() + 3600 })}.${signature}`,
    ],
    ['a token from another issuer', wrongIssuer],
    ['a token whose subject is not an id', notAnId],
    ['Bearer alone', 'Bearer'],
    ['Bearer and spaces', 'Bearer    '],
  ]
}

describe('security', () => {
  describe('tokens', () => {
    it('refuses every forged, expired or broken token with 401 and the spec text', async ({
      app,
    }) => {
      for (const [label, token] of await badTokens()) {
        const response = await app.send('/api/posts', { postData: { content: label } }, { token })
        expect(response.status, label).toBe(401)
        expect(await response.json(), label).toEqual({
          errors: [MESSAGES.invalidToken],
          code: 'INVALID_TOKEN',
          // Why, for the app to tell its user (docs/API.md, "Why a session ended").
          reason: label === 'an expired token' ? 'expired' : 'invalid',
        })
      }
      expect(await ok<{ posts: Post[] }>(app.get('/api/posts')).then((b) => b.posts.length)).toBe(5)
    })

    it('refuses a missing authorization header with 401 on every protected route', async ({
      app,
    }) => {
      const routes: [string, string][] = [
        ['GET', '/api/feed'],
        ['GET', '/api/users/bookmark'],
        ['POST', '/api/users/edit'],
        ['POST', '/api/users/follow/2'],
        ['POST', '/api/users/unfollow/2'],
        ['POST', '/api/users/bookmark/1'],
        ['POST', '/api/users/remove-bookmark/1'],
        ['POST', '/api/posts'],
        ['POST', '/api/posts/edit/4'],
        ['DELETE', '/api/posts/4'],
        ['POST', '/api/posts/like/1'],
        ['POST', '/api/posts/dislike/1'],
        ['POST', '/api/comments/add/1'],
        ['POST', '/api/comments/edit/1/1'],
        ['POST', '/api/comments/delete/1/1'],
        ['POST', '/api/comments/upvote/1/1'],
        ['POST', '/api/comments/downvote/1/1'],
        ['POST', '/api/media'],
      ]
      for (const [method, path] of routes) {
        const response = await app.request(path, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: method === 'GET' ? undefined : '{}',
        })
        expect(response.status, `${method} ${path}`).toBe(401)
        expect(await response.json()).toEqual({
          errors: [MESSAGES.invalidToken],
          code: 'INVALID_TOKEN',
          reason: 'missing',
        })
      }
    })

    it('answers 404 with the spec text for a valid token whose user no longer exists', async ({
      app,
    }) => {
      const { token, id } = await seededToken('lootgoblin')
      await deleteUserRow(app, id)
      await expectError(
        app.send('/api/posts', { postData: { content: 'ghost' } }, { token }),
        404,
        MESSAGES.userNotRegistered,
      )
      await expectError(app.get('/api/feed', token), 404, MESSAGES.userNotRegistered)
    })

    it('serves reads to a broken or stale token as to a visitor', async ({ app }) => {
      const { token, id } = await seededToken('lootgoblin')
      await deleteUserRow(app, id)
      for (const bad of [token, 'garbage']) {
        expect((await app.get('/api/posts?limit=2', bad)).status).toBe(200)
        expect((await app.get('/api/posts/1', bad)).status).toBe(200)
        expect((await app.get('/api/comments/1', bad)).status).toBe(200)
        expect((await app.get('/api/users', bad)).status).toBe(200)
      }
    })

    it('accepts the token raw, with Bearer, and with any case of bearer', async ({ app }) => {
      const { token } = await seededToken()
      for (const header of [token, `Bearer ${token}`, `bearer ${token}`, `  ${token}  `]) {
        expect((await app.get('/api/feed', header)).status).toBe(200)
      }
    })
  })

  describe('login throttling', () => {
    const login = (app: TestApp, password: string, username = 'player1') =>
      app.send('/api/auth/login', { username, password })

    it('answers 429 with Retry-After to the sixth attempt after five wrong passwords, even a right one', async ({
      makeApp,
    }) => {
      let fakeNow = 1_000_000
      const app = await makeApp({ throttle: new LoginThrottle({ now: () => fakeNow }) })
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await expectError(login(app, 'wrong password'), 401, MESSAGES.wrongPassword)
      }
      const refused = await login(app, 'gamerstage')
      expect(refused.status).toBe(429)
      expect(refused.headers.get('Retry-After')).toBe('30')
      expect(await refused.json()).toEqual({
        errors: [tooManyLoginsMessage(30)],
        code: 'RATE_LIMITED',
      })
      expect(tooManyLoginsMessage(30)).toBe(
        'Too many failed logins for this username. Try again in 30 seconds.',
      )

      fakeNow += 12_000
      const later = await login(app, 'gamerstage', 'PLAYER1')
      expect(later.status).toBe(429)
      expect(later.headers.get('Retry-After')).toBe('18')

      fakeNow += 18_000
      const allowed = await login(app, 'gamerstage')
      expect(allowed.status).toBe(200)
      expect((await allowed.json()) as LoginResponse).toHaveProperty('encodedToken')
    })

    it('resets the count after a successful login', async ({ makeApp }) => {
      const fakeNow = 5_000_000
      const app = await makeApp({ throttle: new LoginThrottle({ now: () => fakeNow }) })
      for (let attempt = 0; attempt < 4; attempt += 1) {
        await expectError(login(app, 'nope nope'), 401, MESSAGES.wrongPassword)
      }
      await ok(login(app, 'gamerstage'))
      for (let attempt = 0; attempt < 4; attempt += 1) {
        await expectError(login(app, 'nope nope'), 401, MESSAGES.wrongPassword)
      }
      await ok(login(app, 'gamerstage'))
    })

    it('doubles the wait after a failure that follows a wait', async ({ makeApp }) => {
      let fakeNow = 0
      const app = await makeApp({ throttle: new LoginThrottle({ now: () => fakeNow }) })
      for (let attempt = 0; attempt < 5; attempt += 1) await login(app, 'wrong one!')
      fakeNow += 30_000
      await expectError(login(app, 'wrong two!'), 401, MESSAGES.wrongPassword)
      const refused = await login(app, 'gamerstage')
      expect(refused.status).toBe(429)
      expect(refused.headers.get('Retry-After')).toBe('60')
    })

    it('throttles guesses at unknown usernames too, without touching other accounts', async ({
      makeApp,
    }) => {
      const fakeNow = 0
      const app = await makeApp({ throttle: new LoginThrottle({ now: () => fakeNow }) })
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await expectError(login(app, 'whatever', 'ghost'), 404, MESSAGES.userNotRegistered)
      }
      expect((await login(app, 'whatever', 'ghost')).status).toBe(429)
      expect((await login(app, 'gamerstage')).status).toBe(200)
    })
  })

  describe('no secrets in answers', () => {
    it('walks every answer of a full scenario and finds no password, hash or scrypt string', async ({
      app,
    }) => {
      const answers: unknown[] = []
      const record = async (response: Promise<Response>) => {
        const resolved = await response
        expect(resolved.status, resolved.url).toBeLessThan(300)
        const parsed: unknown = await resolved.json()
        answers.push(parsed)
        return parsed
      }
      const signup = (await record(
        app.send('/api/auth/signup', {
          username: 'scenario',
          password: 'scenario password',
          firstName: 'Sce',
          email: 'sce@example.com',
        }),
      )) as { encodedToken: string }
      const login = (await record(
        app.send('/api/auth/login', { username: 'player1', password: 'gamerstage' }),
      )) as LoginResponse
      const me = login.encodedToken
      const them = signup.encodedToken

      const postId = await createPost(app, them, 'scenario post')
      await record(app.send('/api/posts', { postData: { content: 'mine' } }, { token: me }))
      await record(app.send(`/api/posts/like/${postId}`, {}, { token: me }))
      await record(app.send('/api/posts/dislike/1', {}, { token: me }))
      await record(app.send('/api/posts/edit/4', { postData: 'edited' }, { token: me }))
      const commentId = await addComment(app, me, postId, 'nice one')
      await record(
        app.send(`/api/comments/add/${postId}`, { commentData: 'more' }, { token: them }),
      )
      await record(app.send(`/api/comments/upvote/${postId}/${commentId}`, {}, { token: them }))
      await record(app.send(`/api/comments/downvote/${postId}/${commentId}`, {}, { token: me }))
      await record(
        app.send(`/api/comments/edit/${postId}/${commentId}`, { commentData: 'x' }, { token: me }),
      )
      await record(app.send(`/api/users/bookmark/${postId}`, {}, { token: me }))
      await record(
        app.send('/api/users/bookmark/2', {}, { token: me, headers: { Prefer: 'return=minimal' } }),
      )
      await record(app.send('/api/users/follow/5', {}, { token: me }))
      await record(app.send('/api/users/follow/1', {}, { token: them }))
      await record(
        app.send('/api/users/edit', { userData: { ...login.foundUser, bio: 'hi' } }, { token: me }),
      )
      await record(
        app.send('/api/auth/login', { username: 'scenario', password: 'scenario password' }),
      )
      await upload(app, TINY_PNG, { token: me }).then((response) =>
        record(Promise.resolve(response)),
      )
      for (const path of [
        '/api/users',
        '/api/users?limit=2',
        '/api/users?search=s',
        '/api/users?suggest=true',
        '/api/users/player1',
        '/api/users/scenario',
        '/api/users/bookmark',
        '/api/users/bookmark?limit=1',
        '/api/posts',
        '/api/posts?sort=likes',
        '/api/posts?limit=2',
        `/api/posts/${postId}`,
        '/api/posts/user/scenario',
        '/api/feed',
        `/api/comments/${postId}`,
        `/api/comments/${postId}?limit=1`,
      ]) {
        await record(app.get(path, me))
      }
      await record(app.send(`/api/users/remove-bookmark/${postId}`, {}, { token: me }))
      await record(app.send('/api/users/unfollow/5', {}, { token: me }))
      await record(app.send(`/api/comments/delete/${postId}/${commentId}`, {}, { token: them }))
      await record(app.send(`/api/posts/${postId}`, undefined, { token: them, method: 'DELETE' }))

      // /api/meta is left out on purpose: it publishes the demo account's password by design.
      expect(answers.length).toBeGreaterThan(35)
      const keys = answers.flatMap((answer) => allKeys(answer))
      expect(keys.filter((key) => /\.(password|passwordHash|password_hash)$/i.test(key))).toEqual(
        [],
      )
      const strings = answers.flatMap(allStrings)
      expect(strings.filter((text) => text.includes('scrypt$'))).toEqual([])
      expect(strings.filter((text) => text.includes('scenario password'))).toEqual([])
      // The walk did see the shapes it checks.
      expect(keys.some((key) => key.endsWith('.followers[0].username'))).toBe(true)
      expect(keys.some((key) => key.endsWith('.comments[0].votes'))).toBe(true)
    })
  })

  describe('unexpected failures', () => {
    it('answers 500 {error: {message}} without a stack trace when the database is gone', async ({
      app,
    }) => {
      const logged = captureLog()
      await app.close()
      const response = await app.get('/api/posts')
      expect(response.status).toBe(500)
      const text = await response.text()
      expect(JSON.parse(text)).toEqual({
        error: { message: 'Something went wrong on the server.' },
        code: 'INTERNAL',
      })
      expect(text).not.toMatch(/\bat \S+ \(|\n\s+at |\.ts:\d+/)
      expect(text).not.toMatch(/database|sqlite/i)
      logged.restore()
      expect(logged.lines.map((line) => line.msg)).toContain('unexpected error')
    })

    it('answers 500 on a mutation too, and logs the cause on the server only', async ({ app }) => {
      const { token } = await seededToken()
      const logged = captureLog()
      await app.db.run('DROP TABLE post_reactions')
      const response = await app.send('/api/posts/like/1', {}, { token })
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({
        error: { message: 'Something went wrong on the server.' },
        code: 'INTERNAL',
      })
      logged.restore()
      const [line] = logged.lines.filter((entry) => entry.msg === 'unexpected error')
      // The driver's own error, with its stack: better-sqlite3's or pg's.
      expect(line?.err).toMatchObject({
        type: testsOnPostgres ? 'DatabaseError' : 'SqliteError',
        stack: expect.any(String),
      })
    })
  })

  describe('headers', () => {
    it('sends nosniff, a CSP and no-referrer on API answers', async ({ app }) => {
      const response = await app.get('/api/posts/1')
      expect(response.status).toBe(200)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      // No Origin (not a browser page): no CORS header is needed or sent.
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('lets no cache keep an answer: logins, bookmarks, notifications, sessions, errors', async ({
      app,
      player1,
    }) => {
      const answers = {
        login: await app.send('/api/auth/login', { username: 'player1', password: 'wrong pw!' }),
        session: await app.get('/api/auth/session', player1.token),
        bookmarks: await app.get('/api/users/bookmark', player1.token),
        notifications: await app.get('/api/notifications', player1.token),
        feed: await app.get('/api/feed', player1.token),
        posts: await app.get('/api/posts?limit=5'),
        missing: await app.get('/api/posts/999999', player1.token),
      }
      for (const [name, response] of Object.entries(answers)) {
        expect(response.headers.get('cache-control'), name).toBe('no-store')
      }
      // An image never changes under its address: it keeps its own, long, cache life.
      const uploaded = await ok<{ url: string }>(
        upload(app, TINY_PNG, { token: player1.token }),
        201,
      )
      const image = await app.get(uploaded.url)
      expect(image.headers.get('cache-control')).toContain('immutable')
    })

    it('answers a CORS preflight from an app window that allows the authorization and Prefer headers', async ({
      app,
    }) => {
      const response = await app.request('/api/posts', {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:51234',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type,prefer',
        },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:51234')
      expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
        'prefer',
      )
      expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After')
    })
  })

  describe('bad input changes nothing', () => {
    it('leaves posts, comments, bookmarks and follows as they were after a run of bad requests', async ({
      app,
    }) => {
      const { token } = await seededToken()
      const snapshot = async () => ({
        posts: (await ok<{ posts: Post[] }>(app.get('/api/posts'))).posts,
        comments: (await ok<{ comments: Comment[] }>(app.get('/api/comments/1'))).comments,
        bookmarks: await ok(app.get('/api/users/bookmark', token)),
        users: await ok(app.get('/api/users')),
      })
      const before = await snapshot()
      const json = (path: string, text: string) =>
        app.request(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', authorization: token },
          body: text,
        })
      const statuses = [
        (await json('/api/posts', '{"postData":')).status,
        (await json('/api/posts', '[]')).status,
        (await json('/api/posts', 'null')).status,
        (await json('/api/posts', '"text"')).status,
        (await json('/api/posts', '{"postData":{"content":["a"]}}')).status,
        (await json('/api/posts/edit/4', '{"postData":{}}')).status,
        (await json('/api/comments/add/1', '{"commentData":{"text":null}}')).status,
        (await json('/api/comments/edit/1/1', '{"commentData":""}')).status,
        (await json('/api/users/edit', '{"userData":{"bio":["x"]}}')).status,
        (await json('/api/posts', JSON.stringify({ postData: 'x'.repeat(1_200_000) }))).status,
        (await app.send('/api/posts/like/999', {}, { token })).status,
        (await app.send('/api/users/bookmark/abc', {}, { token })).status,
        (await app.send('/api/users/follow/0', {}, { token })).status,
        (await upload(app, new TextEncoder().encode('<html>'), { token })).status,
        (await upload(app, TINY_PNG)).status,
      ]
      expect(statuses).toEqual([
        400, 400, 400, 400, 400, 400, 400, 400, 400, 413, 404, 404, 404, 400, 401,
      ])
      expect(await snapshot()).toEqual(before)
    })
  })
})
