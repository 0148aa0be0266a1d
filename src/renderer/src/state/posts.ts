import { atom } from 'jotai'
import type { Atom, Getter, Setter } from 'jotai'
import { atomFamily } from 'jotai-family'
import type { Post, PostLikes, PostResponse, PostsPage, Reactor } from '../../../shared/api-types'
import * as api from '../api/posts'
import { search } from '../api/search'
import { ApiError } from '../api/client'
import { messageOf, notifyError, notifyFailure, notifySuccess } from '../lib/notify'
import { bookmarkPost, listBookmarks, removeBookmark } from '../api/users'
import { bookmarkIdsAtom, patchUserAtom, userAtom, withBookmark } from './auth'
import { NOT_LOADED, hasFailed, needsPageLoad, retryWhenBack, runKeyedLoad } from './async'
import type { Loadable } from './async'
import { EMPTY_LIST, mergeIds, prependIds } from './lists'
import type { ListState } from './lists'
import { createToggle, intentOf, withIntents } from './toggles'
import { COPY, SPEC_TEXT } from '../copy'
import { keepOwnVote } from '../lib/polls'
import type { PollInput } from '../api/polls'
import { storeFeedReasonsAtom } from './feed-reasons'

/** Lists of posts: the home feed, explore (two sorts), a user's posts, bookmarks, a tag's posts. */
export type PostListKey =
  | 'feed'
  | 'explore:recent'
  | 'explore:likes'
  | 'bookmarks'
  | `user:${string}`
  | `tag:${string}`
  // Post search (routes/SearchPage.tsx): the query as typed, trimmed.
  | `search:${string}`

/**
 * Every post loaded, by id, as the server last said (answers and live events; never an
 * optimistic guess: toggles draw their intent over it, toggles.ts). Lists hold ids, so a like
 * patches one place and shows everywhere.
 */
export const postsByIdAtom = atom<Record<string, Post>>({})
export const postListsAtom = atom<Record<string, ListState>>({})
/**
 * New posts the live stream brought to a list someone may be reading (Home, Explore's recent, a
 * profile): they wait behind the "N new posts" pill instead of pushing the list down.
 */
export const newPostIdsAtom = atom<Record<string, string[]>>({})
/** The lists of everyone's posts that gather new ones behind a pill. */
export const PILL_LISTS: readonly PostListKey[] = ['feed', 'explore:recent']

/** Whether a list gathers new posts behind a pill: those above, and each user's own posts. */
export function gathersNewPosts(key: PostListKey): boolean {
  return PILL_LISTS.includes(key) || key.startsWith('user:')
}

/**
 * Posts deleted in this session. Their ids stay in the lists, where a placeholder of the same
 * height stands in for them, so nothing on screen moves under the pointer.
 */
export const deletedPostIdsAtom = atom<ReadonlySet<string>>(new Set<string>())
/** Bumped whenever the viewer creates or deletes a post: profile pages refetch their counts. */
export const ownPostsChangedAtom = atom(0)
/** Loading state of single posts opened on /post/:postId. */
export const postStatusAtom = atom<Record<string, Loadable>>({})

const likeKey = (postId: string) => `like:${postId}`

/** A post's likes with the viewer's own reaction, as a page answers them (the viewer alone). */
export function withOwnReaction(
  likeCount: number,
  viewer: Reactor,
  reaction: 'like' | 'dislike' | 'none',
): PostLikes {
  return {
    likeCount,
    likedBy: reaction === 'like' ? [viewer] : [],
    dislikedBy: reaction === 'dislike' ? [viewer] : [],
  }
}

/** A post as the viewer should see it: the server's, with a like the viewer is sending. */
function shownPost(get: Getter, post: Post): Post {
  const liked = intentOf<boolean>(get, likeKey(post._id))
  const me = get(userAtom)
  if (liked === undefined || !me || isLikedBy(post, me.username) === liked) return post
  const viewer: Reactor = { _id: me._id, username: me.username }
  const count = post.likes.likeCount
  return {
    ...post,
    likes: liked
      ? withOwnReaction(count + 1, viewer, 'like')
      : withOwnReaction(Math.max(0, count - 1), viewer, 'dislike'),
  }
}

export interface PostListView extends ListState {
  posts: Post[]
}

/**
 * A list with its posts resolved, for one key. The view atoms of keyed state are families from
 * jotai-family, the package jotai 2 points to since it deprecated `atomFamily` in jotai/utils.
 */
export const postListAtom = atomFamily((key: PostListKey) =>
  atom((get): PostListView => {
    const list = get(postListsAtom)[key] ?? EMPTY_LIST
    const byId = get(postsByIdAtom)
    const posts = list.ids
      .map((id) => byId[id])
      .filter((p): p is Post => Boolean(p))
      .map((post) => shownPost(get, post))
    return { ...list, posts }
  }),
)

export function postAtom(postId: string): Atom<Post | undefined> {
  return atom((get) => {
    const post = get(postsByIdAtom)[postId]
    return post && shownPost(get, post)
  })
}

/** How many new posts wait behind a list's pill. */
export const newPostCountAtom = atomFamily((key: PostListKey) =>
  atom((get) => get(newPostIdsAtom)[key]?.length ?? 0),
)

async function fetchPage(key: PostListKey, cursor: string | null): Promise<PostsPage> {
  if (key === 'feed') return api.getFeed(cursor)
  if (key === 'explore:recent') return api.listPosts('recent', cursor)
  if (key === 'explore:likes') return api.listPosts('likes', cursor)
  if (key === 'bookmarks') {
    const page = await listBookmarks(cursor)
    return { posts: page.bookmarks, nextCursor: page.nextCursor }
  }
  if (key.startsWith('tag:')) return api.listTagPosts(key.slice('tag:'.length), cursor)
  if (key.startsWith('search:')) {
    const answer = await search(key.slice('search:'.length), { type: 'posts', cursor })
    return { posts: answer.posts?.items ?? [], nextCursor: answer.posts?.nextCursor ?? null }
  }
  return api.listUserPosts(key.slice('user:'.length), cursor)
}

/** Stores posts from the server; they win over what we had. */
export const upsertPostsAtom = atom(null, (get, set, posts: Post[]) => {
  if (posts.length === 0) return
  const next = { ...get(postsByIdAtom) }
  for (const post of posts) next[post._id] = post
  set(postsByIdAtom, next)
})

export function setList(
  get: Getter,
  set: Setter,
  key: string,
  patch: (list: ListState) => ListState,
) {
  const lists = get(postListsAtom)
  set(postListsAtom, { ...lists, [key]: patch(lists[key] ?? EMPTY_LIST) })
}

/** Changes the ids waiting behind a list's pill. */
export function setNewPosts(
  get: Getter,
  set: Setter,
  key: string,
  patch: (ids: string[]) => string[],
) {
  const waiting = get(newPostIdsAtom)
  const ids = patch(waiting[key] ?? [])
  if (
    ids.length === (waiting[key]?.length ?? 0) &&
    ids.every((id, i) => id === waiting[key]?.[i])
  ) {
    return
  }
  set(newPostIdsAtom, { ...waiting, [key]: ids })
}

interface LoadOptions {
  /** Load the first page again rather than the next one. */
  reset?: boolean
  /** With `reset`: keep a first page younger than this many milliseconds (one loaded at start). */
  unlessNewerThanMs?: number
}

/** Loads the first page (`reset`) or the next one. Keeps old items on screen while refreshing. */
export const loadPostListAtom = atom(
  null,
  async (get, set, key: PostListKey, options: LoadOptions = {}) => {
    const current = get(postListsAtom)[key] ?? EMPTY_LIST
    if (!needsPageLoad(current, options.reset === true)) return
    if (
      options.reset &&
      options.unlessNewerThanMs !== undefined &&
      current.firstPageAt !== undefined &&
      Date.now() - current.firstPageAt < options.unlessNewerThanMs
    ) {
      return
    }
    const cursor = options.reset ? null : current.nextCursor
    await runKeyedLoad(
      get,
      set,
      { record: postListsAtom, key, empty: EMPTY_LIST },
      async () => {
        const page = await fetchPage(key, cursor)
        set(upsertPostsAtom, page.posts)
        if (key === 'feed') set(storeFeedReasonsAtom, page.posts)
        return page
      },
      (list, page) => {
        const ids = page.posts.map((p) => p._id)
        // A first page shows the new posts it holds: they no longer wait behind the pill.
        if (options.reset)
          setNewPosts(get, set, key, (waiting) => waiting.filter((id) => !ids.includes(id)))
        const firstPage = options.reset || !list.loaded
        return {
          ids: firstPage ? ids : mergeIds(list.ids, ids),
          nextCursor: page.nextCursor ?? null,
          firstPageAt: firstPage ? Date.now() : list.firstPageAt,
        }
      },
    )
  },
)

/**
 * Fetches a list's first page again without moving what is being read (after the live stream
 * could not replay what it missed): the posts shown get their current counts, and new ones wait
 * behind the pill where the list has one. Other lists simply load again.
 */
export const refreshPostListAtom = atom(null, async (get, set, key: PostListKey) => {
  const list = get(postListsAtom)[key]
  if (!list?.loaded || !gathersNewPosts(key)) {
    await set(loadPostListAtom, key, { reset: true })
    return
  }
  try {
    const page = await fetchPage(key, null)
    set(upsertPostsAtom, page.posts)
    if (key === 'feed') set(storeFeedReasonsAtom, page.posts)
    const shown = new Set(get(postListsAtom)[key]?.ids ?? [])
    const fresh = page.posts.map((p) => p._id).filter((id) => !shown.has(id))
    setNewPosts(get, set, key, (waiting) => mergeIds(fresh, waiting))
  } catch {
    // The list stays as it was; opening it again loads it afresh.
  }
})

/** The pill was clicked: the posts that waited go to the top of the list. */
export const showNewPostsAtom = atom(null, (get, set, key: PostListKey) => {
  const waiting = get(newPostIdsAtom)[key] ?? []
  if (waiting.length === 0) return
  setList(get, set, key, (list) => ({ ...list, ids: prependIds(list.ids, waiting) }))
  setNewPosts(get, set, key, () => [])
})

/**
 * Posts the server said are not available to the viewer (POST_UNAVAILABLE: a block
 * either way, a suspended author). Their page shows a placeholder and no comment box.
 */
export const unavailablePostIdsAtom = atom<ReadonlySet<string>>(new Set<string>())

const markUnavailable = (get: Getter, set: Setter, postId: string, unavailable: boolean) => {
  const ids = get(unavailablePostIdsAtom)
  if (ids.has(postId) === unavailable) return
  const next = new Set(ids)
  if (unavailable) next.add(postId)
  else next.delete(postId)
  set(unavailablePostIdsAtom, next)
}

export const loadPostAtom = atom(null, async (get, set, postId: string) => {
  await runKeyedLoad(
    get,
    set,
    { record: postStatusAtom, key: postId, empty: NOT_LOADED },
    async () => {
      try {
        const { post } = await api.getPost(postId)
        markUnavailable(get, set, postId, false)
        set(upsertPostsAtom, [post])
      } catch (error) {
        // Not a failure to retry: the answer is that this viewer may not see it.
        if (!(error instanceof ApiError && error.code === 'POST_UNAVAILABLE')) throw error
        markUnavailable(get, set, postId, true)
      }
    },
    () => ({}),
  )
})

retryWhenBack((get, set) => {
  for (const [key, list] of Object.entries(get(postListsAtom))) {
    if (hasFailed(list)) void set(loadPostListAtom, key as PostListKey, { reset: true })
  }
  for (const [postId, status] of Object.entries(get(postStatusAtom))) {
    if (hasFailed(status)) void set(loadPostAtom, postId)
  }
})

/** Puts an id first in the lists it belongs to, if they are loaded. */
export function prependTo(get: Getter, set: Setter, keys: string[], id: string) {
  const lists = { ...get(postListsAtom) }
  for (const key of keys) {
    const list = lists[key]
    if (list?.loaded) lists[key] = { ...list, ids: prependIds(list.ids, [id]) }
  }
  set(postListsAtom, lists)
}

/**
 * A post refused because media it names are gone (MEDIA_GONE): the composer marks them lost and
 * says which, by file name. `message` is the server's sentence, for when it cannot.
 */
export interface MediaGoneRefusal {
  message: string
  missingMedia: string[]
}

/**
 * Resolves to null once the server accepted the post, else to the reason it did not: a sentence
 * (also shown as a toast), or which media are gone (said by the composer, no toast).
 */
export const createPostAtom = atom(
  null,
  async (
    get,
    set,
    content: string,
    media: { id: string; alt: string }[] = [],
    poll?: PollInput,
  ): Promise<string | MediaGoneRefusal | null> => {
    try {
      const { post } = await api.createPost(content, media, poll)
      set(upsertPostsAtom, [post])
      // Shown at once where it belongs; the live stream's copy of it is not "new" (live/merge.ts).
      prependTo(get, set, ['feed', 'explore:recent', `user:${post.username}`], post._id)
      set(ownPostsChangedAtom, get(ownPostsChangedAtom) + 1)
      notifySuccess(COPY.toasts.postLive)
      return null
    } catch (error) {
      if (error instanceof ApiError && error.code === 'MEDIA_GONE' && error.missingMedia) {
        return { message: error.message, missingMedia: error.missingMedia }
      }
      return notifyFailure(error)
    }
  },
)

/** The viewer's own repost and reactions, kept over a copy presented for nobody (a live event). */
export function keepViewerShares(current: Post, incoming: Post): Partial<Post> {
  const kept: Partial<Post> = {}
  if (current.reposted !== undefined) kept.reposted = current.reposted
  if (incoming.reactions) {
    kept.reactions = { ...incoming.reactions, mine: current.reactions?.mine ?? [] }
  }
  return kept
}

/**
 * A post from the server over the one we had: the viewer's own reaction stays when the new copy
 * is presented for nobody (live events, docs/API.md "Live events").
 */
export function mergePost(current: Post | undefined, incoming: Post, forNobody: boolean): Post {
  if (!current || !forNobody) return incoming
  const { likedBy, dislikedBy } = current.likes
  // threads: an event's count is nobody's; the viewer's own stays (docs/API.md, "Threads")
  const commentCount = current.commentCount ?? incoming.commentCount
  const merged = {
    ...incoming,
    commentCount,
    likes: { ...incoming.likes, likedBy, dislikedBy },
    // The viewer's repost and emoji reactions stay too.
    ...keepViewerShares(current, incoming),
  }
  // The viewer's own vote in a poll stays too (docs/API.md "Polls").
  return keepOwnVote(current, merged)
}

/** Resolves to null once the server accepted the edit, else to the reason it did not. */
export const editPostAtom = atom(
  null,
  async (
    _get,
    set,
    postId: string,
    content: string,
    poll?: PollInput | null,
  ): Promise<string | null> => {
    try {
      const { post } = await api.editPost(postId, content, poll)
      set(upsertPostsAtom, [post])
      return null
    } catch (error) {
      return notifyFailure(error)
    }
  },
)

/** Marks a post deleted everywhere: its placeholder stays in lists, it leaves the pills. */
export const markPostDeletedAtom = atom(null, (get, set, postId: string) => {
  if (!get(deletedPostIdsAtom).has(postId)) {
    set(deletedPostIdsAtom, new Set([...get(deletedPostIdsAtom), postId]))
  }
  for (const key of Object.keys(get(newPostIdsAtom))) {
    setNewPosts(get, set, key, (waiting) => waiting.filter((id) => id !== postId))
  }
  if (get(bookmarkIdsAtom).has(postId)) {
    set(patchUserAtom, (user) => ({
      ...user,
      bookmarks: (user.bookmarks ?? []).filter((p) => p._id !== postId),
    }))
  }
})

export const deletePostAtom = atom(null, async (get, set, postId: string) => {
  try {
    await api.deletePost(postId)
    set(markPostDeletedAtom, postId)
    set(ownPostsChangedAtom, get(ownPostsChangedAtom) + 1)
    notifySuccess(SPEC_TEXT.postDeleted)
  } catch (error) {
    notifyError(messageOf(error))
  }
})

/** Liked means the viewer is in likedBy; a like on a liked post becomes a dislike. */
export function isLikedBy(post: Post | undefined, username: string | undefined): boolean {
  return (
    Boolean(post && username) && Boolean(post?.likes.likedBy.some((r) => r.username === username))
  )
}

/** Like (true) or dislike (false): the server's like and dislike calls (docs/API.md). */
export const likeToggleAtom = createToggle<string, boolean, PostResponse>({
  key: likeKey,
  confirmed: (get, postId) => isLikedBy(get(postsByIdAtom)[postId], get(userAtom)?.username),
  send: (postId, liked) => (liked ? api.likePost(postId) : api.dislikePost(postId)),
  accept: (get, set, { answer: { post }, echoed }) => {
    const current = get(postsByIdAtom)[post._id]
    // The stream already told this like and what came after it: its counts are the fresher.
    const fresh =
      echoed && current
        ? { ...current, likes: { ...post.likes, likeCount: current.likes.likeCount } }
        : post
    set(upsertPostsAtom, [fresh])
  },
  already: (get, set, { target: postId, value: liked }) => {
    const post = get(postsByIdAtom)[postId]
    const me = get(userAtom)
    if (!post || !me) return
    // The viewer's reaction shows at once; the count moved on the device that reacted, so the
    // post is read again for it, unless the viewer changed their reaction in the meantime.
    const viewer: Reactor = { _id: me._id, username: me.username }
    const likes = withOwnReaction(post.likes.likeCount, viewer, liked ? 'like' : 'dislike')
    set(upsertPostsAtom, [{ ...post, likes }])
    void api
      .getPost(postId)
      .then(({ post: fresh }) => {
        const stillSo = isLikedBy(get(postsByIdAtom)[postId], me.username) === liked
        if (stillSo && isLikedBy(fresh, me.username) === liked) set(upsertPostsAtom, [fresh])
      })
      .catch(() => undefined)
  },
})

/** The like button: flips what it shows now. */
export const toggleLikeAtom = atom(null, async (get, set, postId: string) => {
  if (!get(userAtom) || !get(postsByIdAtom)[postId]) return
  await set(likeToggleAtom, postId, (liked) => !liked)
})

/** Ids of the posts bookmarked, with the bookmarks being sent drawn over the server's. */
export const shownBookmarkIdsAtom = atom((get) =>
  withIntents(get, get(bookmarkIdsAtom), 'bookmark:'),
)

/**
 * Stores the server's word that the viewer bookmarked `post` (or took it back): their bookmarks
 * and the Saved Posts list, from an answer, an ALREADY_DONE refusal or the live stream (another
 * device of theirs). Only the bookmark is news: a copy of the post already loaded keeps its
 * counts, the freshest the store has.
 */
export const storeBookmarkAtom = atom(null, (get, set, post: Post, bookmarked: boolean) => {
  if (!get(postsByIdAtom)[post._id]) set(upsertPostsAtom, [post])
  const stored = get(postsByIdAtom)[post._id] ?? post
  set(patchUserAtom, (user) => withBookmark(user, stored, bookmarked))
  if (bookmarked) prependTo(get, set, ['bookmarks'], post._id)
  else
    setList(get, set, 'bookmarks', (list) => ({
      ...list,
      ids: list.ids.filter((id) => id !== post._id),
    }))
})

export const bookmarkToggleAtom = createToggle<string, boolean, PostResponse>({
  key: (postId) => `bookmark:${postId}`,
  confirmed: (get, postId) => get(bookmarkIdsAtom).has(postId),
  send: (postId, on) => (on ? bookmarkPost(postId) : removeBookmark(postId)),
  accept: (_get, set, { value: on, answer }) => set(storeBookmarkAtom, answer.post, on),
  already: (get, set, { target: postId, value: on }) => {
    const post = get(postsByIdAtom)[postId]
    if (post) set(storeBookmarkAtom, post, on)
  },
})

export const toggleBookmarkAtom = atom(null, async (get, set, postId: string) => {
  if (!get(userAtom) || !get(postsByIdAtom)[postId]) return
  await set(bookmarkToggleAtom, postId, (on) => !on)
})

/**
 * A post's comment count after a comment was added (+1) or deleted (-1) by this viewer, unless
 * the live stream already brought the count with the change (`echoed`).
 */
export const bumpCommentCountAtom = atom(
  null,
  (get, set, postId: string, delta: number, echoed = false) => {
    const post = get(postsByIdAtom)[postId]
    if (post && !echoed) {
      set(upsertPostsAtom, [
        { ...post, commentCount: Math.max(0, (post.commentCount ?? 0) + delta) },
      ])
    }
  },
)

/** Sets a post's comment count to the server's (from a live event). */
export const setCommentCountAtom = atom(null, (get, set, postId: string, commentCount: number) => {
  const post = get(postsByIdAtom)[postId]
  if (post && post.commentCount !== commentCount) set(upsertPostsAtom, [{ ...post, commentCount }])
})

export const resetPostsAtom = atom(null, (_get, set) => {
  set(postsByIdAtom, {})
  set(postListsAtom, {})
  set(newPostIdsAtom, {})
  set(postStatusAtom, {})
  set(deletedPostIdsAtom, new Set<string>())
})
