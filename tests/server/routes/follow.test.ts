import type { FollowResponse } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import {
  BAD_IDS,
  body,
  expectError,
  ok,
  quickUser,
  seededToken,
  userNamed,
} from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

const names = (users: { username: string }[]) => users.map((user) => user.username)

describe('follow routes', () => {
  describe('POST /api/users/follow/:userId', () => {
    it('adds the target to following and the user to followers, answering {user, followUser}', async ({
      app,
    }) => {
      const { token } = await seededToken()
      const response = await app.send('/api/users/follow/3', {}, { token })
      expect(response.status).toBe(200)
      const answer = await body<FollowResponse>(response)
      expect(Object.keys(answer).sort()).toEqual(['followUser', 'user'])
      expect(answer.user.username).toBe('player1')
      expect(names(answer.user.following)).toEqual(['nova_strike', 'questlord'])
      expect(answer.user.followingCount).toBe(2)
      expect(answer.followUser.username).toBe('questlord')
      expect(names(answer.followUser.followers)).toEqual(['player1'])
      expect(answer.followUser.followerCount).toBe(1)

      expect(await userNamed(app, 'questlord')).toMatchObject({
        followerCount: 1,
        followingCount: 0,
      })
      expect((await userNamed(app, 'player1')).followingCount).toBe(2)
    })

    it('accepts a request without any body, as the spec client may send', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.request('/api/users/follow/4', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.status).toBe(200)
      expect(names((await userNamed(app, 'lootgoblin')).followers)).toEqual(['player1'])
    })

    it('refuses to follow someone already followed and keeps the counts', async ({ app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send('/api/users/follow/2', {}, { token }),
        400,
        MESSAGES.alreadyFollowing,
      )
      expect((await userNamed(app, 'nova_strike')).followerCount).toBe(1)
      expect((await userNamed(app, 'player1')).followingCount).toBe(1)
    })

    it('refuses to follow oneself', async ({ app }) => {
      const { token } = await seededToken()
      await expectError(app.send('/api/users/follow/1', {}, { token }), 400, MESSAGES.followSelf)
      expect(await userNamed(app, 'player1')).toMatchObject({
        followerCount: 0,
        followingCount: 1,
        followers: [],
      })
    })

    it.for(BAD_IDS)('answers 404 for the user id %j', async (id, { app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send(`/api/users/follow/${id}`, {}, { token }),
        404,
        MESSAGES.userNotFound,
      )
      expect((await userNamed(app, 'player1')).followingCount).toBe(1)
    })

    it('answers 401 without a token', async ({ app }) => {
      await expectError(app.send('/api/users/follow/3', {}), 401, MESSAGES.invalidToken)
      expect((await userNamed(app, 'questlord')).followerCount).toBe(0)
    })
  })

  describe('POST /api/users/unfollow/:userId', () => {
    it('removes both sides and lowers both counts, answering {user, followUser}', async ({
      app,
    }) => {
      const { token } = await seededToken()
      const response = await app.send('/api/users/unfollow/2', {}, { token })
      expect(response.status).toBe(200)
      const answer = await body<FollowResponse>(response)
      expect(Object.keys(answer).sort()).toEqual(['followUser', 'user'])
      expect(answer.user.following).toEqual([])
      expect(answer.user.followingCount).toBe(0)
      expect(answer.followUser.followers).toEqual([])
      expect(answer.followUser.followerCount).toBe(0)
      expect(await userNamed(app, 'nova_strike')).toMatchObject({
        followers: [],
        followerCount: 0,
      })
    })

    it('refuses to unfollow someone not followed', async ({ app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send('/api/users/unfollow/3', {}, { token }),
        400,
        MESSAGES.notFollowing,
      )
      expect(await userNamed(app, 'questlord')).toMatchObject({ followerCount: 0, followers: [] })
    })

    it('refuses to unfollow oneself', async ({ app }) => {
      const { token } = await seededToken()
      await expectError(app.send('/api/users/unfollow/1', {}, { token }), 400, MESSAGES.followSelf)
    })

    it.for(BAD_IDS)('answers 404 for the user id %j', async (id, { app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send(`/api/users/unfollow/${id}`, {}, { token }),
        404,
        MESSAGES.userNotFound,
      )
    })

    it('answers 401 without a token and keeps the follow', async ({ app }) => {
      await expectError(app.send('/api/users/unfollow/2', {}), 401, MESSAGES.invalidToken)
      expect((await userNamed(app, 'nova_strike')).followerCount).toBe(1)
    })
  })

  it('keeps counts and lists in step through a follow, unfollow, follow sequence by two users', async ({
    app,
  }) => {
    const me = await seededToken()
    const other = await quickUser(app, 'watcher')
    await ok(app.send('/api/users/follow/4', {}, { token: me.token }))
    await ok(app.send('/api/users/follow/4', {}, { token: other.token }))
    await ok(app.send('/api/users/unfollow/4', {}, { token: me.token }))
    await ok(app.send('/api/users/follow/4', {}, { token: me.token }))
    const goblin = await userNamed(app, 'lootgoblin')
    expect(goblin.followerCount).toBe(2)
    expect(names(goblin.followers).sort()).toEqual(['player1', 'watcher'])
    expect((await userNamed(app, 'watcher')).followingCount).toBe(1)
    expect((await userNamed(app, 'player1')).followingCount).toBe(2)
  })
})
