/**
 * Blocking on the live stream (docs/API.md "Live events"): users blocked either way hear nothing
 * about each other's posts, comments, reactions, votes, follows and profile edits, neither live
 * nor in a replay after Last-Event-ID, while everyone else does; unblocking restores delivery.
 */
import type { CommentResponse, PostResponse } from '../../../src/shared/api-types'
import { ok } from '../../helpers/api'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

/** Presence and status events (of streams opening) are not what this file is about. */
const notPresence = (event: { type: string }) =>
  event.type !== 'presence' && event.type !== 'presences' && event.type !== 'status'

const connect = liveStreams()

interface Player {
  token: string
  id: string
}

/** `Prefer: return=minimal` answers the one post or comment written (docs/API.md). */
const minimal = (who: Player) => ({ ...who, headers: { prefer: 'return=minimal' } })

const newPost = async (app: TestApp, who: Player, content: string) =>
  (await ok<PostResponse>(app.send('/api/posts', { postData: { content } }, minimal(who)), 201))
    .post

const newComment = async (app: TestApp, who: Player, postId: string, text: string) =>
  (
    await ok<CommentResponse>(
      app.send(`/api/comments/add/${postId}`, { commentData: { text } }, minimal(who)),
      201,
    )
  ).comment

const block = (app: TestApp, who: Player, target: Player) =>
  ok(app.send(`/api/users/me/block/${target.id}`, {}, who))
const unblock = (app: TestApp, who: Player, target: Player) =>
  ok(app.send(`/api/users/me/unblock/${target.id}`, {}, who))

/** Every kind of event the blocker can cause, in one order; answers the types the third user saw. */
async function blockerActs(app: TestApp, blocker: Player, other: Player) {
  const post = await newPost(app, blocker, 'only for friends')
  await ok(app.send(`/api/posts/edit/${post._id}`, { postData: { content: 'edited' } }, blocker))
  const theirs = await newPost(app, other, 'a post by someone else')
  await ok(app.send(`/api/posts/like/${theirs._id}`, {}, blocker))
  const comment = await newComment(app, blocker, theirs._id, 'a comment by the blocker')
  const otherComment = await newComment(app, other, theirs._id, 'a comment by someone else')
  await ok(app.send(`/api/comments/upvote/${theirs._id}/${otherComment._id}`, {}, blocker))
  await ok(app.send(`/api/users/follow/${other.id}`, {}, blocker))
  await ok(app.send('/api/users/edit', { userData: { bio: 'a new bio' } }, blocker))
  return { post, theirs, comment, otherComment }
}

/** Whether an event names `user` (as author, actor, follower, followee or profile). */
function mentionsUser(data: unknown, user: Player): boolean {
  return JSON.stringify(data).includes(`"_id":"${user.id}"`)
}

describe('live events between users who blocked each other', () => {
  it('reach neither the blocked user, live or replayed, while a third user gets them all', async ({
    app,
  }) => {
    const blocker = await app.signup('blocker')
    const blocked = await app.signup('blocked_one')
    const third = await app.signup('third_one')
    const other = await app.signup('other_one')
    await block(app, blocker, blocked)

    const blockedLive = await connect(app, blocked)
    const thirdLive = await connect(app, third)
    const resumeFrom = blockedLive.lastEventId()
    expect(resumeFrom).toBeDefined()

    const { post, theirs, comment, otherComment } = await blockerActs(app, blocker, other)

    // The third user hears of everything the blocker did.
    expect((await thirdLive.next('post')).data.post._id).toBe(post._id)
    expect((await thirdLive.next('post')).data.post.content).toBe('edited')
    expect((await thirdLive.next('post')).data.post._id).toBe(theirs._id)
    expect((await thirdLive.next('reaction')).data.user._id).toBe(blocker.id)
    expect((await thirdLive.next('comment')).data.comment._id).toBe(comment._id)
    expect((await thirdLive.next('comment')).data.comment._id).toBe(otherComment._id)
    expect((await thirdLive.next('vote')).data.user._id).toBe(blocker.id)
    expect((await thirdLive.next('follow')).data.follower._id).toBe(blocker.id)
    expect((await thirdLive.next('user')).data.user._id).toBe(blocker.id)

    // The blocked user hears only of the other user's own post and comment, nothing naming the
    // blocker.
    await blockedLive.settle(150)
    const liveTypes = blockedLive.events.filter(notPresence).map((event) => event.type)
    expect(liveTypes).toEqual(['ready', 'post', 'comment'])
    for (const event of blockedLive.events) expect(mentionsUser(event.data, blocker)).toBe(false)

    // A replay after Last-Event-ID leaves out the same events.
    const replayed = await connect(app, blocked, resumeFrom)
    expect(replayed.events.filter(notPresence).map((event) => event.type)).toEqual([
      'post',
      'comment',
      'ready',
    ])
    for (const event of replayed.events) expect(mentionsUser(event.data, blocker)).toBe(false)
    // The third user's replay has them all.
    const thirdReplay = await connect(app, third, resumeFrom)
    expect(thirdReplay.events.filter(notPresence).map((event) => event.type)).toEqual([
      'post',
      'post',
      'post',
      'reaction',
      'comment',
      'comment',
      'vote',
      'follow',
      'user',
      'ready',
    ])
  })

  it('works both ways: the blocker hears nothing of the user they blocked', async ({ app }) => {
    const blocker = await app.signup('blocker')
    const blocked = await app.signup('blocked_one')
    const other = await app.signup('other_one')
    await block(app, blocker, blocked)
    const blockerLive = await connect(app, blocker)
    const otherLive = await connect(app, other)

    await blockerActs(app, blocked, other)
    expect((await otherLive.next('user')).data.user._id).toBe(blocked.id)
    await blockerLive.settle(150)
    expect(blockerLive.events.filter(notPresence).map((event) => event.type)).toEqual([
      'ready',
      'post',
      'comment',
    ])
    for (const event of blockerLive.events) expect(mentionsUser(event.data, blocked)).toBe(false)
  })

  it("leaves out a third user's comment, like and vote on the blocker's post and comment", async ({
    app,
  }) => {
    const blocker = await app.signup('blocker')
    const blocked = await app.signup('blocked_one')
    const third = await app.signup('third_one')
    const post = await newPost(app, blocker, 'my post')
    const comment = await newComment(app, blocker, post._id, 'my comment')
    await block(app, blocker, blocked)
    const blockedLive = await connect(app, blocked)
    const thirdLive = await connect(app, third)

    await ok(app.send(`/api/posts/like/${post._id}`, {}, third))
    await newComment(app, third, post._id, 'nice post')
    await ok(app.send(`/api/comments/upvote/${post._id}/${comment._id}`, {}, third))
    // The actor hears of their own actions (their echo).
    expect((await thirdLive.next('reaction')).data.likeCount).toBe(1)
    expect((await thirdLive.next('comment')).data.commentCount).toBe(2)
    expect((await thirdLive.next('vote')).data.upvoteCount).toBe(1)
    await blockedLive.settle(150)
    expect(blockedLive.events.filter(notPresence).map((event) => event.type)).toEqual(['ready'])
  })

  it('tells the blocker and third users of the follows a block ends, not the one blocked', async ({
    app,
  }) => {
    const blocker = await app.signup('blocker')
    const blocked = await app.signup('blocked_one')
    const third = await app.signup('third_one')
    await ok(app.send(`/api/users/follow/${blocked.id}`, {}, blocker))
    await ok(app.send(`/api/users/follow/${blocker.id}`, {}, blocked))
    const blockerLive = await connect(app, blocker)
    const blockedLive = await connect(app, blocked)
    const thirdLive = await connect(app, third)

    await block(app, blocker, blocked)
    const counts = (who: Player, followerCount: number, followingCount: number) => ({
      _id: who.id,
      followerCount,
      followingCount,
    })
    for (const live of [thirdLive, blockerLive]) {
      // Both with the counts as the block left them.
      const ended = [(await live.next('follow')).data, (await live.next('follow')).data]
      expect(ended).toEqual([
        {
          follower: expect.objectContaining(counts(blocker, 0, 0)),
          followee: expect.objectContaining(counts(blocked, 0, 0)),
          following: false,
        },
        {
          follower: expect.objectContaining(counts(blocked, 0, 0)),
          followee: expect.objectContaining(counts(blocker, 0, 0)),
          following: false,
        },
      ])
    }
    await blockedLive.settle(150)
    expect(blockedLive.events.filter(notPresence).map((event) => event.type)).toEqual(['ready'])
    // Blocking again ends nothing more, and says nothing.
    await block(app, blocker, blocked)
    await thirdLive.settle(150)
    expect(thirdLive.events.filter((event) => event.type === 'follow')).toHaveLength(2)
  })

  it('delivers again once unblocked; deletions reach everyone all along', async ({ app }) => {
    const blocker = await app.signup('blocker')
    const blocked = await app.signup('blocked_one')
    const post = await newPost(app, blocker, 'before the block')
    await block(app, blocker, blocked)
    const blockedLive = await connect(app, blocked)

    await newPost(app, blocker, 'during the block')
    // A deletion carries only ids and a count, and must clear a copy loaded before the block.
    await ok(app.send(`/api/posts/${post._id}`, undefined, { ...blocker, method: 'DELETE' }))
    expect((await blockedLive.next('post-deleted')).data).toEqual({
      postId: post._id,
      authorId: blocker.id,
      authorPostCount: 1,
    })
    expect(blockedLive.events.filter(notPresence).map((event) => event.type)).toEqual([
      'ready',
      'post-deleted',
    ])

    await unblock(app, blocker, blocked)
    const after = await newPost(app, blocker, 'after the block')
    expect((await blockedLive.next('post')).data).toMatchObject({
      post: { _id: after._id },
      authorPostCount: 2,
    })
    await ok(app.send('/api/users/edit', { userData: { bio: 'friends again' } }, blocker))
    expect((await blockedLive.next('user')).data.user.bio).toBe('friends again')
  })
})
