import type { PollVoteResponse } from '../../../shared/api-types'
import type { PollInputSent } from '../../../shared/schemas'
import { request } from './client'

/** A poll as the app sends it with a post or an edit. */
export type PollInput = PollInputSent

/** Votes in a post's poll (docs/API.md "Polls"): the poll as the voter now sees it. */
export function votePoll(postId: string, optionId: string): Promise<PollVoteResponse> {
  return request<PollVoteResponse>(`/posts/${encodeURIComponent(postId)}/poll/vote`, {
    method: 'POST',
    body: { optionId },
    answer: 'pollVote',
  })
}
