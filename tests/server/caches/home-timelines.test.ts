/**
 * Home timelines kept as lists and changed by the writes that concern them, and post rows kept by
 * id and version (caches/home-timelines.ts, caches/post-rows.ts): through a run of
 * every kind of write that changes a feed (posts, reposts and their undoing, quotes, follows and
 * unfollows, blocks, mutes, a suspension, deletions of posts and of an account), every page of
 * every player's feed reads the same as with the caches off, and every kept row and timeline is
 * the database's (tests/helpers/kept-caches.ts: a command that touches rows without saying so
 * fails here). Timelines are cut short (four entries) so that pages past their floor are read
 * from the database, and whole answers are not kept, so that each read goes through the lists.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PostResponse } from '../../../src/shared/api-types'
import { ReadCache } from '../../../src/server/caches/read-cache'
import { signedInAs } from '../../helpers/api'
import { expectKeptAsInDatabase } from '../../helpers/kept-caches'
import { makeTestApp, type TestApp } from '../../helpers/server-app'

let app: TestApp | undefined
afterEach(async () => {
  vi.useRealTimers()
  await app?.close()
  app = undefined
})

/** A small deterministic random sequence (mulberry32), so a failure can be run again. */
function randomFrom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const MINIMAL = { prefer: 'return=minimal' }

describe('home timelines and post rows kept', () => {
  it('read every feed page as the database does, after every kind of write', async () => {
    const statements: string[] = []
    const cache = new ReadCache({ timelineLength: 4, answerBytes: 0 })
    app = await makeTestApp({
      readCache: cache,
      admins: ['Boss'],
      onStatement: (sql) => statements.push(sql),
    })
    const h = app
    // One clock for both reads of a page: a cursor carries the time its first page was read.
    let now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now })
    const boss = await signedInAs(h, 'boss')
    const names = ['ann', 'ben', 'cat', 'dan', 'eve']
    const players = await Promise.all(names.map((name) => h.signup(name)))
    const random = randomFrom(38)
    const pick = <T>(items: readonly T[]): T => {
      const item = items[Math.floor(random() * items.length)]
      if (item === undefined) throw new Error('Nothing to pick from')
      return item
    }
    const player = (index: number) => {
      const found = players[index]
      if (!found) throw new Error(`No player ${index}`)
      return found
    }
    const postIds: string[] = []
    const gone = new Set<string>()

    const feedPages = async (token: string): Promise<string[]> => {
      const pages: string[] = []
      let cursor: string | null = null
      do {
        const response = await h.get(
          `/api/feed?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          token,
        )
        const body = await response.text()
        pages.push(`${response.status} ${body}`)
        cursor = response.ok ? (JSON.parse(body) as { nextCursor: string | null }).nextCursor : null
      } while (cursor && pages.length < 40)
      return pages
    }
    const expectSame = async (after: string) => {
      for (const [index, player] of players.entries()) {
        cache.enabled = true
        const kept = await feedPages(player.token)
        cache.enabled = false
        const fresh = await feedPages(player.token)
        cache.enabled = true
        expect({ after, viewer: names[index], pages: kept }).toEqual({
          after,
          viewer: names[index],
          pages: fresh,
        })
      }
      await expectKeptAsInDatabase(cache, h.db, after)
    }
    const act = async (
      what: string,
      path: string,
      body?: unknown,
      token?: string,
      method?: string,
    ) => {
      const response = await h.send(path, body, { token, method, headers: MINIMAL })
      expect(response.status, what).toBeLessThan(500)
      return response
    }

    for (let step = 0; step < 60; step++) {
      // Ties in time are the hard cases of the merge: half the steps keep the same millisecond.
      if (random() < 0.5) vi.setSystemTime((now += 1000))
      const actor = pick(players)
      const other = pick(players)
      const post = postIds.filter((id) => !gone.has(id))
      const roll = random()
      let what: string
      if (roll < 0.3 || post.length === 0) {
        what = 'post'
        const quote = post.length > 0 && random() < 0.2 ? pick(post) : undefined
        const made = await act(
          what,
          '/api/posts',
          {
            postData: { content: `post ${step}`, ...(quote ? { quoteOf: quote } : {}) },
          },
          actor.token,
        )
        if (made.status === 201) postIds.push(((await made.json()) as PostResponse).post._id)
      } else if (roll < 0.45) {
        what = 'repost'
        await act(what, `/api/posts/${pick(post)}/repost`, {}, actor.token)
      } else if (roll < 0.52) {
        what = 'repost undone'
        await act(what, `/api/posts/${pick(post)}/repost`, undefined, actor.token, 'DELETE')
      } else if (roll < 0.64) {
        what = 'follow'
        await act(what, `/api/users/follow/${other.id}`, {}, actor.token)
      } else if (roll < 0.72) {
        what = 'unfollow'
        await act(what, `/api/users/unfollow/${other.id}`, {}, actor.token)
      } else if (roll < 0.77) {
        what = 'block'
        await act(what, `/api/users/me/block/${other.id}`, {}, actor.token)
      } else if (roll < 0.82) {
        what = 'unblock'
        await act(what, `/api/users/me/unblock/${other.id}`, {}, actor.token)
      } else if (roll < 0.86) {
        what = 'mute'
        await act(what, `/api/users/me/mute/${other.id}`, { duration: '1h' }, actor.token)
      } else if (roll < 0.89) {
        what = 'unmute'
        await act(what, `/api/users/me/unmute/${other.id}`, {}, actor.token)
      } else if (roll < 0.93) {
        what = 'like'
        await act(what, `/api/posts/like/${pick(post)}`, {}, actor.token)
      } else if (roll < 0.945) {
        what = 'emoji reaction'
        await act(what, `/api/posts/${pick(post)}/reactions/fire`, {}, actor.token, 'PUT')
      } else if (roll < 0.96) {
        what = 'comment'
        await act(
          what,
          `/api/comments/add/${pick(post)}`,
          { commentData: { text: 'gg' } },
          actor.token,
        )
      } else {
        what = 'post deleted'
        const target = pick(post)
        // By the host: any post goes.
        const deleted = await act(
          what,
          `/api/moderation/posts/${target}`,
          undefined,
          boss.token,
          'DELETE',
        )
        if (deleted.ok) gone.add(target)
      }
      await expectSame(`step ${step}: ${what}`)
    }
    // A suspension hides, its lifting shows again, with no timeline touched.
    await act('suspend', `/api/moderation/suspend/${player(1).id}`, {}, boss.token)
    await expectSame('suspension')
    await act('unsuspend', `/api/moderation/unsuspend/${player(1).id}`, {}, boss.token)
    await expectSame('suspension lifted')
    // A mute that runs out shows its player again, with no write at all.
    vi.setSystemTime((now += 2 * 60 * 60 * 1000))
    await expectSame('the mutes ran out')
    // An account's deletion takes its posts, reposts and follows with it.
    await act(
      'account deleted',
      '/api/users/me',
      { password: 'correct horse battery' },
      player(2).token,
      'DELETE',
    )
    players.splice(2, 1)
    names.splice(2, 1)
    await expectSame('account deleted')

    // The lists were used: a kept first page reads no post or repost of the feed from the database.
    const viewer = player(0)
    await h.get('/api/feed?limit=2', viewer.token)
    statements.length = 0
    expect((await h.get('/api/feed?limit=2', viewer.token)).status).toBe(200)
    expect(statements.filter((sql) => /FROM reposts|FROM posts\b.*\bfollows\b/s.test(sql))).toEqual(
      [],
    )
    expect(cache.timelines.size).toBeGreaterThan(0)

    // A follow merges the new player's posts into the kept timeline: the next page reads theirs
    // alone (by id), not the follower's follows and all their authors' posts again.
    const newcomer = await h.signup('newcomer')
    await act('newcomer posts', '/api/posts', { postData: { content: 'Hi all' } }, newcomer.token)
    await act('follow of the newcomer', `/api/users/follow/${newcomer.id}`, {}, viewer.token)
    statements.length = 0
    const merged = (await (await h.get('/api/feed?limit=2', viewer.token)).json()) as {
      posts: { content: string }[]
    }
    expect(merged.posts[0]?.content).toBe('Hi all')
    expect(statements.filter((sql) => /FROM follows WHERE follower_id/.test(sql))).toEqual([])
    expect(statements.filter((sql) => /FROM posts\b.*\bauthor_id IN/s.test(sql))).toHaveLength(1)
    await expectSame('follow merged')
  }, 120_000)
})
