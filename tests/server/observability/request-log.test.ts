import { afterEach } from 'vitest'
import { captureLog, type CapturedLog } from '../../helpers/log-capture'
import { describe, expect, it } from '../../helpers/fixtures'

/** The seeded demo account's published password (services/seed.ts). */
const DEMO_PASSWORD = 'gamerstage'

let logged: CapturedLog | undefined
afterEach(() => logged?.restore())

describe('the request log', () => {
  it('writes one line per request: id, method, route pattern, status, time, user, instance', async ({
    app,
    player1,
  }) => {
    logged = captureLog()
    const response = await app.get('/api/users/player1', player1.token)
    expect(response.status).toBe(200)
    const requestId = response.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f]{16}$/)
    const lines = logged.lines.filter((line) => line.msg === 'request')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      requestId,
      method: 'GET',
      route: '/api/users/:username',
      status: 200,
      user: Number(player1.id),
      instance: expect.stringMatching(/:\d+$/),
    })
    expect(lines[0]?.ms).toEqual(expect.any(Number))
    // The pattern, never the path's own values.
    expect(logged.text()).not.toContain('/api/users/player1')
  })

  it('names no user for an anonymous request and a pattern-less one as (other)', async ({
    app,
  }) => {
    logged = captureLog()
    await app.get('/api/health')
    await app.get('/api/no-such-thing')
    const lines = logged.lines.filter((line) => line.msg === 'request')
    expect(lines.map((line) => [line.route, line.status, line.user])).toEqual([
      ['/api/health', 200, null],
      ['(other)', 404, null],
    ])
  })

  it('never writes a password, a token or a post text', async ({ app }) => {
    logged = captureLog({ level: 'trace' })
    const login = await app.send('/api/auth/login', {
      username: 'player1',
      password: DEMO_PASSWORD,
    })
    expect(login.status).toBe(200)
    const { encodedToken: token } = (await login.json()) as { encodedToken: string }
    const secretText = 'a post whose words stay out of the log'
    const posted = await app.send('/api/posts', { postData: { content: secretText } }, { token })
    expect(posted.status).toBe(201)
    const text = logged.text()
    expect(text).not.toContain(DEMO_PASSWORD)
    expect(text).not.toContain(token)
    expect(text).not.toContain('stay out of the log')
    expect(logged.lines.filter((line) => line.msg === 'request')).toHaveLength(2)
  })

  it('redacts secrets and client addresses by key, wherever a line puts them', async () => {
    logged = captureLog()
    const { log } = await import('../../../src/server/observability/log')
    log().warn({ password: 'hunter2', user: { token: 'abc.def' }, ip: '192.0.2.7' }, 'careless')
    const [line] = logged.lines
    expect(line).toMatchObject({ password: '[redacted]', user: { token: '[redacted]' } })
    expect(logged.text()).not.toContain('hunter2')
    expect(logged.text()).not.toContain('192.0.2.7')
    logged.restore()
    logged = captureLog({ clientAddresses: true })
    log().warn({ ip: '192.0.2.7' }, 'asked for')
    expect(logged.lines[0]).toMatchObject({ ip: '192.0.2.7' })
  })

  it("redacts a child logger's bindings too, never the caller's object, and only one object down", async () => {
    logged = captureLog()
    const { log } = await import('../../../src/server/observability/log')
    const fields = { user: { id: 7, password: 'hunter2' }, deep: { one: { token: 'kept' } } }
    log().child({ secret: 's3cr3t', job: 'sweep' }).warn(fields, 'child line')
    const [line] = logged.lines
    expect(line).toMatchObject({
      secret: '[redacted]',
      job: 'sweep',
      user: { id: 7, password: '[redacted]' },
      // Two objects down is past what the log looks at (as the paths it replaced).
      deep: { one: { token: 'kept' } },
    })
    expect(logged.text()).not.toContain('hunter2')
    expect(logged.text()).not.toContain('s3cr3t')
    // The line is redacted, not the object the caller still holds.
    expect(fields.user.password).toBe('hunter2')
  })

  it('gives every request an id of its own, across the draws of random bytes', async () => {
    const { newRequestId } = await import('../../../src/server/observability/request-log')
    const ids = Array.from({ length: 2_000 }, newRequestId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/)
  })
})
