import type { APIRequestContext } from '@playwright/test'
import type { SignupResponse } from '../../src/shared/api-types'
import type { GameNightResponse } from '../../src/shared/game-night-types'
import { expect, test } from './fixtures'
import { storeSession, uniqueName, waitForQuietNetwork } from './helpers'
import {
  applyLook,
  expectNoSidewaysScroll,
  looks,
  shoot,
  SHOTS_DIR,
  SHOTS_ONLY_ON_DEMAND,
} from './looks'

/**
 * Screenshots of a night's comments, "Starting now" (Home, Who's here) and a profile's nights for
 * a person to look at: GAMERSTAGE_SHOTS=/tmp/shots, both themes on a desktop and a 390-pixel
 * phone, with 30-character usernames and long unbroken words. What they show is asserted by
 * game-night-threads.spec.ts.
 */
test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

const name30 = (prefix: string) => uniqueName(prefix).padEnd(30, 'w').slice(0, 30)
const LONG = 'Supercalifragilisticexpialidocious'.repeat(2)

async function apiSignup(request: APIRequestContext, username: string) {
  const answer = await request.post('/api/auth/signup', {
    data: { username, password: 'supersecret1' },
  })
  expect(answer.status()).toBe(201)
  return (await answer.json()) as SignupResponse
}

for (const variant of looks()) {
  test(`game night threads in ${variant.name}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await applyLook(page, variant)
    const shot = async (screen: string, fullPage = false) => {
      await waitForQuietNetwork(page)
      await shoot(page, { path: `${SHOTS_DIR}/${screen}-${variant.name}.png`, fullPage })
      await expectNoSidewaysScroll(page)
    }
    const host = await apiSignup(request, name30('host'))
    const friend = await apiSignup(request, name30('fa'))
    await request.put('/api/me/games', {
      headers: { authorization: host.encodedToken },
      data: { games: ['Counter-Strike 2'] },
    })
    const start = Date.now() + 30 * 60_000
    const planned = await request.post('/api/game-nights', {
      headers: { authorization: host.encodedToken },
      data: {
        game: 'counterstrike2',
        title: `LAN party ${LONG}`,
        startsAt: new Date(start).toISOString(),
        durationMinutes: 300,
        place: 'online',
      },
    })
    expect(planned.status()).toBe(201)
    const night = ((await planned.json()) as GameNightResponse).gameNight
    await request.put(`/api/game-nights/${night._id}/rsvp`, {
      headers: { authorization: friend.encodedToken },
      data: { answer: 'going' },
    })
    for (const [who, text] of [
      [friend, `Count me in ${LONG}`],
      [host, `@${friend.createdUser.username} bring the extra controllers`],
    ] as const) {
      const comment = await request.post(`/api/comments/add/${night.threadPostId ?? ''}`, {
        headers: { authorization: who.encodedToken },
        data: { commentData: { text } },
      })
      expect(comment.status()).toBe(201)
    }
    await page.clock.setFixedTime(new Date(start + 10 * 60_000))
    await storeSession(page, friend.encodedToken, friend.createdUser)
    await page.goto(`/game-nights/${night._id}`)
    await expect(page.locator('.comment-list')).toContainText('Count me in')
    await shot('game-night-comments', true)
    await page.goto('/home')
    await expect(page.getByRole('region', { name: 'Starting now' })).toBeVisible()
    await shot('game-night-starting-now')
    await page.goto('/here')
    await expect(page.getByRole('region', { name: 'Game nights on now' })).toBeVisible()
    await shot('game-night-whos-here')
    await page.goto(`/${friend.createdUser.username}`)
    await expect(
      page.getByRole('list', { name: `Game nights of ${friend.createdUser.username}` }),
    ).toBeVisible()
    await shot('game-night-profile', true)
  })
}
