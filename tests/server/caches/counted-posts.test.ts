/**
 * A like or a dislike changes a post's row in its count alone (caches/touched.ts `counted`): the
 * post's version moves, and its images and shared state (poll, emoji counts) stay kept, so the
 * liker's own answer reads none of them again. A vote, which changes the poll's totals, still
 * drops them. Every answer is checked byte for byte against the server without its cache.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { PostResponse } from '../../../src/shared/api-types'
import { ReadCache } from '../../../src/server/caches/read-cache'
import { createPoll, vote } from '../../helpers/polls'
import { makeTestApp, type TestApp } from '../../helpers/server-app'

let app: TestApp | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

/** The statements that read a post's images, poll and emoji counts (presenting/post-shared.ts). */
const SHARED_READ = /\bFROM (post_media|poll_options|post_emoji_counts)\b/

describe('a like of a post', () => {
  it('keeps its images and shared state, which a vote drops', async () => {
    const cache = new ReadCache({ answerBytes: 0 })
    let sharedReads = 0
    app = await makeTestApp({
      readCache: cache,
      onStatement: (sql) => {
        if (SHARED_READ.test(sql)) sharedReads++
      },
    })
    const h = app
    const alice = await h.signup('alice')
    const bob = await h.signup('bob')
    const { postId, optionIds } = await createPoll(h, alice.token)
    const minimal = { prefer: 'return=minimal' }

    /** The post as `token` reads it, checked against a fresh read; and the shared reads it ran. */
    const read = async (token: string) => {
      const before = sharedReads
      const text = await (
        await h.request(`/api/posts/${postId}`, { headers: { authorization: token, ...minimal } })
      ).text()
      const ran = sharedReads - before
      cache.enabled = false
      const fresh = await (
        await h.request(`/api/posts/${postId}`, { headers: { authorization: token, ...minimal } })
      ).text()
      cache.enabled = true
      expect(text).toBe(fresh)
      return { post: (JSON.parse(text) as PostResponse).post, ran }
    }
    await read(bob.token)

    const before = sharedReads
    const liked = await h.send(
      `/api/posts/like/${postId}`,
      {},
      { token: bob.token, headers: minimal },
    )
    expect(liked.status).toBe(200)
    expect(((await liked.json()) as PostResponse).post.likes.likeCount).toBe(1)
    expect(sharedReads - before, "the like's answer: its images, poll and emoji kept").toBe(0)
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
    const afterDislike = await read(bob.token)
    expect(afterDislike.ran).toBe(0)
  })
})
