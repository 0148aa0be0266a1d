/**
 * `--admin` names accounts, not names (docs/features.md, "Sessions, accounts and moderation"): the server finds or makes each one
 * before it listens, so nobody can sign up as a host's name first, and a name given up later
 * makes nobody host.
 */
import { afterEach } from 'vitest'
import type { LoginResponse, SessionResponse, SignupResponse } from '../../../src/shared/api-types'
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../src/server/errors/messages'
import { ensureHostAccounts } from '../../../src/server/services/writes/hosting'
import { startServer, type RunningServer } from '../../../src/server/server'
import { describe, expect, it } from '../../helpers/fixtures'
import { expectError } from '../../helpers/api'

const servers: RunningServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

function call(
  server: RunningServer,
  path: string,
  init: { body?: unknown; token?: string; method?: string } = {},
) {
  return fetch(`${server.url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: init.token } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

async function isHost(server: RunningServer, token: string): Promise<boolean> {
  const response = await call(server, '/auth/session', { token })
  expect(response.status).toBe(200)
  return ((await response.json()) as SessionResponse).isHost
}

describe('--admin', () => {
  it('makes the named account before listening, so a stranger cannot sign up as BOSS', async ({
    tempDir,
  }) => {
    const server = await startServer({ port: 0, dataDir: tempDir, demo: false, admins: ['boss'] })
    servers.push(server)
    const [host] = server.hosts
    expect(server.hosts).toHaveLength(1)
    expect(host).toMatchObject({ username: 'boss', oneTimePassword: expect.any(String) })
    expect(host?.oneTimePassword?.length).toBeGreaterThanOrEqual(16)

    const stranger = call(server, '/auth/signup', {
      body: { username: 'BOSS', password: 'the stranger is here' },
    })
    await expectError(stranger, 422, MESSAGES.usernameTaken, 'USERNAME_TAKEN')

    const login = await call(server, '/auth/login', {
      body: { username: 'boss', password: host?.oneTimePassword },
    })
    expect(login.status).toBe(200)
    expect(await isHost(server, ((await login.json()) as LoginResponse).encodedToken)).toBe(true)
  })

  // Five passwords checked or hashed at the real cost (startServer's): slow on a busy machine.
  it(
    'makes nobody host who takes the name after the host deleted the account',
    {
      timeout: 90_000,
    },
    async ({ tempDir }) => {
      const server = await startServer({ port: 0, dataDir: tempDir, demo: false, admins: ['boss'] })
      servers.push(server)
      const oneTime = server.hosts[0]?.oneTimePassword
      const login = await call(server, '/auth/login', {
        body: { username: 'boss', password: oneTime },
      })
      // Its owner chooses a password first (nothing else is written before), then deletes it.
      const password = 'the host chose this'
      const changed = await call(server, '/auth/password', {
        body: { currentPassword: oneTime, newPassword: password },
        token: ((await login.json()) as LoginResponse).encodedToken,
      })
      const { encodedToken } = (await changed.json()) as { encodedToken: string }
      const deleted = await call(server, '/users/me', {
        method: 'DELETE',
        body: { password },
        token: encodedToken,
      })
      expect(deleted.status).toBe(200)

      const signup = await call(server, '/auth/signup', {
        body: { username: 'BOSS', password: 'the stranger is here' },
      })
      expect(signup.status).toBe(201)
      const stranger = ((await signup.json()) as SignupResponse).encodedToken
      expect(await isHost(server, stranger)).toBe(false)
      await expectError(
        call(server, '/reports', { token: stranger }),
        403,
        ACCOUNT_MESSAGES.hostOnly,
        'HOST_ONLY',
      )
    },
  )

  it('takes an existing account whatever the case of its name, once per account', async ({
    app,
  }) => {
    const hosts = await ensureHostAccounts(app.db, ['PLAYER1', ' player1 ', 'Player1'])
    expect(hosts).toEqual([{ id: 1, username: 'player1' }])
  })
})
