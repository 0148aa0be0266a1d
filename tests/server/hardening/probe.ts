/**
 * One request of the hostile-input tests (fuzz.test.ts, fuzz.soak.test.ts) and the invariants every
 * answer keeps: no 5xx; a 4xx is exactly `{errors: [sentence], code}` and changes nothing stored.
 */
import { expect } from 'vitest'
import { expectKnownCode } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'

/** A cheap fingerprint of everything stored: changes whenever any row or count changes. */
export function fingerprint(app: TestApp): string {
  const db = app.db.$client
  const parts = [
    'SELECT count(*), sum(length(username)), sum(length(bio)), sum(length(extra)), sum(follower_count), sum(following_count), sum(post_count), max(updated_at), sum(length(profile_img)), sum(length(first_name)) FROM users',
    'SELECT count(*), sum(length(content)), sum(like_count), sum(comment_count), max(updated_at) FROM posts',
    'SELECT count(*), sum(length(text)), sum(upvote_count), sum(downvote_count), max(updated_at) FROM comments',
    'SELECT count(*), group_concat(kind) FROM post_reactions',
    'SELECT count(*), group_concat(kind) FROM comment_votes',
    'SELECT count(*) FROM follows',
    'SELECT count(*) FROM bookmarks',
    'SELECT count(*) FROM media',
    'SELECT count(*), group_concat(value) FROM settings',
  ]
  return JSON.stringify(parts.map((query) => db.prepare(query).raw().get()))
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
  const before = fingerprint(app)
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
    expect(fingerprint(app), `${where} changed the database`).toBe(before)
  }
  return { status: response.status, body } as Outcome
}
