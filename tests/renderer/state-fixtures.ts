/**
 * Shared pieces of the renderer's state tests: a signed-in store, the server's answers, and
 * deferred promises that let a test decide when an API call answers.
 */
import { createStore } from 'jotai'
import type { Comment, Post, User, UserSummary } from '../../src/shared/api-types'
import type { ConversationMessage } from '../../src/shared/conversation-types'
import { setSessionAtom } from '../../src/renderer/src/state/auth'
import { postListsAtom, upsertPostsAtom } from '../../src/renderer/src/state/posts'
import { EMPTY_LIST } from '../../src/renderer/src/state/lists'
import { newUserLists } from '../helpers/answers'
import { postOf, summaryOf } from './answer-fixtures'

export type Store = ReturnType<typeof createStore>

export function summary(username: string, id: string): UserSummary {
  return summaryOf(username, id, { firstName: '', lastName: '', profileImg: '' })
}

export const ME = summary('viewer', '1')
export const NOVA = summary('nova', '2')
export const RIVAL = summary('rival', '3')

export function userOf(who: UserSummary, extra: Partial<User> = {}): User {
  return {
    ...who,
    bio: '',
    createdAt: '2026-01-01T00:00:00+00:00',
    updatedAt: '2026-01-01T00:00:00+00:00',
    ...newUserLists(),
    ...extra,
  }
}

export function post(id: string, author: UserSummary = NOVA, extra: Partial<Post> = {}): Post {
  return postOf(id, author.username, { author, ...extra })
}

/** A message of conversation 9 by Ana ("hi"), as the server answers it, with `change`. */
export function conversationMessage(
  id: string,
  change: Partial<ConversationMessage> = {},
): ConversationMessage {
  return {
    _id: id,
    conversationId: '9',
    author: summaryOf('ana', '2'),
    text: 'hi',
    replyTo: null,
    createdAt: '2026-11-30T01:00:00+00:00',
    editedAt: null,
    deleted: false,
    media: [],
    reactions: { counts: [], mine: [] },
    ...change,
  }
}

export function comment(
  id: string,
  postId: string,
  author: UserSummary = NOVA,
  extra: Partial<Comment> = {},
): Comment {
  return {
    _id: id,
    id,
    postId,
    username: author.username,
    author,
    text: `Comment ${id}`,
    votes: { upvotedBy: [], downvotedBy: [], upvoteCount: 0, downvoteCount: 0 },
    createdAt: '2026-01-01T00:00:00+00:00',
    updatedAt: '2026-01-01T00:00:00+00:00',
    mentions: [],
    ...extra,
  }
}

/** A store signed in as ME, following `following`. */
export function signedInStore(following: UserSummary[] = [NOVA], extra: Partial<User> = {}) {
  localStorage.clear()
  const store = createStore()
  store.set(setSessionAtom, {
    user: userOf(ME, { following, followingCount: following.length, ...extra }),
    token: 'token',
  })
  return store
}

/** Puts posts in the store and a loaded list holding them, in this order. */
export function loadList(
  store: Store,
  key: string,
  posts: Post[],
  nextCursor: string | null = null,
) {
  store.set(upsertPostsAtom, posts)
  store.set(postListsAtom, {
    ...store.get(postListsAtom),
    [key]: {
      ...EMPTY_LIST,
      ids: posts.map((p) => p._id),
      nextCursor,
      status: 'ready',
      loaded: true,
    },
  })
}

export interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets every pending promise callback run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}
