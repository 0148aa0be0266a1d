/**
 * Every count a row carries for other rows (a user's followers, a post's comments…), listed once:
 * `--move-to` copies and compares them (data/copy-to-postgres.ts), and the tests check them against their
 * rows after concurrent and fuzzed writes. `tests/server/db/counters.test.ts` fails when a
 * `*_count` column of either schema is missing here.
 */
import type { Store } from './store'

export interface Counter {
  /** `table.column`, as messages name it. */
  label: string
  table: string
  column: string
  /** What names the counting row in messages: its `id`, unless the table has none. */
  idColumn?: string
  /**
   * The rows it counts, as a scalar subquery on the counting row `t`; none where no rows can
   * tell (a demo post starts with likes nobody gave; a dislike takes one away).
   */
  rows?: string
}

export const COUNTERS: readonly Counter[] = [
  {
    label: 'users.follower_count',
    table: 'users',
    column: 'follower_count',
    rows: 'SELECT count(*) FROM follows f WHERE f.followee_id = t.id',
  },
  {
    label: 'users.following_count',
    table: 'users',
    column: 'following_count',
    rows: 'SELECT count(*) FROM follows f WHERE f.follower_id = t.id',
  },
  {
    label: 'users.post_count',
    table: 'users',
    column: 'post_count',
    rows: 'SELECT count(*) FROM posts p WHERE p.author_id = t.id',
  },
  { label: 'posts.like_count', table: 'posts', column: 'like_count' },
  {
    label: 'posts.comment_count',
    table: 'posts',
    column: 'comment_count',
    // A deleted comment's placeholder (deleted_at, kept for its replies) is not counted.
    rows: 'SELECT count(*) FROM comments c WHERE c.post_id = t.id AND c.deleted_at IS NULL',
  },
  {
    label: 'posts.repost_count',
    table: 'posts',
    column: 'repost_count',
    rows: 'SELECT count(*) FROM reposts r WHERE r.post_id = t.id',
  },
  {
    label: 'posts.quote_count',
    table: 'posts',
    column: 'quote_count',
    rows: 'SELECT count(*) FROM posts q WHERE q.quote_of_id = t.id',
  },
  {
    label: 'comments.upvote_count',
    table: 'comments',
    column: 'upvote_count',
    rows: "SELECT count(*) FROM comment_votes v WHERE v.comment_id = t.id AND v.kind = 'up'",
  },
  {
    label: 'comments.downvote_count',
    table: 'comments',
    column: 'downvote_count',
    rows: "SELECT count(*) FROM comment_votes v WHERE v.comment_id = t.id AND v.kind = 'down'",
  },
  {
    label: 'games.player_count',
    table: 'games',
    column: 'player_count',
    rows: 'SELECT count(*) FROM user_games ug WHERE ug.game_id = t.id',
  },
  {
    // One row per post and emoji, named here by its post.
    label: 'post_emoji_counts.count',
    table: 'post_emoji_counts',
    column: 'count',
    idColumn: 'post_id',
    rows: 'SELECT count(*) FROM post_emoji_reactions r WHERE r.post_id = t.post_id AND r.reaction = t.reaction',
  },
]

/** The counters that their rows can check. */
export const CHECKED_COUNTERS = COUNTERS.filter(
  (counter): counter is Counter & { rows: string } => counter.rows !== undefined,
)

/** One statement: the ids whose stored count is not what its rows say (names from the list). */
export function counterMismatchQuery({
  table,
  column,
  idColumn = 'id',
  rows,
}: Counter & { rows: string }): string {
  return `SELECT id, stored, actual FROM (SELECT t.${idColumn} AS id, t.${column} AS stored,
    (${rows}) AS actual FROM ${table} t) counted WHERE stored <> actual ORDER BY id`
}

export interface CounterMismatch {
  label: string
  id: number
  stored: number
  actual: number
}

/** Every stored count that disagrees with its rows, at most `limit` of them. */
export async function countersAgainstRows(db: Store, limit = 1000): Promise<CounterMismatch[]> {
  const found: CounterMismatch[] = []
  for (const counter of CHECKED_COUNTERS) {
    const wrong = await db.all<{ id: number; stored: number; actual: number }>(
      `${counterMismatchQuery(counter)} LIMIT ?`,
      limit - found.length,
    )
    for (const row of wrong) {
      found.push({
        label: counter.label,
        id: Number(row.id),
        stored: Number(row.stored),
        actual: Number(row.actual),
      })
    }
    if (found.length >= limit) break
  }
  return found
}
