/**
 * What the host's server page shows (`GET /api/server/stats`): members, who is online,
 * the last 30 days of posts, comments and active players, the images and clips stored, and the
 * server itself. Computed from the tables as they are (no table of its own): each per-day figure
 * is one grouped query over the `created_at` index of the last 30 days.
 */
import type { DayCount, ServerStatsResponse } from '../../shared/api-types'
import type { Store } from '../db/store'

export const STATS_DAYS = 30
const DAY_MS = 86_400_000

export interface StatsSources {
  db: Store
  version: string
  /** Members with an open stream anywhere in the cluster. */
  onlineNow(): Promise<number>
  /** Instances with a recent heartbeat. */
  instances(): Promise<number>
  now?: number
}

interface DayRow {
  day: number | string
  n: number | string
}

/** `rows` (day numbers since 1970) spread over the last STATS_DAYS days, zeros filled in. */
function perDay(rows: DayRow[], firstDay: number): DayCount[] {
  const counts = new Map(rows.map((row) => [Number(row.day), Number(row.n)]))
  return Array.from({ length: STATS_DAYS }, (_, index) => {
    const day = firstDay + index
    return {
      day: new Date(day * DAY_MS).toISOString().slice(0, 10),
      count: counts.get(day) ?? 0,
    }
  })
}

async function mediaTotals(db: Store, pattern: string): Promise<{ count: number; bytes: number }> {
  const row = await db.get<{ n: number | string; bytes: number | string | null }>(
    'SELECT count(*) AS n, sum(size) AS bytes FROM media WHERE content_type LIKE ?',
    pattern,
  )
  return { count: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) }
}

export async function serverStats(sources: StatsSources): Promise<ServerStatsResponse> {
  const { db } = sources
  const now = sources.now ?? Date.now()
  const firstDay = Math.floor(now / DAY_MS) - (STATS_DAYS - 1)
  const since = firstDay * DAY_MS
  // Integer division of the milliseconds: the UTC day, the same on SQLite and PostgreSQL.
  const grouped = (table: 'posts' | 'comments') =>
    db.all<DayRow>(
      `SELECT created_at / ${DAY_MS} AS day, count(*) AS n FROM ${table}
        WHERE created_at >= ? GROUP BY created_at / ${DAY_MS}`,
      since,
    )
  const [members, posts, comments, active, images, clips, onlineNow, instances] = await Promise.all(
    [
      db.get<{ n: number | string }>('SELECT count(*) AS n FROM users'),
      grouped('posts'),
      grouped('comments'),
      db.all<DayRow>(
        `SELECT day, count(DISTINCT author_id) AS n FROM (
           SELECT created_at / ${DAY_MS} AS day, author_id FROM posts WHERE created_at >= ?
           UNION ALL
           SELECT created_at / ${DAY_MS} AS day, author_id FROM comments WHERE created_at >= ?
         ) AS recent GROUP BY day`,
        since,
        since,
      ),
      mediaTotals(db, 'image/%'),
      mediaTotals(db, 'video/%'),
      sources.onlineNow(),
      sources.instances(),
    ],
  )
  return {
    version: sources.version,
    uptimeSeconds: Math.round(process.uptime()),
    database: db.dialect,
    instances,
    members: Number(members?.n ?? 0),
    onlineNow,
    postsPerDay: perDay(posts, firstDay),
    commentsPerDay: perDay(comments, firstDay),
    activePlayersPerDay: perDay(active, firstDay),
    images,
    clips,
  }
}
