/**
 * Explore's trending tags and games (docs/API.md, "Trending"): the last 7 days' tags, the most
 * used first; games by their recent posts (tagged with the slug) and recent additions to
 * profiles; older posts and posts by someone the viewer blocked do not count. Runs on SQLite and,
 * with vitest.pg.config.ts, on PostgreSQL.
 */
import type { TrendingResponse } from '../../../src/shared/api-types'
import { createPost, ok, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

const DAY = 24 * 60 * 60 * 1000

describe('GET /trending', () => {
  it('lists the last days’ tags and games, the busiest first', async ({ app, player1 }) => {
    const fan = await quickUser(app, 'trend_fan')
    const pest = await quickUser(app, 'trend_pest')
    await ok(
      app.send('/api/me/games', { games: ['Minecraft'] }, { token: player1.token, method: 'PUT' }),
    )
    await ok(
      app.send(
        '/api/me/games',
        { games: ['Terraria', 'Minecraft'] },
        { token: fan.token, method: 'PUT' },
      ),
    )
    await createPost(app, player1.token, 'Speedrun night #speedrun #minecraft')
    await createPost(app, fan.token, 'More #speedrun')
    await createPost(app, fan.token, 'Again #speedrun #lfg')
    const old = await createPost(app, fan.token, 'Long ago #retro #terraria #terraria2')
    await app.db.run(
      'UPDATE posts SET created_at = ? WHERE id = ?',
      Date.now() - 8 * DAY,
      Number(old),
    )
    await createPost(app, pest.token, 'Spam #spam #spam2 #minecraft')
    await ok(app.send(`/api/users/me/block/${pest.id}`, {}, { token: player1.token }))

    const seen = await ok<TrendingResponse>(app.get('/api/trending', player1.token))
    expect(seen.days).toBe(7)
    expect(seen.tags).toEqual([
      { tag: 'speedrun', postCount: 3 },
      { tag: 'lfg', postCount: 1 },
      { tag: 'minecraft', postCount: 1 },
    ])
    // Minecraft: one visible post and two profiles; Terraria: one profile (its post is old).
    expect(seen.games.map((game) => [game.name, game.recentPosts, game.recentPlayers])).toEqual([
      ['Minecraft', 1, 2],
      ['Terraria', 0, 1],
    ])

    // A stranger sees the pest's post, and its tags.
    const anonymous = await ok<TrendingResponse>(app.get('/api/trending'))
    expect(anonymous.tags.find((tag) => tag.tag === 'minecraft')?.postCount).toBe(2)
    expect(anonymous.tags.map((tag) => tag.tag)).toContain('spam')
    expect(anonymous.tags.map((tag) => tag.tag)).not.toContain('retro')
  })

  it('answers empty lists on a quiet server', async ({ app }) => {
    expect(await ok<TrendingResponse>(app.get('/api/trending'))).toEqual({
      days: 7,
      tags: [],
      games: [],
    })
  })
})
