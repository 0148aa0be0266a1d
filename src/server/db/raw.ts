import type Database from 'better-sqlite3'
import type { Db } from './client'

/**
 * Runs a hand-written SELECT on the connection behind `db` (the database or a transaction on
 * it), through the connection's prepared-statement cache (client.ts).
 *
 * For the handful of queries that every page runs: building them with drizzle's query builder
 * on each request cost more than running them (see the README's performance section). Lists of
 * ids go in as one JSON parameter (`IN (SELECT value FROM json_each(?))`), so the SQL text, and
 * with it the prepared statement, is the same whatever the list's length.
 */
export function selectAll<Row>(db: Db, sql: string, ...params: unknown[]): Row[] {
  return connectionOf(db)
    .prepare(sql)
    .all(...params) as Row[]
}

/** Runs a hand-written write (UPDATE, DELETE) like selectAll runs a SELECT. */
export function runSql(db: Db, sql: string, ...params: unknown[]): void {
  connectionOf(db)
    .prepare(sql)
    .run(...params)
}

/**
 * Runs a hand-written SELECT of one integer column (ids) and answers the values alone: no object
 * per row, for whole lists whose order is fixed as ids first (whole-list.ts). Only this function
 * runs these SQL texts, so the cached statements stay in pluck mode.
 */
export function selectIds(db: Db, sql: string, ...params: unknown[]): number[] {
  return connectionOf(db)
    .prepare(sql)
    .pluck(true)
    .all(...params) as number[]
}

/** drizzle keeps the better-sqlite3 connection on the session shared by a database and its transactions. */
function connectionOf(db: Db): Database.Database {
  return (db as unknown as { session: { client: Database.Database } }).session.client
}

/** Rows put back into the order of `ids`, leaving out ids that have no row. */
export function inIdOrder<Row extends { id: number }>(ids: number[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** A list of ids as the single parameter of `json_each(?)`. */
export const idList = (ids: number[]) => JSON.stringify([...new Set(ids)])

/** The columns of a posts row under the names drizzle's `PostRow` uses. */
export const POST_COLUMNS = `posts.id AS id, posts.author_id AS authorId, posts.content AS content,
  posts.like_count AS likeCount, posts.comment_count AS commentCount,
  posts.created_at AS createdAt, posts.updated_at AS updatedAt, posts.edited_at AS editedAt`

/** The columns of a users row under the names drizzle's `UserRow` uses. */
export const USER_COLUMNS = `users.id AS id, users.username AS username,
  users.username_key AS usernameKey, users.password_hash AS passwordHash,
  users.first_name AS firstName, users.last_name AS lastName, users.bio AS bio,
  users.profile_img AS profileImg, users.extra AS extra,
  users.follower_count AS followerCount, users.following_count AS followingCount,
  users.post_count AS postCount, users.token_version AS tokenVersion,
  users.suspended_at AS suspendedAt, users.created_at AS createdAt, users.updated_at AS updatedAt`

/** The columns of a comments row under the names drizzle's `CommentRow` uses. */
export const COMMENT_COLUMNS = `comments.id AS id, comments.post_id AS postId,
  comments.author_id AS authorId, comments.text AS text,
  comments.upvote_count AS upvoteCount, comments.downvote_count AS downvoteCount,
  comments.created_at AS createdAt, comments.updated_at AS updatedAt`
