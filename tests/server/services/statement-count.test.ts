/**
 * No N+1 (src/server/db/README.md): every list route runs the same number of SQL statements
 * whether its answer holds 5 rows or 50. Each list is exercised over a database whose rows all
 * carry what a list embeds (authors, reactions, votes, comments, images, mentions, followers),
 * and the statements are counted through the store's `onStatement` (better-sqlite3's `verbose`
 * hook in SQLite, every query sent in PostgreSQL), which sees every statement a route runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../src/server/app'
import { WHOLE_LIST_BATCH } from '../../../src/server/http/whole-list'
import { signToken } from '../../../src/server/auth/token'
import { insertNewRow, insertRow } from '../../../src/server/db/raw'
import {
  blocks,
  bookmarks,
  commentVotes,
  comments,
  follows,
  gameNightRsvps,
  gameNights,
  squadCallMembers,
  squadCalls,
  games,
  hostActions,
  hostGrants,
  media,
  mutes,
  notifications,
  postMedia,
  postEmojiReactions,
  postReactions,
  posts,
  reposts,
  postTags,
  reports,
  settings,
  userGames,
  users,
} from '../../../src/server/db/schema'
import type { OpenStore } from '../../../src/server/db/store'
import { TEST_SECRET } from '../../helpers/server-app'
import { openTestStore } from '../../helpers/test-store'
import { indexPost } from '../../../src/server/services/writes/search-index'
import { readCacheOf } from '../../../src/server/caches/store-caches'

const SMALL = 5
const LARGE = 50
const T0 = Date.UTC(2026, 0, 1)

interface World {
  db: OpenStore
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
  /** threads: a comment on it with `n` replies, and the last of them. */
  threadRootId: number
  lastReplyId: number
}

/** A database where each list the routes answer holds `n` rows, every row fully dressed. */
async function buildWorld(n: number): Promise<World> {
  const statements: string[] = []
  const db = await openTestStore({ onStatement: (sql) => statements.push(sql) })
  let clock = T0
  const tick = () => ++clock

  const addUser = async (username: string) =>
    (
      await insertNewRow(db, users, {
        username,
        usernameKey: username.toLowerCase(),
        passwordHash: 'not a real hash',
        profileImg: '/api/media/default-avatar.svg',
        createdAt: tick(),
        updatedAt: clock,
      })
    ).id
  const addPost = async (authorId: number, content: string) => {
    const { id } = await insertNewRow(db, posts, {
      authorId,
      content,
      likeCount: 1,
      commentCount: 1,
      createdAt: tick(),
      updatedAt: clock,
    })
    await insertRow(db, postTags, { postId: id, tag: 'speedrun', createdAt: clock })
    // A tag of its own too: the tag list (GET /tags) has as many rows as posts.
    await insertRow(db, postTags, { postId: id, tag: `clutch${id}`, createdAt: clock })
    await indexPost(db, { id, content })
    const mediaId = `m${String(id).padStart(15, '0')}`
    const thumbId = `t${String(id).padStart(15, '0')}`
    for (const mid of [mediaId, thumbId]) {
      await insertRow(db, media, {
        id: mid,
        ownerId: authorId,
        contentType: 'image/webp',
        bytes: Buffer.from('x'),
        createdAt: clock,
      })
    }
    await insertRow(db, postMedia, {
      mediaId,
      thumbId,
      ownerId: authorId,
      postId: id,
      width: 1,
      height: 1,
      createdAt: clock,
    })
    return id
  }
  const addComment = async (
    postId: number,
    authorId: number,
    voterId: number,
    parentId: number | null = null,
  ) => {
    const { id } = await insertNewRow(db, comments, {
      postId,
      authorId,
      parentId,
      replyToId: parentId,
      replyToUserId: parentId === null ? null : viewerId,
      text: 'gg @viewer',
      upvoteCount: 1,
      createdAt: tick(),
      updatedAt: clock,
    })
    await insertRow(db, commentVotes, {
      commentId: id,
      userId: voterId,
      kind: 'up',
      createdAt: clock,
    })
    return id
  }

  const viewerId = await addUser('viewer')
  const newcomerId = await addUser('newcomer')
  const guardedId = await addUser('guarded')
  const others: number[] = []
  for (let index = 0; index < n; index += 1) {
    others.push(await addUser(`player${String(index).padStart(3, '0')}`))
  }
  await insertRow(db, settings, { key: 'ownerUserId', value: String(viewerId) })

  const discussedPostId = await addPost(viewerId, 'the discussed post')
  // threads: a long thread under one of the viewer's comments, and a reply under every comment
  const threadRootId = await addComment(discussedPostId, viewerId, newcomerId)
  let lastReplyId = threadRootId
  for (const [index, otherId] of others.entries()) {
    const next = others[(index + 1) % others.length] ?? otherId
    await insertRow(db, follows, { followerId: viewerId, followeeId: otherId, createdAt: tick() })
    await insertRow(db, follows, { followerId: otherId, followeeId: viewerId, createdAt: tick() })
    if (next !== otherId) {
      await insertRow(db, follows, { followerId: otherId, followeeId: next, createdAt: tick() })
    }
    await insertRow(db, blocks, { blockerId: guardedId, blockedId: otherId, createdAt: tick() })
    await insertRow(db, mutes, { muterId: guardedId, mutedId: otherId, createdAt: tick() })

    const theirs = await addPost(otherId, `post of player ${index} for @viewer`)
    const mine = await addPost(viewerId, `post ${index} of the viewer`)
    for (const postId of [theirs, mine]) {
      await insertRow(db, postReactions, { postId, userId: next, kind: 'like', createdAt: tick() })
      await addComment(postId, next, otherId)
    }
    const discussed = await addComment(discussedPostId, otherId, next)
    await addComment(discussedPostId, next, otherId, discussed)
    lastReplyId = await addComment(discussedPostId, otherId, next, threadRootId)
    // Every post of the viewer quotes one of theirs, which `next` reposted, and every
    // post has an emoji reaction (counted); each player reacts to the discussed post.
    await db.run('UPDATE posts SET quote_of_id = ? WHERE id = ?', theirs, mine)
    await insertRow(db, reposts, { postId: theirs, userId: next, createdAt: tick() })
    // Each player reposts the discussed post too (who reposted).
    await insertRow(db, reposts, { postId: discussedPostId, userId: otherId, createdAt: tick() })
    for (const postId of [theirs, mine, discussedPostId]) {
      const reactorId = postId === discussedPostId ? otherId : next
      await insertRow(db, postEmojiReactions, {
        postId,
        userId: reactorId,
        reaction: 'fire',
        createdAt: tick(),
      })
      await db.run(
        `INSERT INTO post_emoji_counts (post_id, reaction, count) VALUES (?, 'fire', 1)
         ON CONFLICT (post_id, reaction) DO UPDATE SET count = post_emoji_counts.count + 1`,
        postId,
      )
    }
    await insertRow(db, bookmarks, { userId: viewerId, postId: theirs, createdAt: tick() })
    await insertRow(db, notifications, {
      recipientId: viewerId,
      actorId: otherId,
      type: 'like',
      postId: mine,
      createdAt: tick(),
    })
    await insertRow(db, reports, {
      reporterId: otherId,
      postId: mine,
      reason: 'spam',
      createdAt: tick(),
    })
  }

  // The host's lists: suspended players, hosts made from the app, the audit list.
  for (let index = 0; index < n; index += 1) {
    const suffix = String(index).padStart(3, '0')
    const banned = await addUser(`banned${suffix}`)
    await db.run('UPDATE users SET suspended_at = ? WHERE id = ?', tick(), banned)
    const helper = await addUser(`helper${suffix}`)
    await insertRow(db, hostGrants, { userId: helper, grantedBy: viewerId, createdAt: tick() })
    await insertRow(db, hostActions, {
      hostId: viewerId,
      hostName: 'viewer',
      action: 'suspend',
      targetUserId: banned,
      targetName: `banned${suffix}`,
      createdAt: tick(),
    })
  }

  // Games: n games the viewer lists, and the n helpers are fans of the first one (no
  // more users: the whole user list would take more chunks).
  for (let index = 0; index < n; index += 1) {
    const suffix = String(index).padStart(3, '0')
    const game = await insertNewRow(db, games, {
      slug: `arena${suffix}`,
      name: `Arena ${suffix}`,
      nameKey: `arena ${suffix}`,
      playerCount: index === 0 ? n + 1 : 1,
      createdBy: viewerId,
      createdAt: tick(),
    })
    await insertRow(db, userGames, { userId: viewerId, gameId: game.id, createdAt: tick() })
    const [fan = 0] = await db.ids('SELECT id FROM users WHERE username = ?', `helper${suffix}`)
    const first = await db.ids('SELECT id FROM games WHERE slug = ?', 'arena000')
    await insertRow(db, userGames, { userId: fan, gameId: first[0] ?? 0, createdAt: tick() })
    // Game nights: one of each game, each hosted by another helper, the viewer going.
    const night = await insertNewRow(db, gameNights, {
      hostId: fan,
      gameId: game.id,
      title: `Night ${suffix}`,
      startsAt: Date.now() + (index + 1) * 3_600_000,
      durationMinutes: 60,
      createdAt: tick(),
      updatedAt: tick(),
    })
    await insertRow(db, gameNightRsvps, {
      gameNightId: night.id,
      userId: viewerId,
      answer: 'going',
      answeredAt: tick(),
    })
    // Squad calls: one open call of each game, by another helper, the viewer in it.
    const call = await insertNewRow(db, squadCalls, {
      creatorId: fan,
      gameId: game.id,
      needed: 3,
      expiresAt: Date.now() + 3_600_000,
      createdAt: tick(),
    })
    await insertRow(db, squadCallMembers, {
      squadCallId: call.id,
      userId: viewerId,
      joinedAt: tick(),
    })
  }

  const app = createApp({
    db,
    secret: TEST_SECRET,
    version: 'test',
    limits: false,
    // One step for the largest whole list here: a step's statements, not the machine's speed.
    wholeListRows: WHOLE_LIST_BATCH.most,
  })
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
    threadRootId,
    lastReplyId,
  }
}

type Who = 'viewer' | 'newcomer' | 'guarded'

/**
 * A list route: its name, its path (`{n}` is the page's `limit`, `{post}` the discussed post),
 * who asks, and where the answer holds the list (a dotted path), to check it has `n` rows.
 */
type ListRoute = [name: string, path: string, who: Who, rowsAt: string]

const LIST_ROUTES: ListRoute[] = [
  ['users, whole list', '/api/users', 'viewer', 'users'],
  ['users, a page', '/api/users?limit={n}', 'viewer', 'users'],
  ['user search', '/api/users?search=player&limit={n}', 'viewer', 'users'],
  ['suggestions', '/api/users?suggest=true&limit={n}', 'newcomer', 'users'],
  ["a profile's followers", '/api/users/viewer', 'viewer', 'user.followers'],
  ["a profile's bookmarks", '/api/users/viewer', 'viewer', 'user.bookmarks'],
  ['followers, a page', '/api/users/viewer/followers?limit={n}', 'viewer', 'users'],
  ['following, a page', '/api/users/viewer/following?limit={n}', 'viewer', 'users'],
  ['posts, whole list', '/api/posts', 'viewer', 'posts'],
  ['posts by likes, whole list', '/api/posts?sort=likes', 'viewer', 'posts'],
  ['posts, a page', '/api/posts?limit={n}', 'viewer', 'posts'],
  ['posts by likes, a page', '/api/posts?sort=likes&limit={n}', 'viewer', 'posts'],
  ['posts of a tag, a page', '/api/posts?tag=speedrun&limit={n}', 'viewer', 'posts'],
  ['post search, a page', '/api/search?q=post&type=posts&limit={n}', 'viewer', 'posts.items'],
  ['every search section', '/api/search?q=post&limit={n}', 'viewer', 'posts.items'],
  ["a user's posts, whole list", '/api/posts/user/viewer', 'viewer', 'posts'],
  ["a user's posts, a page", '/api/posts/user/viewer?limit={n}', 'viewer', 'posts'],
  ['home feed, a page', '/api/feed?limit={n}', 'viewer', 'posts'],
  // Reposts and emoji reactions.
  ['who reacted, a page', '/api/posts/{post}/reactions/fire?limit={n}', 'viewer', 'users'],
  ['who reposted, a page', '/api/posts/{post}/reposts?limit={n}', 'viewer', 'users'],
  ['bookmarks, whole list', '/api/users/bookmark', 'viewer', 'bookmarks'],
  ['bookmarks, a page', '/api/users/bookmark?limit={n}', 'viewer', 'bookmarks'],
  ["a post's comments, whole list", '/api/comments/{post}', 'viewer', 'comments'],
  ["a post's comments, a page", '/api/comments/{post}?limit={n}', 'viewer', 'comments'],
  [
    "a thread's replies, a page",
    '/api/comments/{post}/replies/{root}?limit={n}',
    'viewer',
    'comments',
  ],
  ["a deep link's thread", '/api/comments/{post}/thread/{last}', 'viewer', 'comment.replies'],
  ['notifications, a page', '/api/notifications?limit={n}', 'viewer', 'notifications'],
  ['blocked users', '/api/users/me/relations', 'guarded', 'blocked'],
  ['muted users', '/api/users/me/relations', 'guarded', 'muted'],
  ['open reports', '/api/reports', 'viewer', 'reports'],
  ['suspended accounts', '/api/moderation/suspended', 'viewer', 'suspended'],
  ['hosts', '/api/moderation/hosts', 'viewer', 'hosts'],
  ['host actions', '/api/moderation/audit', 'viewer', 'actions'],
  ['games, a page', '/api/games?limit={n}', 'viewer', 'games'],
  ['game search', '/api/games?search=arena&limit={n}', 'viewer', 'games'],
  // The tag list and its autocomplete.
  ['tags, the most used', '/api/tags?prefix=&limit={n}', 'viewer', 'tags'],
  ['tags by prefix', '/api/tags?prefix=clutch&limit={n}', 'viewer', 'tags'],
  ["a game's players", '/api/games/arena000/players?limit={n}', 'viewer', 'users'],
  ["a profile's games", '/api/users/viewer/games', 'viewer', 'games'],
  // Game nights.
  ['game nights, upcoming', '/api/game-nights?limit={n}', 'viewer', 'gameNights'],
  // Squad calls: the open ones (50 at most, the larger world's count).
  ['squad calls, open', '/api/squad-calls', 'viewer', 'squadCalls'],
]

/** Runs a route of a world of `n` rows and answers its rows and the statements it ran. */
async function measure(world: World, n: number, [name, path, who, rowsAt]: ListRoute) {
  const url = path
    .replace('{n}', String(n))
    .replace('{post}', String(world.discussedPostId))
    .replace('{root}', String(world.threadRootId))
    .replace('{last}', String(world.lastReplyId))
  // The statements of making the answer: not of one kept whole from an earlier route's request.
  readCacheOf(world.db)?.answers.clear()
  world.statements.length = 0
  const response = await world.app.request(url, { headers: { authorization: world[who].token } })
  // Whole lists stream a batch at a time: the body is read to its end before counting.
  const text = await response.text()
  expect(response.status, `${name}: ${text.slice(0, 200)}`).toBe(200)
  let rows: unknown = JSON.parse(text)
  for (const key of rowsAt.split('.')) rows = (rows as Record<string, unknown>)[key]
  if (!Array.isArray(rows)) throw new Error(`${name}: no list at ${rowsAt}`)
  return { rows: rows.length, statements: world.statements.length }
}

describe('SQL statements per list request', () => {
  const worlds = new Map<number, World>()
  // Two worlds of a few thousand rows (threads added a reply per comment): a busy machine's
  // PostgreSQL took more than the default 10 s to fill them.
  beforeAll(async () => {
    for (const n of [SMALL, LARGE]) worlds.set(n, await buildWorld(n))
  }, 60_000)
  afterAll(async () => {
    for (const world of worlds.values()) await world.db.close()
  })

  it.each(LIST_ROUTES)('%s: as many for 50 rows as for 5', async (...route) => {
    const [name] = route
    const counts: number[] = []
    for (const n of [SMALL, LARGE]) {
      const world = worlds.get(n)
      if (!world) throw new Error(`No world of ${n}`)
      const measured = await measure(world, n, route)
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
    const ids = await world.db.ids('SELECT id FROM users')
    for (const id of ids) {
      await world.db.get('SELECT username FROM users WHERE id = ?', id)
    }
    expect(world.statements).toHaveLength(1 + ids.length)
    // SQLite's log writes the parameter in; PostgreSQL's is the text sent, numbered.
    expect(world.statements.at(-1)).toMatch(
      /^SELECT username FROM users WHERE id = (\d+(\.0)?|\$1)$/,
    )
  })
})
