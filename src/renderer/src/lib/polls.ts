/** Pure helpers of polls in the renderer (docs/API.md "Polls"). */
import type { Post, PostPoll } from '../../../shared/api-types'

/** A post presented for nobody (a live event) keeps the viewer's own vote of the copy we had. */
export function keepOwnVote(current: Post | undefined, incoming: Post): Post {
  const own = current?.poll?.ownVote
  if (!own || !incoming.poll || incoming.poll.ownVote) return incoming
  return { ...incoming, poll: { ...incoming.poll, ownVote: own } }
}

/**
 * Whole percentages that add up to 100 (largest remainder), so "33 / 33 / 33" never shows for
 * three equal options: one gets 34. All 0 without votes.
 */
export function pollPercentages(votes: readonly number[]): number[] {
  const total = votes.reduce((sum, count) => sum + count, 0)
  if (total === 0) return votes.map(() => 0)
  const exact = votes.map((count) => (count * 100) / total)
  const floors = exact.map(Math.floor)
  let left = 100 - floors.reduce((sum, value) => sum + value, 0)
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    floors[index] = (floors[index] ?? 0) + 1
    left -= 1
  }
  return floors
}

/** Has the poll ended by `now` (the server's `ended`, or the clock since)? */
export function pollEnded(poll: PostPoll, now: number): boolean {
  return poll.ended || Date.parse(poll.endsAt) <= now
}

/**
 * Whether `incoming` counts are at least as new as those of `shown`. A server of issue 44 numbers
 * them (`revision`: one more per vote cast or changed, so equal totals can still be newer); from
 * an older one, where votes were final and only added up, fewer voters means older counts.
 */
export function countsAreNewer(
  shown: { voterCount: number; revision?: number },
  incoming: { voterCount: number; revision?: number },
): boolean {
  if (shown.revision !== undefined && incoming.revision !== undefined) {
    return incoming.revision >= shown.revision
  }
  return incoming.voterCount >= shown.voterCount
}

/** New counts from a live event, unless they are older than what is shown (countsAreNewer). */
export function withLiveCounts(
  poll: PostPoll,
  counts: {
    options: { id: string; votes: number }[]
    voterCount: number
    revision?: number
  },
): PostPoll {
  if (!countsAreNewer(poll, counts)) return poll
  const byId = new Map(counts.options.map((option) => [option.id, option.votes]))
  return {
    ...poll,
    voterCount: counts.voterCount,
    ...(counts.revision === undefined ? {} : { revision: counts.revision }),
    options: poll.options.map((option) => ({
      ...option,
      votes: byId.get(option.id) ?? option.votes,
    })),
  }
}
