/** `GET /api/server/stats`, the host's server page. */
import type { ServerStatsResponse } from '../../../src/shared/api-types'
import { addComment, createPost, expectError, TINY_PNG, upload } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

describe('the server page figures (GET /api/server/stats)', () => {
  it('answers a host with members, the last 30 days, media and the server itself', async ({
    makeApp,
  }) => {
    const app = await makeApp({ admins: ['player1'] })
    const host = await app.loginDemo()
    const before = (await (
      await app.get('/api/server/stats', host.token)
    ).json()) as ServerStatsResponse
    const today = new Date().toISOString().slice(0, 10)
    const todayOf = (days: ServerStatsResponse['postsPerDay']) =>
      days.find((entry) => entry.day === today)?.count

    const newcomer = await app.signup('newcomer')
    const postId = await createPost(app, newcomer.token, 'first post here')
    await createPost(app, newcomer.token, 'second post here')
    await addComment(app, host.token, postId, 'welcome!')
    const uploaded = await upload(app, TINY_PNG, { token: newcomer.token })
    expect(uploaded.status).toBe(201)

    const response = await app.get('/api/server/stats', host.token)
    expect(response.status).toBe(200)
    const stats = (await response.json()) as ServerStatsResponse
    expect(stats).toMatchObject({
      version: '0.0.0-test',
      database: app.db.dialect,
      instances: 1,
      members: before.members + 1,
      onlineNow: 0,
    })
    expect(stats.uptimeSeconds).toBeGreaterThanOrEqual(0)
    for (const series of [stats.postsPerDay, stats.commentsPerDay, stats.activePlayersPerDay]) {
      expect(series).toHaveLength(30)
      expect(series.at(-1)?.day).toBe(today)
    }
    expect(todayOf(stats.postsPerDay)).toBe((todayOf(before.postsPerDay) ?? 0) + 2)
    expect(todayOf(stats.commentsPerDay)).toBe((todayOf(before.commentsPerDay) ?? 0) + 1)
    // The newcomer and the host were active today (the host may have been already).
    expect(todayOf(stats.activePlayersPerDay)).toBeGreaterThanOrEqual(2)
    expect(stats.images.count).toBe(before.images.count + 1)
    expect(stats.images.bytes).toBeGreaterThan(before.images.bytes)
    expect(stats.clips).toEqual(before.clips)
  })

  it('is for hosts only', async ({ makeApp }) => {
    const app = await makeApp({ admins: ['player1'] })
    const stranger = await app.signup('stranger')
    await expectError(app.get('/api/server/stats', stranger.token), 403, /host/i, 'HOST_ONLY')
    expect((await app.get('/api/server/stats')).status).toBe(401)
  })
})
