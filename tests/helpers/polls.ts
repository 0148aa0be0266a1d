/** Polls in server tests (docs/API.md, "Polls"). */
import type { PostResponse } from '../../src/shared/api-types'
import type { PollDurationMinutes } from '../../src/shared/limits'
import { ok } from './api'
import type { TestApp } from './server-app'

/** Writes a post with a poll (as `token`) and answers its id and its options' ids. */
export async function createPoll(
  app: TestApp,
  token: string,
  durationMinutes: PollDurationMinutes = 1440,
  options = ['Saturday', 'Sunday', 'Neither'],
): Promise<{ postId: string; optionIds: string[] }> {
  const { post } = await ok<PostResponse>(
    app.send(
      '/api/posts',
      { postData: { content: 'Who’s in?', poll: { options, durationMinutes } } },
      { token, headers: { Prefer: 'return=minimal' } },
    ),
    201,
  )
  if (!post.poll) throw new Error('The post came back without its poll')
  return { postId: post._id, optionIds: post.poll.options.map((option) => option.id) }
}

/** Votes as `token`: the raw answer. */
export function vote(app: TestApp, token: string, postId: string, optionId: string) {
  return app.send(`/api/posts/${postId}/poll/vote`, { optionId }, { token })
}
