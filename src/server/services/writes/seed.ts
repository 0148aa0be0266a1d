/**
 * The demo data (README, "Demo account"): four users, five posts with two comments each, like counts
 * 10, 1000 and 0, and a demo account whose credentials the login page can fill in. The "LAN party
 * this Saturday" post is the thread of a game night the demo player hosts, with a few answers.
 */
import type { Store } from '../../db/store'
import { insertNewRow, insertRow, insertRows, updateRows } from '../../db/raw'
import { comments, follows, gameNightRsvps, games, posts, users } from '../../db/schema'
import { SCRYPT_PARAMS, hashPassword, type ScryptCost } from '../../auth/password'
import { getSetting, type DemoAccount } from '../reads/settings'
import { setDemoUserIds } from './settings'
import { setDemoAccount } from './settings'
import { setSetting } from './settings'
import { createUser } from './users'
import { indexPost } from './search-index'
import { createGameNight, setThread } from './game-nights'
import { gameSlug } from '../../../shared/games'
import { nameKey } from '../reads/games'

export const DEMO_ACCOUNT: DemoAccount = { username: 'player1', password: 'gamerstage' }

export const SEED_USERS = [
  {
    username: DEMO_ACCOUNT.username,
    firstName: 'Demo',
    lastName: 'Player',
    bio: 'Just here for the loot. Demo account: look around, post, break things.',
  },
  {
    username: 'nova_strike',
    firstName: 'Nova',
    lastName: 'Strike',
    bio: 'FPS main. Aim trainer enjoyer. Top 500 once, never again.',
  },
  {
    username: 'questlord',
    firstName: 'Quest',
    lastName: 'Lord',
    bio: 'RPG completionist. 100% or it did not happen.',
  },
  {
    username: 'lootgoblin',
    firstName: 'Loot',
    lastName: 'Goblin',
    bio: 'Speedrunner by night, co-op healer by day.',
  },
]

const HOUR = 60 * 60 * 1000

/** [author index, content, like count, hours ago, [commenter index, text][]] */
const SEED_POSTS: [number, string, number, number, [number, string][]][] = [
  [
    1,
    'Finally hit Immortal in ranked after 300 hours. My wrist is filing a complaint.',
    1000,
    70,
    [
      [2, 'Absolute legend. Now teach me how to hold an angle.'],
      [3, 'The wrist never forgets. GG!'],
    ],
  ],
  [
    2,
    'Hot take: the best part of any RPG is the first hour when you have no idea what your build is.',
    10,
    50,
    [
      [0, 'Respec potions exist for a reason, friend.'],
      [1, 'Nah, the best part is the final boss on the hardest difficulty.'],
    ],
  ],
  [
    3,
    'New personal best on the any% route: 41:07. The skip on level 3 finally clicked.',
    0,
    30,
    [
      [2, 'Frame-perfect or it did not happen. Send the VOD!'],
      [0, 'That level 3 skip haunts my dreams.'],
    ],
  ],
  [
    0,
    'LAN party this Saturday. Bring your own chair, snacks are on me. Who is in?',
    0,
    10,
    [
      [1, "I'm in. Reserving the seat next to the router."],
      [3, 'Bringing the extra controllers.'],
    ],
  ],
  [
    1,
    'Patch notes just dropped and my main got nerfed again. Time to learn a new hero, I guess.',
    0,
    2,
    [
      [0, 'Every. Single. Patch.'],
      [2, 'Welcome to the support life, we have cookies.'],
    ],
  ],
]

const SEEDED_KEY = 'seeded'

/** The demo password's hash at each cost asked for (keyed `N$r$p`). */
const demoPasswordHashes = new Map<string, Promise<string>>()

/**
 * The demo users share one published password, so one hash (and its salt) serves them all: one
 * per cost, so that a test server's cheap hash never seeds a real one.
 */
function demoPasswordHash(cost: ScryptCost): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`
  let hash = demoPasswordHashes.get(key)
  if (!hash) {
    hash = hashPassword(DEMO_ACCOUNT.password, cost)
    demoPasswordHashes.set(key, hash)
  }
  return hash
}

/** True once a database has been set up, with or without demo data: it is never seeded again. */
export const isInitialized = async (db: Store) => (await getSetting(db, SEEDED_KEY)) !== undefined

export interface InitializeOptions {
  now?: number
  /** scrypt's cost for the demo password (AppDeps.passwordCost): the real one unless a test's. */
  passwordCost?: ScryptCost
}

/** Marks a fresh database as set up, filling it with the demo data when `demo` is true. */
export async function initializeDatabase(
  db: Store,
  demo: boolean,
  { now = Date.now(), passwordCost = SCRYPT_PARAMS }: InitializeOptions = {},
): Promise<void> {
  if (await isInitialized(db)) return
  // An empty server has no demo users, so it needs no hash.
  const passwordHash = demo ? await demoPasswordHash(passwordCost) : ''
  const seedUsers = demo ? SEED_USERS.map((user) => ({ ...user, passwordHash })) : []
  await db.transaction(async (tx) => {
    if (await isInitialized(tx)) return
    await setSetting(tx, SEEDED_KEY, demo ? 'demo' : 'empty')
    if (!demo) return
    const userIds: number[] = []
    for (const [index, user] of seedUsers.entries()) {
      userIds.push((await createUser(tx, user, now - (200 - index) * HOUR)).id)
    }
    const idOf = (index: number) => {
      const id = userIds[index]
      if (id === undefined) throw new Error(`No seed user ${index}`)
      return id
    }
    const postIds: number[] = []
    for (const [authorIndex, content, likeCount, hoursAgo, postComments] of SEED_POSTS) {
      const createdAt = now - hoursAgo * HOUR
      const post = await insertNewRow(tx, posts, {
        authorId: idOf(authorIndex),
        content,
        likeCount,
        commentCount: postComments.length,
        createdAt,
        updatedAt: createdAt,
      })
      postIds.push(post.id)
      await indexPost(tx, post)
      await insertRows(
        tx,
        comments,
        postComments.map(([commenterIndex, text], index) => {
          const at = createdAt + (index + 1) * 20 * 60 * 1000
          return {
            postId: post.id,
            authorId: idOf(commenterIndex),
            text,
            createdAt: at,
            updatedAt: at,
          }
        }),
      )
    }
    for (const index of SEED_USERS.keys()) {
      const postCount = SEED_POSTS.filter(([author]) => author === index).length
      await updateRows(tx, users, { postCount }, 'id = ?', idOf(index))
    }
    // The demo player follows one friend, so that the home feed shows how following works.
    await insertRows(tx, follows, [{ followerId: idOf(0), followeeId: idOf(1), createdAt: now }])
    await updateRows(tx, users, { followingCount: 1 }, 'id = ?', idOf(0))
    await updateRows(tx, users, { followerCount: 1 }, 'id = ?', idOf(1))
    await seedLanParty(tx, idOf, postIds, now)
    await setDemoAccount(tx, DEMO_ACCOUNT)
    await setDemoUserIds(tx, userIds)
  })
}

export const LAN_PARTY_GAME = 'Age of Empires II: Definitive Edition'

/** Which seed post is the LAN party's: its comments are the night's thread. */
const LAN_PARTY_POST = SEED_POSTS.findIndex(([, content]) => content.startsWith('LAN party'))

/** The next Saturday, 18:00 UTC, after `now` ("this Saturday" of the post). */
export function nextSaturdayEvening(now: number): number {
  const day = new Date(now)
  const evening = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 18)
  const daysAhead = (6 - day.getUTCDay() + 7) % 7
  const start = evening + daysAhead * 24 * HOUR
  return start > now ? start : start + 7 * 24 * HOUR
}

/**
 * The LAN party as a game night (docs/API.md, "Game nights"): hosted by the demo player;
 * nova_strike and lootgoblin are going, questlord may come.
 */
async function seedLanParty(
  tx: Store,
  idOf: (index: number) => number,
  postIds: number[],
  now: number,
): Promise<void> {
  const threadId = postIds[LAN_PARTY_POST]
  if (threadId === undefined) throw new Error('No LAN party post')
  const [host, nova, quest, goblin] = [0, 1, 2, 3].map(idOf) as [number, number, number, number]
  // The game joins the server's list without a player (as a merged game's row may be): the demo's
  // profiles list no games, so the games' lists and counts start empty.
  const slug = gameSlug(LAN_PARTY_GAME)
  await insertRow(tx, games, {
    slug,
    name: LAN_PARTY_GAME,
    nameKey: nameKey(LAN_PARTY_GAME),
    playerCount: 0,
    createdBy: host,
    createdAt: now - 10 * HOUR,
  })
  const night = await createGameNight(
    tx,
    host,
    {
      game: slug,
      title: 'LAN party this Saturday',
      startsAt: new Date(nextSaturdayEvening(now)).toISOString(),
      durationMinutes: 6 * 60,
      place: 'At player1’s place',
      slots: 8,
    },
    now - 10 * HOUR,
  )
  await setThread(tx, night, threadId)
  const answers: [number, 'going' | 'maybe'][] = [
    [nova, 'going'],
    [goblin, 'going'],
    [quest, 'maybe'],
  ]
  await insertRows(
    tx,
    gameNightRsvps,
    answers.map(([userId, answer], index) => ({
      gameNightId: night.id,
      userId,
      answer,
      answeredAt: now - (9 - index) * HOUR,
    })),
  )
}
