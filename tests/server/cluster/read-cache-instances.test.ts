/**
 * What reads keep ready (caches/read-cache.ts) across two instances of one community: one
 * PostgreSQL database, one Redis. A change made through A reaches B's kept summaries through the
 * event stream, as it reaches B's live clients; a logout through A is refused on B at once (B
 * keeps no sessions in a cluster).
 *
 * PostgreSQL only (`npm run test:pg`), as redis-cluster.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { PostResponse } from '../../../src/shared/api-types'
import type { RunningServer } from '../../../src/server/server'
import {
  CLUSTER_PASSWORD,
  send as sendAs,
  signup as signupAs,
  twoInstances,
} from '../../helpers/two-instances'

const cluster = twoInstances({ folderPrefix: 'gamerstage-cache-cluster-' })

/** Every request here asks for the minimal answer. */
const MINIMAL = { prefer: 'return=minimal' }

const send = (server: RunningServer, path: string, body: unknown, token?: string) =>
  sendAs(server, path, body, token, MINIMAL)

const signup = (server: RunningServer, username: string) => signupAs(server, username, MINIMAL)

/** Asks until `test` holds (the event stream's delivery), for at most five seconds. */
async function eventually(test: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 5000
  while (!(await test())) {
    if (Date.now() > until) throw new Error('B never saw the change')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the read cache across instances', () => {
  it("a profile edit through A reaches B's kept author summaries through the event stream", async () => {
    const { a, b } = cluster
    const token = await signup(a, 'cachedwriter')
    const made = await send(a, '/api/posts', { postData: { content: 'kept on B' } }, token)
    const postId = ((await made.json()) as PostResponse).post._id
    const authorOnB = async () => {
      const response = await fetch(`${b.url}/api/posts/${postId}`, {
        headers: { prefer: 'return=minimal' },
      })
      return ((await response.json()) as PostResponse).post.author.firstName
    }
    // Read twice on B: its summary of the author is kept.
    await authorOnB()
    expect(await authorOnB()).toBe('')
    const edited = await send(a, '/api/users/edit', { userData: { firstName: 'Renamed' } }, token)
    expect(edited.status).toBe(200)
    await eventually(async () => (await authorOnB()) === 'Renamed')
    // And the page B answers now is the one a fresh read gives.
    const feedOnB = await fetch(`${b.url}/api/posts/user/cachedwriter?limit=20`)
    const feedOnA = await fetch(`${a.url}/api/posts/user/cachedwriter?limit=20`)
    expect(await feedOnB.text()).toBe(await feedOnA.text())
  })

  // Home timelines and post rows are kept by one server only (caches/touched.ts), for
  // A's commands do not touch B's caches: B reads them from the database, so a post and a like
  // made through A reach B's feed.
  it("a post and a like through A reach B's feed", async () => {
    const { a, b } = cluster
    const reader = await signup(a, 'timelinereader')
    const writer = await signup(a, 'timelinewriter')
    const profile = await fetch(`${a.url}/api/users/timelinewriter`)
    const writerId = ((await profile.json()) as { user: { _id: string } }).user._id
    expect((await send(a, `/api/users/follow/${writerId}`, {}, reader)).status).toBeLessThan(300)
    const feedOnB = async () =>
      (await (
        await fetch(`${b.url}/api/feed?limit=20`, { headers: { authorization: reader } })
      ).json()) as { posts: { _id: string; likes: { likeCount: number } }[] }
    // Read on B first: a kept timeline (or row) there would miss what A writes next, for good.
    // (B's whole answers last until A's event reaches it: hence `eventually`.)
    expect((await feedOnB()).posts).toEqual([])
    const made = await send(a, '/api/posts', { postData: { content: 'through A' } }, writer)
    const postId = ((await made.json()) as PostResponse).post._id
    await eventually(async () => (await feedOnB()).posts[0]?._id === postId)
    expect((await send(a, `/api/posts/like/${postId}`, {}, reader)).status).toBeLessThan(300)
    await eventually(async () => (await feedOnB()).posts[0]?.likes.likeCount === 1)
  })

  it('a logout and a password change through A are refused on B at once', async () => {
    const { a, b } = cluster
    const token = await signup(a, 'cachedleaver')
    const session = () =>
      fetch(`${b.url}/api/auth/session`, { headers: { authorization: token } }).then(
        (response) => response.status,
      )
    expect(await session()).toBe(200)
    expect(await session()).toBe(200)
    expect((await send(a, '/api/auth/logout', {}, token)).status).toBe(200)
    expect(await session()).toBe(401)

    const other = await signup(a, 'cachedchanger')
    const otherSession = () =>
      fetch(`${b.url}/api/auth/session`, { headers: { authorization: other } }).then(
        (response) => response.status,
      )
    expect(await otherSession()).toBe(200)
    const changed = await send(
      a,
      '/api/auth/password',
      { currentPassword: CLUSTER_PASSWORD, newPassword: 'another horse battery' },
      other,
    )
    expect(changed.status).toBe(200)
    expect(await otherSession()).toBe(401)
  })
})
