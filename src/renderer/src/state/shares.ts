/**
 * Reposts, quotes and emoji reactions (docs/API.md). The
 * repost and reaction buttons are toggles (toggles.ts): a click shows at once, clicks coalesce,
 * and the server's answer (the post, presented for the viewer) is stored as it comes. "X
 * reposted" belongs to the home feed only, so it is kept beside the posts, by post id, not in
 * them: the same post opened elsewhere shows no header.
 */
import { atom } from 'jotai'
import type { Getter, Setter } from 'jotai'
import type {
  LiveEventMap,
  Post,
  PostEmojiReactions,
  PostResponse,
} from '../../../shared/api-types'
import { compareReactions, type Reaction } from '../../../shared/reactions'
import * as api from '../api/shares'
import { notifyFailure, notifySuccess } from '../lib/notify'
import { relationsAtom } from './relations'
import { feedReasonsAtom } from './feed-reasons'
import { followingNamesAtom, userAtom } from './auth'
import {
  deletedPostIdsAtom,
  postListsAtom,
  postsByIdAtom,
  prependTo,
  setNewPosts,
  upsertPostsAtom,
} from './posts'
import { createToggle, intentOf, noteEchoAtom, withIntents } from './toggles'
import { COPY } from '../copy'

const NO_REACTIONS: PostEmojiReactions = { counts: [], mine: [] }

const repostKey = (postId: string) => `repost:${postId}`
const reactionPrefix = (postId: string) => `emoji:${postId}:`
const reactionKey = (postId: string, reaction: Reaction) => `${reactionPrefix(postId)}${reaction}`

/** Whether the viewer reposts a post, with a click being sent drawn over the server's word. */
export function shownReposted(get: Getter, post: Post): boolean {
  return intentOf<boolean>(get, repostKey(post._id)) ?? post.reposted ?? false
}

/** The post's repost count with the viewer's pending click drawn in. */
export function shownRepostCount(get: Getter, post: Post): number {
  const count = post.repostCount ?? 0
  const intent = intentOf<boolean>(get, repostKey(post._id))
  if (intent === undefined || intent === (post.reposted ?? false)) return count
  return Math.max(0, count + (intent ? 1 : -1))
}

/** The emoji reactions as the viewer should see them: with pending clicks drawn in. */
export function shownReactions(get: Getter, post: Post): PostEmojiReactions {
  const base = post.reactions ?? NO_REACTIONS
  const confirmed = new Set(base.mine)
  const mine = withIntents(get, confirmed, reactionPrefix(post._id))
  if (mine === confirmed) return base
  const counts = new Map(base.counts.map((c) => [c.reaction, c.count]))
  for (const reaction of new Set([...confirmed, ...mine])) {
    if (mine.has(reaction) === confirmed.has(reaction)) continue
    counts.set(reaction, Math.max(0, (counts.get(reaction) ?? 0) + (mine.has(reaction) ? 1 : -1)))
  }
  return {
    counts: [...counts]
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => compareReactions(a, b))
      .map(([reaction, count]) => ({ reaction, count })),
    mine: [...mine].sort(compareReactions),
  }
}

/** Stores an answer's post, keeping counts the live stream brought after it was sent. */
function acceptAnswer(get: Getter, set: Setter, post: Post, echoed: boolean) {
  const current = get(postsByIdAtom)[post._id]
  if (!echoed || !current) {
    set(upsertPostsAtom, [post])
    return
  }
  set(upsertPostsAtom, [
    {
      ...post,
      repostCount: current.repostCount,
      quoteCount: current.quoteCount,
      reactions: current.reactions && { ...current.reactions, mine: post.reactions?.mine ?? [] },
    },
  ])
}

export const repostToggleAtom = createToggle<string, boolean, PostResponse>({
  key: repostKey,
  confirmed: (get, postId) => get(postsByIdAtom)[postId]?.reposted ?? false,
  send: (postId, on) => api.setRepost(postId, on),
  accept: (get, set, { answer, echoed, value }) => {
    acceptAnswer(get, set, answer.post, echoed)
    notifySuccess(value ? COPY.shares.reposted : COPY.shares.repostUndone)
  },
  // The calls are idempotent: never refused as already done.
  already: () => {},
})

export const reactionToggleAtom = createToggle<
  { postId: string; reaction: Reaction },
  boolean,
  PostResponse
>({
  key: ({ postId, reaction }) => reactionKey(postId, reaction),
  confirmed: (get, { postId, reaction }) =>
    get(postsByIdAtom)[postId]?.reactions?.mine.includes(reaction) ?? false,
  send: ({ postId, reaction }, on) => api.setEmojiReaction(postId, reaction, on),
  accept: (get, set, { answer, echoed }) => acceptAnswer(get, set, answer.post, echoed),
  already: () => {},
})

/** Resolves to null once the quote is posted, else to the reason it was not. */
export const createQuoteAtom = atom(
  null,
  async (get, set, content: string, quoteOf: string): Promise<string | null> => {
    try {
      const { post } = await api.createQuote(content, quoteOf)
      set(upsertPostsAtom, [post])
      prependTo(get, set, ['feed', 'explore:recent', `user:${post.username}`], post._id)
      notifySuccess(COPY.shares.quoted)
      return null
    } catch (error) {
      return notifyFailure(error)
    }
  },
)

/**
 * A repost, its undo, a quote or a deleted quote (live): the counts move on every copy; a repost
 * by someone the viewer follows (or the viewer, elsewhere) brings the post into the home feed
 * behind the "new posts" pill, like a new post, with "X reposted".
 */
export const liveRepostAtom = atom(null, (get, set, event: LiveEventMap['repost']) => {
  const me = get(userAtom)
  const mine = me?._id === event.user._id
  const known = get(postsByIdAtom)[event.postId]
  if (known) {
    set(upsertPostsAtom, [
      { ...known, repostCount: event.repostCount, quoteCount: event.quoteCount },
    ])
  }
  if (mine && (event.action === 'repost' || event.action === 'undo')) {
    set(noteEchoAtom, repostKey(event.postId))
  }
  if (event.action !== 'repost' || !event.post || !me) return
  if (get(deletedPostIdsAtom).has(event.postId)) return
  const relations = get(relationsAtom)
  const author = event.post.author._id
  if (relations?.blocked.has(author) || relations?.muted.has(author)) return
  if (relations?.blocked.has(event.user._id) || relations?.muted.has(event.user._id)) return
  if (!mine && !get(followingNamesAtom).has(event.user.username)) return
  const feed = get(postListsAtom).feed
  if (!feed?.loaded) return
  if (!known) set(upsertPostsAtom, [event.post])
  const post = get(postsByIdAtom)[event.postId]
  const user = post?.author._id === event.user._id ? post.author : undefined
  set(feedReasonsAtom, {
    ...get(feedReasonsAtom),
    [event.postId]: {
      user: user ?? {
        _id: event.user._id,
        id: event.user._id,
        username: event.user.username,
        firstName: '',
        lastName: '',
        profileImg: '',
      },
      createdAt: new Date().toISOString(),
    },
  })
  if (mine || feed.ids.length === 0) {
    set(postListsAtom, {
      ...get(postListsAtom),
      feed: { ...feed, ids: [event.postId, ...feed.ids.filter((id) => id !== event.postId)] },
    })
    return
  }
  setNewPosts(get, set, 'feed', (waiting) => [
    event.postId,
    ...waiting.filter((id) => id !== event.postId),
  ])
})

/** Someone's emoji reaction came or went (live): the counts move; one's own is an echo. */
export const liveEmojiReactionAtom = atom(
  null,
  (get, set, event: LiveEventMap['emoji-reaction']) => {
    const post = get(postsByIdAtom)[event.postId]
    const mine = get(userAtom)?._id === event.user._id
    if (post) {
      const own = new Set(post.reactions?.mine ?? [])
      if (mine) {
        if (event.reacted) own.add(event.reaction)
        else own.delete(event.reaction)
      }
      set(upsertPostsAtom, [
        {
          ...post,
          reactions: {
            counts: event.counts,
            mine: [...own].sort(compareReactions),
          },
        },
      ])
    }
    if (mine) set(noteEchoAtom, reactionKey(event.postId, event.reaction))
  },
)
