/**
 * Squad calls into the API's shapes (shared/squad-call-types.ts). A list costs a fixed number of
 * queries (services/README.md): its rows, then one query each for their creators, games, players
 * and the players' summaries.
 */
import type { Store } from '../../db/store'
import type { UserSummary } from '../../../shared/api-types'
import type { SquadCall, SquadCallShared, SquadCallsList } from '../../../shared/squad-call-types'
import {
  openSquadCalls,
  playersOf,
  visibleSquadCall,
  type SquadCallRow,
} from '../reads/squad-calls'
import { hiddenAuthors, type Viewer } from '../reads/visibility'
import { loadSummaries } from './embedded'
import { formatTimestamp } from './time'

/** The games of these calls, one query. */
async function gamesOf(db: Store, rows: SquadCallRow[]) {
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

function shared(
  row: SquadCallRow,
  creator: UserSummary,
  game: { slug: string; name: string } | undefined,
  joinedCount: number,
): SquadCallShared {
  return {
    _id: String(row.id),
    creator,
    game: game ?? { slug: '', name: '' },
    needed: row.needed,
    joinedCount,
    note: row.note,
    rank: row.rank,
    status: row.status,
    expiresAt: formatTimestamp(row.expiresAt),
    endedAt: row.endedAt === null ? null : formatTimestamp(row.endedAt),
    createdAt: formatTimestamp(row.createdAt),
  }
}

/** What every viewer sees alike of this call (the `squad-call` event). */
export async function presentSharedCall(
  db: Store,
  row: SquadCallRow,
): Promise<SquadCallShared | null> {
  const creator = (await loadSummaries(db, [row.creatorId])).get(row.creatorId)
  if (!creator) return null
  const games = await gamesOf(db, [row])
  const players = (await playersOf(db, [row.id])).get(row.id) ?? []
  return shared(row, creator, games.get(row.gameId), players.length)
}

/**
 * These calls as `viewer` sees them, in their order: who joined without those hidden from them
 * (blocks, suspensions; mutes aside), whether they joined or made it, and the chat it opened
 * when they are in it.
 */
export async function presentSquadCalls(
  db: Store,
  viewer: Viewer,
  rows: SquadCallRow[],
): Promise<SquadCall[]> {
  if (rows.length === 0) return []
  const players = await playersOf(
    db,
    rows.map((row) => row.id),
  )
  const everyone = new Set<number>(rows.map((row) => row.creatorId))
  for (const ids of players.values()) for (const id of ids) everyone.add(id)
  const people = await loadSummaries(db, [...everyone])
  const games = await gamesOf(db, rows)
  const hidden = new Set(await hiddenAuthors(db, viewer, { mutes: false }))
  return rows.flatMap((row) => {
    const creator = people.get(row.creatorId)
    if (!creator) return []
    const ids = players.get(row.id) ?? []
    const joined = viewer !== null && ids.includes(viewer)
    const isCreator = viewer === row.creatorId
    return [
      {
        ...shared(row, creator, games.get(row.gameId), ids.length),
        players: ids
          .filter((id) => id === viewer || !hidden.has(id))
          .flatMap((id) => {
            const person = people.get(id)
            return person ? [person] : []
          }),
        joined,
        isCreator,
        conversationId:
          (joined || isCreator) && row.conversationId !== null ? String(row.conversationId) : null,
      },
    ]
  })
}

/** `GET /api/squad-calls/:id` and the answers of its writes. */
export async function squadCallAnswer(
  db: Store,
  viewer: Viewer,
  id: number,
): Promise<{ squadCall: SquadCall }> {
  const row = await visibleSquadCall(db, viewer, id)
  const [squadCall] = await presentSquadCalls(db, viewer, [row])
  if (!squadCall) throw new Error(`Squad call ${id} has no creator row.`)
  return { squadCall }
}

/** `GET /api/squad-calls`. */
export async function squadCallsList(
  db: Store,
  viewer: Viewer,
  gameId: number | undefined,
): Promise<SquadCallsList> {
  return {
    squadCalls: await presentSquadCalls(db, viewer, await openSquadCalls(db, viewer, gameId)),
  }
}
