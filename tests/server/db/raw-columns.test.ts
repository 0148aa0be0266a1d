/**
 * Hand-written SELECTs of whole rows take their column lists from the schema (src/server/db/raw.ts
 * `columnsOf`): a row read that way is the row drizzle reads, and a table whose columns drizzle
 * converts on reading in a way neither database does is refused rather than read wrong.
 *
 * SQLite-only: the rows are compared with what drizzle reads over the SQLite connection itself
 * (`sqliteConnectionOf`); the other tests here touch no database.
 */
import { eq, getTableColumns } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { afterEach, describe, expect, it } from 'vitest'
import {
  COMMENT_COLUMNS,
  columnsOf,
  insertNewRow,
  insertRow,
  POST_COLUMNS,
  readRow,
  USER_COLUMNS,
} from '../../../src/server/db/raw'
import * as schema from '../../../src/server/db/schema'
import { comments, media, notifications, posts, users } from '../../../src/server/db/schema'
import type { OpenStore } from '../../../src/server/db/store'
import { sqliteConnectionOf } from '../../helpers/sqlite-connection'
import { openTestStore } from '../../helpers/test-store'

let opened: OpenStore | undefined
afterEach(async () => {
  await opened?.close()
  opened = undefined
})

describe('column lists of hand-written SELECTs', () => {
  it('read users, posts and comments exactly as drizzle does', async () => {
    const db = await openTestStore()
    opened = db
    const orm = drizzle({ client: sqliteConnectionOf(db), schema })
    const user = await insertNewRow(db, users, {
      username: 'Ada',
      usernameKey: 'ada',
      passwordHash: 'hash',
      profileImg: '/img',
      extra: '{"game":"chess"}',
      suspendedAt: 5,
      createdAt: 1,
      updatedAt: 2,
    })
    const post = await insertNewRow(db, posts, {
      authorId: user.id,
      content: 'hi',
      editedAt: 3,
      createdAt: 1,
      updatedAt: 2,
    })
    await insertRow(db, comments, {
      postId: post.id,
      authorId: user.id,
      text: 'yo',
      createdAt: 1,
      updatedAt: 2,
    })

    expect(await db.all(`SELECT ${USER_COLUMNS} FROM users`)).toEqual(
      orm.select().from(users).all(),
    )
    expect(await db.all(`SELECT ${POST_COLUMNS} FROM posts`)).toEqual(
      orm.select().from(posts).all(),
    )
    expect(await db.all(`SELECT ${COMMENT_COLUMNS} FROM comments`)).toEqual(
      orm.select().from(comments).where(eq(comments.postId, post.id)).all(),
    )
  })

  it('name every column of the table, under its drizzle name', () => {
    expect(USER_COLUMNS).toContain('"users"."password_hash" AS "passwordHash"')
    expect(POST_COLUMNS.split(', ')).toHaveLength(Object.keys(getTableColumns(posts)).length)
  })

  // Since the store boundary, a boolean is read back through `readRow` and a buffer is read as
  // one by both databases: what is refused is a column drizzle converts in a way neither does.
  it('refuse a table with a column drizzle converts (JSON, a timestamp); read a boolean and a buffer as drizzle does', () => {
    const converted = sqliteTable('converted', {
      id: integer('id').primaryKey(),
      data: text('data', { mode: 'json' }),
    })
    const timed = sqliteTable('timed', {
      id: integer('id').primaryKey(),
      at: integer('at', { mode: 'timestamp_ms' }),
    })
    expect(() => columnsOf(converted)).toThrow(/converted\.data is a SQLiteTextJson/)
    expect(() => columnsOf(timed)).toThrow(/timed\.at is a SQLiteTimestamp/)
    expect(columnsOf(notifications)).toContain('"notifications"."read" AS "read"')
    expect(columnsOf(media)).toContain('"media"."bytes" AS "bytes"')
    expect(readRow(notifications, { id: 1, read: 1 })).toEqual({ id: 1, read: true })
    expect(readRow(notifications, { id: 1, read: 0 })).toEqual({ id: 1, read: false })
  })
})
