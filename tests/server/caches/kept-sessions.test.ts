/**
 * Signed-in sessions kept while the community writes (caches/kept-sessions.ts): a post
 * (a live event) during a session's reads no longer stops it being kept, so a player posting
 * among others reads neither their row nor the revoked tokens on each request; and whatever ends
 * a session still ends it at once, however many posts stream in meanwhile.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Post } from '../../../src/shared/api-types'
import { ReadCache } from '../../../src/server/caches/read-cache'
import { readCacheOf } from '../../../src/server/caches/store-caches'
import type { UserRow } from '../../../src/server/db/rows'
import { signedInAs } from '../../helpers/api'
import { makeTestApp, type TestApp } from '../../helpers/server-app'

let app: TestApp | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

const minimal = { prefer: 'return=minimal' }
const PASSWORD = 'correct horse battery'

/** A post's live event as the hub publishes it (what actions/posts.ts announces). */
const postEvent = (postId: number, authorId: number) => ({
  post: { _id: String(postId), content: 'gg', author: { _id: String(authorId), username: 'bob' } },
  authorPostCount: 1,
})

/** What a session's reads touch: the user's row and the revoked tokens. */
const readsSession = (sql: string) => /revoked_tokens/.test(sql)

describe('kept sessions', () => {
  it('are kept though a post is announced during their reads, and not past an ending', () => {
    const cache = new ReadCache()
    const alice = { id: 7 } as UserRow

    const beforePost = cache.sessionGeneration
    cache.forgetNamedIn('post', postEvent(1, 8))
    cache.forgetNamedIn('reaction', { postId: '1', userId: '9' })
    cache.keepSession('alice-token', alice, beforePost)
    expect(cache.session('alice-token')).toBe(alice)

    // Her sessions end (a logout) while another session of hers is being read: it is not kept.
    const beforeLogout = cache.sessionGeneration
    cache.forgetNamedIn('post', postEvent(2, 8))
    cache.forgetSessionsOf(alice.id)
    cache.keepSession('alice-other-token', alice, beforeLogout)
    expect(cache.session('alice-token')).toBeUndefined()
    expect(cache.session('alice-other-token')).toBeUndefined()

    // Her row changes (a `user` event): nor is one read before it.
    const beforeEdit = cache.sessionGeneration
    cache.forgetNamedIn('user', { user: { _id: '7', username: 'alice' } })
    cache.keepSession('alice-token', alice, beforeEdit)
    expect(cache.session('alice-token')).toBeUndefined()

    // Sharing starts or stops: nor one read before that.
    cache.noteSharing(false)
    const beforeSharing = cache.sessionGeneration
    cache.noteSharing(true)
    cache.keepSession('alice-token', alice, beforeSharing)
    expect(cache.session('alice-token')).toBeUndefined()
  })

  it('spare the session reads of a player posting while another’s posts are announced', async () => {
    const statements: string[] = []
    let duringReads: (() => void) | null = null
    app = await makeTestApp({
      demo: false,
      onStatement: (sql) => {
        statements.push(sql)
        // Another player's post is announced while this session is being read.
        if (readsSession(sql) && duringReads) {
          const announce = duringReads
          duringReads = null
          announce()
        }
      },
    })
    const h = app
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const bobs = await h.send(
      '/api/posts',
      { postData: { content: 'announced' } },
      { token: bob.token, headers: minimal },
    )
    const { post } = (await bobs.json()) as { post: Post }
    duringReads = () => h.events.publish('post', { post, authorPostCount: 1 }, {})
    expect((await h.get('/api/auth/session', alice.token)).status).toBe(200)
    expect(duringReads).toBeNull()

    statements.length = 0
    const posted = await h.send(
      '/api/posts',
      { postData: { content: 'kept' } },
      { token: alice.token, headers: minimal },
    )
    expect(posted.status).toBe(201)
    expect(statements.filter(readsSession)).toEqual([])
  })

  it('end at once while posts stream in: logout, password change, suspension', async () => {
    app = await makeTestApp({ admins: ['Boss'], limits: false })
    const h = app
    const boss = await signedInAs(h, 'boss')
    const bob = await h.signup('bob')
    const cache = readCacheOf(h.db)
    let streaming = true
    let streamed = 0
    // Bob posts all along, each post a live event that moves the read cache's generation.
    const stream = (async () => {
      while (streaming) {
        const response = await h.send(
          '/api/posts',
          { postData: { content: `stream ${streamed}` } },
          { token: bob.token, headers: minimal },
        )
        expect(response.status).toBe(201)
        streamed++
      }
    })()
    const status = (token: string) => h.get('/api/auth/session', token).then((r) => r.status)
    try {
      for (let round = 0; round < 3; round++) {
        // A player of their own each round: a token is its claims signed, and a logout revokes
        // it, so the same player signed in again within the second would get the revoked one.
        const alice = await h.signup(`alice${round}`, PASSWORD)
        const { token } = alice
        // Kept while bob's posts stream in (with the read cache's generation, which every post
        // moves, it never was).
        expect(await status(token)).toBe(200)
        expect(await status(token)).toBe(200)
        expect(cache?.session(token)?.id).toBe(Number(alice.id))
        // A request racing her logout: neither it nor any later one keeps her session.
        const [, loggedOut] = await Promise.all([
          status(token),
          h.send('/api/auth/logout', {}, { token }),
        ])
        expect(loggedOut.status).toBe(200)
        expect(await status(token)).toBe(401)
        expect(await status(token)).toBe(401)
      }

      const carol = await h.signup('carol', PASSWORD)
      expect(await status(carol.token)).toBe(200)
      const changed = await h.send(
        '/api/auth/password',
        { currentPassword: PASSWORD, newPassword: 'another horse battery' },
        { token: carol.token },
      )
      expect(changed.status).toBe(200)
      expect(await status(carol.token)).toBe(401)

      const dave = await h.signup('dave', PASSWORD)
      expect(await status(dave.token)).toBe(200)
      await h.send('/api/moderation/suspend/' + dave.id, {}, { token: boss.token })
      expect(await status(dave.token)).toBe(401)
    } finally {
      streaming = false
      await stream
    }
    expect(streamed).toBeGreaterThan(0)
  })
})
