/**
 * For tests of what a fill reads from the database: an app whose every read is a fill (no whole
 * answer kept, the other caches as the server's), `read`, which reads a path, checks it byte for
 * byte against the same read with the cache off, and tells how many statements matching
 * `counted` it ran, and `post`, a new post's id. `close` after.
 */
import { expect } from 'vitest'
import type { PostResponse } from '../../src/shared/api-types'
import { ReadCache } from '../../src/server/caches/read-cache'
import { makeTestApp, type TestApp } from './server-app'

export interface FillCheck {
  app: TestApp
  /** `path` as `token` reads it (with `headers`): its text, and the counted statements it ran. */
  read(
    path: string,
    token: string,
    headers?: Record<string, string>,
  ): Promise<{ text: string; ran: number }>
  /** The counted statements run so far, reads and writes alike. */
  counted(): number
  /** A new post's id, made as `token`. */
  post(token: string, content: string): Promise<string>
  close(): Promise<void>
}

export async function fillCheck(counted: RegExp): Promise<FillCheck> {
  const cache = new ReadCache({ answerBytes: 0 })
  let count = 0
  const app = await makeTestApp({
    readCache: cache,
    onStatement: (sql) => {
      if (counted.test(sql)) count++
    },
  })
  const get = async (path: string, token: string, headers: Record<string, string>) =>
    (await app.request(path, { headers: { authorization: token, ...headers } })).text()
  return {
    app,
    read: async (path, token, headers = {}) => {
      const before = count
      const text = await get(path, token, headers)
      const ran = count - before
      cache.enabled = false
      const fresh = await get(path, token, headers)
      cache.enabled = true
      expect({ path, text }).toEqual({ path, text: fresh })
      return { text, ran }
    },
    counted: () => count,
    post: async (token, content) => {
      const answer = await app.send(
        '/api/posts',
        { postData: { content } },
        { token, headers: { prefer: 'return=minimal' } },
      )
      return ((await answer.json()) as PostResponse).post._id
    },
    close: () => app.close(),
  }
}
