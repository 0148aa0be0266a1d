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
 * Screenshots of game nights for a person to look at: GAMERSTAGE_SHOTS=/tmp/shots, both themes on
 * a desktop and a 390-pixel phone, with a 30-character username and a long unbroken word in the
 * title; each also checks that nothing runs off the side. What they show is asserted by
 * game-nights.spec.ts.
 */
test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

const name30 = (prefix: string) => uniqueName(prefix).padEnd(30, 'w').slice(0, 30)

async function apiSignup(request: APIRequestContext, username: string) {
  const answer = await request.post('/api/auth/signup', {
    data: { username, password: 'supersecret1' },
  })
  expect(answer.status()).toBe(201)
  return (await answer.json()) as SignupResponse
}

for (const variant of looks()) {
  test(`game nights in ${variant.name}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await applyLook(page, variant)
    const shot = async (screen: string, fullPage = false) => {
      await waitForQuietNetwork(page)
      await shoot(page, { path: `${SHOTS_DIR}/${screen}-${variant.name}.png`, fullPage })
      await expectNoSidewaysScroll(page)
    }
    const host = await apiSignup(request, name30('host'))
    const friends = await Promise.all(
      [name30('fa'), name30('fb'), name30('fc')].map((name) => apiSignup(request, name)),
    )
    await request.put('/api/me/games', {
      headers: { authorization: host.encodedToken },
      data: { games: ['Counter-Strike 2'] },
    })
    const planned = await request.post('/api/game-nights', {
      headers: { authorization: host.encodedToken },
      data: {
        game: 'counterstrike2',
        title: `LAN party ${'Supercalifragilisticexpialidocious'.repeat(2)} at Sam's`,
        startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        durationMinutes: 300,
        place: `at ${'Unbrokenplacenamewithoutanyspaces'.repeat(2)}`,
        slots: 3,
      },
    })
    expect(planned.status()).toBe(201)
    const night = ((await planned.json()) as GameNightResponse).gameNight
    for (const [index, friend] of friends.entries()) {
      await request.put(`/api/game-nights/${night._id}/rsvp`, {
        headers: { authorization: friend.encodedToken },
        data: { answer: index === 2 ? 'maybe' : 'going' },
      })
    }
    const [viewer] = friends
    if (!viewer) throw new Error('a viewer')
    await storeSession(page, viewer.encodedToken, viewer.createdUser)
    await page.goto('/game-nights')
    await expect(page.getByRole('list', { name: 'Upcoming game nights' })).toBeVisible()
    await shot('game-nights-list')
    await page.goto(`/game-nights/${night._id}`)
    await expect(page.getByRole('button', { name: /^Going/ })).toBeVisible()
    await shot('game-night-page', true)
    await page.goto('/game-nights/new')
    await expect(page.getByRole('heading', { name: 'Plan a game night' })).toBeVisible()
    await shot('game-night-form', true)
    await page.goto('/games/counterstrike2')
    await expect(page.getByRole('list', { name: 'Game nights of Counter-Strike 2' })).toBeVisible()
    await shot('game-night-game-page')
  })
}
