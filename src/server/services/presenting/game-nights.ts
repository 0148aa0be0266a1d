/**
 * Game nights into the API's shapes (shared/game-night-types.ts). A page costs a fixed number of
 * queries (services/README.md): its rows, then one query each for their hosts, games and counts.
 */
import type { Store } from '../../db/store'
import type { GameNight, GameNightShared, GameNightsPage } from '../../../shared/game-night-types'
import type { UserSummary } from '../../../shared/api-types'
import {
  answerOf,
  answersOf,
  countsOf,
  pageGameNights,
  visibleGameNight,
  type GameNightRow,
  type GameNightsFilter,
} from '../reads/game-nights'
import type { PageRequest } from '../reads/pagination'
import { canSee, hiddenAuthors, type Viewer } from '../reads/visibility'
import { loadSummaries } from './embedded'
import { formatTimestamp } from './time'

/** The games of these nights, one query. */
async function gamesOf(
  db: Store,
  rows: GameNightRow[],
): Promise<Map<number, { slug: string; name: string }>> {
  const ids = [...new Set(rows.map((row) => row.gameId))]
  const games = new Map<number, { slug: string; name: string }>()
  if (ids.length === 0) return games
  const found = await db.all<{ id: number; slug: string; name: string }>(
    `SELECT id, slug, name FROM games WHERE id IN ${db.sql.idSet}`,
    db.sql.ids(ids),
  )
  for (const game of found) games.set(Number(game.id), { slug: game.slug, name: game.name })
  return games
}

/** What every viewer sees alike of these nights, in their order. */
export async function presentShared(db: Store, rows: GameNightRow[]): Promise<GameNightShared[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const hosts = await loadSummaries(db, [...new Set(rows.map((row) => row.hostId))])
  const games = await gamesOf(db, rows)
  const counts = await countsOf(db, ids)
  return rows.flatMap((row) => {
    const host = hosts.get(row.hostId)
    if (!host) return []
    return [
      {
        _id: String(row.id),
        host,
        game: games.get(row.gameId) ?? { slug: '', name: '' },
        title: row.title,
        startsAt: formatTimestamp(row.startsAt),
        durationMinutes: row.durationMinutes,
        place: row.place,
        slots: row.slots,
        status: row.status,
        counts: counts.get(row.id) ?? { going: 0, maybe: 0, cant: 0, waiting: 0 },
        threadPostId: row.threadPostId === null ? null : String(row.threadPostId),
        createdAt: formatTimestamp(row.createdAt),
        updatedAt: formatTimestamp(row.updatedAt),
      },
    ]
  })
}

/**
 * A game night as `viewer` sees it: who is going, maybe and waiting (without those hidden from
 * them by a block or a suspension, mutes aside), their own answer, and whether they host it.
 */
export async function presentGameNight(
  db: Store,
  viewer: Viewer,
  row: GameNightRow,
): Promise<GameNight> {
  const [shared] = await presentShared(db, [row])
  if (!shared) throw new Error(`Game night ${row.id} has no host row.`)
  const hidden = new Set(await hiddenAuthors(db, viewer, { mutes: false }))
  const answers = (await answersOf(db, row.id)).filter(
    (answer) => answer.userId === viewer || !hidden.has(answer.userId),
  )
  const people = await loadSummaries(
    db,
    answers.map((answer) => answer.userId),
  )
  const named = (kind: string): UserSummary[] =>
    answers
      .filter((answer) => answer.answer === kind)
      .flatMap((answer) => {
        const person = people.get(answer.userId)
        return person ? [person] : []
      })
  return {
    ...shared,
    going: named('going'),
    maybe: named('maybe'),
    waiting: named('waiting'),
    myAnswer: viewer === null ? null : await answerOf(db, row.id, viewer),
    isHost: viewer === row.hostId,
  }
}

/** `GET /api/game-nights/:id`. */
export async function gameNightAnswer(
  db: Store,
  viewer: Viewer,
  id: number,
): Promise<{ gameNight: GameNight }> {
  const row = await visibleGameNight(db, viewer, id)
  return { gameNight: await presentGameNight(db, viewer, row) }
}

/** `GET /api/game-nights`. */
export async function gameNightsPage(
  db: Store,
  viewer: Viewer,
  filter: GameNightsFilter,
  page: PageRequest,
): Promise<GameNightsPage> {
  // A player hidden from the viewer (a block either way, a suspension) shows no nights of theirs.
  if (
    filter.withUserId !== undefined &&
    !(await canSee(db, viewer, filter.withUserId, { mutes: false }))
  ) {
    return { gameNights: [], nextCursor: null }
  }
  const found = await pageGameNights(db, viewer, filter, page)
  return { gameNights: await presentShared(db, found.rows), nextCursor: found.nextCursor }
}
