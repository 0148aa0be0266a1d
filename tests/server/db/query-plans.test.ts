/**
 * Every query behind the paged list routes the app uses must be served by an index: this runs
 * them on a generated dataset, captures each statement the store runs,
 * and fails on any full scan of a table that grows with use (SQLite's EXPLAIN QUERY PLAN says
 * `SCAN <table>` without an index).
 *
 * SQLite-only: SQLite's query plans, on the benchmark's SQLite data folder (PostgreSQL plans by
 * its own statistics).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateDataset } from '../../../bench/generate'
import { createApp } from '../../../src/server/app'
import { signToken } from '../../../src/server/auth/token'
import { openSqliteStore, type SqliteStore } from '../../../src/server/db/sqlite'
import { DATABASE_FILE } from '../../../src/server/server'
import { readCacheOf } from '../../../src/server/caches/store-caches'
import { TEST_SECRET } from '../../helpers/server-app'

const LARGE_TABLES = [
  'users',
  'posts',
  'post_reactions',
  'comments',
  'comment_votes',
  'follows',
  'bookmarks',
  'media',
]

interface Captured {
  /** The statement with its parameters written in (better-sqlite3's `verbose`). */
  query: string
  route: string
}

let dataDir: string
let db: SqliteStore
const captured: Captured[] = []
let currentRoute = ''

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-plans-'))
  await generateDataset(dataDir, {
    users: 2_000,
    posts: 20_000,
    likes: 40_000,
    comments: 10_000,
    follows: 8_000,
  })
  db = openSqliteStore({
    file: join(dataDir, DATABASE_FILE),
    onStatement: (query) => captured.push({ query, route: currentRoute }),
  })
}, 60_000)

afterAll(async () => {
  await db?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Runs a route the renderer calls, with a second page when the first names one. */
async function exercise(
  app: ReturnType<typeof createApp>,
  path: string,
  token: string,
  init: RequestInit = {},
) {
  currentRoute = `${init.method ?? 'GET'} ${path}`
  const headers = { authorization: token, 'content-type': 'application/json', ...init.headers }
  const response = await app.request(path, { ...init, headers })
  expect(response.status, currentRoute).toBeLessThan(300)
  const body = (await response.json()) as { nextCursor?: string | null }
  if (body.nextCursor) {
    const separator = path.includes('?') ? '&' : '?'
    const next = `${path}${separator}cursor=${body.nextCursor}`
    currentRoute = `GET ${next}`
    expect((await app.request(next, { headers })).status).toBe(200)
  }
}

describe('query plans of the paged list routes', () => {
  it('use an index for every query on a table that grows', async () => {
    const app = createApp({ db, secret: TEST_SECRET, version: 'test' })
    const dense = await signToken({ _id: '1', username: 'user000001' }, TEST_SECRET)
    const sparse = await signToken({ _id: '1999', username: 'user001999' }, TEST_SECRET)
    const minimal = { prefer: 'return=minimal' }
    for (const postId of [20_000, 19_993, 5]) {
      await exercise(app, `/api/users/bookmark/${postId}`, dense, {
        method: 'POST',
        body: '{}',
        headers: minimal,
      })
    }
    // The lists that leave hidden authors out (services/reads/visibility.ts), and who reads them.
    const visibilityLists = [
      ['/api/feed?limit=20', dense],
      ['/api/feed?limit=20', sparse],
      ['/api/posts?limit=20', dense],
      ['/api/posts?limit=20&sort=likes', dense],
      ['/api/comments/20000?limit=20', dense],
      ['/api/posts/user/user000001?limit=20', dense],
      ['/api/users/user000001/followers?limit=20', dense],
    ] as const
    for (const [path, token] of visibilityLists) await exercise(app, path, token)
    await exercise(app, '/api/posts/20000', dense, { headers: minimal })
    await exercise(app, '/api/users?search=user00&limit=8', dense)
    await exercise(app, '/api/users?suggest=true&limit=5', dense)
    await exercise(app, '/api/users/bookmark?limit=2', dense)
    await exercise(app, '/api/users/user000002', dense)
    await exercise(app, '/api/posts', dense, {
      method: 'POST',
      body: JSON.stringify({ postData: { content: 'plans' } }),
      headers: minimal,
    })
    // The new post is 20001: nobody has liked it yet.
    await exercise(app, '/api/posts/like/20001', dense, {
      method: 'POST',
      body: '{}',
      headers: minimal,
    })

    // Once someone is hidden (a block, a suspension), the lists leave them out in their own
    // query (services/reads/visibility.ts): those queries must be served by an index too.
    db.connection.exec(`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (1, 2, 0);
      UPDATE users SET suspended_at = 0 WHERE id = 3`)
    // Written straight into SQLite, with no event to drop the kept visibility sets.
    readCacheOf(db)?.clear()
    for (const [path, token] of visibilityLists) await exercise(app, path, token)
    expect(captured.some(({ query }) => /NOT IN \(SELECT value FROM json_each/.test(query))).toBe(
      true,
    )

    const unique = new Map(captured.map((entry) => [entry.query, entry]))
    expect(unique.size).toBeGreaterThan(10)
    const fullScans: string[] = []
    for (const { query, route } of unique.values()) {
      if (!/^\s*select/i.test(query)) continue
      const plan = db.connection.prepare(`EXPLAIN QUERY PLAN ${query}`).all() as {
        detail: string
      }[]
      // A subquery named like a table (`FROM (…) AS comments`) is scanned by its name: that
      // scan reads the subquery's own bounded rows, not the table.
      const subqueries = new Set(
        plan.flatMap(({ detail }) => /^(?:CO-ROUTINE|MATERIALIZE) (\w+)$/.exec(detail)?.[1] ?? []),
      )
      for (const { detail } of plan) {
        const scanned = /^SCAN (\w+)(.*)$/.exec(detail)
        const table = scanned?.[1] ?? ''
        if (
          scanned &&
          LARGE_TABLES.includes(table) &&
          !subqueries.has(table) &&
          !/USING/.test(scanned[2] ?? '')
        ) {
          fullScans.push(`${route}: ${detail}\n    ${query}`)
        }
      }
    }
    expect(fullScans).toEqual([])
  }, 60_000)
})
