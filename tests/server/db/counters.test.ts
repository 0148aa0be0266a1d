/**
 * The counts rows carry for other rows, listed once (src/server/db/counters.ts): every `*_count`
 * column of both schemas is listed, and the check finds a count that drifts from its rows, after
 * the writes that move each one, an account's deletion included.
 */
import { getTableColumns, getTableName, is, Table } from 'drizzle-orm'
import * as pgSchema from '../../../src/server/db/schema.pg'
import * as sqliteSchema from '../../../src/server/db/schema'
import { COUNTERS, countersAgainstRows } from '../../../src/server/db/counters'
import { REACTION_KEYS } from '../../../src/shared/reactions'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

/** `table.column` of every column `wanted` by name, in one schema module. */
function countColumns(
  schema: Record<string, unknown>,
  wanted: (name: string) => boolean,
): string[] {
  return Object.values(schema)
    .filter((value): value is Table => is(value, Table))
    .flatMap((table) =>
      Object.values(getTableColumns(table))
        .map((column) => column.name)
        .filter(wanted)
        .map((name) => `${getTableName(table)}.${name}`),
    )
    .sort()
}

const post = async (app: TestApp, token: string, content: string, quoteOf?: string) => {
  const response = await app.send(
    '/api/posts',
    { postData: { content, ...(quoteOf ? { quoteOf } : {}) } },
    { token, headers: { Prefer: 'return=minimal' } },
  )
  expect(response.status, await response.clone().text()).toBe(201)
  return ((await response.json()) as { post: { _id: string } }).post._id
}

describe('counters', () => {
  it('lists every *_count column of both schemas, and only columns that exist', () => {
    const listed = COUNTERS.map((counter) => counter.label)
    const countNamed = listed.filter((label) => label.endsWith('_count')).sort()
    for (const schema of [sqliteSchema, pgSchema]) {
      expect(countColumns(schema, (name) => name.endsWith('_count'))).toEqual(countNamed)
      const columns = new Set(countColumns(schema, () => true))
      expect(listed.filter((label) => !columns.has(label))).toEqual([])
    }
  })

  it('agree with their rows after reposts, quotes, reactions, games and a deleted account, and say which drifts', async ({
    app,
  }) => {
    const author = await app.signup('counted_author')
    const sharer = await app.signup('counted_sharer')
    const original = await post(app, author.token, 'worth sharing')
    expect(
      (await app.send(`/api/posts/${original}/repost`, {}, { token: sharer.token })).status,
    ).toBe(200)
    await post(app, sharer.token, 'look at this', original)
    const reacted = await app.send(
      `/api/posts/${original}/reactions/${REACTION_KEYS[0]}`,
      {},
      { token: sharer.token, method: 'PUT' },
    )
    expect(reacted.status, await reacted.clone().text()).toBe(200)
    const games = await app.send(
      '/api/me/games',
      { games: ['Counted Quest'] },
      { token: sharer.token, method: 'PUT' },
    )
    expect(games.status, await games.clone().text()).toBe(200)
    expect(await countersAgainstRows(app.db)).toEqual([])

    // The sharer leaves: their repost, quote, reaction and game go with them, and so do the counts.
    const gone = await app.send(
      '/api/users/me',
      { password: 'correct horse battery' },
      { token: sharer.token, method: 'DELETE' },
    )
    expect(gone.status, await gone.clone().text()).toBe(200)
    expect(await countersAgainstRows(app.db)).toEqual([])

    await app.db.run(
      'UPDATE posts SET repost_count = repost_count + 2 WHERE id = ?',
      Number(original),
    )
    expect(await countersAgainstRows(app.db)).toEqual([
      { label: 'posts.repost_count', id: Number(original), stored: 2, actual: 0 },
    ])
  })
})
