/**
 * A post made on this server has no viewer's state yet (caches/viewer-states.ts `born`): a page
 * that shows it reads nobody's state of it, and a viewer who then likes it, reposts it or reacts
 * to it sees that at once. Every read is a fill here (no whole answer kept), checked byte for byte
 * against the same read with the cache off.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { PostResponse, PostsPage } from '../../../src/shared/api-types'
import { ReadCache } from '../../../src/server/caches/read-cache'
import { makeTestApp, type TestApp } from '../../helpers/server-app'

let app: TestApp | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

describe("a new post's viewer states", () => {
  it('are not read, and a state given after shows at once', async () => {
    const cache = new ReadCache({ answerBytes: 0 })
    const stateReads: string[] = []
    let counting = false
    app = await makeTestApp({
      readCache: cache,
      onStatement: (sql) => {
        if (counting && /\bpost_reactions\b/.test(sql)) stateReads.push(sql)
      },
    })
    const h = app
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const explore = '/api/posts?limit=5'
    /** Alice's explore page, checked against the server without its cache. */
    const read = async () => {
      counting = true
      const text = await (await h.get(explore, alice.token)).text()
      counting = false
      cache.enabled = false
      const fresh = await (await h.get(explore, alice.token)).text()
      cache.enabled = true
      expect(text).toBe(fresh)
      return JSON.parse(text) as PostsPage
    }
    await read()
    const made = async (content: string) => {
      const answer = await h.send(
        '/api/posts',
        { postData: { content } },
        { token: bob.token, headers: { prefer: 'return=minimal' } },
      )
      return ((await answer.json()) as PostResponse).post._id
    }
    const first = await made('Bob is online')
    const second = await made('Anyone for a match?')

    stateReads.length = 0
    const page = await read()
    expect(page.posts.slice(0, 2).map((post) => post._id)).toEqual([second, first])
    expect(stateReads, "the new posts' states are known to be none").toEqual([])

    await h.send(`/api/posts/like/${first}`, {}, { token: alice.token })
    await h.send(`/api/posts/${second}/repost`, {}, { token: alice.token })
    stateReads.length = 0
    const after = await read()
    expect(stateReads.length, 'her own writes moved her states: read again').toBeGreaterThan(0)
    const [shownSecond, shownFirst] = after.posts
    expect(shownFirst?.likes.likedBy.map((reactor) => reactor.username)).toEqual(['alice'])
    expect(shownSecond?.reposted).toBe(true)

    // Bob's states of his posts stay none: alice's writes moved hers and the posts'.
    counting = true
    const bobs = (await (await h.get(explore, bob.token)).json()) as PostsPage
    counting = false
    expect(bobs.posts.slice(0, 2).map((post) => [post.reposted, post.likes.likedBy])).toEqual([
      [false, []],
      [false, []],
    ])
  })
})
