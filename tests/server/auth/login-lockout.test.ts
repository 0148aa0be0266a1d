/**
 * Throttling a stranger cannot turn against an owner (docs/security.md): failures count per
 * (client address, username) and per address, so the owner on another computer still signs in.
 * Attempts are counted before their password is hashed, so guesses sent at once get no more than
 * guesses sent one by one, and a token alone does not open unlimited guesses at the password.
 * Login attempts, right or wrong, are limited per computer. Password hashing is bounded: a full
 * queue answers 503 with Retry-After. Old hashes keep verifying and are redone at today's cost.
 */
import { randomBytes, scryptSync } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { LoginThrottle } from '../../../src/server/auth/login-throttle'
import { createApp } from '../../../src/server/app'
import {
  SCRYPT_PARAMS,
  TEST_SCRYPT_PARAMS,
  hashPassword,
  needsRehash,
  setHashQueueLimit,
  verifyPassword,
} from '../../../src/server/auth/password'
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  rateLimitedMessage,
  tooManyLoginsFromAddressMessage,
  tooManyLoginsMessage,
} from '../../../src/server/errors/messages'
import type { RunningServer } from '../../../src/server/server'
import { DEMO_ACCOUNT, initializeDatabase } from '../../../src/server/services/writes/seed'
import { seededToken } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { TEST_SECRET, type TestApp } from '../../helpers/server-app'
import { openTestStore } from '../../helpers/test-store'

const loginBody = (username: string, password: string) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ username, password }),
})

/** The demo account's right password, sent from `address`. */
const demoLoginFrom = (app: TestApp, address: string) =>
  app.requestFrom(
    address,
    '/api/auth/login',
    loginBody(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password),
  )

/** A POST of JSON from the machine at `localAddress` (127.0.0.x) to a real server. */
function postFrom(
  server: RunningServer,
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{ status: number; retryAfter: string | undefined; body: { errors?: string[] } }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body)
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress,
        path,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': payload.length },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            body: JSON.parse(text) as { errors?: string[] },
          }),
        )
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

describe('login throttling by address', () => {
  it('locks out the stranger at 127.0.0.2, never the owner at 127.0.0.3 (real sockets)', async ({
    tempDir,
    loopbackServer,
  }) => {
    const server = await loopbackServer(tempDir)
    const { username, password } = DEMO_ACCOUNT

    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await postFrom(server, '127.0.0.2', '/api/auth/login', {
        username,
        password: `guess number ${attempt}`,
      })
      expect(wrong.status).toBe(401)
    }
    // The stranger now waits, even with the right password.
    const stranger = await postFrom(server, '127.0.0.2', '/api/auth/login', { username, password })
    expect(stranger.status).toBe(429)
    expect(stranger.retryAfter).toBe('30')
    expect(stranger.body).toEqual({ errors: [tooManyLoginsMessage(30)], code: 'RATE_LIMITED' })

    const owner = await postFrom(server, '127.0.0.3', '/api/auth/login', { username, password })
    expect(owner.status).toBe(200)
  })

  it('holds back an address spraying usernames, while other machines sign in', async ({
    makeApp,
  }) => {
    const app = await makeApp({
      throttle: new LoginThrottle({ freeAttemptsPerAddress: 20, sweepEveryMs: 0 }),
    })
    for (let index = 0; index < 20; index += 1) {
      const response = await app.requestFrom(
        '127.0.0.2',
        '/api/auth/login',
        loginBody(`nobody${index}`, 'whatever1'),
      )
      expect(response.status).toBe(404)
    }
    const sprayer = await demoLoginFrom(app, '127.0.0.2')
    expect(sprayer.status).toBe(429)
    expect(await sprayer.json()).toEqual({
      errors: [tooManyLoginsFromAddressMessage(30)],
      code: 'RATE_LIMITED',
    })
    const owner = await demoLoginFrom(app, '::ffff:127.0.0.3')
    expect(owner.status).toBe(200)
  })

  it('keeps 100,000 junk usernames from many addresses within its bound', () => {
    const throttle = new LoginThrottle({ maxEntries: 2000, sweepEveryMs: 0 })
    for (let index = 0; index < 100_000; index += 1) {
      const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`
      throttle.recordFailure(address, `junk-${index}`)
      throttle.check(address, `junk-${index}`)
    }
    expect(throttle.size).toEqual({ pairs: 2000, addresses: 2000 })
    throttle.close()
  })
})

/** `count` copies of a request sent at once from `address`; answers their statuses, counted. */
async function burst(
  app: TestApp,
  address: string,
  count: number,
  path: string,
  init: () => RequestInit,
): Promise<{ answers: Response[]; statuses: Record<number, number> }> {
  const answers = await Promise.all(
    Array.from({ length: count }, () => app.requestFrom(address, path, init())),
  )
  const statuses: Record<number, number> = {}
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1
  return { answers, statuses }
}

/** Every 429 among `answers` is the throttle's, for this username, with its Retry-After. */
async function expectThrottled(answers: Response[]) {
  for (const answer of answers.filter((response) => response.status === 429)) {
    expect(answer.headers.get('Retry-After')).toBe('30')
    expect(await answer.json()).toEqual({
      errors: [tooManyLoginsMessage(30)],
      code: 'RATE_LIMITED',
    })
  }
}

const withToken = (token: string, method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', authorization: token },
  body: JSON.stringify(body),
})

describe('password guesses sent at once', () => {
  const GUESSES = 40

  it('checks at most five of 40 parallel wrong logins for one account; the rest get 429', async ({
    app,
  }) => {
    const { statuses, answers } = await burst(app, '127.0.0.2', GUESSES, '/api/auth/login', () =>
      loginBody(DEMO_ACCOUNT.username, 'a wrong guess'),
    )
    expect(statuses).toEqual({ 401: 5, 429: GUESSES - 5 })
    await expectThrottled(answers)
    // The owner on another computer is not held back.
    const owner = await demoLoginFrom(app, '127.0.0.3')
    expect(owner.status).toBe(200)
  })

  it('counts parallel guesses at names nobody registered the same way', async ({ app }) => {
    const { statuses } = await burst(app, '127.0.0.2', GUESSES, '/api/auth/login', () =>
      loginBody('nobody_here', 'a wrong guess'),
    )
    expect(statuses).toEqual({ 404: 5, 429: GUESSES - 5 })
  })

  it('lets a right password after four wrong ones start the count over', async ({ app }) => {
    const wrong = () => loginBody(DEMO_ACCOUNT.username, 'a wrong guess')
    expect((await burst(app, '127.0.0.2', 4, '/api/auth/login', wrong)).statuses).toEqual({
      401: 4,
    })
    const right = await demoLoginFrom(app, '127.0.0.2')
    expect(right.status).toBe(200)
    expect((await burst(app, '127.0.0.2', 7, '/api/auth/login', wrong)).statuses).toEqual({
      401: 5,
      429: 2,
    })
  })

  it('takes five wrong current passwords with a token alone, then refuses to change it', async ({
    app,
    player1,
  }) => {
    const change = (currentPassword: string) =>
      withToken(player1.token, 'POST', { currentPassword, newPassword: 'a brand new one' })
    const { statuses, answers } = await burst(app, '127.0.0.2', 30, '/api/auth/password', () =>
      change('a wrong guess'),
    )
    expect(statuses).toEqual({ 403: 5, 429: 25 })
    await expectThrottled(answers)
    const wrong = answers.find((answer) => answer.status === 403)
    expect(await wrong?.json()).toEqual({
      errors: [ACCOUNT_MESSAGES.wrongCurrentPassword],
      code: 'WRONG_PASSWORD',
    })
    // Held back from here even with the right one; the owner's own computer is not.
    const locked = await app.requestFrom('127.0.0.2', '/api/auth/password', change('gamerstage'))
    expect(locked.status).toBe(429)
    const owner = await app.requestFrom('127.0.0.3', '/api/auth/password', change('gamerstage'))
    expect(owner.status).toBe(200)
  })

  it('takes five wrong passwords to delete the account with a token alone, and keeps it', async ({
    app,
  }) => {
    const nova = await seededToken('nova_strike')
    const { statuses, answers } = await burst(app, '127.0.0.2', 30, '/api/users/me', () =>
      withToken(nova.token, 'DELETE', { password: 'a wrong guess' }),
    )
    expect(statuses).toEqual({ 403: 5, 429: 25 })
    await expectThrottled(answers)
    const locked = await app.requestFrom(
      '127.0.0.2',
      '/api/users/me',
      withToken(nova.token, 'DELETE', { password: 'gamerstage' }),
    )
    expect(locked.status).toBe(429)
    expect((await app.get('/api/users/nova_strike')).status).toBe(200)
  })

  it('counts wrong passwords at login and at a password change in one throttle', async ({
    app,
    player1,
  }) => {
    const logins = await burst(app, '127.0.0.2', 3, '/api/auth/login', () =>
      loginBody(DEMO_ACCOUNT.username, 'a wrong guess'),
    )
    expect(logins.statuses).toEqual({ 401: 3 })
    const changes = await burst(app, '127.0.0.2', 4, '/api/auth/password', () =>
      withToken(player1.token, 'POST', {
        currentPassword: 'another wrong guess',
        newPassword: 'a brand new one',
      }),
    )
    expect(changes.statuses).toEqual({ 403: 2, 429: 2 })
  })
})

describe('login attempts per computer', () => {
  it('limits even right logins from one computer, sent at once; another computer signs in', async ({
    makeApp,
  }) => {
    const app = await makeApp({ limits: { loginsPerMinute: 3 } })
    const { statuses, answers } = await burst(app, '127.0.0.2', 30, '/api/auth/login', () =>
      loginBody(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password),
    )
    expect(statuses).toEqual({ 200: 3, 429: 27 })
    for (const answer of answers.filter((response) => response.status === 429)) {
      const seconds = Number(answer.headers.get('Retry-After'))
      expect(seconds).toBeGreaterThan(0)
      expect(seconds).toBeLessThanOrEqual(60)
      expect(await answer.json()).toEqual({
        errors: [rateLimitedMessage('logins from this computer', seconds)],
        code: 'RATE_LIMITED',
      })
    }
    const other = await demoLoginFrom(app, '127.0.0.3')
    expect(other.status).toBe(200)
  })
})

describe('the password-hash queue', () => {
  // Hashes at the real cost, as in production: the queue fills while they run.
  it.override({ appOptions: { passwordCost: SCRYPT_PARAMS } })

  it('answers 503 with Retry-After once the queue is full, and works again after', async ({
    app: burstApp,
  }) => {
    const restore = setHashQueueLimit(1)
    try {
      // Two hashes run and one waits; the rest find the queue full.
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          burstApp.send('/api/auth/signup', { username: `burst${index}`, password: 'long enough' }),
        ),
      )
      const statuses = answers.map((response) => response.status).sort()
      expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(3)
      const busy = answers.filter((response) => response.status === 503)
      expect(busy.length).toBeGreaterThanOrEqual(1)
      for (const response of busy) {
        expect(response.headers.get('Retry-After')).toBe('5')
        expect(await response.json()).toEqual({
          errors: [MESSAGES.passwordQueueFull],
          code: 'SERVER_BUSY',
        })
      }
    } finally {
      restore()
    }
    const later = await burstApp.send('/api/auth/signup', {
      username: 'after',
      password: 'long enough',
    })
    expect(later.status).toBe(201)
  })
})

describe('password hash cost', () => {
  // The server's cost is the real one here, so an older hash is redone at it.
  it.override({ appOptions: { passwordCost: SCRYPT_PARAMS } })

  /** A hash as an older Gamerstage stored it, at N=2^14. */
  function oldHash(password: string): string {
    const salt = randomBytes(16)
    const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 14, r: 8, p: 1 })
    return ['scrypt', 2 ** 14, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')
  }

  it('verifies a hash made at an older cost and redoes it at today’s on login', async ({ app }) => {
    const stored = oldHash('old but gold')
    await app.db.run('UPDATE users SET password_hash = ? WHERE id = ?', stored, 2)
    const storedHash = async () =>
      (
        await app.db.get<{ hash: string }>(
          'SELECT password_hash AS hash FROM users WHERE id = ?',
          2,
        )
      )?.hash ?? ''
    const nova = { username: 'nova_strike' }
    expect(needsRehash(stored)).toBe(true)

    const login = await app.send('/api/auth/login', {
      username: nova.username,
      password: 'old but gold',
    })
    expect(login.status).toBe(200)
    const upgraded = await storedHash()
    expect(upgraded.startsWith(`scrypt$${SCRYPT_PARAMS.N}$8$1$`)).toBe(true)
    expect(needsRehash(upgraded)).toBe(false)
    const again = await app.send('/api/auth/login', {
      username: nova.username,
      password: 'old but gold',
    })
    expect(again.status).toBe(200)
  })

  it('a hash made at the test cost verifies on a real server, which redoes it at the real cost', async ({
    app,
  }) => {
    const stored = await hashPassword('made in a test', TEST_SCRYPT_PARAMS)
    await app.db.run('UPDATE users SET password_hash = ? WHERE id = ?', stored, 2)
    const login = await app.send('/api/auth/login', {
      username: 'nova_strike',
      password: 'made in a test',
    })
    expect(login.status).toBe(200)
    const upgraded =
      (
        await app.db.get<{ hash: string }>(
          'SELECT password_hash AS hash FROM users WHERE id = ?',
          2,
        )
      )?.hash ?? ''
    expect(upgraded.startsWith(`scrypt$${SCRYPT_PARAMS.N}$8$1$`)).toBe(true)
  })

  it('a server built without a cost hashes the demo password and sign-ups at the real cost', async () => {
    // As the desktop app and `npm run serve` build it: no passwordCost anywhere.
    const db = await openTestStore()
    try {
      await initializeDatabase(db, true)
      const app = createApp({ db, secret: TEST_SECRET, version: 't' })
      const signup = await app.request('/api/auth/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'real_cost', password: 'long enough' }),
      })
      expect(signup.status).toBe(201)
      const hashes = await db.all<{ hash: string }>('SELECT password_hash AS hash FROM users')
      expect(hashes.length).toBe(5)
      for (const { hash } of hashes) expect(hash.startsWith('scrypt$65536$8$1$')).toBe(true)
    } finally {
      await db.close()
    }
  })

  it.each([
    ['a cost far above the bound', `scrypt$${2 ** 24}$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA==`],
    ['a cost that is not a power of two', 'scrypt$30000$8$1$c2FsdA==$aGFzaA=='],
    ['a huge block size', 'scrypt$1024$4096$1$c2FsdA==$aGFzaA=='],
    ['a huge parallelism', 'scrypt$1024$8$1000$c2FsdA==$aGFzaA=='],
    ['an extra field', 'scrypt$1024$8$1$c2FsdA==$aGFzaA==$more'],
  ])('refuses a stored hash with %s without hashing', async (_what, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false)
  })
})
