/**
 * `GET /api/users/:username/followers` and `/following` (docs/API.md, "Follower and following
 * lists"): pages of people, newest follow first, with the cursor rules of every paged list.
 */
import type { FollowListPage, UserListItem } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import { block } from '../../../src/server/services/writes/relations'
import { setSuspended } from '../../../src/server/services/writes/hosting'
import { encodeCursor } from '../../../src/server/services/reads/pagination'
import { follow, unfollow } from '../../../src/server/services/writes/follows'
import { expectError, ok, quickUser, seededToken, walkPages } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'
import { readCacheOf } from '../../../src/server/caches/store-caches'

const names = (users: { username: string }[]) => users.map((user) => user.username)

/** `count` new users named `<prefix>00`, `<prefix>01`, …, in that order of ids. */
async function makeUsers(app: TestApp, prefix: string, count: number) {
  const made: { id: string; token: string; username: string }[] = []
  for (let i = 0; i < count; i += 1) {
    const username = `${prefix}${String(i).padStart(2, '0')}`
    made.push({ ...(await quickUser(app, username)), username })
  }
  return made
}

const LIMIT_ERROR = 'limit must be a whole number from 1 to 100.'

describe('follower and following lists', () => {
  it('page the followers newest follow first, 20 by default, each person once', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const star = await quickUser(app, 'star')
    const fans = await makeUsers(app, 'fan', 25)
    // Follows a second apart, in id order: the newest follow is the last fan's.
    for (const [i, fan] of fans.entries()) {
      await follow(app.db, Number(fan.id), Number(star.id), 1_000_000 + i * 1000)
    }
    const newestFirst = names(fans).reverse()

    const first = await ok<FollowListPage>(app.get('/api/users/star/followers'))
    expect(Object.keys(first).sort()).toEqual(['nextCursor', 'users'])
    expect(names(first.users)).toEqual(newestFirst.slice(0, 20))
    expect(first.nextCursor).toEqual(expect.any(String))
    // A row is a list item: summary, bio and counts; never a password hash or private field.
    expect(Object.keys(first.users[0] ?? {}).sort()).toEqual(
      [
        '_id',
        'bio',
        'firstName',
        'followerCount',
        'followingCount',
        'id',
        'lastName',
        'profileImg',
        'username',
      ].sort(),
    )
    expect(first.users[0]).toMatchObject({ followingCount: 1, followerCount: 0 })

    const walked = await walkPages<UserListItem>(app, '/api/users/star/followers?limit=7', 'users')
    expect(walked.pages).toBe(4)
    expect(names(walked.items)).toEqual(newestFirst)

    // Usernames compare without case, as on the profile.
    const upper = await ok<FollowListPage>(app.get('/api/users/STAR/followers?limit=1'))
    expect(names(upper.users)).toEqual(['fan24'])

    // Nobody follows the fans: an empty page, not an error.
    expect(await ok(app.get('/api/users/fan00/followers'))).toEqual({ users: [], nextCursor: null })
    // Only the two lists have a route: a near miss is not found.
    expect((await app.get('/api/users/star/followers-x')).status).toBe(404)
    expect((await app.get('/api/users/star/follow')).status).toBe(404)
  })

  it('page the following newest first; follows made in one millisecond neither repeat nor vanish', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const fan = await quickUser(app, 'fan')
    const idols = await makeUsers(app, 'idol', 6)
    // Three follows in the same millisecond: the user id breaks the tie (higher id first).
    const times = [5000, 7000, 7000, 7000, 9000, 3000]
    for (const [i, idol] of idols.entries()) {
      await follow(app.db, Number(fan.id), Number(idol.id), times[i])
    }

    const walked = await walkPages<UserListItem>(app, '/api/users/fan/following?limit=1', 'users')
    expect(names(walked.items)).toEqual([
      'idol04',
      'idol03',
      'idol02',
      'idol01',
      'idol00',
      'idol05',
    ])
    expect(walked.pages).toBe(6)

    // An unfollow takes the person out; a follow again puts them first.
    await unfollow(app.db, Number(fan.id), Number(idols[2]?.id))
    await unfollow(app.db, Number(fan.id), Number(idols[5]?.id))
    await follow(app.db, Number(fan.id), Number(idols[5]?.id), 10_000)
    const after = await ok<FollowListPage>(app.get('/api/users/fan/following'))
    expect(names(after.users)).toEqual(['idol05', 'idol04', 'idol03', 'idol01', 'idol00'])
    expect(after.nextCursor).toBeNull()
  })

  it('list the demo data as the profile counts it', async ({ app }) => {
    const { token } = await seededToken()
    await ok(app.send('/api/users/follow/3', {}, { token }))
    const following = await ok<FollowListPage>(app.get('/api/users/player1/following', token))
    expect(names(following.users)).toEqual(['questlord', 'nova_strike'])
    const followers = await ok<FollowListPage>(app.get('/api/users/questlord/followers'))
    expect(names(followers.users)).toEqual(['player1'])
    expect(followers.users[0]?.followingCount).toBe(2)
  })

  it('refuse a bad limit or cursor with 400, as every paged list does', async ({ app }) => {
    for (const list of ['followers', 'following']) {
      const path = `/api/users/player1/${list}`
      for (const limit of ['0', '101', '-1', '1.5', 'abc', '', '1e9']) {
        await expectError(app.get(`${path}?limit=${limit}`), 400, LIMIT_ERROR)
      }
      const wrongShapes = [
        'not-base64-json!',
        Buffer.from('{"a":1}').toString('base64url'),
        encodeCursor([1]),
        encodeCursor([1, 2, 3]),
        encodeCursor(['text', 2]),
        encodeCursor([1.5, 2]),
      ]
      for (const cursor of wrongShapes) {
        await expectError(app.get(`${path}?cursor=${cursor}`), 400, MESSAGES.invalidCursor)
      }
      await expectError(app.get(`${path}?cursor=${'a'.repeat(1001)}`), 400, /cursor is not valid/)
      // A cursor past the end is a valid position: an empty last page.
      const past = await ok<FollowListPage>(app.get(`${path}?cursor=${encodeCursor([0, 0])}`))
      expect(past).toEqual({ users: [], nextCursor: null })
    }
  })

  it('answer 404 for a user who does not exist', async ({ app }) => {
    for (const list of ['followers', 'following']) {
      for (const name of ['nobody_here', 'player1%2Fx', '..%2Fplayer1', 'player1%00']) {
        await expectError(app.get(`/api/users/${name}/${list}`), 404, MESSAGES.userNotFound)
      }
      // `%2e%2e` is `..` to the URL parser: it climbs out of /users and names no route.
      await expectError(app.get(`/api/users/%2e%2e/${list}`), 404, 'No such API route.')
    }
  })

  it('leave out suspended accounts and those blocked either way, and keep paging past them', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const star = await quickUser(app, 'star')
    const viewer = await quickUser(app, 'viewer')
    const [suspended, blockedByViewer, blockerOfViewer, plain] = await makeUsers(app, 'fan', 4)
    if (!suspended || !blockedByViewer || !blockerOfViewer || !plain) throw new Error('no fans')
    for (const [i, fan] of [suspended, blockedByViewer, blockerOfViewer, plain].entries()) {
      await follow(app.db, Number(fan.id), Number(star.id), 1000 + i)
    }
    // The star follows the same four back: the following list is hidden the same way.
    for (const [i, fan] of [suspended, blockedByViewer, blockerOfViewer, plain].entries()) {
      await follow(app.db, Number(star.id), Number(fan.id), 2000 + i)
    }
    await setSuspended(app.db, Number(suspended.id), true, [])
    await block(app.db, Number(viewer.id), Number(blockedByViewer.id))
    await block(app.db, Number(blockerOfViewer.id), Number(viewer.id))

    for (const list of ['followers', 'following']) {
      const path = `/api/users/star/${list}`
      // Everyone sees no suspended account; the viewer sees nobody of a block either.
      const anonymous = await walkPages<UserListItem>(app, `${path}?limit=20`, 'users')
      expect(names(anonymous.items)).toEqual(['fan03', 'fan02', 'fan01'])
      const seen = await walkPages<UserListItem>(app, `${path}?limit=20`, 'users', viewer.token)
      expect(names(seen.items)).toEqual(['fan03'])

      // Hidden people are left out by the query: no page is short or empty while others follow,
      // and a cursor past the last one the viewer may see ends the list.
      const small = await walkPages<UserListItem>(app, `${path}?limit=1`, 'users', viewer.token)
      expect(names(small.items)).toEqual(['fan03'])
      expect(small.pages).toBe(1)
      const second = await ok<FollowListPage>(
        app.get(
          `${path}?limit=1&cursor=${encodeCursor([list === 'followers' ? 1003 : 2003, Number(plain.id)])}`,
          viewer.token,
        ),
      )
      expect(second.users).toEqual([])
      expect(second.nextCursor).toBeNull()
    }

    // Lifting the suspension brings the account back.
    await setSuspended(app.db, Number(suspended.id), false, [])
    // Written straight to the store, with no live event to tell the read cache.
    readCacheOf(app.db)?.clear()
    const back = await ok<FollowListPage>(app.get('/api/users/star/followers'))
    expect(names(back.users)).toEqual(['fan03', 'fan02', 'fan01', 'fan00'])

    // A suspended or blocking profile's own lists still answer (as its profile does).
    await setSuspended(app.db, Number(star.id), true, [])
    expect(names((await ok<FollowListPage>(app.get('/api/users/star/followers'))).users)).toEqual([
      'fan03',
      'fan02',
      'fan01',
      'fan00',
    ])
  })
})
