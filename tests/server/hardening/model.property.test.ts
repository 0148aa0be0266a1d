/**
 * The model of model.ts checked against the API on a hand-written run, which checks the model
 * itself too. Random sequences against the same model: model.property.soak.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../src/server/errors/messages'
import {
  expectApiMatches,
  freshApps,
  pathOf,
  readModel,
  refuse,
  step,
  tokensOfUsers,
  type Answer,
  type Command,
} from './model'

const freshApp = freshApps()

describe('the API follows the model of the like, vote, bookmark and follow rules', () => {
  it('knows the spec order of the dislike checks: a zero count wins over "already disliked"', async () => {
    // A hand-written run the model must agree with, so the model itself is checked too.
    const app = await freshApp()
    const tokens = await tokensOfUsers()
    const model = await readModel(app, tokens)
    const run: Command[] = [
      { kind: 'like', user: 0, post: 1 },
      { kind: 'dislike', user: 1, post: 1 },
      { kind: 'dislike', user: 1, post: 1 },
      { kind: 'dislike', user: 1, post: 0 },
      { kind: 'dislike', user: 1, post: 0 },
      { kind: 'like', user: 1, post: 0 },
      { kind: 'like', user: 1, post: 0 },
    ]
    const answers: Answer[] = []
    for (const command of run) {
      const expected = step(model, command)
      const response = await app.send(pathOf(model, command), {}, { token: tokens[command.user] })
      const body = (await response.json()) as { errors?: string[] }
      answers.push({ status: response.status, error: body.errors?.[0] })
      expect(answers.at(-1)).toEqual(expected)
    }
    expect(answers).toEqual([
      { status: 200 },
      { status: 200 },
      // Post 3 is back at 0 and nova_strike already dislikes it: the count check comes first.
      refuse(MESSAGES.likeBelowZero),
      { status: 200 },
      refuse(MESSAGES.alreadyDisliked),
      { status: 200 },
      refuse(MESSAGES.alreadyLiked),
    ])
    expect(model.posts.get('1')?.likeCount).toBe(1000)
    await expectApiMatches(app, model, tokens, 'at the end')
  })
})
