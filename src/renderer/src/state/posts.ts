import { atom } from 'jotai'
import type { Atom, Getter, Setter } from 'jotai'
import type { Post, PostsPage } from '../../../shared/api-types'
import * as api from '../api/posts'
import { messageOf, notifyError, notifySuccess } from '../lib/notify'
import { bookmarkPost, listBookmarks, removeBookmark } from '../api/users'
import { bookmarkIdsAtom, patchUserAtom, userAtom, withBookmark } from './auth'
import { EMPTY_LIST, mergeIds } from './lists'
import type { ListState } from './lists'

/** Lists of posts: the home feed, explore (two sorts), a user's posts, bookmarks, a tag's posts. */
export type PostListKey =
  'feed' | 'explore:recent' | 'explore:likes' | 'bookmarks' | `user:${string}` | `tag:${string}`

/** Every post loaded, by id: lists hold ids, so a like patches one place and shows everywhere. */
export const postsByIdAtom = atom<Record<string, Post>>({})
export const postListsAtom = atom<Record<string, ListState>>({})
/**
 * Posts deleted in this session. Their ids stay in the lists, where a placeholder of the same
 * height stands in for them, so nothing on screen moves under the pointer.
 */
export const deletedPostIdsAtom = atom<ReadonlySet<string>>(new Set<string>())
/** Bumped whenever the viewer creates or deletes a post: profile pages refetch their counts. */
export const ownPostsChangedAtom = atom(0)
/** Loading status of single posts opened on /post/:postId. */
export const postStatusAtom = atom<Record<string, { loading: boolean; error: string | null }>>({})

export interface PostListView extends ListState {
  posts: Post[]
}

const listViews = new Map<string, Atom<PostListView>>()

/** A list with its posts resolved, for one key. */
export function postListAtom(key: PostListKey): Atom<PostListView> {
  let view = listViews.get(key)
  if (!view) {
    view = atom((get) => {
      const list = get(postListsAtom)[key] ?? EMPTY_LIST
      const byId = get(postsByIdAtom)
      const posts = list.ids.map((id) => byId[id]).filter((p): p is Post => Boolean(p))
      return { ...list, posts }
    })
    listViews.set(key, view)
  }
  return view
}

export function postAtom(postId: string): Atom<Post | undefined> {
  return atom((get) => get(postsByIdAtom)[postId])
}

async function fetchPage(key: PostListKey, cursor: string | null): Promise<PostsPage> {
  if (key === 'feed') return api.getFeed(cursor)
  if (key === 'explore:recent') return api.listPosts('recent', cursor)
  if (key === 'explore:likes') return api.listPosts('likes', cursor)
  if (key === 'bookmarks') {
    const page = await listBookmarks(cursor)
    return { posts: page.bookmarks, nextCursor: page.nextCursor }
  }
  if (key.startsWith('tag:')) return api.listTagPosts(key.slice('tag:'.length), cursor)
  return api.listUserPosts(key.slice('user:'.length), cursor)
}

/** Stores posts from the server; they win over what we had. */
export const upsertPostsAtom = atom(null, (get, set, posts: Post[]) => {
  if (posts.length === 0) return
  const next = { ...get(postsByIdAtom) }
  for (const post of posts) next[post._id] = post
  set(postsByIdAtom, next)
})

function setList(set: Setter, get: Getter, key: string, patch: (list: ListState) => ListState) {
  const lists = get(postListsAtom)
  set(postListsAtom, { ...lists, [key]: patch(lists[key] ?? EMPTY_LIST) })
}

/** Loads the first page (`reset`) or the next one. Keeps old items on screen while refreshing. */
export const loadPostListAtom = atom(
  null,
  async (get, set, key: PostListKey, options: { reset?: boolean } = {}) => {
    const current = get(postListsAtom)[key] ?? EMPTY_LIST
    if (current.status === 'loading') return
    if (!options.reset && current.loaded && current.nextCursor === null) return
    const cursor = options.reset ? null : current.nextCursor
    setList(set, get, key, (list) => ({ ...list, status: 'loading', error: null }))
    try {
      const page = await fetchPage(key, cursor)
      set(upsertPostsAtom, page.posts)
      const ids = page.posts.map((p) => p._id)
      setList(set, get, key, (list) => ({
        ids: options.reset || !list.loaded ? ids : mergeIds(list.ids, ids),
        nextCursor: page.nextCursor ?? null,
        status: 'ready',
        loaded: true,
        error: null,
      }))
    } catch (error) {
      setList(set, get, key, (list) => ({ ...list, status: 'error', error: messageOf(error) }))
    }
  },
)

export const loadPostAtom = atom(null, async (get, set, postId: string) => {
  set(postStatusAtom, { ...get(postStatusAtom), [postId]: { loading: true, error: null } })
  try {
    const { post } = await api.getPost(postId)
    set(upsertPostsAtom, [post])
    set(postStatusAtom, { ...get(postStatusAtom), [postId]: { loading: false, error: null } })
  } catch (error) {
    set(postStatusAtom, {
      ...get(postStatusAtom),
      [postId]: { loading: false, error: messageOf(error) },
    })
  }
})

/** Puts an id first in the lists it belongs to, if they are loaded. */
function prependTo(get: Getter, keys: string[], id: string) {
  const lists = { ...get(postListsAtom) }
  for (const key of keys) {
    const list = lists[key]
    if (list?.loaded) lists[key] = { ...list, ids: [id, ...list.ids.filter((x) => x !== id)] }
  }
  return lists
}

/** Resolves to null once the server accepted the post, else to the reason it did not. */
export const createPostAtom = atom(
  null,
  async (
    get,
    set,
    content: string,
    media: { id: string; alt: string }[] = [],
  ): Promise<string | null> => {
    try {
      const { post } = await api.createPost(content, media)
      set(upsertPostsAtom, [post])
      set(
        postListsAtom,
        prependTo(get, ['feed', 'explore:recent', `user:${post.username}`], post._id),
      )
      set(ownPostsChangedAtom, get(ownPostsChangedAtom) + 1)
      notifySuccess('Your post is live')
      return null
    } catch (error) {
      const message = messageOf(error)
      notifyError(message)
      return message
    }
  },
)

/** Resolves to null once the server accepted the edit, else to the reason it did not. */
export const editPostAtom = atom(
  null,
  async (_get, set, postId: string, content: string): Promise<string | null> => {
    try {
      const { post } = await api.editPost(postId, content)
      set(upsertPostsAtom, [post])
      return null
    } catch (error) {
      const message = messageOf(error)
      notifyError(message)
      return message
    }
  },
)

export const deletePostAtom = atom(null, async (get, set, postId: string) => {
  try {
    await api.deletePost(postId)
    set(deletedPostIdsAtom, new Set([...get(deletedPostIdsAtom), postId]))
    set(ownPostsChangedAtom, get(ownPostsChangedAtom) + 1)
    set(patchUserAtom, (user) => ({
      ...user,
      bookmarks: (user.bookmarks ?? []).filter((p) => p._id !== postId),
    }))
    notifySuccess('Your post has been deleted')
  } catch (error) {
    notifyError(messageOf(error))
  }
})

/** Liked means the viewer is in likedBy; a like on a liked post becomes a dislike. */
export function isLikedBy(post: Post, username: string | undefined): boolean {
  return Boolean(username) && post.likes.likedBy.some((r) => r.username === username)
}

export const toggleLikeAtom = atom(null, async (get, set, postId: string) => {
  const user = get(userAtom)
  const before = get(postsByIdAtom)[postId]
  if (!user || !before) return
  const liked = isLikedBy(before, user.username)
  const me = { _id: user._id, username: user.username }
  const optimistic: Post = liked
    ? {
        ...before,
        likes: {
          likeCount: Math.max(0, before.likes.likeCount - 1),
          likedBy: [],
          dislikedBy: [me],
        },
      }
    : {
        ...before,
        likes: { likeCount: before.likes.likeCount + 1, likedBy: [me], dislikedBy: [] },
      }
  set(upsertPostsAtom, [optimistic])
  try {
    const { post } = liked ? await api.dislikePost(postId) : await api.likePost(postId)
    set(upsertPostsAtom, [post])
  } catch (error) {
    set(upsertPostsAtom, [before])
    notifyError(messageOf(error))
  }
})

export const toggleBookmarkAtom = atom(null, async (get, set, postId: string) => {
  const post = get(postsByIdAtom)[postId]
  const userBefore = get(userAtom)
  if (!post || !userBefore) return
  const bookmarked = get(bookmarkIdsAtom).has(postId)
  set(userAtom, withBookmark(userBefore, post, !bookmarked))
  try {
    const { post: fresh } = bookmarked ? await removeBookmark(postId) : await bookmarkPost(postId)
    set(upsertPostsAtom, [fresh])
    set(patchUserAtom, (user) => withBookmark(user, fresh, !bookmarked))
    if (bookmarked) {
      setList(set, get, 'bookmarks', (list) => ({
        ...list,
        ids: list.ids.filter((id) => id !== postId),
      }))
    } else {
      set(postListsAtom, prependTo(get, ['bookmarks'], postId))
    }
  } catch (error) {
    set(userAtom, userBefore)
    notifyError(messageOf(error))
  }
})

/** Adjusts a post's comment count after a comment was added (+1) or deleted (-1). */
export const bumpCommentCountAtom = atom(null, (get, set, postId: string, delta: number) => {
  const post = get(postsByIdAtom)[postId]
  if (post) {
    set(upsertPostsAtom, [{ ...post, commentCount: Math.max(0, (post.commentCount ?? 0) + delta) }])
  }
})

export const resetPostsAtom = atom(null, (_get, set) => {
  set(postsByIdAtom, {})
  set(postListsAtom, {})
  set(postStatusAtom, {})
  set(deletedPostIdsAtom, new Set<string>())
})
