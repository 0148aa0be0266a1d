/**
 * A smoke run of `npm run bench` on a tiny dataset, so the benchmark cannot rot: every endpoint
 * is loaded and answers only 2xx. The figures themselves are not asserted: speed is measured by
 * `npm run bench`, never as pass/fail timings in tests.
 */
import { describe, expect, it } from 'vitest'
import { formatTable, runBench } from '../../bench/run-bench'

describe('bench smoke run', () => {
  it('loads every endpoint on a tiny dataset with only 2xx answers', async () => {
    const report = await runBench(
      {
        size: { users: 30, posts: 200, likes: 400, comments: 200, follows: 60 },
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
    expect(report.endpoints.map((endpoint) => endpoint.name)).toEqual([
      'bare GET /api/health',
      'home feed page (follows 200)',
      'explore page, recent',
      'explore page, by likes',
      'one post (most liked)',
      "a post's comments page",
      "a profile's posts page",
      'user search by prefix',
      'like + dislike pair',
      'new post (return=minimal)',
      'login',
    ])
    for (const endpoint of report.endpoints) {
      expect(endpoint.completed, endpoint.name).toBeGreaterThanOrEqual(4)
      expect({ name: endpoint.name, non2xx: endpoint.non2xx, errors: endpoint.errors }).toEqual({
        name: endpoint.name,
        non2xx: 0,
        errors: 0,
      })
    }
    expect(report.server.readySeconds).toBeGreaterThan(0)
    expect(formatTable(report)).toContain('| login |')
    // The live stream row: 25 clients (two loopback source addresses), every post delivered.
    expect(report.stream).toMatchObject({ clients: 25, posts: 5, delivered: 125 })
    expect(formatTable(report)).toContain('Live stream: 25 clients')
    // Logins while four images are uploaded at once: every upload and login answered.
    expect(report.uploads).toMatchObject({ uploads: 4, side: 300, accepted: 4 })
    expect(report.uploads?.logins).toBeGreaterThanOrEqual(3)
    expect(formatTable(report)).toContain('Logins during 4 uploads')
  }, 120_000)
})
