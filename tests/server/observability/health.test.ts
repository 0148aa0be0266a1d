/**
 * `/api/health/ready` with each dependency stopped, and the drain on stopping.
 */
import { randomBytes } from 'node:crypto'
import type { ErrorResponse, ReadinessResponse } from '../../../src/shared/api-types'
import { describe, expect, it } from '../../helpers/fixtures'
import { startOwnRedis } from '../../helpers/redis'
import { loginOver } from '../../helpers/real-login'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { startServer } from '../../../src/server/server'

async function readiness(
  response: Response,
): Promise<{ status: number; body: ReadinessResponse | ErrorResponse }> {
  return { status: response.status, body: (await response.json()) as ReadinessResponse }
}

describe('readiness (GET /api/health/ready)', () => {
  it('is ready with its database, and names the database once it is gone', async ({ makeApp }) => {
    const app = await makeApp({ demo: false })
    expect(await readiness(await app.get('/api/health/ready'))).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok' } },
    })
    await app.close()
    const { status, body } = await readiness(await app.get('/api/health/ready'))
    expect(status).toBe(503)
    expect(body).toMatchObject({
      code: 'NOT_READY',
      errors: ['Not ready: database does not answer.'],
      checks: { database: expect.stringMatching(/.+/) },
    })
    // The cheap liveness answer touches nothing: still fine.
    expect((await app.get('/api/health')).status).toBe(200)
  })

  it('names the bucket while it is stopped', async ({ makeApp, s3Bucket, s3Server }) => {
    const app = await makeApp({ demo: false, s3: s3Bucket })
    expect((await readiness(await app.get('/api/health/ready'))).body).toEqual({
      status: 'ready',
      checks: { database: 'ok', bucket: 'ok' },
    })
    await s3Server.stop()
    try {
      const { status, body } = await readiness(await app.get('/api/health/ready'))
      expect(status).toBe(503)
      expect(body).toMatchObject({
        errors: ['Not ready: bucket does not answer.'],
        checks: { database: 'ok', bucket: expect.not.stringMatching(/^ok$/) },
      })
    } finally {
      await s3Server.start()
    }
  })

  it("names the cluster's Redis while it is down, and is ready again once it is back", async ({
    tempDir,
  }) => {
    const redis = await startOwnRedis()
    // Closed here, before its Redis stops for good (the fixture's would close it after).
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir: tempDir,
      passwordCost: TEST_SCRYPT_PARAMS,
      redis: redis.url,
      redisKeyPrefix: redis.prefix,
      secret: randomBytes(32),
    })
    try {
      const ask = async () => readiness(await fetch(`${server.url}/api/health/ready`))
      expect(await ask()).toEqual({
        status: 200,
        body: { status: 'ready', checks: { database: 'ok', redis: 'ok' } },
      })
      await redis.restart({
        whileDown: async () => {
          const { status, body } = await ask()
          expect(status).toBe(503)
          expect(body).toMatchObject({
            errors: ['Not ready: redis does not answer.'],
            checks: { database: 'ok', redis: expect.not.stringMatching(/^ok$/) },
          })
        },
      })
      await expect.poll(async () => (await ask()).status, { timeout: 10_000 }).toBe(200)
    } finally {
      await server.close()
      await redis.stop()
    }
  })
})

describe('stopping (SIGTERM)', () => {
  it('ends live streams with a reconnect hint, then closes the store', async ({
    loopbackServer,
    tempDir,
  }) => {
    const server = await loopbackServer(tempDir)
    const token = await loginOver(server.url)
    const stream = await fetch(`${server.url}/api/events`, { headers: { authorization: token } })
    expect(stream.status).toBe(200)
    if (!stream.body) throw new Error('The stream has no body')
    const reader = stream.body.getReader()
    const decoder = new TextDecoder()
    let text = ''
    while (!text.includes('event: ready')) text += decoder.decode((await reader.read()).value)
    const before = text.length

    const closing = server.close()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value)
    }
    // What came after `ready`: the hint to come back in a second, and the end of the stream.
    expect(text.slice(before)).toContain('retry: 1000\n\n')
    await closing
    await expect(server.db.get('SELECT 1')).rejects.toThrow()
  })
})
