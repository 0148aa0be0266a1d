/**
 * The bench's populated server (`npm run bench -- --populate api`) on a tiny size: filled through
 * the API, then each write load answered with 2xx, its server and client CPU measured and issue
 * 38's targets beside the new posts and the likes (populate-api.ts).
 */
import { describe, expect, it } from 'vitest'
import { formatWriteRow, populateThroughApi } from '../../../../bench/populate-api'

describe('bench smoke run, populated through the API', () => {
  it('loads new posts, likes and follows with only 2xx answers, each beside its target', async () => {
    const report = await populateThroughApi({
      size: { users: 12, posts: 40, follows: 20, likes: 40, comments: 10 },
      duration: 0.5,
      connections: 2,
      log: () => undefined,
    })
    expect(report.writes.map((row) => row.name)).toEqual([
      'new post (return=minimal)',
      'like + dislike',
      'follow + unfollow, most followed',
      'follow + unfollow, ordinary user',
    ])
    for (const row of report.writes.slice(0, 2)) {
      expect(row.non2xx).toBe(0)
      expect(row.window.requests).toBeGreaterThan(0)
      expect(row.serverCpuUs).toBeGreaterThan(0)
      expect(formatWriteRow(row)).toMatch(/target ≥ 3000\/s: (met|NOT met)/)
    }
  }, 120_000)
})
