/**
 * Whole feed answers kept with what they show (caches/answer-parts.ts): a write that changes
 * nothing a kept feed page shows leaves it served as it was; a write that changes something it
 * shows (its timeline, one of its posts, its viewer's own state) or that no version follows
 * (a profile edit) makes the next read a fill. Every answer is compared with the server's
 * answer without the cache, byte for byte.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { keptAnswerCheck, type KeptAnswerCheck } from '../../helpers/kept-answer-check'

let check: KeptAnswerCheck | undefined
afterEach(async () => {
  await check?.close()
  check = undefined
})

describe('kept feed answers', () => {
  it('outlive the writes that change nothing they show, and only those', async () => {
    check = await keptAnswerCheck()
    const { app: h, send, post, read: readPage } = check
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const carol = await h.signup('carol')
    const dave = await h.signup('dave')
    await send(`/api/users/follow/${bob.id}`, {}, alice.token)
    const bobPost = await post(bob.token, 'Bob is online')
    const carolPost = await post(carol.token, 'Carol, whom alice does not follow')

    /** Alice's feed page: whether it was served whole, after checking it against a fresh one. */
    const read = (after: string) => readPage('/api/feed?limit=20', alice.token, after)

    expect(await read('first read')).toBe('filled')
    expect(await read('nothing')).toBe('kept')
    await send(`/api/posts/like/${carolPost}`, {}, dave.token)
    expect(await read('a like of a post not in the feed')).toBe('kept')
    await post(carol.token, 'Another by carol')
    expect(await read('a post by someone alice does not follow')).toBe('kept')
    await send(`/api/posts/${carolPost}/reactions/fire`, {}, dave.token, 'PUT')
    expect(await read('an emoji reaction to a post not in the feed')).toBe('kept')
    await send(`/api/users/follow/${carol.id}`, {}, dave.token)
    expect(await read("someone else's follow")).toBe('kept')

    await send(`/api/posts/like/${bobPost}`, {}, dave.token)
    expect(await read('a like of a post in the feed')).toBe('filled')
    expect(await read('nothing again')).toBe('kept')
    await send(`/api/posts/${bobPost}/reactions/gg`, {}, dave.token, 'PUT')
    expect(await read('an emoji reaction to a post in the feed')).toBe('filled')
    await post(bob.token, 'Bob again')
    expect(await read('a post by someone alice follows')).toBe('filled')
    await send(`/api/posts/${carolPost}/repost`, {}, bob.token)
    expect(await read('a repost by someone alice follows')).toBe('filled')
    await send(`/api/posts/like/${carolPost}`, {}, alice.token)
    expect(await read("alice's own like, of the reposted post")).toBe('filled')
    await send(`/api/users/follow/${carol.id}`, {}, alice.token)
    expect(await read("alice's follow")).toBe('filled')
    expect(await read('nothing once more')).toBe('kept')
    await send('/api/users/edit', { userData: { firstName: 'Davey' } }, dave.token)
    expect(await read('a profile edit (no version follows it)')).toBe('filled')
  })

  it('are not served past a new post once their timeline was pushed out of the bound', async () => {
    // One timeline kept at most: bob's read pushes alice's out.
    check = await keptAnswerCheck({ timelines: 1 })
    const { app: h, send, post, read } = check
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const carol = await h.signup('carol')
    await send(`/api/users/follow/${carol.id}`, {}, alice.token)
    await post(carol.token, 'Carol, first')
    expect(await read('/api/feed?limit=20', alice.token, 'first read')).toBe('filled')
    expect(await read('/api/feed?limit=20', alice.token, 'nothing')).toBe('kept')
    expect(await read('/api/feed?limit=20', bob.token, "bob's first read")).toBe('filled')
    await post(carol.token, 'Carol, after alice lost her kept timeline')
    expect(await read('/api/feed?limit=20', alice.token, 'a post by carol')).toBe('filled')
  })
})
