/** Voting in polls, and their live counts (docs/API.md "Polls"). */
import { atom } from 'jotai'
import type { Getter, Setter } from 'jotai'
import type { LiveEventMap, PostPoll } from '../../../shared/api-types'
import { votePoll } from '../api/polls'
import { countsAreNewer, withLiveCounts } from '../lib/polls'
import { notifyFailure } from '../lib/notify'
import { postsByIdAtom, upsertPostsAtom } from './posts'

function setPoll(get: Getter, set: Setter, postId: string, change: (poll: PostPoll) => PostPoll) {
  const post = get(postsByIdAtom)[postId]
  if (post?.poll) set(upsertPostsAtom, [{ ...post, poll: change(post.poll) }])
}

/**
 * Votes, or moves the vote; resolves to null once the server took it, else to why not (shown as a
 * toast too).
 */
export const votePollAtom = atom(
  null,
  async (get, set, postId: string, optionId: string): Promise<string | null> => {
    try {
      const { poll } = await votePoll(postId, optionId)
      // The answer is the poll as the voter sees it: their vote and the counts now, unless a live
      // event brought newer counts while it travelled.
      setPoll(get, set, postId, (current) =>
        countsAreNewer(current, poll) ? poll : { ...current, ownVote: poll.ownVote },
      )
      return null
    } catch (error) {
      return notifyFailure(error)
    }
  },
)

/** A `poll` event: the counts now, for a post we have (docs/API.md "Live events"). */
export const livePollAtom = atom(null, (get, set, counts: LiveEventMap['poll']) => {
  setPoll(get, set, counts.postId, (poll) => withLiveCounts(poll, counts))
})
