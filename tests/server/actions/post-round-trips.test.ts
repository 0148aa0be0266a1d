/**
 * What a new post costs the database (docs/PERFORMANCE.md, "fewer round trips per new
 * post": new posts a second on PostgreSQL are bound by the round trips of each post). A post just
 * created has no stored tags or mention notifications to compare with, so none are read; an edit
 * still compares. On PostgreSQL, every message a post sends is counted too: BEGIN goes with the
 * first savepoint, a succeeded savepoint is never released on its own, the live event's audience
 * (blocks and mutes) is one query, and the answer is presented with the event's reads
 * (db/read-once.ts): it is the same post the post's own page presents. The post's row and its
 * author's count are one statement, which answers the author too, and a post nothing refers to yet
 * is presented from that (presenting/posts.ts presentNewPost): its event shows what its page shows
 * a reader without a token.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { PostgresStore } from '../../../src/server/db/postgres'
import type { OpenStore } from '../../../src/server/db/store'
import { createPost, writeTextPost } from '../../../src/server/services/writes/new-posts'
import { makeTestApp, type TestApp } from '../../helpers/server-app'
import { readEvents, type EventReader } from '../../helpers/sse'
import { testsOnPostgres } from '../../helpers/test-store'

const apps: TestApp[] = []
const readers: EventReader[] = []
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()))
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

/** Every message the store's connections send from now on (BEGIN, COMMIT, savepoints too). */
function messagesSentBy(db: OpenStore): string[] {
  const sent: string[] = []
  const wrapped = new WeakSet<object>()
  ;(db as PostgresStore).pool.on('acquire', (client) => {
    if (wrapped.has(client)) return
    wrapped.add(client)
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const first = args[0] as string | { text: string }
        sent.push(typeof first === 'string' ? first : first.text)
        return query(...args)
      },
    })
  })
  return sent
}

const minimal = { prefer: 'return=minimal' }

async function posterApp(statements: string[] = []) {
  const app = await makeTestApp({ demo: false, onStatement: (sql) => statements.push(sql) })
  apps.push(app)
  const { token } = await app.signup('poster')
  await app.signup('friend')
  // The first post fills what the server keeps (sessions, prepared statements).
  await app.send('/api/posts', { postData: { content: 'warm up' } }, { token, headers: minimal })
  return { app, token }
}

describe('a new post', () => {
  it('reads no stored tags or mentions to compare with; an edit still does', async () => {
    const statements: string[] = []
    const { app, token } = await posterApp(statements)
    statements.length = 0
    const created = await app.send(
      '/api/posts',
      { postData: { content: 'gg @friend #speedrun' } },
      { token, headers: minimal },
    )
    expect(created.status).toBe(201)
    const { post } = (await created.json()) as { post: { _id: string } }
    const compares = (sql: string) =>
      sql.includes('DELETE FROM post_tags') ||
      (sql.includes('SELECT recipient_id FROM notifications') && sql.includes("'mention'"))
    expect(statements.filter(compares)).toEqual([])
    // What they would have compared is still written: the tag and the mention.
    expect(
      await app.db.all('SELECT tag FROM post_tags WHERE post_id = ?', Number(post._id)),
    ).toEqual([{ tag: 'speedrun' }])
    expect(
      await app.db.ids(
        "SELECT count(*) FROM notifications WHERE type = 'mention' AND post_id = ?",
        Number(post._id),
      ),
    ).toEqual([1])

    statements.length = 0
    const edited = await app.send(
      `/api/posts/edit/${post._id}`,
      { postData: { content: 'gg #clutch' } },
      { token, headers: minimal },
    )
    expect(edited.status).toBe(200)
    expect(statements.filter(compares)).toHaveLength(2)
    expect(
      await app.db.all('SELECT tag FROM post_tags WHERE post_id = ?', Number(post._id)),
    ).toEqual([{ tag: 'clutch' }])
    expect(
      await app.db.ids(
        "SELECT count(*) FROM notifications WHERE type = 'mention' AND post_id = ?",
        Number(post._id),
      ),
    ).toEqual([0])
  })

  it('answers, presented with the live event’s reads, what the post’s page presents', async () => {
    const { app, token } = await posterApp()
    const other = await app.signup('quoted')
    const quotedPost = await app.send(
      '/api/posts',
      { postData: { content: 'the original' } },
      { token: other.token, headers: minimal },
    )
    const { post: original } = (await quotedPost.json()) as { post: { _id: string } }
    await app.send(`/api/posts/like/${original._id}`, {}, { token, headers: minimal })
    for (const postData of [
      { content: 'plain' },
      { content: 'a poll', poll: { options: ['yes', 'no'], durationHours: 24 } },
      { content: 'a quote @friend #tag', quoteOf: original._id },
    ]) {
      const created = await app.send('/api/posts', { postData }, { token, headers: minimal })
      expect(created.status).toBe(201)
      expect(created.headers.get('Preference-Applied')).toBe('return=minimal')
      const answer = (await created.json()) as { post: { _id: string } }
      const page = await app.request(`/api/posts/${answer.post._id}`, {
        headers: { authorization: token, prefer: 'return=minimal' },
      })
      expect(answer).toEqual(await page.json())
    }
  })

  it('announces what the post’s page shows a reader without a token, with the author’s count', async () => {
    const { app, token } = await posterApp()
    const other = await app.signup('quoted')
    const quotedPost = await app.send(
      '/api/posts',
      { postData: { content: 'the original' } },
      { token: other.token, headers: minimal },
    )
    const { post: original } = (await quotedPost.json()) as { post: { _id: string } }
    const watcher = await app.signup('watcher')
    const stream = await app.request('/api/events', { headers: { authorization: watcher.token } })
    const events = readEvents(stream)
    readers.push(events)
    await events.next('ready')
    let count = 1
    for (const postData of [
      { content: 'plain' },
      { content: 'a poll', poll: { options: ['yes', 'no'], durationHours: 24 } },
      { content: 'a quote @friend #tag', quoteOf: original._id },
    ]) {
      const created = await app.send('/api/posts', { postData }, { token, headers: minimal })
      expect(created.status).toBe(201)
      count++
      const { post } = (await created.json()) as { post: { _id: string } }
      const { data } = await events.next('post')
      const page = await app.request(`/api/posts/${post._id}`, {
        headers: { prefer: 'return=minimal' },
      })
      expect({ post: data.post }).toEqual(await page.json())
      expect(data.authorPostCount).toBe(count)
    }
  })

  it('by an account gone meanwhile writes nothing and is UNKNOWN_USER, never a 500', async () => {
    const { app } = await posterApp()
    const gone = 987_654
    for (const write of [
      () => writeTextPost(app.db, gone, 'text alone'),
      () => createPost(app.db, gone, 'with images or a poll, in its transaction'),
    ]) {
      await expect(write()).rejects.toMatchObject({ code: 'UNKNOWN_USER', status: 404 })
    }
    expect(await app.db.ids('SELECT count(*) FROM posts WHERE author_id = ?', gone)).toEqual([0])
  })

  it.runIf(testsOnPostgres)(
    'of text alone sends 1 message to PostgreSQL: its row with its count and its event’s audience (on PostgreSQL only: npm run test:pg)',
    async () => {
      const { app, token } = await posterApp()
      const sent = messagesSentBy(app.db)
      const created = await app.send(
        '/api/posts',
        { postData: { content: 'A new post for the bench' } },
        { token, headers: minimal },
      )
      expect(created.status).toBe(201)
      // Once 22, then 12: BEGIN, SAVEPOINT, RELEASE, COMMIT, the insert and
      // the post count apart, the tags' delete, the mentions' read, blocks and mutes apart, who is
      // hidden read for a post without comments, the author's count read after the commit, and
      // the presentation's reads (authors, images, polls, emoji counts, suspended authors, the
      // viewer's own state) for a post nothing refers to yet; then 2, the event's audience
      // (blocks and mutes) apart.
      expect(sent).toEqual([
        expect.stringMatching(
          /^WITH author AS \(UPDATE users SET post_count[\s\S]*INSERT INTO posts[\s\S]*FROM blocks[\s\S]*FROM mutes/,
        ),
      ])
      // Its row and its count are one statement: both are there.
      const { post } = (await created.json()) as { post: { _id: string; author: { _id: string } } }
      expect(
        await app.db.all(
          'SELECT p.content, u.post_count AS "postCount" FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = ?',
          Number(post._id),
        ),
      ).toEqual([{ content: 'A new post for the bench', postCount: 2 }])
    },
  )

  it.runIf(testsOnPostgres)(
    'with a tag sends its row with its count and its tag in one transaction (on PostgreSQL only)',
    async () => {
      const { app, token } = await posterApp()
      const sent = messagesSentBy(app.db)
      const created = await app.send(
        '/api/posts',
        { postData: { content: 'A new post for #speedrun' } },
        { token, headers: minimal },
      )
      expect(created.status).toBe(201)
      expect(sent.slice(0, 4)).toEqual([
        'BEGIN; SAVEPOINT nested_1',
        expect.stringMatching(/^WITH author AS \(UPDATE users SET post_count/),
        expect.stringContaining('INSERT INTO "post_tags"'),
        'COMMIT',
      ])
      // The event's audience is read by the post's own statement.
      expect(sent).toHaveLength(4)
    },
  )
})
