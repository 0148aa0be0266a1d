/** Voting in a post's poll (docs/API.md, "Polls"), and the poll part of writing a post. */
import type { PostPoll } from '../../shared/api-types'
import type { PollInput } from '../../shared/schemas'
import type { Store } from '../db/store'
import { HttpError } from '../errors/http-error'
import { POLL_MESSAGES } from '../errors/messages'
import { postHasImages } from '../services/media/post-images'
import * as polls from '../services/writes/polls'
import * as pollsReads from '../services/reads/polls'
import * as pollEnds from '../services/writes/poll-ends'
import { lockPost } from '../services/writes/posts'
import { refuseInteraction } from '../services/reads/visibility'
import { aboutWriting, commit, type Actor, type Live } from './live'

/**
 * The poll part of an edit, in the edit's transaction (after its owner check): `undefined`
 * leaves the poll as it is, a poll replaces it, `null` removes it; both refused once anyone
 * voted, and a poll is refused on a post with images.
 */
export async function editPollOf(
  tx: Store,
  postId: number,
  poll: PollInput | null | undefined,
  now: number,
): Promise<void> {
  if (poll === undefined) return
  if (poll && (await postHasImages(tx, postId))) {
    throw new HttpError('VALIDATION', POLL_MESSAGES.withImages)
  }
  await polls.replacePoll(tx, postId, poll, now)
}

/** Tells everyone who may see the post its poll's counts now (not who voted, nor for what). */
export async function publishPollCounts(live: Live, postId: number, authorId: number) {
  const poll = await pollsReads.getPoll(live.db, postId, null)
  live.hub.publish(
    'poll',
    {
      postId: String(postId),
      options: poll.options.map(({ id, votes }) => ({ id, votes })),
      voterCount: poll.voterCount,
      revision: poll.revision ?? 0,
    },
    await aboutWriting(live, authorId),
  )
}

/**
 * The actor votes for `optionId` in the poll of `postId`, or moves their vote there (the author
 * too): refused on a post of someone who blocked them or whom they blocked (BLOCKED), after the
 * end (POLL_ENDED) and for an option of another poll (VALIDATION). Answers the poll as the voter
 * now sees it; a vote for the option they already chose changes nothing and sends no event.
 */
export async function votePoll(
  live: Live,
  actor: Actor,
  postId: number,
  optionId: string,
  now = Date.now(),
): Promise<PostPoll> {
  // Option ids are whole numbers; any other text names no option of this poll.
  if (!/^[1-9]\d{0,15}$/.test(optionId)) {
    throw new HttpError('VALIDATION', POLL_MESSAGES.optionNotInPoll)
  }
  const { poll } = await commit(
    live,
    async (tx) => {
      // Locked: an edit of the poll at once waits, and the vote lands on the poll it checked.
      const post = await lockPost(tx, postId)
      await refuseInteraction(tx, actor.id, [post.authorId])
      const changed = await polls.castVote(tx, actor.id, post.id, Number(optionId), now)
      const poll = await pollsReads.getPoll(tx, post.id, actor.id, now)
      return { authorId: post.authorId, changed, poll }
    },
    ({ authorId, changed }) => (changed ? publishPollCounts(live, postId, authorId) : undefined),
    // The poll's totals are kept under the post's version (caches/read-cache.ts touchPosts).
    () => ({ posts: [postId], viewers: [actor.id] }),
  )
  return poll
}

/**
 * Tells the poll's author and voters that it ended, unless another instance claimed it first
 * (writes/poll-ends.ts tellPollEnded); answers whether this one told it.
 */
export function tellPollEnded(live: Live, postId: number, now = Date.now()): Promise<boolean> {
  return commit(live, (tx, changes) => pollEnds.tellPollEnded(tx, changes, postId, now))
}
