/**
 * Random sequences of likes, dislikes, bookmarks, follows, votes and comments by several users,
 * checked after every step against the model of model.ts: the status and first error of each
 * answer, and then the whole state the API shows. A long run: `npm run test:soak`.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { Comment } from '../../../src/shared/api-types'
import { seededToken } from '../../helpers/api'
import { SOAK, must } from '../../helpers/hardening'
import { makeTestApp, type TestApp } from '../../helpers/server-app'
import {
  POSTS,
  USERS,
  commandArb,
  expectApiMatches,
  pathOf,
  readModel,
  step,
  userId,
} from './model'

let app: TestApp | undefined
afterEach(() => {
  app?.close()
  app = undefined
})

describe('the API follows the model of the like, vote, bookmark and follow rules', () => {
  it(
    'answers every random sequence of reactions, follows, votes and comments as the model does',
    async () => {
      const tokens = await Promise.all(USERS.map(async (name) => (await seededToken(name)).token))
      await fc.assert(
        fc.asyncProperty(
          fc.array(commandArb, { minLength: 1, maxLength: SOAK ? 80 : 40, size: 'max' }),
          async (commands) => {
            app?.close()
            app = await makeTestApp()
            const model = await readModel(app, tokens)
            for (const [index, command] of commands.entries()) {
              const path = pathOf(model, command)
              const expected = step(model, command)
              const response = await app.send(
                path,
                command.kind === 'addComment' ? { commentData: { text: `c${index}` } } : {},
                { token: tokens[command.user], headers: { Prefer: 'return=minimal' } },
              )
              const answer = (await response.json()) as {
                errors?: string[]
                comment?: Comment
              }
              const where = `after step ${index} ${JSON.stringify(command)} (${path})`
              expect({ status: response.status, error: answer.errors?.[0] }, where).toEqual(
                expected,
              )
              if (command.kind === 'addComment' && expected.status === 201) {
                model.comments.push({
                  id: must(answer.comment)._id,
                  postId: must(POSTS[command.post]),
                  author: userId(model, command.user),
                  deleted: false,
                  up: new Set(),
                  down: new Set(),
                })
              }
              await expectApiMatches(app, model, tokens, where)
            }
          },
        ),
        {
          numRuns: SOAK ? 600 : 30,
          // A fixed seed keeps `npm test` reproducible; the soak run explores new sequences.
          ...(SOAK ? {} : { seed: 20240611 }),
        },
      )
    },
    SOAK ? 400_000 : 60_000,
  )
})
