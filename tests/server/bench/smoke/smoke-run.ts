/**
 * A smoke run of `npm run bench` on a tiny dataset, so the benchmark cannot rot: every endpoint
 * is loaded and answers only 2xx. One database a file (sqlite, postgres, cluster.test.ts), so
 * that the three runs, a minute or more each on a busy machine, go to different Vitest workers
 * instead of queueing in one test. The figures themselves are not asserted: speed is measured by
 * `npm run bench`, never as pass/fail timings in tests. PostgreSQL is the cluster in
 * GAMERSTAGE_TEST_PG_URL when given, or one the bench starts itself.
 */
import { expect } from 'vitest'
import { runBench, type BenchDatabase, type BenchReport } from '../../../../bench/run-bench'
import { TEST_PG_URL_VARIABLE } from '../../../helpers/postgres'

/** The endpoints every run loads, in the bench's order. */
export const ENDPOINTS = [
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
]

/** A guard against hangs on a busy machine, not a speed check. */
export const SMOKE_TIMEOUT_MS = 240_000

/**
 * Runs the bench on `database` and checks the run: every endpoint loaded with only 2xx answers,
 * the live stream delivered every post, every upload and login answered.
 */
export async function smokeRun(database: BenchDatabase): Promise<BenchReport> {
  const pgUrl = process.env[TEST_PG_URL_VARIABLE]
  const report = await runBench(
    {
      size: { users: 30, posts: 200, likes: 400, comments: 200, follows: 60 },
      databases: [database],
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
  expect(report.runs.map((run) => run.database)).toEqual([database])
  for (const run of report.runs) {
    expect(run.endpoints.map((endpoint) => endpoint.name)).toEqual(ENDPOINTS)
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
  return report
}
