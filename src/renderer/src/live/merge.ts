/**
 * Where the server's live events land in the renderer's store (docs/API.md "Live events"). Every
 * event carries the server's current counts, so each one sets them rather than adding to them:
 * one's own actions never count twice, whichever of the stream and the request's answer arrives
 * first. One's own events are noted as echoes (state/toggles.ts), so an answer that arrives after
 * its echo does not put older counts back.
 */
import { atom } from 'jotai'
import type { Getter, Setter, createStore } from 'jotai'
import type {
  Comment,
  FollowCounts,
  LiveEventMap,
  Post,
  User,
  UserSummary,
} from '../../../shared/api-types'
import { refreshSessionAtom, storeRelationsAtom } from '../state/account'
import { relationsAtom } from '../state/relations'
import { followingNamesAtom, patchUserAtom, toSummary, userAtom } from '../state/auth'
import {
  commentEchoKey,
  commentGoneEchoKey,
  applyCommentDeletion,
  commentListsAtom,
  deletionShown,
  putComment,
  holdReply,
  dropHeldReply,
  updateComments,
  withOwnVote,
} from '../state/comments'
import { liveResyncAtom } from './status'
import { livePollAtom } from '../state/polls'
import {
  PILL_LISTS,
  bumpCommentCountAtom,
  deletedPostIdsAtom,
  markPostDeletedAtom,
  mergePost,
  postListsAtom,
  postsByIdAtom,
  prependTo,
  type PostListKey,
  setCommentCountAtom,
  setNewPosts,
  storeBookmarkAtom,
  upsertPostsAtom,
  withOwnReaction,
} from '../state/posts'
import { noteEchoAtom } from '../state/toggles'
import { liveEmojiReactionAtom, liveRepostAtom } from '../state/shares'
import { patchProfile, profilesAtom, refreshAuthor, suggestionsAtom } from '../state/users'
import { applyLiveEvents } from './bus'

/**
 * Sets (never adds to) the post count of every loaded profile of the author, and the session
 * user's own: an event told twice, or one's own post seen through the stream and the request's
 * answer, counts once.
 */
function setAuthorPostCount(get: Getter, set: Setter, authorId: string, postCount: number) {
  const withCount = (user: User) => (user.postCount === postCount ? user : { ...user, postCount })
  for (const [username, profile] of Object.entries(get(profilesAtom))) {
    if (profile.user?._id === authorId) patchProfile(get, set, username, withCount)
  }
  if (get(userAtom)?._id === authorId) set(patchUserAtom, withCount)
}

/**
 * A new post goes behind the pills of the lists it belongs to (Home, Explore's recent, its
 * author's profile); an edit is patched in place.
 */
export const livePostAtom = atom(
  null,
  (get, set, { post, authorPostCount }: LiveEventMap['post']) => {
    setAuthorPostCount(get, set, post.author._id, authorPostCount)
    showLivePost(get, set, post)
  },
)

function showLivePost(get: Getter, set: Setter, post: Post): void {
  const me = get(userAtom)
  if (!me) return
  const known = get(postsByIdAtom)[post._id]
  if (known) {
    set(upsertPostsAtom, [mergePost(known, post, true)])
    // An edit changes only the copy shown. A new post told again (a replay from a read older
    // than the stream, live/marks.ts) may find a list that loaded after it was first told, such
    // as Home opened from the author's profile: there it waits behind the pill like any other.
    if (post.editedAt !== null || post.username === me.username) return
  }
  // An edit of a post this viewer never loaded: nothing shows it.
  if (post.editedAt !== null || get(deletedPostIdsAtom).has(post._id)) return
  const relations = get(relationsAtom)
  if (relations?.blocked.has(post.author._id)) return
  if (post.username === me.username) {
    // One's own post (from this window's request, or another window): shown at once, never "new".
    set(upsertPostsAtom, [post])
    prependTo(get, set, [...PILL_LISTS, `user:${me.username}`], post._id)
    return
  }
  const lists = get(postListsAtom)
  const muted = relations?.muted.has(post.author._id) ?? false
  const followed = get(followingNamesAtom).has(post.username)
  // Home only if followed, Explore's recent always, the author's profile always; a muted
  // author's only on their profile (the server no longer sends those, an older one may).
  const candidates: PostListKey[] = muted
    ? [`user:${post.username}`]
    : [...PILL_LISTS, `user:${post.username}`]
  const into = candidates.filter(
    (key) =>
      lists[key]?.loaded && (key !== 'feed' || followed) && !lists[key]?.ids.includes(post._id),
  )
  if (into.length === 0) return
  if (!known) set(upsertPostsAtom, [post])
  for (const key of into) {
    // An empty list is not being read: the post simply shows.
    if (lists[key]?.ids.length === 0) prependTo(get, set, [key], post._id)
    else
      setNewPosts(get, set, key, (waiting) => [
        post._id,
        ...waiting.filter((id) => id !== post._id),
      ])
  }
}

export const livePostDeletedAtom = atom(
  null,
  (get, set, { postId, authorId, authorPostCount }: LiveEventMap['post-deleted']) => {
    setAuthorPostCount(get, set, authorId, authorPostCount)
    set(markPostDeletedAtom, postId)
  },
)

export const liveReactionAtom = atom(
  null,
  (get, set, { postId, likeCount, user, reaction }: LiveEventMap['reaction']) => {
    const mine = get(userAtom)?._id === user._id
    const post = get(postsByIdAtom)[postId]
    if (post) {
      const likes = mine ? withOwnReaction(likeCount, user, reaction) : { ...post.likes, likeCount }
      set(upsertPostsAtom, [{ ...post, likes }])
    }
    if (mine) set(noteEchoAtom, `like:${postId}`)
  },
)

/** The viewer's own votes and reactions stay on a comment presented for nobody. */
function keepViewerVotes(current: Comment | undefined, incoming: Comment): Comment {
  if (!current) return incoming
  const { upvotedBy, downvotedBy } = current.votes
  return { ...incoming, votes: { ...incoming.votes, upvotedBy, downvotedBy } }
}

export const liveCommentAtom = atom(
  null,
  (get, set, { comment, commentCount, created }: LiveEventMap['comment']) => {
    const list = get(commentListsAtom)[comment.postId]
    const relations = get(relationsAtom)
    const hidden =
      relations?.blocked.has(comment.author._id) || relations?.muted.has(comment.author._id)
    const known = list?.items.find((c) => c._id === comment._id)
    // threads: a reply shows in its thread only when the thread is here
    const rootId = comment.parentId ?? null
    const threadHere = rootId === null || list?.items.some((c) => c._id === rootId) === true
    if (list?.loaded && !hidden && threadHere) {
      updateComments(get, set, comment.postId, (current) =>
        putComment(current, keepViewerVotes(known, comment)),
      )
    } else if (list?.loaded && !hidden && created === true) {
      // threads (leftovers): a new reply to a thread not loaded yet waits for it (adoptReplies).
      updateComments(get, set, comment.postId, (current) => holdReply(current, comment))
    }
    if (created === undefined) set(setCommentCountAtom, comment.postId, commentCount)
    // threads: the event reaches only those who see the comment (docs/API.md, "Threads"): one
    // more for the viewer, unless their own request already counted it.
    else if (created && !known) set(bumpCommentCountAtom, comment.postId, 1)
    set(noteEchoAtom, commentEchoKey(comment._id))
  },
)

export const liveCommentDeletedAtom = atom(
  null,
  (get, set, event: LiveEventMap['comment-deleted']) => {
    const { postId, commentId, commentCount, countDelta, placeholder = false } = event
    const list = get(commentListsAtom)[postId]
    const shown = deletionShown(list, commentId)
    if (list?.items.some((c) => c._id === commentId)) {
      updateComments(get, set, postId, (current) =>
        applyCommentDeletion(current, commentId, placeholder),
      )
    } else if (list?.pendingReplies?.some((c) => c._id === commentId)) {
      updateComments(get, set, postId, (current) => dropHeldReply(current, commentId))
    }
    if (countDelta === undefined) set(setCommentCountAtom, postId, commentCount)
    // threads: what the viewer's own count loses, unless their own delete took it off already
    else if (!shown && countDelta !== 0) set(bumpCommentCountAtom, postId, countDelta)
    set(noteEchoAtom, commentGoneEchoKey(commentId))
  },
)

export const liveVoteAtom = atom(null, (get, set, event: LiveEventMap['vote']) => {
  const { postId, commentId, upvoteCount, downvoteCount, user, vote } = event
  const mine = get(userAtom)?._id === user._id
  const comment = get(commentListsAtom)[postId]?.items.find((c) => c._id === commentId)
  if (comment) {
    const votes = mine
      ? withOwnVote({ upvoteCount, downvoteCount }, user, vote)
      : { ...comment.votes, upvoteCount, downvoteCount }
    updateComments(get, set, postId, (list) => ({
      ...list,
      items: list.items.map((c) => (c._id === commentId ? { ...c, votes } : c)),
    }))
  }
  if (mine) set(noteEchoAtom, `vote:${commentId}`)
})

/** What the store knows of someone, for a follower or followee list: at least the username. */
function summaryOf(get: Getter, who: { _id: string; username: string }): UserSummary {
  const known =
    get(profilesAtom)[who.username]?.user ??
    get(suggestionsAtom).users.find((u) => u.username === who.username) ??
    Object.values(get(postsByIdAtom)).find((p) => p.username === who.username)?.author
  if (known) return toSummary(known)
  return {
    _id: who._id,
    id: who._id,
    username: who.username,
    firstName: '',
    lastName: '',
    profileImg: '',
  }
}

/** One side of a follow: its counts, and the other side in or out of its list. */
function followSide(
  user: User,
  counts: FollowCounts,
  list: 'followers' | 'following',
  other: UserSummary,
  following: boolean,
): User {
  const rest = user[list].filter((u) => u.username !== other.username)
  return {
    ...user,
    followerCount: counts.followerCount,
    followingCount: counts.followingCount,
    [list]: following ? [...rest, other] : rest,
  }
}

export const liveFollowAtom = atom(
  null,
  (get, set, { follower, followee, following }: LiveEventMap['follow']) => {
    const me = get(userAtom)
    const followerSummary = summaryOf(get, follower)
    const followeeSummary = summaryOf(get, followee)
    const sides = [
      { counts: follower, list: 'following', other: followeeSummary },
      { counts: followee, list: 'followers', other: followerSummary },
    ] as const
    for (const { counts, list, other } of sides) {
      const patch = (user: User) => followSide(user, counts, list, other, following)
      if (me?._id === counts._id) set(patchUserAtom, patch)
      patchProfile(get, set, counts.username, patch)
    }
    const suggestions = get(suggestionsAtom)
    if (suggestions.users.some((u) => u._id === follower._id || u._id === followee._id)) {
      const byId = new Map([follower, followee].map((c) => [c._id, c]))
      set(suggestionsAtom, {
        ...suggestions,
        users: suggestions.users.map((u) => {
          const counts = byId.get(u._id)
          return counts
            ? { ...u, followerCount: counts.followerCount, followingCount: counts.followingCount }
            : u
        }),
      })
    }
    if (me?._id === follower._id) set(noteEchoAtom, `follow:${followee.username}`)
  },
)

function patchCommentAuthors(get: Getter, set: Setter, author: UserSummary) {
  const lists = get(commentListsAtom)
  let changed = false
  const next = { ...lists }
  for (const [postId, list] of Object.entries(lists)) {
    if (!list.items.some((c) => c.username === author.username)) continue
    changed = true
    next[postId] = {
      ...list,
      items: list.items.map((c) => (c.username === author.username ? { ...c, author } : c)),
    }
  }
  if (changed) set(commentListsAtom, next)
}

/** A profile edit: the profile, the author of their posts and comments, suggestions, oneself. */
export const liveUserAtom = atom(null, (get, set, { user }: LiveEventMap['user']) => {
  const { firstName, lastName, bio, profileImg } = user
  const edit = { firstName, lastName, bio, profileImg }
  patchProfile(get, set, user.username, (profile) => ({ ...profile, ...edit }))
  if (get(userAtom)?._id === user._id) set(patchUserAtom, (me) => ({ ...me, ...edit }))
  const posts = get(postsByIdAtom)
  if (Object.values(posts).some((p: Post) => p.username === user.username)) {
    set(postsByIdAtom, refreshAuthor(posts, user))
  }
  patchCommentAuthors(get, set, toSummary(user))
  const suggestions = get(suggestionsAtom)
  if (suggestions.users.some((u) => u._id === user._id)) {
    set(suggestionsAtom, {
      ...suggestions,
      users: suggestions.users.map((u) => (u._id === user._id ? user : u)),
    })
  }
})

/** One's own bookmark or its removal, on this device or another (docs/API.md "Live events"). */
export const liveBookmarkAtom = atom(
  null,
  (_get, set, { post, bookmarked }: LiveEventMap['bookmark']) =>
    set(storeBookmarkAtom, post, bookmarked),
)

export const liveResetAtom = atom(null, (get, set) => set(liveResyncAtom, get(liveResyncAtom) + 1))

/** Applies the live events of the store-wide state to `store` (bus.ts); the answer unsubscribes. */
export function connectLiveState(store: ReturnType<typeof createStore>): () => void {
  return applyLiveEvents(store, {
    post: livePostAtom,
    'post-deleted': livePostDeletedAtom,
    reaction: liveReactionAtom,
    poll: livePollAtom,
    comment: liveCommentAtom,
    'comment-deleted': liveCommentDeletedAtom,
    vote: liveVoteAtom,
    follow: liveFollowAtom,
    user: liveUserAtom,
    bookmark: liveBookmarkAtom,
    relations: storeRelationsAtom,
    // Reposts, quotes and emoji reactions (state/shares.ts).
    repost: liveRepostAtom,
    'emoji-reaction': liveEmojiReactionAtom,
    reset: liveResetAtom,
    // Each (re)connection, the first included: what changed while this one was not listening
    // (another device, a stored user from an earlier visit) comes from the server.
    ready: refreshSessionAtom,
  })
}
