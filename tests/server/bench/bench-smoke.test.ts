/**
 * A smoke run of `npm run bench` on a tiny dataset, so the benchmark cannot rot: every endpoint
 * is loaded, on SQLite, on PostgreSQL and on three instances behind a proxy, and answers only 2xx. The figures themselves are not
 * asserted: speed is measured by `npm run bench`, never as pass/fail timings in tests.
 * PostgreSQL is the cluster in GAMERSTAGE_TEST_PG_URL when given, or one the bench starts itself.
 */
import { describe, expect, it } from 'vitest'
import { formatTable, runBench } from '../../../bench/run-bench'
import { TEST_PG_URL_VARIABLE } from '../../helpers/postgres'
import { formatMixed } from '../../../bench/mixed-bench'

describe('bench smoke run', () => {
  it('loads every endpoint on a tiny dataset with only 2xx answers: SQLite, PostgreSQL and a three-instance cluster', async () => {
    const pgUrl = process.env[TEST_PG_URL_VARIABLE]
    const report = await runBench(
      {
        size: { users: 30, posts: 200, likes: 400, comments: 200, follows: 60 },
        databases: ['sqlite', 'postgres', 'cluster'],
        ...(pgUrl ? { pgUrl } : {}),
        duration: 0.3,
        // An exact number of requests each: a slow endpoint (login hashes a password) still
        // answers within a run, however busy the machine.
        amount: 4,
        connections: 2,
        streamClients: 25,
        uploadSide: 300,
      },
      () => undefined,
    )
    expect(report.runs.map((run) => run.database)).toEqual(['sqlite', 'postgres', 'cluster'])
    for (const run of report.runs) {
      expect(run.endpoints.map((endpoint) => endpoint.name)).toEqual([
        'bare GET /api/health',
        'home feed page (follows 200)',
        'explore page, recent',
        'explore page, by likes',
        'one post (most liked)',
        "a post's comments page",
        "a profile's posts page",
        'a profile (follows 200)',
        'user search by prefix',
        'post search, two common words',
        'like + dislike pair',
        'follow + unfollow pair',
        'follow + unfollow, most followed',
        'mixed writes',
        'new post (return=minimal)',
        'login',
      ])
      for (const endpoint of run.endpoints) {
        const name = `${run.database}: ${endpoint.name}`
        expect(endpoint.completed, name).toBeGreaterThanOrEqual(4)
        expect({ name, non2xx: endpoint.non2xx, errors: endpoint.errors }).toEqual({
          name,
          non2xx: 0,
          errors: 0,
        })
      }
      expect(run.server.readySeconds).toBeGreaterThan(0)
      // The live stream row: 25 clients (two loopback source addresses), every post delivered.
      expect(run.stream).toMatchObject({ clients: 25, posts: 5, delivered: 125 })
      // Logins while four images are uploaded at once: every upload and login answered.
      expect(run.uploads).toMatchObject({ uploads: 4, side: 300, accepted: 4 })
      expect(run.uploads?.logins).toBeGreaterThanOrEqual(3)
    }
    // PostgreSQL got its data copied from the generated SQLite file.
    expect(report.runs[1]?.loadSeconds).toBeGreaterThan(0)
    const table = formatTable(report)
    expect(table).toContain(
      '| endpoint | sqlite req/s | sqlite p50 ms | sqlite p99 ms | sqlite CPU µs/req | postgres req/s',
    )
    expect(table).toContain('| login |')
    expect(table).toContain('postgres: Live stream: 25 clients')
    expect(table).toContain('postgres: Logins during 4 uploads')
    // Three databases, each beside the static baseline (bench/static-baseline.ts): a guard
    // against hangs on a busy machine, not a speed check.
  }, 240_000)

  // Issue 38's mixed workload (`npm run bench -- --mixed`), on SQLite: every read answered while
  // the writes go in, each beside its target.
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
