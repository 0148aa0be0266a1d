/**
 * The bench's mixed workload (`npm run bench -- --mixed`) on a tiny dataset, on SQLite: every read
 * answered while the writes go in, each beside its target. The endpoint smoke runs are the other
 * files of this folder (smoke-run.ts).
 */
import { describe, expect, it } from 'vitest'
import { runBench } from '../../../../bench/run-bench'
import { formatMixed } from '../../../../bench/mixed-bench'

describe('bench smoke run, mixed workload', () => {
  it('runs the mixed workload on a tiny dataset with only 2xx reads and no failed write', async () => {
    const report = await runBench(
      {
        size: { users: 30, posts: 200, likes: 400, comments: 200, follows: 60 },
        databases: ['sqlite'],
        duration: 0.5,
        connections: 2,
        mixed: { viewers: 20, writesPerSecond: 30 },
      },
      () => undefined,
    )
    const mixed = report.runs[0]?.mixed
    expect(mixed?.rows.map((row) => `${row.name}${row.writes ? ', writes' : ''}`)).toEqual([
      'home feed page',
      'home feed page, writes',
      'explore page, recent, writes',
      'one post, writes',
      "a post's comments page, writes",
      "a profile's posts page, writes",
    ])
    for (const row of mixed?.rows ?? []) {
      expect({ name: row.name, non2xx: row.non2xx }).toEqual({ name: row.name, non2xx: 0 })
      expect(row.written?.failed ?? 0).toBe(0)
      if (row.writes) expect(row.written?.done).toBeGreaterThan(0)
    }
    if (!mixed) throw new Error('No mixed run')
    const table = formatMixed(mixed)
    expect(table).toContain('share ≥ 0.40')
    expect(table).toContain('p99 ≤ 15 ms')
  }, 120_000)
})
