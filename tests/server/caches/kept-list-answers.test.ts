/**
 * The explore page (newest first), a profile's posts page and a post's comments page kept whole
 * with what they show (caches/lists.ts, caches/answer-parts.ts): a write that changes nothing such
 * a page shows leaves it served as it was; a new post in its list, a deletion, a change to a post
 * it shows, to its comments or to its viewer's own state, or a write no version follows makes the
 * next read a fill. The explore page by likes follows no list version: any write fills it. Every
 * answer is compared with the server's answer without the cache, byte for byte.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { keptAnswerCheck, type KeptAnswerCheck } from '../../helpers/kept-answer-check'

let check: KeptAnswerCheck | undefined
afterEach(async () => {
  await check?.close()
  check = undefined
})

describe('kept explore, profile and comments pages', () => {
  it('outlive the writes that change nothing they show, and only those', async () => {
    check = await keptAnswerCheck()
    const { app: h, send, post, read } = check
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const carol = await h.signup('carol')
    const bobOld = await post(bob.token, 'Bob, long ago')
    for (let n = 0; n < 3; n++) await post(carol.token, `Carol's news ${n}`)
    const bobNew = await post(bob.token, 'Bob is online')

    const pages = {
      explore: '/api/posts?limit=3',
      byLikes: '/api/posts?limit=3&sort=likes',
      bob: '/api/posts/user/bob?limit=1',
    }
    /** Each page as alice reads it after a write: kept whole or filled. */
    const readAll = async (after: string) => ({
      explore: await read(pages.explore, alice.token, after),
      byLikes: await read(pages.byLikes, alice.token, after),
      bob: await read(pages.bob, alice.token, after),
    })
    const all = (what: 'kept' | 'filled') => ({ explore: what, byLikes: what, bob: what })

    expect(await readAll('first read')).toEqual(all('filled'))
    expect(await readAll('nothing')).toEqual(all('kept'))
    // bobOld is on neither newest-first page (carol's three are newer than it).
    await send(`/api/posts/like/${bobOld}`, {}, carol.token)
    expect(await readAll('a like of a post on no page')).toEqual({
      explore: 'kept',
      byLikes: 'filled',
      bob: 'kept',
    })
    await send(`/api/posts/like/${bobNew}`, {}, carol.token)
    expect(await readAll("a like of bob's newest post")).toEqual(all('filled'))
    await send(`/api/posts/like/${bobNew}`, {}, alice.token)
    expect(await readAll("alice's own like")).toEqual(all('filled'))
    await post(carol.token, 'Carol again')
    expect(await readAll('a new post by carol')).toEqual({
      explore: 'filled',
      byLikes: 'filled',
      bob: 'kept',
    })
    const gone = await post(bob.token, 'Bob, to be deleted')
    expect(await readAll('a new post by bob')).toEqual(all('filled'))
    await send(`/api/posts/${gone}`, {}, bob.token, 'DELETE')
    expect(await readAll("bob's post deleted")).toEqual(all('filled'))
    expect(await readAll('nothing again')).toEqual(all('kept'))
    await send('/api/users/edit', { userData: { firstName: 'Carolyn' } }, carol.token)
    expect(await readAll('a profile edit (no version follows it)')).toEqual(all('filled'))
  })

  it('keep a comments page through writes elsewhere, and fill it after any change to its comments', async () => {
    check = await keptAnswerCheck()
    const { app: h, send, post, read: readPage } = check
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const talked = await post(bob.token, 'Talk to me')
    const other = await post(bob.token, 'Another post')
    const comment = async (postId: string, text: string, token: string) => {
      const answer = await send(`/api/comments/add/${postId}`, { commentData: { text } }, token)
      return ((await answer.json()) as { comment: { _id: string } }).comment._id
    }
    const first = await comment(talked, 'first!', alice.token)
    const read = (after: string) => readPage(`/api/comments/${talked}?limit=20`, alice.token, after)

    expect(await read('first read')).toBe('filled')
    expect(await read('nothing')).toBe('kept')
    await comment(other, 'elsewhere', bob.token)
    expect(await read('a comment on another post')).toBe('kept')
    await send(`/api/posts/like/${other}`, {}, alice.token)
    expect(await read('a like of another post')).toBe('kept')
    await send(`/api/comments/upvote/${talked}/${first}`, {}, bob.token)
    expect(await read('an upvote of a comment shown')).toBe('filled')
    await comment(talked, 'second', bob.token)
    expect(await read('a new comment')).toBe('filled')
    const edit = { commentData: { text: 'first, edited' } }
    await send(`/api/comments/edit/${talked}/${first}`, edit, alice.token)
    expect(await read('an edit')).toBe('filled')
    expect(await read('nothing again')).toBe('kept')
    await send(`/api/posts/like/${talked}`, {}, bob.token)
    expect(await read('a like of the post itself')).toBe('filled')
    await send(`/api/comments/delete/${talked}/${first}`, {}, alice.token)
    expect(await read('a deletion')).toBe('filled')
  })
})
