import { afterEach, vi } from 'vitest'
import type {
  LoginResponse,
  User,
  UserListItem,
  UserSummary,
  UsersPage,
} from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import {
  TIMESTAMP,
  body,
  expectError,
  ok,
  quickUser,
  seededToken,
  userNamed,
  walkPages,
} from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

afterEach(() => {
  vi.useRealTimers()
})

const SUMMARY_KEYS = ['_id', 'firstName', 'id', 'lastName', 'profileImg', 'username']
const LIST_ITEM_KEYS = [...SUMMARY_KEYS, 'bio', 'followerCount', 'followingCount'].sort()

const names = (users: { username: string }[]) => users.map((user) => user.username)

describe('users routes', () => {
  describe('GET /api/users', () => {
    it('answers every user under {users} without a token, none with a password', async ({
      app,
    }) => {
      const response = await app.get('/api/users')
      expect(response.status).toBe(200)
      const answer = await body<{ users: User[] }>(response)
      expect(Object.keys(answer)).toEqual(['users'])
      expect(names(answer.users)).toEqual(['player1', 'nova_strike', 'questlord', 'lootgoblin'])
      for (const user of answer.users) {
        expect(user.id).toBe(user._id)
        expect(user.createdAt).toMatch(TIMESTAMP)
        expect(user.updatedAt).toMatch(TIMESTAMP)
        expect(user).not.toHaveProperty('password')
        expect(user).not.toHaveProperty('passwordHash')
        expect(Array.isArray(user.followers)).toBe(true)
        expect(Array.isArray(user.following)).toBe(true)
        expect(Array.isArray(user.bookmarks)).toBe(true)
      }
    })

    it('holds followers and following as summaries without nested lists', async ({ app }) => {
      const users = (await ok<{ users: User[] }>(app.get('/api/users'))).users
      const player1 = users.find((user) => user.username === 'player1')
      const nova = users.find((user) => user.username === 'nova_strike')
      expect(player1?.following).toHaveLength(1)
      expect(Object.keys(player1?.following[0] ?? {}).sort()).toEqual(SUMMARY_KEYS)
      expect(player1?.following[0]).toMatchObject({ _id: '2', id: '2', username: 'nova_strike' })
      expect(nova?.followers.map((follower: UserSummary) => follower.username)).toEqual(['player1'])
      expect(Object.keys(nova?.followers[0] ?? {}).sort()).toEqual(SUMMARY_KEYS)
      expect(player1).toMatchObject({ followingCount: 1, followerCount: 0, postCount: 1 })
      expect(nova).toMatchObject({ followingCount: 0, followerCount: 1, postCount: 2 })
    })

    it('pages users as summaries with counts, in sign-up order, each exactly once', async ({
      app,
    }) => {
      for (let index = 0; index < 9; index += 1) await quickUser(app, `gamer${index}`)
      const { items, pages } = await walkPages<UserListItem>(app, '/api/users?limit=4', 'users')
      expect(pages).toBe(4)
      expect(names(items)).toEqual([
        'player1',
        'nova_strike',
        'questlord',
        'lootgoblin',
        ...Array.from({ length: 9 }, (_, index) => `gamer${index}`),
      ])
      for (const item of items) expect(Object.keys(item).sort()).toEqual(LIST_ITEM_KEYS)
      expect(items[1]).toMatchObject({ followerCount: 1, followingCount: 0 })
    })

    it.for<[string, string[]]>([
      ['PLAY', ['player1']],
      ['  q  ', ['questlord']],
      ['Lo', ['lootgoblin']],
      ['', ['lootgoblin', 'nova_strike', 'player1', 'questlord']],
      ['strike', []],
      ['%', []],
    ])(
      'searches %j by prefix, case-insensitive and trimmed',
      async ([search, expected], { app }) => {
        const response = await app.get(`/api/users?search=${encodeURIComponent(search)}`)
        expect(response.status).toBe(200)
        const answer = await body<UsersPage>(response)
        expect(names(answer.users)).toEqual(expected)
        for (const item of answer.users) expect(Object.keys(item).sort()).toEqual(LIST_ITEM_KEYS)
      },
    )

    it('pages search results alphabetically, each exactly once', async ({ app }) => {
      for (const name of ['pal', 'Pbx', 'pzz', 'PAX', 'pc0', 'pc1', 'other']) {
        await quickUser(app, name)
      }
      const { items } = await walkPages<UserListItem>(app, '/api/users?search=p&limit=2', 'users')
      expect(names(items)).toEqual(['pal', 'PAX', 'Pbx', 'pc0', 'pc1', 'player1', 'pzz'])
    })

    it('suggests people the viewer does not follow, never the viewer', async ({ app }) => {
      const { token } = await seededToken()
      const response = await app.get('/api/users?suggest=true', token)
      expect(response.status).toBe(200)
      const suggested = names((await body<UsersPage>(response)).users)
      expect(suggested.sort()).toEqual(['lootgoblin', 'questlord'])
      await ok(app.send('/api/users/follow/3', {}, { token }))
      const after = names((await ok<UsersPage>(app.get('/api/users?suggest=true', token))).users)
      expect(after).toEqual(['lootgoblin'])
    })

    it('pages suggestions, the most followed first, each exactly once', async ({ app }) => {
      const fans = []
      for (let index = 0; index < 5; index += 1) fans.push(await quickUser(app, `fan${index}`))
      for (const fan of fans.slice(0, 3)) {
        await ok(app.send('/api/users/follow/4', {}, { token: fan.token }))
      }
      await ok(app.send('/api/users/follow/3', {}, { token: fans[0]?.token }))
      const { token } = await seededToken()
      const whole = await walkPages<UserListItem>(
        app,
        '/api/users?suggest=true&limit=2',
        'users',
        token,
      )
      expect(names(whole.items).slice(0, 2)).toEqual(['lootgoblin', 'questlord'])
      expect(names(whole.items).sort()).toEqual(
        ['lootgoblin', 'questlord', 'fan0', 'fan1', 'fan2', 'fan3', 'fan4'].sort(),
      )
      const counts = whole.items.map((item) => item.followerCount)
      expect(counts).toEqual([...counts].sort((x, y) => y - x))
    })

    it('refuses suggestions without a signed-in user', async ({ app }) => {
      await expectError(
        app.get('/api/users?suggest=true'),
        401,
        'The token is invalid. Unauthorized access error.',
      )
    })

    it.for<[string, string]>([
      ['limit=0', 'limit must be a whole number from 1 to 100.'],
      ['limit=101', 'limit must be a whole number from 1 to 100.'],
      ['limit=x', 'limit must be a whole number from 1 to 100.'],
      ['limit=1.5', 'limit must be a whole number from 1 to 100.'],
      ['limit=2&cursor=garbage', MESSAGES.invalidCursor],
      ['search=a&limit=2&cursor=garbage', MESSAGES.invalidCursor],
      [`search=${'a'.repeat(101)}`, 'The search can be at most 100 characters.'],
      ['suggest=yes', 'suggest must be true or false.'],
    ])('refuses ?%s with 400', async ([query, message], { app }) => {
      await expectError(app.get(`/api/users?${query}`), 400, message)
    })
  })

  describe('GET /api/users/:username', () => {
    it('answers {user} without a password, whatever the case of the name', async ({ app }) => {
      const response = await app.get('/api/users/Nova_Strike')
      expect(response.status).toBe(200)
      const answer = await body<{ user: User }>(response)
      expect(Object.keys(answer)).toEqual(['user'])
      expect(answer.user).toMatchObject({
        _id: '2',
        id: '2',
        username: 'nova_strike',
        firstName: 'Nova',
        lastName: 'Strike',
        profileImg: '/api/media/default-avatar.svg',
        followerCount: 1,
        postCount: 2,
      })
      expect(answer.user).not.toHaveProperty('password')
      expect(answer.user).not.toHaveProperty('passwordHash')
    })

    it('answers 404 for an unknown username', async ({ app }) => {
      await expectError(app.get('/api/users/nobody'), 404, MESSAGES.userNotFound)
    })
  })

  describe('POST /api/users/edit', () => {
    it('changes only bio, profileImg and names when sent the whole user object', async ({
      app,
    }) => {
      const login = await ok<LoginResponse>(
        app.send('/api/auth/login', { username: 'player1', password: 'gamerstage' }),
      )
      const original = login.foundUser
      const userData = {
        ...original,
        bio: 'New bio',
        profileImg: '/api/media/abc_DEF-123abcde',
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: 'hijacked',
        password: 'new password!',
        _id: '2',
        id: '2',
        followers: [{ _id: '3', username: 'questlord' }],
        following: [],
        bookmarks: [{ _id: '1' }],
        followerCount: 999,
        followingCount: 999,
        postCount: 999,
        createdAt: '2000-01-01T00:00:00+00:00',
      }
      const response = await app.send(
        '/api/users/edit',
        { userData },
        { token: login.encodedToken },
      )
      expect(response.status).toBe(200)
      const answer = await body<{ user: User }>(response)
      expect(Object.keys(answer)).toEqual(['user'])
      expect(answer.user).toMatchObject({
        _id: '1',
        username: 'player1',
        bio: 'New bio',
        profileImg: '/api/media/abc_DEF-123abcde',
        firstName: 'Ada',
        lastName: 'Lovelace',
      })

      const stored = await userNamed(app, 'player1')
      expect(stored).toMatchObject({
        _id: '1',
        id: '1',
        bio: 'New bio',
        firstName: 'Ada',
        followerCount: 0,
        followingCount: 1,
        postCount: 1,
        createdAt: original.createdAt,
        bookmarks: [],
        followers: [],
      })
      expect(stored.following.map((user) => user.username)).toEqual(['nova_strike'])
      await expectError(app.get('/api/users/hijacked'), 404, MESSAGES.userNotFound)
      expect((await userNamed(app, 'nova_strike')).bio).toBe(
        'FPS main. Aim trainer enjoyer. Top 500 once, never again.',
      )
      const again = await app.send('/api/auth/login', {
        username: 'player1',
        password: 'gamerstage',
      })
      expect(again.status).toBe(200)
      await expectError(
        app.send('/api/auth/login', { username: 'player1', password: 'new password!' }),
        401,
        MESSAGES.wrongPassword,
      )
    })

    it('moves updatedAt and keeps fields that were not sent', async ({ makeApp }) => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2032-03-03T03:03:03Z'))
      const app = await makeApp()
      const { token } = await seededToken()
      const before = await userNamed(app, 'player1')
      vi.setSystemTime(new Date('2032-03-03T04:03:03Z'))
      await ok(app.send('/api/users/edit', { userData: { bio: '  trimmed bio  ' } }, { token }))
      const after = await userNamed(app, 'player1')
      expect(after.bio).toBe('trimmed bio')
      expect(after.firstName).toBe(before.firstName)
      expect(after.profileImg).toBe(before.profileImg)
      expect(after.updatedAt).not.toBe(before.updatedAt)
      expect(after.createdAt).toBe(before.createdAt)
    })

    it('accepts an uploaded image address and resets an empty one to the default avatar', async ({
      app,
    }) => {
      const { token } = await seededToken()
      await ok(
        app.send(
          '/api/users/edit',
          { userData: { profileImg: '/api/media/abc_DEF-123abcde' } },
          { token },
        ),
      )
      expect((await userNamed(app, 'player1')).profileImg).toBe('/api/media/abc_DEF-123abcde')
      await ok(app.send('/api/users/edit', { userData: { profileImg: '' } }, { token }))
      expect((await userNamed(app, 'player1')).profileImg).toBe('/api/media/default-avatar.svg')
    })

    it.for<[unknown, string]>([
      [{ userData: { bio: 'b'.repeat(301) } }, 'The bio can be at most 300 characters.'],
      [{ userData: { bio: 5 } }, 'The bio must be text.'],
      [
        { userData: { profileImg: 'javascript:alert(1)' } },
        'The profile picture must be an image uploaded to this server (/api/media/…) or the default picture.',
      ],
      [
        { userData: { profileImg: 'http://192.168.1.1/reboot' } },
        'The profile picture must be an image uploaded to this server (/api/media/…) or the default picture.',
      ],
      [
        { userData: { profileImg: '//evil.example/track.png' } },
        'The profile picture must be an image uploaded to this server (/api/media/…) or the default picture.',
      ],
      [
        { userData: { profileImg: '/etc/passwd' } },
        'The profile picture must be an image uploaded to this server (/api/media/…) or the default picture.',
      ],
      [{ userData: { firstName: 'f'.repeat(61) } }, 'Names can be at most 60 characters.'],
      [{ userData: 'bio' }, 'Send the changes as {"userData": {"bio": "…"}}.'],
      [{ bio: 'top level' }, 'Send the changes as {"userData": {"bio": "…"}}.'],
      [[], 'Send the changes as {"userData": {"bio": "…"}}.'],
    ])('refuses %j with 400 and changes nothing', async ([input, message], { app }) => {
      const { token } = await seededToken()
      const before = await userNamed(app, 'player1')
      await expectError(app.send('/api/users/edit', input, { token }), 400, message)
      expect(await userNamed(app, 'player1')).toEqual(before)
    })

    it('accepts a bio of exactly 300 characters', async ({ app }) => {
      const { token } = await seededToken()
      await ok(app.send('/api/users/edit', { userData: { bio: 'b'.repeat(300) } }, { token }))
      expect((await userNamed(app, 'player1')).bio).toHaveLength(300)
    })

    it('answers 401 without a token and changes nothing', async ({ app }) => {
      const before = await userNamed(app, 'player1')
      await expectError(
        app.send('/api/users/edit', { userData: { bio: 'x' } }),
        401,
        MESSAGES.invalidToken,
      )
      expect(await userNamed(app, 'player1')).toEqual(before)
    })
  })
})
