/**
 * Per-hour rate limits (docs/hosting.md, "Headless server"): 429 with Retry-After and a sentence saying when,
 * per user for posts, comments, reactions, follows and uploads, per address for sign-ups.
 * Unused uploads go after a day.
 */
import { rateLimitedMessage } from '../../../src/server/errors/messages'
import { DEFAULT_RATE_LIMITS, RateLimits } from '../../../src/server/http/rate-limits'
import {
  UNUSED_MEDIA_TTL_MS,
  storeImage,
  sweepUnusedMedia,
} from '../../../src/server/services/media/media'
import { editProfile } from '../../../src/server/services/writes/users'
import { createPost as createPostRow } from '../../../src/server/services/writes/new-posts'
import { TINY_PNG, quickUser, seededToken, upload } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

/** Asserts a 429 of the rate limits: Retry-After within the hour, and the sentence. */
async function expectLimited(response: Response, what: string) {
  expect(response.status).toBe(429)
  const seconds = Number(response.headers.get('Retry-After'))
  expect(seconds).toBeGreaterThan(3500)
  expect(seconds).toBeLessThanOrEqual(3600)
  expect(await response.json()).toEqual({
    errors: [rateLimitedMessage(what, seconds)],
    code: 'RATE_LIMITED',
  })
}

const post = (app: TestApp, token: string, content: string) =>
  app.send(
    '/api/posts',
    { postData: { content } },
    { token, headers: { Prefer: 'return=minimal' } },
  )

describe('rate limits', () => {
  it('says when to try again in words a person reads', () => {
    expect(rateLimitedMessage('posts', 3600)).toBe('Too many posts. Try again in 60 minutes.')
    expect(rateLimitedMessage('posts', 45)).toBe('Too many posts. Try again in 45 seconds.')
    expect(rateLimitedMessage('posts', 1)).toBe('Too many posts. Try again in 1 second.')
  })

  it('stops a user’s posts past the hour’s allowance, not another user’s', async ({ makeApp }) => {
    const app = await makeApp({ limits: { postsPerHour: 3 } })
    const { token } = await seededToken('player1')
    for (let index = 0; index < 3; index += 1) {
      expect((await post(app, token, `post ${index}`)).status).toBe(201)
    }
    await expectLimited(await post(app, token, 'one too many'), 'posts')
    const other = await seededToken('nova_strike')
    expect((await post(app, other.token, 'mine is fine')).status).toBe(201)
  })

  it('limits comments, likes and votes, and follows per user', async ({ makeApp }) => {
    const app = await makeApp({
      limits: { commentsPerHour: 1, reactionsPerHour: 2, followsPerHour: 1 },
    })
    const { token } = await seededToken('player1')
    const comment = (text: string) =>
      app.send('/api/comments/add/1', { commentData: { text } }, { token })
    expect((await comment('first')).status).toBe(201)
    await expectLimited(await comment('second'), 'comments')

    expect((await app.send('/api/posts/like/2', {}, { token })).status).toBe(200)
    expect((await app.send('/api/posts/dislike/2', {}, { token })).status).toBe(200)
    await expectLimited(await app.send('/api/posts/like/3', {}, { token }), 'likes and votes')

    expect((await app.send('/api/users/follow/3', {}, { token })).status).toBe(200)
    await expectLimited(await app.send('/api/users/unfollow/3', {}, { token }), 'follows')
  })

  it('limits sign-ups per computer: 127.0.0.2 is stopped, 127.0.0.3 is not', async ({
    makeApp,
  }) => {
    const app = await makeApp({ limits: { signupsPerHour: 2 } })
    const signup = (address: string, username: string) =>
      app.requestFrom(address, '/api/auth/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password: 'long enough' }),
      })
    expect((await signup('127.0.0.2', 'first_one')).status).toBe(201)
    expect((await signup('127.0.0.2', 'second_one')).status).toBe(201)
    await expectLimited(await signup('127.0.0.2', 'third_one'), 'sign-ups from this computer')
    expect((await app.get('/api/users/third_one')).status).toBe(404)
    expect((await signup('127.0.0.3', 'third_one')).status).toBe(201)
  })

  it('limits uploads per user by count and by bytes', async ({ makeApp }) => {
    const app = await makeApp({ limits: { uploadsPerHour: 3, uploadMegabytesPerHour: 1 } })
    const { token } = await seededToken('player1')
    const big = new Uint8Array(600 * 1024)
    big.set(TINY_PNG)
    expect((await upload(app, big, { token })).status).toBe(201)
    await expectLimited(await upload(app, big, { token }), 'uploaded megabytes')

    const other = await seededToken('nova_strike')
    expect((await upload(app, TINY_PNG, { token: other.token })).status).toBe(201)
    expect((await upload(app, TINY_PNG, { token: other.token })).status).toBe(201)
    expect((await upload(app, TINY_PNG, { token: other.token })).status).toBe(201)
    await expectLimited(await upload(app, TINY_PNG, { token: other.token }), 'uploads')
  })

  it('keeps defaults no LAN party meets, and turns a limit off with 0', async () => {
    expect(DEFAULT_RATE_LIMITS.postsPerHour).toBeGreaterThanOrEqual(300)
    expect(DEFAULT_RATE_LIMITS.signupsPerHour).toBeGreaterThanOrEqual(30)
    const limits = new RateLimits({ postsPerHour: 0 })
    for (let index = 0; index < 1000; index += 1) await limits.consume('posts', 1)
    await expect(
      (async () => {
        for (let index = 0; index < 31; index += 1) await limits.consume('signups', '10.0.0.1')
      })(),
    ).rejects.toMatchObject({ status: 429 })
  })

  it('lets a test app flood when limits are off (the default of the test helper)', async ({
    app,
  }) => {
    const { token } = await seededToken('player1')
    for (let index = 0; index < 40; index += 1) {
      expect((await post(app, token, `flood ${index}`)).status).toBe(201)
    }
  })
})

describe('unused uploads', () => {
  it('removes uploads older than a day that no profile or post uses', async ({ app }) => {
    const { id } = await quickUser(app, 'uploader')
    const owner = Number(id)
    const now = Date.now()
    const old = now - UNUSED_MEDIA_TTL_MS - 1000
    const asPicture = await storeImage(app.db, owner, Buffer.from(TINY_PNG), old)
    const inPost = await storeImage(app.db, owner, Buffer.from(TINY_PNG), old)
    const forgotten = await storeImage(app.db, owner, Buffer.from(TINY_PNG), old)
    const fresh = await storeImage(app.db, owner, Buffer.from(TINY_PNG), now)
    await editProfile(app.db, owner, { profileImg: `/api/media/${asPicture}` })
    await createPostRow(app.db, owner, `look: /api/media/${inPost} nice`)

    expect(await sweepUnusedMedia(app.db, now)).toBe(1)
    const left = (await app.db.all<{ id: string }>('SELECT id FROM media')).map((row) => row.id)
    expect(left.sort()).toEqual([asPicture, inPost, fresh].sort())
    expect(await app.db.get('SELECT * FROM media WHERE id = ?', forgotten)).toBeUndefined()
    expect((await app.get(`/api/media/${asPicture}`)).status).toBe(200)
    expect((await app.get(`/api/media/${forgotten}`)).status).toBe(404)

    // A picture replaced since is no longer used: it goes at the next sweep.
    await editProfile(app.db, owner, { profileImg: '' })
    expect(await sweepUnusedMedia(app.db, now)).toBe(1)
    expect(await sweepUnusedMedia(app.db, now)).toBe(0)
  })
})
