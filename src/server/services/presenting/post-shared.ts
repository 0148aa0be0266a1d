/**
 * What presenting a page of posts reads besides the rows (services/README.md):
 *
 * - the **shared** state of each post, the same for every viewer (its poll's options, totals and
 *   end; its emoji counts), kept by the read cache per post id and dropped by any event naming
 *   the post (a vote's `poll`, an `emoji-reaction`, a `post` edit), or when an account ends
 *   (read-cache.ts forgetSessionsOf); two queries for the posts not kept;
 * - the **viewer's own** state (their like or dislike, their repost, their emoji reactions, their
 *   poll vote), kept per viewer and post (caches/viewer-states.ts) and changed by what
 *   the viewer's own commands say they touched; one query for the posts not kept.
 */
import { answerChangesAt } from '../../caches/answer-life'
import type { PostPoll, ReactionCount } from '../../../shared/api-types'
import { compareReactions, type Reaction } from '../../../shared/reactions'
import type { Store } from '../../db/store'
import { emojiCounts } from '../reads/emoji-reactions'
import { type PostShared } from '../../caches/read-cache'
import { readCacheOf, touchedCacheOf } from '../../caches/store-caches'
import { NO_STATE, type OwnState } from '../../caches/viewer-states'
import { formatTimestamp } from './time'

interface PollOptionRow {
  postId: number
  optionId: number
  text: string
  endsAt: number
  revision: number
  votes: number
}

/** The shared state of these posts: those kept, the rest in two queries, then kept. */
export async function loadPostShared(
  db: Store,
  postIds: readonly number[],
): Promise<Map<number, PostShared>> {
  const cache = readCacheOf(db)
  const found = new Map<number, PostShared>()
  const missing: number[] = []
  for (const id of new Set(postIds)) {
    const kept = cache?.postShared.get(id)
    if (kept) found.set(id, kept)
    else missing.push(id)
  }
  if (missing.length === 0) return found
  const generation = cache?.generation ?? 0
  const rows = await db.all<PollOptionRow>(
    `SELECT o.post_id AS "postId", o.id AS "optionId", o.text AS text, p.ends_at AS "endsAt",
       p.revision AS revision,
       (SELECT COUNT(*) FROM poll_votes v WHERE v.option_id = o.id) AS votes
     FROM poll_options o JOIN polls p ON p.post_id = o.post_id
     WHERE o.post_id IN ${db.sql.idSet}
     ORDER BY o.post_id, o.position`,
    db.sql.ids(missing),
  )
  const counts = await emojiCounts(db, missing)
  const polls = new Map<number, NonNullable<PostShared['poll']>>()
  for (const row of rows) {
    const postId = Number(row.postId)
    let poll = polls.get(postId)
    if (!poll) {
      poll = { endsAt: Number(row.endsAt), revision: Number(row.revision), options: [] }
      polls.set(postId, poll)
    }
    poll.options.push({ id: String(row.optionId), text: row.text, votes: Number(row.votes) })
  }
  const keep = cache?.keeps(generation) === true
  for (const id of missing) {
    const shared: PostShared = { poll: polls.get(id) ?? null, emoji: counts.get(id) ?? [] }
    found.set(id, shared)
    if (keep) cache?.postShared.set(id, shared)
  }
  return found
}

/** A post's poll as the viewer sees it (polls.ts loadPolls: the same shape, key for key). */
export function viewerPoll(
  shared: PostShared | undefined,
  ownVote: string | undefined,
  now = Date.now(),
): PostPoll | null {
  const poll = shared?.poll
  if (!poll) return null
  // A kept answer showing this poll open must not outlive its end.
  if (now < poll.endsAt) answerChangesAt(poll.endsAt)
  let voterCount = 0
  for (const option of poll.options) voterCount += option.votes
  return {
    options: poll.options.map((option) => ({ ...option })),
    endsAt: formatTimestamp(poll.endsAt),
    ended: now >= poll.endsAt,
    voterCount,
    ownVote: ownVote ?? null,
    revision: poll.revision,
  }
}

/** The emoji counts kept for a post, as ReactionCount (emoji-reactions.ts emojiCounts). */
export function sharedEmoji(shared: PostShared | undefined): ReactionCount[] {
  return (shared?.emoji ?? []) as ReactionCount[]
}

/** The viewer's own state of each post of a page. */
export interface ViewerState {
  /** Their like or dislike, with their username as stored (for the reactor lists). */
  reactions: Map<number, { kind: string; username: string }>
  reposted: Set<number>
  emoji: Map<number, Reaction[]>
  pollVotes: Map<number, string>
}

const EMPTY_STATE: ViewerState = {
  reactions: new Map(),
  reposted: new Set(),
  emoji: new Map(),
  pollVotes: new Map(),
}

/**
 * The viewer's own state of these posts: those kept (caches/viewer-states.ts), the rest
 * in one query, then kept. None for a reader without a token.
 */
export async function loadViewerState(
  db: Store,
  postIds: readonly number[],
  viewerId: number | null,
): Promise<ViewerState> {
  if (viewerId === null || postIds.length === 0) return EMPTY_STATE
  const kept = touchedCacheOf(db)?.viewerStates
  const states = new Map<number, OwnState>()
  const missing: number[] = []
  for (const postId of new Set(postIds)) {
    const state = kept?.get(viewerId, postId)
    if (state) states.set(postId, state)
    else missing.push(postId)
  }
  if (missing.length > 0) {
    const versions = new Map(missing.map((id) => [id, kept?.versionsOf(viewerId, id)] as const))
    const read = await readOwnStates(db, missing, viewerId)
    for (const postId of missing) {
      const state = read.get(postId) ?? NO_STATE
      states.set(postId, state)
      const noted = versions.get(postId)
      if (noted) kept?.keep(viewerId, postId, state, noted)
    }
  }
  const state: ViewerState = {
    reactions: new Map(),
    reposted: new Set(),
    emoji: new Map(),
    pollVotes: new Map(),
  }
  for (const [postId, own] of states) {
    if (own.reaction) state.reactions.set(postId, own.reaction)
    if (own.reposted) state.reposted.add(postId)
    if (own.emoji.length > 0) state.emoji.set(postId, own.emoji)
    if (own.vote !== null) state.pollVotes.set(postId, own.vote)
  }
  return state
}

/** The viewer's own state of these posts, by post, in one query (posts with none left out). */
export async function readOwnStates(
  db: Store,
  postIds: readonly number[],
  viewerId: number,
): Promise<Map<number, OwnState>> {
  const ids = db.sql.ids([...postIds])
  const rows = await db.all<{
    k: string
    postId: number
    v: string | null
    username: string | null
  }>(
    `SELECT 'r' AS k, r.post_id AS "postId", r.kind AS v, u.username AS username
       FROM post_reactions r JOIN users u ON u.id = r.user_id
       WHERE r.user_id = ? AND r.post_id IN ${db.sql.idSet}
     UNION ALL SELECT 'p', post_id, NULL, NULL FROM reposts
       WHERE user_id = ? AND post_id IN ${db.sql.idSet}
     UNION ALL SELECT 'e', post_id, reaction, NULL FROM post_emoji_reactions
       WHERE user_id = ? AND post_id IN ${db.sql.idSet}
     UNION ALL SELECT 'v', post_id, CAST(option_id AS TEXT), NULL FROM poll_votes
       WHERE user_id = ? AND post_id IN ${db.sql.idSet}`,
    viewerId,
    ids,
    viewerId,
    ids,
    viewerId,
    ids,
    viewerId,
    ids,
  )
  const states = new Map<number, OwnState>()
  const ownEmoji = new Map<number, Set<string>>()
  const of = (postId: number) => {
    let state = states.get(postId)
    if (!state) {
      state = { reaction: null, reposted: false, emoji: [], vote: null }
      states.set(postId, state)
    }
    return state
  }
  for (const row of rows) {
    const postId = Number(row.postId)
    if (row.k === 'r') of(postId).reaction = { kind: row.v ?? '', username: row.username ?? '' }
    else if (row.k === 'p') of(postId).reposted = true
    else if (row.k === 'e') {
      of(postId)
      const own = ownEmoji.get(postId) ?? new Set<string>()
      own.add(row.v ?? '')
      ownEmoji.set(postId, own)
    } else if (row.k === 'v' && row.v !== null) of(postId).vote = row.v
  }
  for (const [postId, own] of ownEmoji) {
    of(postId).emoji = [...own].sort(compareReactions)
  }
  return states
}
