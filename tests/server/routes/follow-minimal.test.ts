/**
 * A follow's minimal answer: both users as list items, so that following someone
 * followed by many costs the same bytes and statements as following anyone.
 */
import type { FollowMinimalResponse } from '../../../src/shared/api-types'
import { body, quickUser } from '../../helpers/api'
import { makeTestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const minimal = { prefer: 'return=minimal' }

describe('POST /api/users/follow/:userId with Prefer: return=minimal', () => {
  it('answers both users as list items with their counts, and says the preference applied', async ({
    app,
  }) => {
    const me = await quickUser(app, 'fan')
    const star = await quickUser(app, 'star')
    const response = await app.send(
      `/api/users/follow/${star.id}`,
      {},
      {
        token: me.token,
        headers: minimal,
      },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('preference-applied')).toBe('return=minimal')
    const answer = await body<FollowMinimalResponse>(response)
    expect(answer.followUser).toEqual({
      _id: star.id,
      id: star.id,
      username: 'star',
      firstName: '',
      lastName: '',
      profileImg: '/api/media/default-avatar.svg',
      bio: '',
      followerCount: 1,
      followingCount: 0,
    })
    expect(answer.user).toMatchObject({ username: 'fan', followingCount: 1, followerCount: 0 })
    const back = await app.send(
      `/api/users/unfollow/${star.id}`,
      {},
      {
        token: me.token,
        headers: minimal,
      },
    )
    expect((await body<FollowMinimalResponse>(back)).followUser.followerCount).toBe(0)
  })

  it('runs as many statements and answers as many bytes for a user followed by 60 as for one followed by none', async () => {
    let statements = 0
    const app = await makeTestApp({ demo: false, onStatement: () => statements++ })
    try {
      const popular = await quickUser(app, 'popular1')
      const plain = await quickUser(app, 'ordinary')
      for (let i = 0; i < 60; i++) {
        const fan = await quickUser(app, `fan${String(i).padStart(2, '0')}`)
        await app.send(
          `/api/users/follow/${popular.id}`,
          {},
          { token: fan.token, headers: minimal },
        )
      }
      const me = await quickUser(app, 'measurer')
      // Its session kept first, so that both measures find it the same way.
      await app.get('/api/notifications/unread-count', me.token)
      const measure = async (target: string) => {
        statements = 0
        const response = await app.send(
          `/api/users/follow/${target}`,
          {},
          {
            token: me.token,
            headers: minimal,
          },
        )
        expect(response.status).toBe(200)
        return { statements, bytes: (await response.text()).length }
      }
      const toPopular = await measure(popular.id)
      const toPlain = await measure(plain.id)
      expect(toPopular.statements).toBe(toPlain.statements)
      // The same fields; only the digits of the follower count differ.
      expect(Math.abs(toPopular.bytes - toPlain.bytes)).toBeLessThanOrEqual(2)
    } finally {
      await app.close()
    }
  })
})
