/**
 * The queries of notifications, tags and the live events' audience (blocks) must be served by an
 * index, like those of the list routes (tests/server/db/query-plans.test.ts): this runs the routes
 * on a generated dataset, captures every statement run on the connection (the hand-written ones
 * included, with their parameters written in), and fails on a full scan of a table that grows.
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
import { TEST_SECRET } from '../../helpers/server-app'

const LARGE_TABLES = [
  'users',
  'posts',
  'post_reactions',
  'comments',
  'comment_votes',
  'follows',
  'notifications',
  'post_tags',
  // Who may not hear of a live event (actions/live.ts): read on every publish.
  'blocks',
]

let dataDir: string
let db: SqliteStore
const captured = new Map<string, string>()
let currentRoute = ''

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-live-plans-'))
  await generateDataset(dataDir, {
    users: 1_000,
    posts: 10_000,
    likes: 10_000,
    comments: 5_000,
    follows: 4_000,
  })
  db = openSqliteStore({
    file: join(dataDir, DATABASE_FILE),
    onStatement: (query) => {
      if (!captured.has(query)) captured.set(query, currentRoute)
    },
  })
  // Enough tagged posts and notifications that a scan would be costlier than the index.
  const insertTag = db.connection.prepare(
    'INSERT INTO post_tags (post_id, tag, created_at) SELECT id, ?, created_at FROM posts WHERE id % ? = 0',
  )
  insertTag.run('common', 3)
  insertTag.run('rare', 997)
  db.connection
    .prepare(
      `INSERT INTO notifications (recipient_id, actor_id, type, post_id, read, created_at)
       SELECT author_id, 1 + (id % 999), 'like', id, id % 2, created_at FROM posts`,
    )
    .run()
  db.connection.pragma('optimize=0x10002')
}, 60_000)

afterAll(async () => {
  await db?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function call(
  app: ReturnType<typeof createApp>,
  path: string,
  token: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  currentRoute = `${init.method ?? 'GET'} ${path}`
  const headers = {
    authorization: token,
    'content-type': 'application/json',
    prefer: 'return=minimal',
  }
  const response = await app.request(path, { ...init, headers })
  expect(response.status, currentRoute).toBeLessThan(300)
  return (await response.json()) as Record<string, unknown>
}

describe('query plans of notifications and tags', () => {
  it('use an index for every query on a table that grows', async () => {
    const app = createApp({ db, secret: TEST_SECRET, version: 'test' })
    const actor = await signToken({ _id: '2', username: 'user000002' }, TEST_SECRET)
    const author = await signToken({ _id: '1', username: 'user000001' }, TEST_SECRET)
    const body = (value: unknown) => ({ method: 'POST', body: JSON.stringify(value) })

    for (const tag of ['common', 'rare']) {
      const first = await call(app, `/api/posts?tag=${tag}&limit=5`, actor)
      await call(app, `/api/posts?tag=${tag}&limit=5&cursor=${String(first.nextCursor)}`, actor)
    }
    const created = await call(
      app,
      '/api/posts',
      author,
      body({ postData: { content: '#rare hi @user000002' } }),
    )
    const postId = (created.post as { _id: string })._id
    await call(
      app,
      `/api/posts/edit/${postId}`,
      author,
      body({ postData: { content: '#common @user000003' } }),
    )
    await call(app, `/api/posts/like/${postId}`, actor, body({}))
    await call(app, `/api/posts/dislike/${postId}`, actor, body({}))
    const added = await call(
      app,
      `/api/comments/add/${postId}`,
      actor,
      body({ commentData: { text: '@user000001 hi' } }),
    )
    const commentId = (added.comment as { _id: string })._id
    await call(app, `/api/comments/upvote/${postId}/${commentId}`, author, body({}))
    await call(app, `/api/comments/downvote/${postId}/${commentId}`, author, body({}))
    await call(app, `/api/comments/delete/${postId}/${commentId}`, actor, body({}))
    await call(app, '/api/users/follow/500', actor, body({}))
    await call(app, '/api/users/unfollow/500', actor, body({}))
    const page = await call(app, '/api/notifications?limit=20', author)
    await call(app, `/api/notifications?limit=20&cursor=${String(page.nextCursor)}`, author)
    await call(app, '/api/notifications/unread-count', author)
    const newest = (page.notifications as { id: string }[])[5]?.id
    await call(app, '/api/notifications/read', author, body({ upTo: newest }))
    await call(app, '/api/notifications/read', author, body({}))
    await call(app, `/api/posts/${postId}`, author, { method: 'DELETE' })

    const ours = [...captured].filter(([query]) => /notifications|post_tags|blocks/.test(query))
    expect(ours.some(([query]) => /FROM blocks WHERE blocker_id IN/.test(query))).toBe(true)
    expect(ours.length).toBeGreaterThan(8)
    const fullScans: string[] = []
    for (const [query, route] of ours) {
      if (!/^\s*(select|update|delete|with)/i.test(query)) continue
      const plan = db.connection.prepare(`EXPLAIN QUERY PLAN ${query}`).all() as {
        detail: string
      }[]
      for (const { detail } of plan) {
        const scanned = /^SCAN (\w+)(?: AS \w+)?(.*)$/.exec(detail)
        if (scanned && LARGE_TABLES.includes(scanned[1] ?? '') && !/USING/.test(scanned[2] ?? '')) {
          fullScans.push(`${route}: ${detail}\n    ${query}`)
        }
      }
    }
    expect(fullScans).toEqual([])
  }, 60_000)
})
