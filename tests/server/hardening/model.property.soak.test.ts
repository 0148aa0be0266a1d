/**
 * Random sequences of likes, dislikes, bookmarks, follows, votes and comments by several users,
 * checked after every step against the model of model.ts: the status and first error of each
 * answer, and then the whole state the API shows. A long run: `npm run test:soak`.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Comment } from '../../../src/shared/api-types'
import { SOAK, must } from '../../helpers/hardening'
import {
  POSTS,
  commandArb,
  expectApiMatches,
  freshApps,
  pathOf,
  readModel,
  step,
  tokensOfUsers,
  userId,
} from './model'

const freshApp = freshApps()

describe('the API follows the model of the like, vote, bookmark and follow rules', () => {
  it(
    'answers every random sequence of reactions, follows, votes and comments as the model does',
    async () => {
      const tokens = await tokensOfUsers()
      await fc.assert(
        fc.asyncProperty(
          fc.array(commandArb, { minLength: 1, maxLength: SOAK ? 80 : 40, size: 'max' }),
          async (commands) => {
            const app = await freshApp()
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
    SOAK ? 600_000 : 60_000,
  )
})
