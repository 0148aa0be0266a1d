/**
 * A small model of the API's like, dislike, bookmark, follow, vote and comment rules, for the
 * tests that check the API against it: model.property.test.ts (a hand-written run, which checks
 * the model too) and model.property.soak.test.ts (random sequences, `npm run test:soak`).
 */
import fc from 'fast-check'
import { afterEach, expect } from 'vitest'
import type { Comment, Post, User } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import { seededToken } from '../../helpers/api'
import { must } from '../../helpers/hardening'
import { makeTestApp, type TestApp } from '../../helpers/server-app'

/** Few users and targets, so that commands collide often and reach every refusal. */
export const USERS = ['player1', 'nova_strike', 'questlord'] as const
/** Posts 1 (1000 likes, by nova_strike), 3 (0 likes, by lootgoblin), and one that does not exist. */
export const POSTS = ['1', '3', '999'] as const

export type Answer = { status: number; error?: string }

interface ModelPost {
  author: number
  likeCount: number
  likedBy: Set<number>
  dislikedBy: Set<number>
}

interface ModelComment {
  id: string
  postId: string
  author: number
  deleted: boolean
  up: Set<number>
  down: Set<number>
}

export interface Model {
  ids: Record<string, number>
  posts: Map<string, ModelPost>
  comments: ModelComment[]
  /** `a>b`: a follows b. */
  follows: Set<string>
  bookmarks: Map<number, Set<string>>
}

export type Command =
  | { kind: 'like' | 'dislike' | 'bookmark' | 'unbookmark'; user: number; post: number }
  | { kind: 'follow' | 'unfollow'; user: number; target: number }
  | { kind: 'upvote' | 'downvote' | 'deleteComment'; user: number; comment: number }
  | { kind: 'addComment'; user: number; post: number }

const user = fc.integer({ min: 0, max: USERS.length - 1 })
const post = fc.oneof(
  { arbitrary: fc.constantFrom(0, 1), weight: 9 },
  { arbitrary: fc.constant(2), weight: 1 },
)
const comment = fc.nat({ max: 1000 })

export const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constantFrom('like', 'dislike'), user, post }),
  fc.record({ kind: fc.constantFrom('bookmark', 'unbookmark'), user, post }),
  fc.record({ kind: fc.constantFrom('follow', 'unfollow'), user, target: user }),
  fc.record({ kind: fc.constantFrom('upvote', 'downvote', 'deleteComment'), user, comment }),
  fc.record({ kind: fc.constant('addComment'), user, post }),
)

export const refuse = (error: string): Answer => ({ status: 400, error })

export const userId = (model: Model, index: number) => must(model.ids[must(USERS[index])])

/** Applies a command to the model and answers what the API must answer. */
export function step(model: Model, command: Command): Answer {
  const me = userId(model, command.user)
  switch (command.kind) {
    case 'like':
    case 'dislike':
    case 'bookmark':
    case 'unbookmark':
    case 'addComment': {
      const postId = must(POSTS[command.post])
      const target = model.posts.get(postId)
      if (!target) return { status: 404, error: MESSAGES.postNotFound }
      if (command.kind === 'like') {
        if (target.likedBy.has(me)) return refuse(MESSAGES.alreadyLiked)
        target.dislikedBy.delete(me)
        target.likedBy.add(me)
        target.likeCount += 1
        return { status: 200 }
      }
      if (command.kind === 'dislike') {
        // The count is checked first, as the spec's dislike rule says.
        if (target.likeCount <= 0) return refuse(MESSAGES.likeBelowZero)
        if (target.dislikedBy.has(me)) return refuse(MESSAGES.alreadyDisliked)
        target.likedBy.delete(me)
        target.dislikedBy.add(me)
        target.likeCount -= 1
        return { status: 200 }
      }
      if (command.kind === 'addComment') return { status: 201 }
      const saved = must(model.bookmarks.get(me))
      if (command.kind === 'bookmark') {
        if (saved.has(postId)) return refuse(MESSAGES.alreadyBookmarked)
        saved.add(postId)
      } else {
        if (!saved.has(postId)) return refuse(MESSAGES.notBookmarked)
        saved.delete(postId)
      }
      return { status: 200 }
    }
    case 'follow':
    case 'unfollow': {
      const other = userId(model, command.target)
      if (other === me) return refuse(MESSAGES.followSelf)
      const key = `${me}>${other}`
      if (command.kind === 'follow') {
        if (model.follows.has(key)) return refuse(MESSAGES.alreadyFollowing)
        model.follows.add(key)
      } else {
        if (!model.follows.has(key)) return refuse(MESSAGES.notFollowing)
        model.follows.delete(key)
      }
      return { status: 200 }
    }
    case 'upvote':
    case 'downvote':
    case 'deleteComment': {
      const target = must(model.comments[command.comment % model.comments.length])
      if (target.deleted) return { status: 404, error: MESSAGES.commentNotFound }
      if (command.kind === 'deleteComment') {
        const owner = must(model.posts.get(target.postId)).author
        if (target.author !== me && owner !== me) return refuse(MESSAGES.deleteForeignComment)
        target.deleted = true
        return { status: 200 }
      }
      const [mine, other, message] =
        command.kind === 'upvote'
          ? [target.up, target.down, MESSAGES.alreadyUpvoted]
          : [target.down, target.up, MESSAGES.alreadyDownvoted]
      if (mine.has(me)) return refuse(message)
      other.delete(me)
      mine.add(me)
      return { status: 200 }
    }
  }
}

/** The request a command makes. */
export function pathOf(model: Model, command: Command): string {
  switch (command.kind) {
    case 'like':
    case 'dislike':
      return `/api/posts/${command.kind}/${POSTS[command.post]}`
    case 'bookmark':
      return `/api/users/bookmark/${POSTS[command.post]}`
    case 'unbookmark':
      return `/api/users/remove-bookmark/${POSTS[command.post]}`
    case 'follow':
    case 'unfollow':
      return `/api/users/${command.kind}/${userId(model, command.target)}`
    case 'addComment':
      return `/api/comments/add/${POSTS[command.post]}`
    case 'upvote':
    case 'downvote':
    case 'deleteComment': {
      const target = must(model.comments[command.comment % model.comments.length])
      const verb = command.kind === 'deleteComment' ? 'delete' : command.kind
      return `/api/comments/${verb}/${target.postId}/${target.id}`
    }
  }
}

const idsOf = (reactors: { _id: string }[]) => reactors.map((r) => Number(r._id)).sort()
const sorted = (values: Iterable<number>) => [...values].sort()

async function json<T>(response: Response): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBeLessThan(300)
  return JSON.parse(text) as T
}

/** Reads the model's starting point from the API of a freshly seeded app. */
export async function readModel(app: TestApp, tokens: string[]): Promise<Model> {
  const ids: Record<string, number> = {}
  for (const name of USERS) ids[name] = Number((await seededToken(name)).id)
  const posts = new Map<string, ModelPost>()
  const comments: ModelComment[] = []
  for (const postId of POSTS) {
    const response = await app.get(`/api/posts/${postId}`)
    if (response.status === 404) continue
    const { post } = await json<{ post: Post }>(response)
    posts.set(postId, {
      author: Number(post.author._id),
      likeCount: post.likes.likeCount,
      likedBy: new Set(idsOf(post.likes.likedBy)),
      dislikedBy: new Set(idsOf(post.likes.dislikedBy)),
    })
    for (const c of post.comments) {
      comments.push({
        id: c._id,
        postId,
        author: Number(c.author._id),
        deleted: false,
        up: new Set(idsOf(c.votes.upvotedBy)),
        down: new Set(idsOf(c.votes.downvotedBy)),
      })
    }
  }
  const follows = new Set<string>()
  const bookmarks = new Map<number, Set<string>>()
  for (const [index, name] of USERS.entries()) {
    const { user } = await json<{ user: User }>(await app.get(`/api/users/${name}`))
    for (const followee of user.following) follows.add(`${ids[name]}>${followee._id}`)
    const saved = await json<{ bookmarks: Post[] }>(
      await app.get('/api/users/bookmark', tokens[index]),
    )
    bookmarks.set(must(ids[name]), new Set(saved.bookmarks.map((p) => p._id)))
  }
  return { ids, posts, comments, follows, bookmarks }
}

/** Compares everything the API shows about the model's targets with the model. */
export async function expectApiMatches(
  app: TestApp,
  model: Model,
  tokens: string[],
  where: string,
) {
  for (const [postId, expected] of model.posts) {
    const { post } = await json<{ post: Post }>(await app.get(`/api/posts/${postId}`))
    expect(
      {
        likeCount: post.likes.likeCount,
        likedBy: idsOf(post.likes.likedBy),
        dislikedBy: idsOf(post.likes.dislikedBy),
      },
      `post ${postId} ${where}`,
    ).toEqual({
      likeCount: expected.likeCount,
      likedBy: sorted(expected.likedBy),
      dislikedBy: sorted(expected.dislikedBy),
    })
    const live = model.comments.filter((c) => c.postId === postId && !c.deleted)
    expect(post.commentCount, `commentCount of ${postId} ${where}`).toBe(live.length)
    const { comments } = await json<{ comments: Comment[] }>(
      await app.get(`/api/comments/${postId}`),
    )
    const shown = comments
      .map((c) => ({
        id: c._id,
        author: Number(c.author._id),
        up: idsOf(c.votes.upvotedBy),
        down: idsOf(c.votes.downvotedBy),
        counts: [c.votes.upvoteCount, c.votes.downvoteCount],
      }))
      .sort((a, b) => Number(a.id) - Number(b.id))
    const want = live
      .map((c) => ({
        id: c.id,
        author: c.author,
        up: sorted(c.up),
        down: sorted(c.down),
        counts: [c.up.size, c.down.size],
      }))
      .sort((a, b) => Number(a.id) - Number(b.id))
    expect(shown, `comments of ${postId} ${where}`).toEqual(want)
  }
  for (const [index, name] of USERS.entries()) {
    const me = must(model.ids[name])
    const { user } = await json<{ user: User }>(await app.get(`/api/users/${name}`, tokens[index]))
    const following = [...model.follows]
      .filter((key) => key.startsWith(`${me}>`))
      .map((key) => Number(key.split('>')[1]))
    const followers = [...model.follows]
      .filter((key) => key.endsWith(`>${me}`))
      .map((key) => Number(key.split('>')[0]))
    expect(
      {
        following: idsOf(user.following),
        followers: idsOf(user.followers),
        followingCount: user.followingCount,
        followerCount: user.followerCount,
        bookmarks: user.bookmarks.map((p) => p._id).sort(),
      },
      `user ${name} ${where}`,
    ).toEqual({
      following: sorted(following),
      followers: sorted(followers),
      followingCount: following.length,
      followerCount: followers.length,
      bookmarks: [...must(model.bookmarks.get(me))].sort(),
    })
  }
}

/** The seeded tokens of USERS, in order: a command's `user` indexes them. */
export const tokensOfUsers = (): Promise<string[]> =>
  Promise.all(USERS.map(async (name) => (await seededToken(name)).token))

/**
 * Call at the top of a test file: answers `freshApp`, which closes the app it answered last and
 * answers a new one on the demo data; the last is closed after each test.
 */
export function freshApps(): () => Promise<TestApp> {
  let app: TestApp | undefined
  afterEach(async () => {
    await app?.close()
    app = undefined
  })
  return async () => {
    await app?.close()
    app = await makeTestApp()
    return app
  }
}
