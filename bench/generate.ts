/**
 * Generates a benchmark dataset straight into a data folder's database: users, posts with a few
 * very popular ones, likes, comments and follows, with every count column consistent with its rows.
 */
import { join } from 'node:path'
import { hashPassword } from '../src/server/auth/password'
import { openSqliteStore } from '../src/server/db/sqlite'
import { DATABASE_FILE } from '../src/server/server'
import { initializeDatabase } from '../src/server/services/writes/seed'

export interface DatasetSize {
  users: number
  posts: number
  likes: number
  comments: number
  follows: number
}

export const DEFAULT_SIZE: DatasetSize = {
  users: 10_000,
  posts: 200_000,
  likes: 1_000_000,
  comments: 400_000,
  follows: 150_000,
}

export const BENCH_PASSWORD = 'bench-password'
/** The user whose home feed is measured follows this many people. */
export const FEED_FOLLOWS = 200
/** Users the bench signs in as (one per connection) are among the first this many ids. */
export const BENCH_USERS_RESERVED = 100

export interface Dataset {
  size: DatasetSize
  /** The most liked post: its id, and how many likes it carries. */
  popularPostId: number
  popularLikes: number
  /** A username with many posts, for the profile page. */
  profileUsername: string
  /** A user nobody follows (the last one), for the follow + unfollow pair. */
  followTargetId: number
  /** The most followed user (a quarter of all follows), none of them by the bench's own users. */
  popularUserId: number
  usernameOf(id: number): string
  seconds: number
}

export const usernameOf = (id: number) => `user${String(id).padStart(6, '0')}`

/** A small deterministic PRNG (mulberry32), so every run generates the same dataset. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export async function generateDataset(dataDir: string, size: DatasetSize): Promise<Dataset> {
  const started = performance.now()
  const db = openSqliteStore({ file: join(dataDir, DATABASE_FILE) })
  await initializeDatabase(db, false)
  // Bulk loading goes straight through better-sqlite3's connection, for speed (SQLite only).
  const sqlite = db.connection
  const rand = random(42)
  const pick = (n: number) => 1 + Math.floor(rand() * n)
  const passwordHash = await hashPassword(BENCH_PASSWORD)
  const now = Date.now()
  const year = 365 * 24 * 60 * 60 * 1000

  // Bulk loading: one transaction per table; the journal is rebuilt when the server opens it.
  sqlite.pragma('synchronous = OFF')
  const insertUsers = sqlite.transaction(() => {
    const insert = sqlite.prepare(
      `INSERT INTO users (username, username_key, password_hash, first_name, last_name, bio, profile_img, created_at, updated_at)
       VALUES (?, ?, ?, 'Bench', ?, 'Benchmark player', '/api/media/default-avatar.svg', ?, ?)`,
    )
    for (let id = 1; id <= size.users; id++) {
      const name = usernameOf(id)
      insert.run(name, name, passwordHash, String(id), now - year, now - year)
    }
  })
  insertUsers()

  // Posts in time order, so ids and created_at agree; authors skewed toward low ids.
  sqlite.transaction(() => {
    const insert = sqlite.prepare(
      'INSERT INTO posts (author_id, content, created_at, updated_at) VALUES (?, ?, ?, ?)',
    )
    for (let id = 1; id <= size.posts; id++) {
      const author = rand() < 0.2 ? pick(Math.min(50, size.users)) : pick(size.users)
      const at = now - year + Math.floor((id / size.posts) * year)
      insert.run(author, `Benchmark post ${id}: gg, well played, see you at the LAN party.`, at, at)
    }
  })()
  // Their words in the search index (services/reads/search.ts), as the server writes them with a post.
  sqlite.exec('INSERT INTO posts_search (rowid, content) SELECT id, content FROM posts')

  // A few very popular posts (liked by a large share of all users), then random likes.
  const popular = [0.9, 0.5, 0.25, 0.1, 0.05].map((share, index) => ({
    postId: Math.max(1, size.posts - index * 7),
    likers: Math.floor(size.users * share),
  }))
  sqlite.transaction(() => {
    const insert = sqlite.prepare(
      "INSERT OR IGNORE INTO post_reactions (post_id, user_id, kind, created_at) VALUES (?, ?, 'like', ?)",
    )
    let remaining = size.likes
    for (const { postId, likers } of popular) {
      for (let user = 1; user <= likers && remaining > 0; user++, remaining--) {
        insert.run(postId, user, now)
      }
    }
    while (remaining-- > 0) insert.run(pick(size.posts), pick(size.users), now)
  })()

  sqlite.transaction(() => {
    const insert = sqlite.prepare(
      'INSERT INTO comments (post_id, author_id, text, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    )
    // Every popular post gets a long thread; the rest are spread at random.
    let remaining = size.comments
    for (const { postId } of popular) {
      for (let i = 0; i < 200 && remaining > 0; i++, remaining--) {
        insert.run(postId, pick(size.users), `Comment ${i} on a popular post`, now - i, now - i)
      }
    }
    while (remaining-- > 0) {
      const at = now - Math.floor(rand() * year)
      insert.run(pick(size.posts), pick(size.users), 'Nice one!', at, at)
    }
  })()

  const followTargetId = size.users
  const popularUserId = Math.max(2, size.users - 1)
  sqlite.transaction(() => {
    const insert = sqlite.prepare(
      'INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)',
    )
    const feedFollows = Math.min(FEED_FOLLOWS, size.users - 2)
    for (let followee = 2; followee <= feedFollows + 1; followee++) {
      if (followee !== popularUserId) insert.run(1, followee, now)
    }
    for (let i = feedFollows; i < size.follows; i++) {
      const follower = pick(size.users)
      // A quarter of the follows go to one very popular user; the bench's own signed-in users
      // (the first ids) never follow them, so its follow + unfollow pair is allowed.
      const followee =
        rand() < 0.25 && follower > BENCH_USERS_RESERVED ? popularUserId : pick(size.users)
      const benchUserToPopular = followee === popularUserId && follower <= BENCH_USERS_RESERVED
      if (follower !== followee && followee !== followTargetId && !benchUserToPopular) {
        insert.run(follower, followee, now)
      }
    }
  })()

  // Every count column from its rows, as the API keeps them.
  sqlite.exec(`
    UPDATE posts SET
      like_count = (SELECT count(*) FROM post_reactions r WHERE r.post_id = posts.id AND r.kind = 'like'),
      comment_count = (SELECT count(*) FROM comments c WHERE c.post_id = posts.id);
    UPDATE users SET
      post_count = (SELECT count(*) FROM posts p WHERE p.author_id = users.id),
      follower_count = (SELECT count(*) FROM follows f WHERE f.followee_id = users.id),
      following_count = (SELECT count(*) FROM follows f WHERE f.follower_id = users.id);
    ANALYZE;
  `)
  const [top] = popular
  if (!top) throw new Error('No popular post was generated')
  const popularLikes = (
    sqlite.prepare('SELECT like_count AS n FROM posts WHERE id = ?').get(top.postId) as {
      n: number
    }
  ).n
  await db.close()
  return {
    size,
    popularPostId: top.postId,
    popularLikes,
    profileUsername: usernameOf(1),
    followTargetId,
    popularUserId,
    usernameOf,
    seconds: (performance.now() - started) / 1000,
  }
}
