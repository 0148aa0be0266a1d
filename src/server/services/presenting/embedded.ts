/**
 * What every kind of answer embeds, loaded for all rows at once (presenting/posts.ts, comments.ts,
 * users.ts): how much to present (`PresentOptions`), users as summaries (kept in the read cache),
 * and who liked, disliked or voted.
 */
import type { Reactor, UserSummary } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import type { UserRow } from '../../db/rows'
import { readCacheOf } from '../../caches/store-caches'

/**
 * `full`: the spec's whole-list shape, every reactor and every comment.
 * `page`: sized for pages (docs/API.md): reactor lists hold only the viewer, no embedded comments.
 */
export type Detail = 'full' | 'page'

export interface PresentOptions {
  detail: Detail
  /** The user making the request, if any: pages show only this user in reactor lists. */
  viewerId: number | null
  /** These posts are quoted inside others, so their own quotes are not embedded. */
  nested?: boolean
  /**
   * The rows were written by the command presenting them, just now, without images or a
   * poll, and these are their authors as the writing statement answered them. Nothing refers to
   * such a post yet (no reaction, repost, emoji, vote, comment or bookmark), so nothing of that
   * is read: only the names it mentions and the post it quotes.
   */
  freshAuthors?: ReadonlyMap<number, UserSummary>
}

export function groupBy<Row, Key>(rows: Row[], key: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group) group.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

export type SummaryRow = Pick<UserRow, 'id' | 'username' | 'firstName' | 'lastName' | 'profileImg'>

/** The columns of a SummaryRow, of the `users` table under the alias `u`. */
export const SUMMARY_COLUMNS = `u.id AS id, u.username AS username, u.first_name AS "firstName",
  u.last_name AS "lastName", u.profile_img AS "profileImg"`

export function toUserSummary(row: SummaryRow): UserSummary {
  const id = String(row.id)
  return {
    _id: id,
    id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImg: row.profileImg,
  }
}

/**
 * The summaries of these users: those the read cache keeps (caches/read-cache.ts), the rest in
 * one query for all of them, then kept.
 */
export async function loadSummaries(
  db: Store,
  userIds: number[],
): Promise<Map<number, UserSummary>> {
  const cache = readCacheOf(db)
  const found = new Map<number, UserSummary>()
  const missing: number[] = []
  for (const id of new Set(userIds)) {
    const kept = cache?.summaries.get(id)
    if (kept) found.set(id, kept)
    else missing.push(id)
  }
  if (missing.length === 0) return found
  const generation = cache?.generation ?? 0
  const rows = await db.all<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM users u WHERE u.id IN ${db.sql.idSet}`,
    db.sql.ids(missing),
  )
  const keep = cache?.keeps(generation) === true
  for (const row of rows) {
    const summary = toUserSummary(row)
    found.set(row.id, summary)
    if (keep) cache?.summaries.set(row.id, summary)
  }
  return found
}
export interface ReactionRow {
  targetId: number
  userId: number
  username: string
  kind: string
}

export const toReactor = (row: ReactionRow): Reactor => ({
  _id: String(row.userId),
  username: row.username,
})

/**
 * Who liked or disliked (`post_reactions`), or voted on (`comment_votes`), each target: everyone
 * in `full` detail, only the viewer in a page.
 */
export async function loadReactions(
  db: Store,
  table: 'post_reactions' | 'comment_votes',
  targetIds: number[],
  options: PresentOptions,
): Promise<ReactionRow[]> {
  if (targetIds.length === 0 || (options.detail === 'page' && options.viewerId === null)) {
    return []
  }
  const target = table === 'post_reactions' ? 'post_id' : 'comment_id'
  const onlyViewer = options.detail === 'page'
  return db.all<ReactionRow>(
    `SELECT r.${target} AS "targetId", r.user_id AS "userId", u.username AS username,
       r.kind AS kind
     FROM ${table} r JOIN users u ON u.id = r.user_id
     WHERE r.${target} IN ${db.sql.idSet}${onlyViewer ? ' AND r.user_id = ?' : ''}
     ORDER BY r.created_at, r.user_id`,
    db.sql.ids(targetIds),
    ...(onlyViewer ? [options.viewerId] : []),
  )
}
