/**
 * Random text (fast-check) posted and read back: stored exactly or refused without a change. A long
 * run: `npm run test:soak` (fuzz.test.ts has the rest of the hostile input).
 */
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Post } from '../../../src/shared/api-types'
import { isStorableText } from '../../../src/server/db/store'
import { LIMITS } from '../../../src/shared/limits'
import { seededToken } from '../../helpers/api'
import { SOAK } from '../../helpers/hardening'
import { makeTestApp, type TestApp } from '../../helpers/server-app'
import { probe } from './probe'

let app: TestApp
let token: string
beforeEach(async () => {
  app = await makeTestApp()
  token = (await seededToken('player1')).token
})
afterEach(() => app.close())

describe('hostile input', { timeout: SOAK ? 600_000 : 30_000 }, () => {
  it('round-trips random text exactly or refuses it without a change (fast-check)', async () => {
    const headers = {
      'Content-Type': 'application/json',
      authorization: token,
      Prefer: 'return=minimal',
    }
    const codeUnits = fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
      maxLength: 40,
    })
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 60 }),
          fc.string({ unit: 'binary', maxLength: 60 }),
          codeUnits,
          fc.string({ unit: 'grapheme', minLength: 990, maxLength: 1010 }),
        ),
        async (text) => {
          const outcome = await probe(app, 'random text', 'POST', '/api/posts', {
            headers,
            body: JSON.stringify({ postData: { content: text } }),
          })
          const trimmed = text.trim()
          const storable =
            trimmed.length >= 1 &&
            trimmed.length <= LIMITS.postMax &&
            // A lone surrogate or a NUL cannot be stored as sent (db/store.ts): refused.
            isStorableText(trimmed)
          expect(outcome.status, JSON.stringify(text)).toBe(storable ? 201 : 400)
          if (storable) {
            const id = (outcome.body as { post: Post }).post._id
            const read = (await app.get(`/api/posts/${id}`).then((r) => r.json())) as { post: Post }
            expect(read.post.content).toBe(trimmed)
          }
        },
      ),
      { numRuns: SOAK ? 3000 : 150, ...(SOAK ? {} : { seed: 4242 }) },
    )
  })
})
