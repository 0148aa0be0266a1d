/**
 * For tests of whole answers kept with what they show (caches/answer-parts.ts): an app with its
 * own read cache, a count of the answers it served whole, and `read`, which reads a page, tells
 * whether it was served whole or filled, and checks it byte for byte against the same read with
 * the cache off. The clock is one (fake) `Date`: no kept answer runs out, and a page's cursor,
 * which carries its time, stays the same. `close` after.
 */
import { expect, vi } from 'vitest'
import type { PostResponse } from '../../src/shared/api-types'
import { ReadCache, type ReadCacheLimits } from '../../src/server/caches/read-cache'
import { makeTestApp, type TestApp } from './server-app'

export interface KeptAnswerCheck {
  app: TestApp
  /** A write, sent wanting the minimal answer; fails the test unless it succeeded. */
  send(path: string, body: unknown, token: string, method?: string): Promise<Response>
  /** A new post's id. */
  post(token: string, content: string): Promise<string>
  /** `path` as `token` reads it: 'kept' when served whole, after checking it against a fresh read. */
  read(path: string, token: string, after: string): Promise<'kept' | 'filled'>
  /** How many kept pieces (caches/answer-pieces.ts) the last `read` was joined from. */
  piecesUsed(): number
  close(): Promise<void>
}

export async function keptAnswerCheck(
  limits: Partial<ReadCacheLimits> = {},
): Promise<KeptAnswerCheck> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
  const cache = new ReadCache(limits)
  const app = await makeTestApp({ readCache: cache })
  let served = 0
  let piecesTaken = 0
  let piecesOfLastRead = 0
  const piece = cache.piece.bind(cache)
  cache.piece = (key, now) => {
    const kept = piece(key, now)
    if (kept) piecesTaken++
    return kept
  }
  const answer = cache.answer.bind(cache)
  cache.answer = (key, now) => {
    const kept = answer(key, now)
    if (kept) served++
    return kept
  }
  const send = async (path: string, body: unknown, token: string, method = 'POST') => {
    const response = await app.send(path, body, {
      token,
      method,
      headers: { prefer: 'return=minimal' },
    })
    expect(response.status, `${method} ${path}`).toBeLessThan(300)
    return response
  }
  return {
    app,
    send,
    post: async (token, content) =>
      ((await (await send('/api/posts', { postData: { content } }, token)).json()) as PostResponse)
        .post._id,
    read: async (path, token, after) => {
      const before = served
      const piecesBefore = piecesTaken
      const text = await (await app.get(path, token)).text()
      const kept = served > before
      piecesOfLastRead = piecesTaken - piecesBefore
      cache.enabled = false
      const fresh = await (await app.get(path, token)).text()
      cache.enabled = true
      expect({ path, after, text }).toEqual({ path, after, text: fresh })
      return kept ? 'kept' : 'filled'
    },
    piecesUsed: () => piecesOfLastRead,
    close: async () => {
      await app.close()
      vi.useRealTimers()
    },
  }
}
