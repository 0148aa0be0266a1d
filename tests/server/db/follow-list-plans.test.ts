/**
 * SQLite-only: checks SQLite's query plans (EXPLAIN QUERY PLAN, on data made with SQLite's
 * syntax) for the follower and following lists of follow-lists.test.ts. PostgreSQL plans by its
 * own statistics and takes no index hint.
 */
import type { FollowListPage } from '../../../src/shared/api-types'
import { ok } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { sqliteConnectionOf } from '../../helpers/sqlite-connection'

describe('follower and following lists', () => {
  it('read each page through an index in follow order, never a scan or a sort', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const client = sqliteConnectionOf(app.db)
    // 2,000 users, each following 1–6 others: enough rows that a scan would cost more.
    client.exec(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
      INSERT INTO users (username, username_key, password_hash, profile_img, created_at, updated_at)
      SELECT 'u' || i, 'u' || i, 'x', '', i, i FROM n;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000),
        k(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM k WHERE j < 6)
      INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at)
      SELECT i, 1 + (i * j * 7919) % 2000, i * 10 + j FROM n, k
      WHERE j <= 1 + i % 6 AND 1 + (i * j * 7919) % 2000 <> i;
      ANALYZE;
    `)
    const prepared = new Set<string>()
    const prepare = client.prepare.bind(client)
    client.prepare = ((source: string) => {
      prepared.add(source)
      return prepare(source)
    }) as typeof client.prepare
    try {
      for (const list of ['followers', 'following']) {
        const first = await ok<FollowListPage>(app.get(`/api/users/u7/${list}?limit=1`))
        expect(first.nextCursor).toEqual(expect.any(String))
        await ok(app.get(`/api/users/u7/${list}?limit=1&cursor=${first.nextCursor}`))
      }
    } finally {
      client.prepare = prepare
    }
    const listQueries = [...prepared].filter((sql) => /FROM follows f JOIN users/.test(sql))
    // Two lists, with and without a cursor.
    expect(listQueries).toHaveLength(4)
    for (const sql of listQueries) {
      const params = (sql.match(/\?/g) ?? []).map(() => 1)
      const plan = (
        client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
      ).map((row) => row.detail)
      expect(plan.join('\n'), sql).toMatch(
        /SEARCH f USING (COVERING )?INDEX follows_follow(ee|er)_recent_idx/,
      )
      expect(plan.join('\n'), sql).not.toMatch(/TEMP B-TREE|SCAN f\b/)
    }
  })
})
