/**
 * One request of the hostile-input tests (fuzz.test.ts, fuzz.soak.test.ts) and the invariants every
 * answer keeps: no 5xx; a 4xx is exactly `{errors: [sentence], code}` and changes nothing stored.
 */
import { expect } from 'vitest'
import { expectKnownCode } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'

/**
 * The values of a column joined in one string, in the words of the test's database; PostgreSQL's
 * in key order, since an update that changes nothing still moves its row there.
 */
const joined = (app: TestApp, column: string, key: string) =>
  app.db.dialect === 'postgres'
    ? `string_agg(${column}, ',' ORDER BY ${key})`
    : `group_concat(${column})`

/**
 * A cheap fingerprint of everything stored: changes whenever any row or count changes. One
 * statement (a row of each table's aggregates, side by side), since every probe takes two.
 */
export async function fingerprint(app: TestApp): Promise<string> {
  const tables: [string, string[]][] = [
    [
      'users',
      [
        'count(*)',
        'sum(length(username))',
        'sum(length(bio))',
        'sum(length(extra))',
        'sum(follower_count)',
        'sum(following_count)',
        'sum(post_count)',
        'max(updated_at)',
        'sum(length(profile_img))',
        'sum(length(first_name))',
      ],
    ],
    [
      'posts',
      [
        'count(*)',
        'sum(length(content))',
        'sum(like_count)',
        'sum(comment_count)',
        'max(updated_at)',
      ],
    ],
    [
      'comments',
      [
        'count(*)',
        'sum(length(text))',
        'sum(upvote_count)',
        'sum(downvote_count)',
        'max(updated_at)',
      ],
    ],
    ['post_reactions', ['count(*)', joined(app, 'kind', 'post_id, user_id')]],
    ['comment_votes', ['count(*)', joined(app, 'kind', 'comment_id, user_id')]],
    ['follows', ['count(*)']],
    ['bookmarks', ['count(*)']],
    ['media', ['count(*)']],
    ['settings', ['count(*)', joined(app, 'value', 'key')]],
  ]
  const sides = tables.map(
    ([table, columns], index) =>
      `(SELECT ${columns.map((column, at) => `${column} AS t${index}c${at}`).join(', ')} FROM ${table}) t${index}`,
  )
  const row = await app.db.get<Record<string, unknown>>(
    `SELECT * FROM ${sides.join(' CROSS JOIN ')}`,
  )
  return JSON.stringify(Object.values(row ?? {}))
}

export interface Outcome {
  status: number
  body: unknown
}

/**
 * Sends one request and checks the invariants: no 5xx; a 4xx is exactly `{errors: [sentence], code}`
 * and leaves the database as it was.
 */
export async function probe(
  app: TestApp,
  label: string,
  method: string,
  path: string,
  init: RequestInit = {},
): Promise<Outcome> {
  const before = await fingerprint(app)
  const response = await app.request(path, { method, ...init })
  const text = await response.text()
  const where = `${label}: ${method} ${path.slice(0, 200)} → ${response.status} ${text.slice(0, 200)}`
  expect(response.status, where).toBeLessThan(500)
  let body: unknown = text
  if (response.headers.get('content-type')?.includes('application/json')) body = JSON.parse(text)
  if (response.status >= 400) {
    expect(body, where).toEqual({ errors: [expect.any(String)], code: expect.any(String) })
    expectKnownCode((body as { code: unknown }).code, response.status, where)
    expect((body as { errors: string[] }).errors[0]?.length, where).toBeGreaterThan(5)
    expect(await fingerprint(app), `${where} changed the database`).toBe(before)
  }
  return { status: response.status, body } as Outcome
}
