/**
 * The game list's row changes (docs/API.md, "Games"): a profile's games, a host's rename and merge,
 * and their note in the audit list. Reading the catalogue is ../reads/games.ts.
 */
import {
  cleanGameName,
  GAME_LIMITS,
  gameSlug,
  gameNameProblem,
  isGameSlug,
} from '../../../shared/games'
import { insertNewRow, insertRow, insertRows } from '../../db/raw'
import type { UserRow } from '../../db/rows'
import { gameAliases, games, hostActions, userGames } from '../../db/schema'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { GAME_MESSAGES } from '../../errors/messages'
import {
  type GameRow,
  gamesOfUser,
  getGameBySlug,
  notFound,
  nameKey,
  GAME_COLUMNS,
} from '../reads/games'

/**
 * Makes a profile's games exactly `entries` (names or slugs, in order; an unknown name adds the
 * game to the list), keeping when each one was first added, and the games' player counts.
 */
export async function setUserGames(
  tx: Store,
  userId: number,
  entries: readonly string[],
  now = Date.now(),
): Promise<GameRow[]> {
  const wanted = [
    ...new Map((await resolveEntries(tx, entries, userId, now)).map((g) => [g.id, g])).values(),
  ]
  if (wanted.length > GAME_LIMITS.perProfile) {
    throw new HttpError('VALIDATION', GAME_MESSAGES.tooManyGames)
  }
  const current = new Set((await gamesOfUser(tx, userId)).map((game) => game.id))
  const wantedIds = new Set(wanted.map((game) => game.id))
  const removed = [...current].filter((id) => !wantedIds.has(id))
  const added = wanted.filter((game) => !current.has(game.id))
  const changed = [...removed, ...added.map((game) => game.id)]
  // The games' rows locked before their players change (db/README.md, "Concurrent writes"):
  // another profile's change of the same game commits first, and the recount below sees it.
  if (changed.length > 0) {
    await tx.ids(
      `SELECT id FROM games WHERE id IN ${tx.sql.idSet} ORDER BY id${tx.sql.forUpdate}`,
      tx.sql.ids(changed),
    )
  }
  if (removed.length > 0) {
    await tx.run(
      `DELETE FROM user_games WHERE user_id = ? AND game_id IN ${tx.sql.idSet}`,
      userId,
      tx.sql.ids(removed),
    )
  }
  if (added.length > 0) {
    // One millisecond apart, so that the profile shows them in the order given.
    await insertRows(
      tx,
      userGames,
      added.map((game, index) => ({ userId, gameId: game.id, createdAt: now + index })),
      { onConflict: 'nothing' },
    )
  }
  if (changed.length > 0) await recountPlayers(tx, changed)
  return gamesOfUser(tx, userId)
}

/** Before an account is deleted: its games count one player less (services/writes/accounts.ts). */
export async function forgetPlayerGames(tx: Store, userId: number): Promise<void> {
  await tx.run(
    `UPDATE games SET player_count = ${tx.sql.greatest('0', 'player_count - 1')}
     WHERE id IN (SELECT game_id FROM user_games WHERE user_id = ?)`,
    userId,
  )
}

/**
 * Renames a game (hosts). Its slug follows the name; the old slug stays an alias, so links and
 * profiles keep working. A name whose slug another game has is refused (GAME_NAME_TAKEN): merge
 * them instead.
 */
export async function renameGame(
  tx: Store,
  game: GameRow,
  newName: string,
  now = Date.now(),
): Promise<GameRow> {
  const problem = gameNameProblem(newName)
  if (problem) throw new HttpError('VALIDATION', problem)
  const name = cleanGameName(newName)
  const slug = gameSlug(name)
  if (slug !== game.slug) {
    const holder = await tx.get<{ id: number }>(
      `SELECT id FROM games WHERE slug = ?
       UNION ALL SELECT game_id AS id FROM game_aliases WHERE slug = ?`,
      slug,
      slug,
    )
    if (holder && holder.id !== game.id) {
      throw new HttpError('GAME_NAME_TAKEN', GAME_MESSAGES.nameTaken)
    }
    // Back to a slug it had: that alias is its own slug again.
    await tx.run('DELETE FROM game_aliases WHERE slug = ?', slug)
    await insertRow(
      tx,
      gameAliases,
      { slug: game.slug, gameId: game.id, createdAt: now },
      { onConflict: 'nothing' },
    )
  }
  const row = await tx.get<GameRow>(
    `UPDATE games SET name = ?, name_key = ?, slug = ? WHERE id = ? RETURNING ${GAME_COLUMNS}`,
    name,
    nameKey(name),
    slug,
    game.id,
  )
  if (!row) throw notFound()
  return row
}

/**
 * Merges `from` into `into` (hosts): its players list `into` instead (keeping when they added
 * it), its slug and aliases answer `into`, and `from` leaves the list.
 */
export async function mergeGames(
  tx: Store,
  from: GameRow,
  into: GameRow,
  now = Date.now(),
): Promise<GameRow> {
  if (from.id === into.id) throw new HttpError('STATE_CONFLICT', GAME_MESSAGES.mergeIntoItself)
  await tx.run(
    `INSERT INTO user_games (user_id, game_id, created_at)
     SELECT user_id, ?, created_at FROM user_games WHERE game_id = ?
     ON CONFLICT DO NOTHING`,
    into.id,
    from.id,
  )
  await tx.run('UPDATE game_aliases SET game_id = ? WHERE game_id = ?', into.id, from.id)
  // The game that stays keeps its own cover; without one, it takes the merged game's.
  await tx.run(
    'UPDATE games SET cover_media_id = COALESCE(cover_media_id, ?) WHERE id = ?',
    from.coverMediaId,
    into.id,
  )
  await tx.run('DELETE FROM games WHERE id = ?', from.id)
  await insertNewRow(tx, gameAliases, { slug: from.slug, gameId: into.id, createdAt: now })
  await recountPlayers(tx, [into.id])
  const row = await tx.get<GameRow>(`SELECT ${GAME_COLUMNS} FROM games WHERE id = ?`, into.id)
  if (!row) throw notFound()
  return row
}

/**
 * Notes a host's rename or merge in the audit list (as services/reads/hosting.ts recordHostAction
 * does for accounts): the target is the game, named "before → after".
 */
export async function recordGameAction(
  tx: Store,
  host: Pick<UserRow, 'id' | 'username'>,
  action: 'rename-game' | 'merge-game',
  target: string,
  now = Date.now(),
): Promise<void> {
  await insertNewRow(tx, hostActions, {
    hostId: host.id,
    hostName: host.username,
    action,
    targetUserId: null,
    targetName: target,
    createdAt: now,
  })
}

/** The games that `entries` (names or slugs) name, existing ones found in one query. */
async function resolveEntries(
  tx: Store,
  entries: readonly string[],
  creatorId: number,
  now: number,
): Promise<GameRow[]> {
  for (const entry of entries) {
    const problem = gameNameProblem(entry)
    if (problem) throw new HttpError('VALIDATION', problem)
  }
  const slugOf = (entry: string) => gameSlug(cleanGameName(entry))
  const candidates = [
    ...new Set(entries.flatMap((entry) => [entry.trim().toLowerCase(), slugOf(entry)])),
  ].filter(isGameSlug)
  const found = await tx.all<GameRow & { key: string }>(
    `SELECT ${GAME_COLUMNS}, slug AS "key" FROM games WHERE slug IN ${tx.sql.textSet}
     UNION ALL
     SELECT ${GAME_COLUMNS}, a.slug AS "key" FROM game_aliases a JOIN games ON games.id = a.game_id
     WHERE a.slug IN ${tx.sql.textSet}`,
    tx.sql.texts(candidates),
    tx.sql.texts(candidates),
  )
  const bySlug = new Map(found.map(({ key, ...row }) => [key, row as GameRow]))
  const result: GameRow[] = []
  for (const entry of entries) {
    // A slug typed as such ("counterstrike2") is that game; otherwise the name's slug.
    const existing = bySlug.get(entry.trim().toLowerCase()) ?? bySlug.get(slugOf(entry))
    if (existing) {
      result.push(existing)
      continue
    }
    const name = cleanGameName(entry)
    const slug = slugOf(entry)
    const created =
      (await insertRow(
        tx,
        games,
        {
          slug,
          name,
          nameKey: nameKey(name),
          playerCount: 0,
          createdBy: creatorId,
          createdAt: now,
        },
        { onConflict: 'nothing' },
      )) ?? (await getGameBySlug(tx, slug))
    bySlug.set(slug, created)
    result.push(created)
  }
  return result
}

/** Sets the player counts of these games from their rows (in the transaction of a change). */
async function recountPlayers(tx: Store, gameIds: readonly number[]): Promise<void> {
  await tx.run(
    `UPDATE games SET player_count = (SELECT count(*) FROM user_games ug WHERE ug.game_id = games.id)
     WHERE id IN ${tx.sql.idSet}`,
    tx.sql.ids(gameIds),
  )
}

/**
 * Sets the cover of a game to an uploaded image's media id, or removes it (null). With
 * `onlyIfNone` (a player's first cover) it is set only while the game has none: of two players
 * adding one at once, the second is refused, not silently replaced. The replaced image is left
 * to the sweep of unused uploads (services/media/media.ts).
 */
export async function setGameCover(
  tx: Store,
  gameId: number,
  mediaId: string | null,
  onlyIfNone = false,
): Promise<GameRow> {
  const row = await tx.get<GameRow>(
    `UPDATE games SET cover_media_id = ? WHERE id = ?${onlyIfNone ? ' AND cover_media_id IS NULL' : ''}
     RETURNING ${GAME_COLUMNS}`,
    mediaId,
    gameId,
  )
  if (!row) throw new HttpError('HOST_ONLY', GAME_MESSAGES.coverTaken)
  return row
}
