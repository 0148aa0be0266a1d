/**
 * What Explore shows as trending (docs/API.md, "Trending"): the tags of the last days' posts, the
 * most used first, and the games of those days: a game counts each recent post tagged with its
 * slug and each profile that added it recently. Posts count only when the viewer may see their
 * author (visibility.ts), as the tag suggestions do. Two statements; both start from the recent
 * rows (posts_recent_idx), never from every tag or game.
 */
import type { TagSuggestion, TrendingGame } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { GAME_COLUMNS, type GameRow, toGame } from './games'
import { visibleAuthor, type Viewer } from './visibility'

export const TRENDING = {
  /** How far back "the last days" reach. */
  days: 7,
  tags: 10,
  games: 6,
} as const

export async function trending(
  db: Store,
  viewer: Viewer,
  now = Date.now(),
): Promise<{ days: number; tags: TagSuggestion[]; games: TrendingGame[] }> {
  const since = now - TRENDING.days * 24 * 60 * 60 * 1000
  const visible = await visibleAuthor(db, 'p.author_id', viewer)
  const tags = await db.all<{ tag: string; postCount: number | string }>(
    `SELECT t.tag AS tag, COUNT(*) AS "postCount"
     FROM posts p JOIN post_tags t ON t.post_id = p.id
     WHERE p.created_at > ?${visible.and}
     GROUP BY t.tag
     ORDER BY COUNT(*) DESC, t.tag
     LIMIT ?`,
    since,
    ...visible.params,
    TRENDING.tags,
  )
  const games = await db.all<
    GameRow & { recentPosts: number | string; recentPlayers: number | string }
  >(
    `WITH tagged AS (
       SELECT t.tag AS slug, COUNT(*) AS n
       FROM posts p JOIN post_tags t ON t.post_id = p.id
       WHERE p.created_at > ?${visible.and}
       GROUP BY t.tag
     ), added AS (
       SELECT game_id, COUNT(*) AS n FROM user_games WHERE created_at > ? GROUP BY game_id
     )
     SELECT ${GAME_COLUMNS}, COALESCE(tagged.n, 0) AS "recentPosts",
       COALESCE(added.n, 0) AS "recentPlayers"
     FROM games
     LEFT JOIN tagged ON tagged.slug = games.slug
     LEFT JOIN added ON added.game_id = games.id
     WHERE tagged.n IS NOT NULL OR added.n IS NOT NULL
     ORDER BY COALESCE(tagged.n, 0) + COALESCE(added.n, 0) DESC, games.player_count DESC,
       games.id DESC
     LIMIT ?`,
    since,
    ...visible.params,
    since,
    TRENDING.games,
  )
  return {
    days: TRENDING.days,
    // COUNT is a bigint on PostgreSQL (text through the driver).
    tags: tags.map((row) => ({ tag: row.tag, postCount: Number(row.postCount) })),
    games: games.map((row) => ({
      ...toGame(row),
      recentPosts: Number(row.recentPosts),
      recentPlayers: Number(row.recentPlayers),
    })),
  }
}
