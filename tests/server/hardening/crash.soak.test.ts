/**
 * The server killed (SIGKILL, no chance to clean up) in the middle of a write load: on restart
 * the database is intact and every write it acknowledged is there. The server runs SQLite in WAL
 * mode with synchronous=NORMAL, which keeps acknowledged transactions across a process crash
 * (not necessarily across a power cut): that is the claim under test.
 *
 * SQLite-only: the claim is about SQLite's file, opened and checked here after the kill.
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Post } from '../../../src/shared/api-types'
import { sqliteStoreOn } from '../../../src/server/db/sqlite'
import { DATABASE_FILE } from '../../../src/server/server'
import {
  Cleanup,
  SOAK,
  client,
  countMismatches,
  integrityOf,
  startCli,
} from '../../helpers/hardening'

const cleanup = new Cleanup()
afterEach(() => cleanup.run())

interface Acked {
  posts: Set<string>
  comments: Set<string>
  likes: Set<string>
}

/**
 * Writers that post numbered posts, comment on them and like them until stopped, recording
 * every write the server acknowledged. Requests cut off by the kill simply fail.
 */
function writeLoad(url: string, token: string, cycle: number, writers = 4) {
  const api = client(url)
  const acked: Acked = { posts: new Set(), comments: new Set(), likes: new Set() }
  let stopped = false
  let errors = 0
  const writer = async (w: number) => {
    for (let n = 0; !stopped; n += 1) {
      try {
        const content = `crash ${cycle}.${w}.${n}`
        const created = await api.post('/api/posts', token, { postData: { content } })
        if (created.status !== 201) throw new Error(`${created.status} ${created.text}`)
        const postId = (created.json.post as Post)._id
        acked.posts.add(content)
        const text = `comment on ${content}`
        const comment = await api.post(`/api/comments/add/${postId}`, token, { commentData: text })
        if (comment.status !== 201) throw new Error(`${comment.status} ${comment.text}`)
        acked.comments.add(text)
        const like = await api.post(`/api/posts/like/${postId}`, token)
        if (like.status !== 200) throw new Error(`${like.status} ${like.text}`)
        acked.likes.add(content)
      } catch {
        // A refused connection once the server is gone; anything else is counted.
        if (!stopped) errors += 1
      }
    }
  }
  const running = Promise.all(Array.from({ length: writers }, (_, w) => writer(w)))
  return {
    acked,
    errors: () => errors,
    /** From now on, failures are the kill's doing. */
    halt: () => (stopped = true),
    finished: () => running,
  }
}

/** The acknowledged writes missing from the database file, with its integrity checks. */
async function inspect(file: string, acked: Acked) {
  // Read-write, so that opening it recovers the write-ahead log as the server would.
  const db = new Database(file, { fileMustExist: true })
  try {
    const present = (query: string) =>
      new Set((db.prepare(query).pluck().all() as string[]).map(String))
    const posts = present('SELECT content FROM posts')
    const comments = present('SELECT text FROM comments')
    const liked = present(
      `SELECT p.content FROM posts p JOIN post_reactions r ON r.post_id = p.id AND r.kind = 'like'`,
    )
    return {
      ...integrityOf(db),
      mismatches: await countMismatches(sqliteStoreOn(db)),
      missing: {
        posts: [...acked.posts].filter((content) => !posts.has(content)),
        comments: [...acked.comments].filter((text) => !comments.has(text)),
        likes: [...acked.likes].filter((content) => !liked.has(content)),
      },
      postCount: posts.size,
    }
  } finally {
    db.close()
  }
}

describe('a server killed mid-write', () => {
  it(
    'restarts on the same folder with an intact database holding every acknowledged write',
    async () => {
      const dataDir = join(cleanup.tempDir(), 'data')
      const args = ['--port', '0', '--data', dataDir, '--no-demo']
      let { run, url } = await startCli(cleanup, args)
      const signup = await client(url).call('POST', '/api/auth/signup', {
        body: { username: 'crasher', password: 'crash test dummy' },
      })
      expect(signup.status, signup.text).toBe(201)
      const token = signup.json.encodedToken as string

      const all: Acked = { posts: new Set(), comments: new Set(), likes: new Set() }
      const cycles = SOAK ? 30 : 2
      for (let cycle = 0; cycle < cycles; cycle += 1) {
        const load = writeLoad(url, token, cycle)
        // Let the load run until a good number of writes are acknowledged, then kill.
        const target = 30 + cycle * 7
        const deadline = Date.now() + 30_000
        while (load.acked.posts.size < target && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        load.halt()
        run.child.kill('SIGKILL')
        expect((await run.exit).signal).toBe('SIGKILL')
        await load.finished()
        expect(load.errors(), 'writes refused before the kill').toBe(0)
        expect(load.acked.posts.size).toBeGreaterThanOrEqual(target)
        for (const kind of ['posts', 'comments', 'likes'] as const) {
          for (const item of load.acked[kind]) all[kind].add(item)
        }

        const found = await inspect(join(dataDir, DATABASE_FILE), all)
        expect(found.integrity).toBe('ok')
        expect(found.foreignKeys).toEqual([])
        expect(found.mismatches).toEqual([])
        expect(found.missing).toEqual({ posts: [], comments: [], likes: [] })

        // The restarted server serves them and takes new writes.
        ;({ run, url } = await startCli(cleanup, args))
        const listed = await client(url).get('/api/posts/user/crasher')
        expect(listed.status).toBe(200)
        const contents = new Set((listed.json.posts as Post[]).map((post) => post.content))
        expect([...all.posts].filter((content) => !contents.has(content))).toEqual([])
        expect(contents.size).toBe(found.postCount)
        const again = await client(url).post('/api/posts', token, {
          postData: { content: `after crash ${cycle}` },
        })
        expect(again.status).toBe(201)
        all.posts.add(`after crash ${cycle}`)
      }

      run.child.kill('SIGTERM')
      expect((await run.exit).code).toBe(0)
      const final = await inspect(join(dataDir, DATABASE_FILE), all)
      expect(final.integrity).toBe('ok')
      expect(final.foreignKeys).toEqual([])
      expect(final.missing).toEqual({ posts: [], comments: [], likes: [] })
    },
    SOAK ? 400_000 : 90_000,
  )
})
