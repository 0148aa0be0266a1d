/**
 * A like or a dislike changes a post's row in its count alone (caches/touched.ts `counted`): the
 * post's version moves, and its images and shared state (poll, emoji counts) stay kept, so the
 * liker's own answer reads none of them again. A vote, which changes the poll's totals, still
 * drops them. Every answer is checked byte for byte against the server without its cache.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { PostResponse } from '../../../src/shared/api-types'
import { fillCheck, type FillCheck } from '../../helpers/fill-check'
import { createPoll, vote } from '../../helpers/polls'

let check: FillCheck | undefined
afterEach(async () => {
  await check?.close()
  check = undefined
})

/** The statements that read a post's images, poll and emoji counts (presenting/post-shared.ts). */
const SHARED_READ = /\bFROM (post_media|poll_options|post_emoji_counts)\b/

describe('a like of a post', () => {
  it('keeps its images and shared state, which a vote drops', async () => {
    check = await fillCheck(SHARED_READ)
    const { app: h, counted, read: readPath } = check
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const { postId, optionIds } = await createPoll(h, alice.token)
    const minimal = { prefer: 'return=minimal' }
    /** The post as `token` reads it, and the shared reads it ran. */
    const read = async (token: string) => {
      const { text, ran } = await readPath(`/api/posts/${postId}`, token, minimal)
      return { post: (JSON.parse(text) as PostResponse).post, ran }
    }
    await read(bob.token)

    const before = counted()
    const liked = await h.send(
      `/api/posts/like/${postId}`,
      {},
      { token: bob.token, headers: minimal },
    )
    expect(liked.status).toBe(200)
    expect(((await liked.json()) as PostResponse).post.likes.likeCount).toBe(1)
    expect(counted() - before, "the like's answer: its images, poll and emoji kept").toBe(0)
    const afterLike = await read(alice.token)
    expect(afterLike.post.likes.likeCount).toBe(1)
    expect(afterLike.ran).toBe(0)

    const [option] = optionIds
    if (!option) throw new Error('The poll has no option.')
    expect((await vote(h, bob.token, postId, option)).status).toBe(200)
    const afterVote = await read(alice.token)
    expect(afterVote.ran, 'the vote changed the totals: read again').toBeGreaterThan(0)
    expect(afterVote.post.poll?.options.find((shown) => shown.id === option)?.votes).toBe(1)

    await h.send(`/api/posts/dislike/${postId}`, {}, { token: bob.token, headers: minimal })
    expect((await read(bob.token)).ran).toBe(0)
  })
})
