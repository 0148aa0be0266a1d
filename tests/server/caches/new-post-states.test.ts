/**
 * A post made on this server has no viewer's state yet (caches/viewer-states.ts `born`): a page
 * that shows it reads nobody's state of it, and a viewer who then likes it or reposts it sees
 * that at once. Every read is a fill here (no whole answer kept), checked byte for byte against
 * the same read with the cache off.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { PostsPage } from '../../../src/shared/api-types'
import { fillCheck, type FillCheck } from '../../helpers/fill-check'

let check: FillCheck | undefined
afterEach(async () => {
  await check?.close()
  check = undefined
})

describe("a new post's viewer states", () => {
  it('are not read, and a state given after shows at once', async () => {
    check = await fillCheck(/\bpost_reactions\b/)
    const { app: h, post, read } = check
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const explore = '/api/posts?limit=5'
    /** The explore page as `token` reads it, and the viewer-state reads it ran. */
    const page = async (token: string) => {
      const { text, ran } = await read(explore, token)
      return { posts: (JSON.parse(text) as PostsPage).posts, ran }
    }
    await page(alice.token)
    const first = await post(bob.token, 'Bob is online')
    const second = await post(bob.token, 'Anyone for a match?')

    const shown = await page(alice.token)
    expect(shown.posts.slice(0, 2).map((shownPost) => shownPost._id)).toEqual([second, first])
    expect(shown.ran, "the new posts' states are known to be none").toBe(0)

    await h.send(`/api/posts/like/${first}`, {}, { token: alice.token })
    await h.send(`/api/posts/${second}/repost`, {}, { token: alice.token })
    const after = await page(alice.token)
    expect(after.ran, 'her own writes moved her states: read again').toBeGreaterThan(0)
    const [shownSecond, shownFirst] = after.posts
    expect(shownFirst?.likes.likedBy.map((reactor) => reactor.username)).toEqual(['alice'])
    expect(shownSecond?.reposted).toBe(true)

    // Bob's states of his posts stay none: alice's writes moved hers and the posts'.
    const bobs = await page(bob.token)
    expect(
      bobs.posts.slice(0, 2).map((shownPost) => [shownPost.reposted, shownPost.likes.likedBy]),
    ).toEqual([
      [false, []],
      [false, []],
    ])
  })
})
