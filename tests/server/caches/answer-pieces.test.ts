/**
 * Pieces of kept answers (caches/answer-pieces.ts): a feed page filled after a write is joined
 * from the items still as its viewer saw them, and presents only the others. Every page is
 * compared with the server's answer without the cache, byte for byte (tests/helpers/
 * kept-answer-check.ts), and each read says how many pieces it was joined from.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keptAnswerCheck, type KeptAnswerCheck } from '../../helpers/kept-answer-check'
import { createPoll } from '../../helpers/polls'
import { KeptPieces, pieceKey } from '../../../src/server/caches/answer-pieces'

let check: KeptAnswerCheck | undefined
afterEach(async () => {
  await check?.close()
  check = undefined
})

const MINUTE = 60 * 1000

describe('pieces of kept feed answers', () => {
  it('join a page from the items no write changed, and present the others afresh', async () => {
    check = await keptAnswerCheck()
    const { app: h, send, post, read: readPage, piecesUsed } = check
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const carol = await h.signup('carol')
    const dave = await h.signup('dave')
    await send(`/api/users/follow/${bob.id}`, {}, alice.token)
    await send(`/api/users/follow/${carol.id}`, {}, alice.token)
    const bobPost = await post(bob.token, 'Bob is online')
    const carolPost = await post(carol.token, 'Carol is online')
    const davePost = await post(dave.token, 'Dave, whom alice does not follow')
    await send(
      '/api/posts',
      { postData: { content: 'Quoting dave', quoteOf: davePost } },
      bob.token,
    )

    const read = (after: string) => readPage('/api/feed?limit=20', alice.token, after)

    expect(await read('first read')).toBe('filled')
    expect(piecesUsed()).toBe(0)

    await post(bob.token, 'Bob again')
    expect(await read('a new post by someone alice follows')).toBe('filled')
    expect(piecesUsed()).toBe(3)

    await send(`/api/posts/like/${carolPost}`, {}, dave.token)
    expect(await read("a like of carol's post")).toBe('filled')
    expect(piecesUsed()).toBe(3)

    await send('/api/posts/edit/' + davePost, { postData: { content: 'Dave, edited' } }, dave.token)
    expect(await read('an edit of the post bob quotes')).toBe('filled')
    expect(piecesUsed()).toBe(3)

    await send(`/api/posts/${carolPost}/repost`, {}, bob.token)
    expect(await read("bob's repost of carol's post, which moves it to the top")).toBe('filled')
    expect(piecesUsed()).toBe(3)

    await send(`/api/posts/like/${bobPost}`, {}, alice.token)
    expect(await read("alice's own like: her state of every post moves")).toBe('filled')
    expect(piecesUsed()).toBe(0)

    await post(carol.token, 'Carol again')
    expect(await read('another new post')).toBe('filled')
    expect(piecesUsed()).toBe(4)

    await send('/api/users/edit', { userData: { firstName: 'Bobby' } }, bob.token)
    expect(await read('a profile edit (no version follows it)')).toBe('filled')
    expect(piecesUsed()).toBe(0)

    // A later page is joined from the same pieces.
    const firstPage = await readPage('/api/feed?limit=2', alice.token, 'a short page')
    expect(firstPage).toBe('filled')
    expect(piecesUsed()).toBe(2)
  })

  it('are not taken past the end of a poll they show', async () => {
    check = await keptAnswerCheck()
    const { app: h, send, post, read: readPage, piecesUsed } = check
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    await send(`/api/users/follow/${bob.id}`, {}, alice.token)
    await post(bob.token, 'Bob, before his poll')
    await createPoll(h, bob.token, 5)
    const read = (after: string) => readPage('/api/feed?limit=20', alice.token, after)

    expect(await read('first read')).toBe('filled')
    await post(bob.token, 'Bob, while the poll is open')
    expect(await read('a new post, the poll still open')).toBe('filled')
    expect(piecesUsed()).toBe(2)

    vi.setSystemTime(Date.now() + 6 * MINUTE)
    await post(bob.token, 'Bob, after the poll ended')
    expect(await read('a new post after the poll ended')).toBe('filled')
    // Every piece of that page lived as long as its answer: no longer than the poll.
    expect(piecesUsed()).toBe(0)
  })

  it('end the life of the answer joined from them at the end of a poll they show', async () => {
    // Answers with their parts kept an hour: only the poll's end may end them sooner.
    check = await keptAnswerCheck({ partsAnswerMs: 60 * MINUTE })
    const { app: h, send, post, read: readPage, piecesUsed } = check
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    await send(`/api/users/follow/${bob.id}`, {}, alice.token)
    await createPoll(h, bob.token, 5)
    const read = (after: string) => readPage('/api/feed?limit=20', alice.token, after)

    expect(await read('first read')).toBe('filled')
    await post(bob.token, 'Bob, while the poll is open')
    expect(await read('a new post, the poll still open')).toBe('filled')
    expect(piecesUsed()).toBe(1)
    expect(await read('nothing written')).toBe('kept')

    // Nothing written, but the poll ended: the page joined from its piece is not served again.
    vi.setSystemTime(Date.now() + 6 * MINUTE)
    expect(await read('the poll ended')).toBe('filled')
  })

  it('are kept in a bound of bytes, and none when it is 0', async () => {
    check = await keptAnswerCheck({ pieceBytes: 0 })
    const { app: h, send, post, read, piecesUsed } = check
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    await send(`/api/users/follow/${bob.id}`, {}, alice.token)
    await post(bob.token, 'One')
    expect(await read('/api/feed?limit=20', alice.token, 'first read')).toBe('filled')
    await post(bob.token, 'Two')
    expect(await read('/api/feed?limit=20', alice.token, 'a new post')).toBe('filled')
    expect(piecesUsed()).toBe(0)
  })

  it('stay within their bound of bytes, the least recently used out', () => {
    // Four pieces of some 1,100 bytes (their JSON and key as UTF-16) fit.
    const pieces = new KeptPieces(5_000)
    const piece = (postId: number) => ({
      key: pieceKey(1, postId, null),
      json: 'x'.repeat(500),
      posts: [[postId, 1]] as const,
      viewer: 1,
      viewerVersion: 1,
    })
    const versions = { post: () => 1, viewer: () => 1 }
    pieces.keep([piece(1), piece(2)], 0, Infinity)
    expect(pieces.take(pieceKey(1, 1, null), 0, 0, versions)).toBeDefined()
    pieces.keep([3, 4, 5].map(piece), 0, Infinity)
    expect(pieces.usedBytes).toBeLessThanOrEqual(5_000)
    // Post 1 was used since post 2 was kept: 2 went first.
    expect(pieces.take(pieceKey(1, 2, null), 0, 0, versions)).toBeUndefined()
    expect(pieces.take(pieceKey(1, 1, null), 0, 0, versions)).toBeDefined()
    expect(pieces.take(pieceKey(1, 5, null), 0, 0, versions)).toBeDefined()
    // Another generation, another version, or past its life: none holds, and it goes.
    expect(pieces.take(pieceKey(1, 5, null), 0, 1, versions)).toBeUndefined()
    expect(pieces.take(pieceKey(1, 5, null), 0, 0, versions)).toBeUndefined()
    expect(pieces.take(pieceKey(1, 4, null), 0, 0, { ...versions, post: () => 2 })).toBeUndefined()
    expect(pieces.take(pieceKey(1, 3, null), Infinity, 0, versions)).toBeUndefined()
    expect(pieces.size).toBe(1)
  })
})
