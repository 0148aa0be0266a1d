/**
 * Pages of the post lists kept as read (caches/lists.ts `postPages`): the explore page's order is
 * read once per version of the list for every viewer who hides the same authors, and afresh after
 * a new post or a deletion; a viewer who hides someone reads their own. Every read is a fill here
 * (no whole answer kept), checked byte for byte against the same read with the cache off.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { fillCheck, type FillCheck } from '../../helpers/fill-check'

let check: FillCheck | undefined
afterEach(async () => {
  await check?.close()
  check = undefined
})

/** The statement that reads a page of posts' order (services/reads/posts.ts pagePosts). */
const ORDER_READ = /SELECT id, created_at AS "createdAt", like_count AS "likeCount"\s+FROM posts/

describe('pages of the post lists', () => {
  it('are read once per version for viewers who hide the same authors', async () => {
    check = await fillCheck(ORDER_READ)
    const { app: h, post, read } = check
    const [alice, bob, carol, dave] = await Promise.all(
      ['alice', 'bob', 'carol', 'dave'].map((name) => h.signup(name)),
    )
    if (!alice || !bob || !carol || !dave) throw new Error('Sign-up failed.')
    await post(carol.token, 'Carol was here')
    await h.send(`/api/users/me/mute/${carol.id}`, {}, { token: dave.token })

    /** The order reads `token`'s read of `path` ran. */
    const reads = async (path: string, token: string) => (await read(path, token)).ran
    const explore = '/api/posts?limit=3'
    expect(await reads(explore, alice.token)).toBe(1)
    expect(await reads(explore, bob.token), 'the page alice read').toBe(0)
    expect(await reads(explore, dave.token), 'dave hides carol: his own page').toBe(1)
    expect(await reads(explore, dave.token)).toBe(0)
    expect(await reads('/api/posts?limit=2', bob.token), 'another length').toBe(1)

    const made = await post(bob.token, 'Bob is online')
    expect(await reads(explore, alice.token), 'a new post moved the list').toBe(1)
    expect(await reads(explore, bob.token)).toBe(0)
    await h.send(`/api/posts/${made}`, {}, { token: bob.token, method: 'DELETE' })
    expect(await reads(explore, bob.token), 'a deletion moved the list').toBe(1)
    expect(await reads(explore, alice.token)).toBe(0)

    // A profile's posts are a list of their own, moved by the author's posts alone.
    const profile = '/api/posts/user/bob?limit=3'
    expect(await reads(profile, alice.token)).toBe(1)
    expect(await reads(profile, carol.token)).toBe(0)
    await post(carol.token, 'Carol again')
    expect(await reads(profile, alice.token), "carol's post is not in bob's list").toBe(0)
    expect(await reads(explore, alice.token)).toBe(1)
  })
})
