/**
 * What a copy between the two databases copies, table by table (data/move.ts, a backup of
 * PostgreSQL in data/postgres-backup.ts, a restore into it in data/postgres-restore.ts): every
 * table in foreign-key order, each column with the kind PostgreSQL gives it, read from the two
 * schemas and checked against each other.
 */
import { getTableColumns, getTableName, is, Table } from 'drizzle-orm'
import { getTableConfig as pgTableConfig } from 'drizzle-orm/pg-core'
import { getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core'
import * as pgSchema from '../db/schema.pg'
import * as sqliteSchema from '../db/schema'

/**
 * Every table, parents before the tables whose foreign keys point at them. `movePlan()` checks
 * that this is exactly the schema's tables in an order their keys allow: a table added to
 * schema.ts without being added here makes every move fail loudly rather than leave it behind.
 */
export const MOVE_ORDER = [
  'users',
  'posts',
  'post_reactions',
  'comments',
  'comment_votes',
  'follows',
  'bookmarks',
  'media',
  'settings',
  // Games, and game nights (before notifications: a notification may name a game night).
  'games',
  'game_aliases',
  'user_games',
  'game_nights',
  'game_night_rsvps',
  'notifications',
  'post_tags',
  'revoked_tokens',
  'blocks',
  'mutes',
  'host_grants',
  'host_actions',
  // Presence and "now playing".
  'presence_settings',
  'user_statuses',
  // Notification settings.
  'notification_settings',
  // Polls
  'polls',
  'poll_options',
  'poll_votes',
  // Reposts and emoji reactions.
  'reposts',
  'post_emoji_reactions',
  'post_emoji_counts',
  // Conversations: a message may reply to an earlier one, copied in id order.
  'conversations',
  'conversation_members',
  'messages',
  // A post's or a message's uploads, after both.
  'post_media',
  'message_reactions',
  // Reports: of posts, comments, people, and of messages (so after them).
  'reports',
  // Drafts kept for every device of their user.
  'drafts',
  // Squad calls, after the conversation one may have opened.
  'squad_calls',
  'squad_call_members',
  // The server's own emoji, each an image of `media`.
  'custom_emoji',
] as const

/**
 * SQLite's tables a move leaves behind: the post search index (migrations/0008_post_search.sql)
 * and the tables FTS5 keeps it in. PostgreSQL indexes the posts' text itself
 * (migrations-pg/0004_post_search.sql), so the moved posts are found there at once.
 */
export const NOT_MOVED = [
  'posts_search',
  'posts_search_config',
  'posts_search_data',
  'posts_search_docsize',
  'posts_search_idx',
] as const

/** How a column's SQLite value goes to PostgreSQL, by the PostgreSQL type it has. */
export type Kind = 'bigint' | 'text' | 'boolean' | 'bytea'

interface MovedColumn {
  name: string
  kind: Kind
}

export interface MovedTable {
  name: string
  columns: MovedColumn[]
  /** The primary key's columns: the order rows are read in. */
  key: string[]
  /** The column PostgreSQL numbers itself (GENERATED ALWAYS AS IDENTITY), if any. */
  identity?: string
}

/** A table's columns as drizzle describes them (the shape both dialects share). */
interface ColumnLike {
  name: string
  primary: boolean
  generatedIdentity?: unknown
  getSQLType(): string
}

const tablesOf = (module: Record<string, unknown>): Map<string, Table> =>
  new Map(
    Object.values(module)
      .filter((value): value is Table => is(value, Table))
      .map((table) => [getTableName(table), table]),
  )

function kindOf(sqlType: string): Kind {
  if (sqlType === 'bigint') return 'bigint'
  if (sqlType === 'text' || sqlType === 'text COLLATE "C"') return 'text'
  if (sqlType === 'boolean' || sqlType === 'bytea') return sqlType
  throw new Error(`data/move-plan.ts does not know how to move a PostgreSQL ${sqlType} column.`)
}

/**
 * What a move copies, table by table, from the two schemas. Throws (a bug of this file, not of
 * the data) when MOVE_ORDER misses a table, names one that is not there, or puts a table before
 * one its foreign keys point at.
 */
export function movePlan(
  schemas: { sqlite: Record<string, unknown>; pg: Record<string, unknown> } = {
    sqlite: sqliteSchema,
    pg: pgSchema,
  },
  order: readonly string[] = MOVE_ORDER,
): MovedTable[] {
  const sqliteTables = tablesOf(schemas.sqlite)
  const pgTables = tablesOf(schemas.pg)
  const listed = new Set<string>(order)
  for (const name of new Set([...sqliteTables.keys(), ...pgTables.keys()])) {
    if (!listed.has(name)) {
      throw new Error(
        `The table "${name}" is not in MOVE_ORDER (src/server/data/move-plan.ts): a move would leave it behind. Add it after the tables it points at.`,
      )
    }
  }
  const placed = new Set<string>()
  return order.map((name) => {
    const sqliteTable = sqliteTables.get(name)
    const pgTable = pgTables.get(name)
    if (!sqliteTable || !pgTable) {
      throw new Error(
        `MOVE_ORDER (src/server/data/move-plan.ts) names "${name}", a table not in both schemas.`,
      )
    }
    const config = sqliteTableConfig(sqliteTable as Parameters<typeof sqliteTableConfig>[0])
    for (const key of config.foreignKeys) {
      const parent = getTableName(key.reference().foreignTable)
      if (parent !== name && !placed.has(parent)) {
        throw new Error(
          `MOVE_ORDER (src/server/data/move-plan.ts) puts "${name}" before "${parent}", which its foreign key points at.`,
        )
      }
    }
    placed.add(name)
    const pgColumns = Object.values(getTableColumns(pgTable)) as ColumnLike[]
    const columns = pgColumns.map((column) => ({
      name: column.name,
      kind: kindOf(column.getSQLType()),
    }))
    const sqliteNames = (Object.values(getTableColumns(sqliteTable)) as ColumnLike[])
      .map((column) => column.name)
      .sort()
    if (
      sqliteNames.join() !==
      columns
        .map((column) => column.name)
        .sort()
        .join()
    ) {
      throw new Error(`The two schemas disagree on the columns of "${name}".`)
    }
    const compositeKey = pgTableConfig(
      pgTable as Parameters<typeof pgTableConfig>[0],
    ).primaryKeys[0]?.columns.map((column) => column.name)
    const key = compositeKey ?? pgColumns.filter((column) => column.primary).map((c) => c.name)
    const identity = pgColumns.find((column) => column.generatedIdentity !== undefined)?.name
    return { name, columns, key, ...(identity ? { identity } : {}) }
  })
}
