/**
 * No N+1 (src/server/db/README.md): every list route runs the same number of SQL statements
 * whether its answer holds 5 rows or 50. Each list is exercised over a database whose rows all
 * carry what a list embeds (authors, reactions, votes, comments, images, followers), and the
 * statements are counted through better-sqlite3's `verbose` hook on the connection
 * (`openDatabase({ onStatement })`), which sees drizzle's statements and hand-written ones alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { signToken } from '../../src/server/auth/token'
import { openDatabase, type AppDatabase } from '../../src/server/db/client'
import {
  blocks,
  bookmarks,
  commentVotes,
  comments,
  follows,
  media,
  mutes,
  notifications,
  postMedia,
  postReactions,
  posts,
  postTags,
  reports,
  settings,
  users,
} from '../../src/server/db/schema'
import { TEST_SECRET } from '../helpers/server-app'

const SMALL = 5
const LARGE = 50
const T0 = Date.UTC(2026, 0, 1)

interface World {
  db: AppDatabase
  app: ReturnType<typeof createApp>
  /** Statements run since the last reset. */
  statements: string[]
  /** Follows everyone else; authors `n` posts; bookmarked `n` posts; gets `n` notifications. */
  viewer: { id: number; token: string }
  /** Follows nobody: everyone is a suggestion. */
  newcomer: { token: string }
  /** Blocked and muted `n` others. */
  guarded: { token: string }
  /** A post of the viewer with `n` comments. */
  discussedPostId: number
}

/** A database where each list the routes answer holds `n` rows, every row fully dressed. */
async function buildWorld(n: number): Promise<World> {
  const statements: string[] = []
  const db = openDatabase({ file: ':memory:', onStatement: (sql) => statements.push(sql) })
  let clock = T0
  const tick = () => ++clock

  const addUser = (username: string) =>
    db
      .insert(users)
      .values({
        username,
        usernameKey: username.toLowerCase(),
        passwordHash: 'not a real hash',
        profileImg: '/api/media/default-avatar.svg',
        createdAt: tick(),
        updatedAt: clock,
      })
      .returning({ id: users.id })
      .get().id
  const addPost = (authorId: number, content: string) => {
    const id = db
      .insert(posts)
      .values({
        authorId,
        content,
        likeCount: 1,
        commentCount: 1,
        createdAt: tick(),
        updatedAt: clock,
      })
      .returning({ id: posts.id })
      .get().id
    db.insert(postTags).values({ postId: id, tag: 'speedrun', createdAt: clock }).run()
    const mediaId = `m${String(id).padStart(15, '0')}`
    const thumbId = `t${String(id).padStart(15, '0')}`
    for (const mid of [mediaId, thumbId]) {
      db.insert(media)
        .values({
          id: mid,
          ownerId: authorId,
          contentType: 'image/webp',
          bytes: Buffer.from('x'),
          createdAt: clock,
        })
        .run()
    }
    db.insert(postMedia)
      .values({
        mediaId,
        thumbId,
        ownerId: authorId,
        postId: id,
        width: 1,
        height: 1,
        createdAt: clock,
      })
      .run()
    return id
  }
  const addComment = (postId: number, authorId: number, voterId: number) => {
    const id = db
      .insert(comments)
      .values({ postId, authorId, text: 'gg', upvoteCount: 1, createdAt: tick(), updatedAt: clock })
      .returning({ id: comments.id })
      .get().id
    db.insert(commentVotes)
      .values({ commentId: id, userId: voterId, kind: 'up', createdAt: clock })
      .run()
    return id
  }

  const viewerId = addUser('viewer')
  const newcomerId = addUser('newcomer')
  const guardedId = addUser('guarded')
  const others = Array.from({ length: n }, (_, index) =>
    addUser(`player${String(index).padStart(3, '0')}`),
  )
  db.insert(settings)
    .values({ key: 'ownerUserId', value: String(viewerId) })
    .run()

  const discussedPostId = addPost(viewerId, 'the discussed post')
  for (const [index, otherId] of others.entries()) {
    const next = others[(index + 1) % others.length] ?? otherId
    db.insert(follows)
      .values({ followerId: viewerId, followeeId: otherId, createdAt: tick() })
      .run()
    db.insert(follows)
      .values({ followerId: otherId, followeeId: viewerId, createdAt: tick() })
      .run()
    if (next !== otherId) {
      db.insert(follows).values({ followerId: otherId, followeeId: next, createdAt: tick() }).run()
    }
    db.insert(blocks).values({ blockerId: guardedId, blockedId: otherId, createdAt: tick() }).run()
    db.insert(mutes).values({ muterId: guardedId, mutedId: otherId, createdAt: tick() }).run()

    const theirs = addPost(otherId, `post of player ${index}`)
    const mine = addPost(viewerId, `post ${index} of the viewer`)
    for (const postId of [theirs, mine]) {
      db.insert(postReactions)
        .values({ postId, userId: next, kind: 'like', createdAt: tick() })
        .run()
      addComment(postId, next, otherId)
    }
    addComment(discussedPostId, otherId, next)
    db.insert(bookmarks).values({ userId: viewerId, postId: theirs, createdAt: tick() }).run()
    db.insert(notifications)
      .values({
        recipientId: viewerId,
        actorId: otherId,
        type: 'like',
        postId: mine,
        createdAt: tick(),
      })
      .run()
    db.insert(reports)
      .values({ reporterId: otherId, postId: mine, reason: 'spam', createdAt: tick() })
      .run()
  }

  const app = createApp({ db, secret: TEST_SECRET, version: 'test', limits: false })
  const tokenOf = (id: number, username: string) =>
    signToken({ _id: String(id), username }, TEST_SECRET)
  return {
    db,
    app,
    statements,
    viewer: { id: viewerId, token: await tokenOf(viewerId, 'viewer') },
    newcomer: { token: await tokenOf(newcomerId, 'newcomer') },
    guarded: { token: await tokenOf(guardedId, 'guarded') },
    discussedPostId,
  }
}

type Who = 'viewer' | 'newcomer' | 'guarded'

interface ListRoute {
  name: string
  path: (world: World) => string
  who: Who
  /** The rows of the answer, to check that the list really holds `n` of them. */
  rows: (body: Record<string, unknown>) => unknown[]
}

const list =
  (key: string) =>
  (body: Record<string, unknown>): unknown[] =>
    body[key] as unknown[]

/** The list routes, each with the `limit` of its page set to `n` where it has pages. */
function listRoutes(n: number): ListRoute[] {
  return [
    { name: 'users, whole list', path: () => '/api/users', who: 'viewer', rows: list('users') },
    {
      name: 'users, a page',
      path: () => `/api/users?limit=${n}`,
      who: 'viewer',
      rows: list('users'),
    },
    {
      name: 'user search',
      path: () => `/api/users?search=player&limit=${n}`,
      who: 'viewer',
      rows: list('users'),
    },
    {
      name: 'suggestions',
      path: () => `/api/users?suggest=true&limit=${n}`,
      who: 'newcomer',
      rows: list('users'),
    },
    {
      name: 'one profile with its followers and bookmarks',
      path: () => '/api/users/viewer',
      who: 'viewer',
      rows: (body) => {
        const user = body.user as { followers: unknown[]; bookmarks: unknown[] }
        return user.followers.length === user.bookmarks.length ? user.followers : []
      },
    },
    { name: 'posts, whole list', path: () => '/api/posts', who: 'viewer', rows: list('posts') },
    {
      name: 'posts by likes, whole list',
      path: () => '/api/posts?sort=likes',
      who: 'viewer',
      rows: list('posts'),
    },
    {
      name: 'posts, a page',
      path: () => `/api/posts?limit=${n}`,
      who: 'viewer',
      rows: list('posts'),
    },
    {
      name: 'posts of a tag, a page',
      path: () => `/api/posts?tag=speedrun&limit=${n}`,
      who: 'viewer',
      rows: list('posts'),
    },
    {
      name: "a user's posts, whole list",
      path: () => '/api/posts/user/viewer',
      who: 'viewer',
      rows: list('posts'),
    },
    {
      name: "a user's posts, a page",
      path: () => `/api/posts/user/viewer?limit=${n}`,
      who: 'viewer',
      rows: list('posts'),
    },
    {
      name: 'home feed, a page',
      path: () => `/api/feed?limit=${n}`,
      who: 'viewer',
      rows: list('posts'),
    },
    {
      name: 'bookmarks, whole list',
      path: () => '/api/users/bookmark',
      who: 'viewer',
      rows: list('bookmarks'),
    },
    {
      name: 'bookmarks, a page',
      path: () => `/api/users/bookmark?limit=${n}`,
      who: 'viewer',
      rows: list('bookmarks'),
    },
    {
      name: "a post's comments, whole list",
      path: (world) => `/api/comments/${world.discussedPostId}`,
      who: 'viewer',
      rows: list('comments'),
    },
    {
      name: "a post's comments, a page",
      path: (world) => `/api/comments/${world.discussedPostId}?limit=${n}`,
      who: 'viewer',
      rows: list('comments'),
    },
    {
      name: 'notifications, a page',
      path: () => `/api/notifications?limit=${n}`,
      who: 'viewer',
      rows: list('notifications'),
    },
    {
      name: 'blocked and muted',
      path: () => '/api/users/me/relations',
      who: 'guarded',
      rows: list('blocked'),
    },
    { name: 'open reports', path: () => '/api/reports', who: 'viewer', rows: list('reports') },
  ]
}

/** Runs a route as `who` and answers its rows and the statements the request ran. */
async function measure(world: World, route: ListRoute) {
  const token = world[route.who].token
  world.statements.length = 0
  const response = await world.app.request(route.path(world), { headers: { authorization: token } })
  // Whole lists stream a batch at a time: the body is read to its end before counting.
  const text = await response.text()
  expect(response.status, `${route.name}: ${text.slice(0, 200)}`).toBe(200)
  const rows = route.rows(JSON.parse(text) as Record<string, unknown>)
  return { rows: rows.length, statements: world.statements.length }
}

describe('SQL statements per list request', () => {
  const worlds = new Map<number, World>()
  beforeAll(async () => {
    for (const n of [SMALL, LARGE]) worlds.set(n, await buildWorld(n))
  })
  afterAll(() => {
    for (const world of worlds.values()) world.db.$client.close()
  })

  const names = listRoutes(SMALL).map((route) => route.name)
  it.each(names)('%s: as many for 50 rows as for 5', async (name) => {
    const counts = []
    for (const n of [SMALL, LARGE]) {
      const world = worlds.get(n)
      const route = listRoutes(n).find((candidate) => candidate.name === name)
      if (!world || !route) throw new Error(`No ${name} for ${n}`)
      const measured = await measure(world, route)
      // The list really holds n rows (or more: the viewer's posts come on top of the others').
      expect(measured.rows, name).toBeGreaterThanOrEqual(n)
      counts.push(measured.statements)
    }
    const [small, large] = counts
    expect(small, name).toBeGreaterThan(0)
    expect(large, `${name}: ${small} statements for ${SMALL} rows, ${large} for ${LARGE}`).toBe(
      small,
    )
  })

  it('counts every statement, hand-written ones included, and sees a per-row query', async () => {
    const world = worlds.get(SMALL)
    if (!world) throw new Error('No world')
    world.statements.length = 0
    // One statement per user, as a list must never run: the counter sees each of them.
    const ids = world.db.select({ id: users.id }).from(users).all()
    for (const { id } of ids) {
      world.db.$client.prepare('SELECT username FROM users WHERE id = ?').get(id)
    }
    expect(world.statements).toHaveLength(1 + ids.length)
    expect(world.statements.at(-1)).toMatch(/^SELECT username FROM users WHERE id = \d+(\.0)?$/)
  })
})
