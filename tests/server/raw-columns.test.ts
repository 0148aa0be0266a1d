/**
 * Hand-written SELECTs of whole rows take their column lists from the schema (src/server/db/raw.ts
 * `columnsOf`): a row read that way is the row drizzle reads, and a table whose columns drizzle
 * converts on reading is refused rather than read wrong.
 */
import { eq, getTableColumns } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../src/server/db/client'
import {
  COMMENT_COLUMNS,
  columnsOf,
  POST_COLUMNS,
  selectAll,
  USER_COLUMNS,
} from '../../src/server/db/raw'
import { comments, media, notifications, posts, users } from '../../src/server/db/schema'

let opened: AppDatabase | undefined
afterEach(() => {
  opened?.$client.close()
  opened = undefined
})

describe('column lists of hand-written SELECTs', () => {
  it('read users, posts and comments exactly as drizzle does', () => {
    const db = openDatabase({ file: ':memory:' })
    opened = db
    const user = db
      .insert(users)
      .values({
        username: 'Ada',
        usernameKey: 'ada',
        passwordHash: 'hash',
        profileImg: '/img',
        extra: '{"game":"chess"}',
        suspendedAt: 5,
        createdAt: 1,
        updatedAt: 2,
      })
      .returning()
      .get()
    const post = db
      .insert(posts)
      .values({ authorId: user.id, content: 'hi', editedAt: 3, createdAt: 1, updatedAt: 2 })
      .returning()
      .get()
    db.insert(comments)
      .values({ postId: post.id, authorId: user.id, text: 'yo', createdAt: 1, updatedAt: 2 })
      .run()

    expect(selectAll(db, `SELECT ${USER_COLUMNS} FROM users`)).toEqual(
      db.select().from(users).all(),
    )
    expect(selectAll(db, `SELECT ${POST_COLUMNS} FROM posts`)).toEqual(
      db.select().from(posts).all(),
    )
    expect(selectAll(db, `SELECT ${COMMENT_COLUMNS} FROM comments`)).toEqual(
      db.select().from(comments).where(eq(comments.postId, post.id)).all(),
    )
  })

  it('name every column of the table, under its drizzle name', () => {
    expect(USER_COLUMNS).toContain('"users"."password_hash" AS "passwordHash"')
    expect(POST_COLUMNS.split(', ')).toHaveLength(Object.keys(getTableColumns(posts)).length)
  })

  it('refuse a table with a column drizzle converts (a boolean, a buffer)', () => {
    expect(() => columnsOf(notifications)).toThrow(/notifications\.read is a SQLiteBoolean/)
    expect(() => columnsOf(media)).toThrow(/media\.bytes is a SQLiteBlobBuffer/)
  })
})
