/**
 * Many clients reacting to the same posts, users and comments at once over real HTTP: every count
 * must still equal its relation rows, and the successful answers must tell a story the rules of
 * the API allow (docs/decisions.md): no double like, no double follow…
 *
 * SQLite-only: the server runs on its data folder's SQLite file, read here through its connection
 * and checked with SQLite's integrity checks once the server has stopped.
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../src/server/errors/messages'
import { DATABASE_FILE } from '../../../src/server/server'
import {
  Cleanup,
  SOAK,
  client,
  countMismatches,
  eightUsers,
  expectSoundFile,
  must,
  startTestServer,
} from '../../helpers/hardening'
import { sqliteConnectionOf } from '../../helpers/sqlite-connection'

const cleanup = new Cleanup()
afterEach(() => cleanup.run())

/** Posts 2 (10 likes) and 3 (0 likes): the second often meets "Cannot decrement like less than 0." */
const POSTS = [2, 3]
/** player1 and nova_strike are followed by everyone. */
const FOLLOWED = [1, 2]

type Op =
  | { kind: 'like' | 'dislike' | 'bookmark' | 'unbookmark'; post: number }
  | { kind: 'follow' | 'unfollow'; target: number }
  | { kind: 'upvote' | 'downvote'; comment: number }
  | { kind: 'comment' }

/** What each kind of operation may be refused with, besides succeeding. */
const ALLOWED_REFUSALS: Record<Op['kind'], string[]> = {
  like: [MESSAGES.alreadyLiked],
  dislike: [MESSAGES.likeBelowZero, MESSAGES.alreadyDisliked],
  bookmark: [MESSAGES.alreadyBookmarked],
  unbookmark: [MESSAGES.notBookmarked],
  follow: [MESSAGES.alreadyFollowing, MESSAGES.followSelf],
  unfollow: [MESSAGES.notFollowing, MESSAGES.followSelf],
  upvote: [MESSAGES.alreadyUpvoted],
  downvote: [MESSAGES.alreadyDownvoted],
  comment: [],
}

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0
  return (n: number) => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
    return state % n
  }
}

describe('concurrent clients', () => {
  it(
    'keep every count equal to its rows and every toggle consistent under a storm of requests',
    async () => {
      const dataDir = join(cleanup.tempDir(), 'data')
      const server = await startTestServer(cleanup, { dataDir })
      const sqlite = sqliteConnectionOf(server.db)
      const api = client(server.url)

      // Eight clients: the four demo users and four more.
      const users = await eightUsers(server, 'racer')
      const userIds = users.map((user) => user.id)
      const tokens = new Map(users.map((user) => [user.id, user.token]))
      const commentIds = (
        sqlite.prepare('SELECT id FROM comments WHERE post_id = 3 ORDER BY id').all() as {
          id: number
        }[]
      ).map((row) => row.id)
      expect(commentIds.length).toBeGreaterThan(0)

      const scalar = (query: string, ...params: unknown[]) =>
        (sqlite.prepare(query).get(...params) as { v: number | string | null } | undefined)?.v ??
        null
      const reaction = (table: string, key: string, target: number, user: number) =>
        scalar(`SELECT kind AS v FROM ${table} WHERE ${key} = ? AND user_id = ?`, target, user) ??
        null
      const initialLikes = new Map(
        POSTS.map((id) => [id, scalar('SELECT like_count AS v FROM posts WHERE id=?', id)]),
      )
      const initialComments = scalar('SELECT comment_count AS v FROM posts WHERE id = 3') as number
      const initial = {
        follows: new Map<string, number>(),
        bookmarks: new Map<string, number>(),
        reactions: new Map<string, string | number | null>(),
        votes: new Map<string, string | number | null>(),
      }
      for (const user of userIds) {
        for (const target of FOLLOWED) {
          initial.follows.set(
            `${user}:${target}`,
            scalar(
              'SELECT count(*) AS v FROM follows WHERE follower_id=? AND followee_id=?',
              user,
              target,
            ) as number,
          )
        }
        for (const post of POSTS) {
          initial.bookmarks.set(
            `${user}:${post}`,
            scalar(
              'SELECT count(*) AS v FROM bookmarks WHERE user_id=? AND post_id=?',
              user,
              post,
            ) as number,
          )
          initial.reactions.set(
            `${user}:${post}`,
            reaction('post_reactions', 'post_id', post, user),
          )
        }
        for (const comment of commentIds) {
          initial.votes.set(
            `${user}:${comment}`,
            reaction('comment_votes', 'comment_id', comment, user),
          )
        }
      }

      const pick = random(SOAK ? Date.now() : 7)
      const randomOp = (): Op => {
        const roll = pick(9)
        if (roll < 3) return { kind: pick(2) ? 'like' : 'dislike', post: must(POSTS[pick(2)]) }
        if (roll < 5)
          return { kind: pick(2) ? 'follow' : 'unfollow', target: must(FOLLOWED[pick(2)]) }
        if (roll < 6)
          return { kind: pick(2) ? 'bookmark' : 'unbookmark', post: must(POSTS[pick(2)]) }
        if (roll < 8) {
          return {
            kind: pick(2) ? 'upvote' : 'downvote',
            comment: must(commentIds[pick(commentIds.length)]),
          }
        }
        return { kind: 'comment' }
      }
      const pathOf = (op: Op) => {
        switch (op.kind) {
          case 'like':
          case 'dislike':
            return `/api/posts/${op.kind}/${op.post}`
          case 'bookmark':
            return `/api/users/bookmark/${op.post}`
          case 'unbookmark':
            return `/api/users/remove-bookmark/${op.post}`
          case 'follow':
          case 'unfollow':
            return `/api/users/${op.kind}/${op.target}`
          case 'upvote':
          case 'downvote':
            return `/api/comments/${op.kind}/3/${op.comment}`
          case 'comment':
            return '/api/comments/add/3'
        }
      }

      const successes = new Map<string, number>()
      const count = (key: string) => successes.get(key) ?? 0
      const bump = (key: string) => successes.set(key, count(key) + 1)
      const unexpected: string[] = []
      const added: { id: string; author: number }[] = []
      const deleteRaces: number[][] = []

      const waves = SOAK ? 150 : 20
      const perUser = 5
      for (let wave = 0; wave < waves; wave += 1) {
        const requests: Promise<void>[] = []
        for (const user of userIds) {
          const token = must(tokens.get(user))
          for (let i = 0; i < perUser; i += 1) {
            const op = randomOp()
            const body = op.kind === 'comment' ? { commentData: `wave ${wave} by ${user}` } : {}
            requests.push(
              api.post(pathOf(op), token, body).then((answer) => {
                const error = (answer.json?.errors as string[] | undefined)?.[0]
                if (answer.status === 200 || answer.status === 201) {
                  const target =
                    'post' in op
                      ? op.post
                      : 'target' in op
                        ? op.target
                        : 'comment' in op
                          ? op.comment
                          : 3
                  bump(`${op.kind}:${user}:${target}`)
                  bump(`${op.kind}:${target}`)
                  if (op.kind === 'comment') {
                    added.push({ id: (answer.json.comment as { _id: string })._id, author: user })
                  }
                } else if (
                  answer.status !== 400 ||
                  !ALLOWED_REFUSALS[op.kind].includes(error ?? '')
                ) {
                  unexpected.push(`${pathOf(op)} by ${user}: ${answer.status} ${answer.text}`)
                }
              }),
            )
          }
        }
        // The author and the post's owner (lootgoblin, 4) race to delete the same comment:
        // exactly one of them may succeed.
        const victim = added.shift()
        if (victim) {
          requests.push(
            Promise.all(
              [victim.author, 4, victim.author].map((user) =>
                api
                  .post(`/api/comments/delete/3/${victim.id}`, must(tokens.get(user)))
                  .then((a) => {
                    if (a.status === 200) bump('delete:3')
                    return a.status
                  }),
              ),
            ).then((statuses) => void deleteRaces.push(statuses)),
          )
        }
        await Promise.all(requests)
      }

      expect(unexpected).toEqual([])
      for (const statuses of deleteRaces) {
        expect(statuses.filter((s) => s === 200)).toHaveLength(1)
        expect(statuses.filter((s) => s !== 200).every((s) => s === 404)).toBe(true)
      }
      expect(count('like:2') + count('like:3')).toBeGreaterThan(0)
      expect(count('dislike:2') + count('dislike:3')).toBeGreaterThan(0)

      // Every stored count equals its rows.
      expect(await countMismatches(server.db)).toEqual([])
      // Every like count is the seed plus the successful likes minus the successful dislikes.
      for (const post of POSTS) {
        expect(scalar('SELECT like_count AS v FROM posts WHERE id=?', post), `post ${post}`).toBe(
          (initialLikes.get(post) as number) + count(`like:${post}`) - count(`dislike:${post}`),
        )
      }
      expect(scalar('SELECT comment_count AS v FROM posts WHERE id = 3')).toBe(
        initialComments + count('comment:3') - count('delete:3'),
      )

      /**
       * A toggle's successes alternate (on, off, on, …): from the starting state, the final
       * state follows from how many of each succeeded, whatever order the server took them in.
       */
      const expectToggle = (
        label: string,
        start: string | number | null,
        final: string | number | null,
        on: [string, number],
        off: [string, number],
      ) => {
        const [onValue, ons] = on
        const [offValue, offs] = off
        if (start === null) {
          // Either may come first, then they alternate.
          expect(Math.abs(ons - offs), label).toBeLessThanOrEqual(1)
          if (ons > offs) expect(final, label).toBe(onValue)
          else if (offs > ons) expect(final, label).toBe(offValue)
          else if (ons === 0) expect(final, label).toBeNull()
          else expect([onValue, offValue], label).toContain(final)
        } else {
          // Only the other state can succeed first, then they alternate back.
          const [away, awayCount, backCount] =
            start === onValue ? [offValue, offs, ons] : [onValue, ons, offs]
          expect(awayCount - backCount, label).toBeGreaterThanOrEqual(0)
          expect(awayCount - backCount, label).toBeLessThanOrEqual(1)
          expect(final, label).toBe(awayCount > backCount ? away : start)
        }
      }

      for (const user of userIds) {
        for (const post of POSTS) {
          const key = `${user}:${post}`
          expectToggle(
            `reaction ${key}`,
            initial.reactions.get(key) ?? null,
            reaction('post_reactions', 'post_id', post, user),
            ['like', count(`like:${key}`)],
            ['dislike', count(`dislike:${key}`)],
          )
          const bookmarked = scalar(
            'SELECT count(*) AS v FROM bookmarks WHERE user_id=? AND post_id=?',
            user,
            post,
          )
          expect(bookmarked, `bookmark ${key}`).toBe(
            must(initial.bookmarks.get(key)) +
              count(`bookmark:${key}`) -
              count(`unbookmark:${key}`),
          )
        }
        for (const target of FOLLOWED) {
          const key = `${user}:${target}`
          const follows = scalar(
            'SELECT count(*) AS v FROM follows WHERE follower_id=? AND followee_id=?',
            user,
            target,
          )
          expect(follows, `follow ${key}`).toBe(
            must(initial.follows.get(key)) + count(`follow:${key}`) - count(`unfollow:${key}`),
          )
          if (user === target) expect(count(`follow:${key}`)).toBe(0)
        }
        for (const comment of commentIds) {
          const key = `${user}:${comment}`
          expectToggle(
            `vote ${key}`,
            initial.votes.get(key) ?? null,
            reaction('comment_votes', 'comment_id', comment, user),
            ['up', count(`upvote:${key}`)],
            ['down', count(`downvote:${key}`)],
          )
        }
      }

      // And all of it is on disk, intact, once the server has stopped.
      await server.close()
      await expectSoundFile(join(dataDir, DATABASE_FILE))
    },
    SOAK ? 300_000 : 60_000,
  )
})
