import type { APIRequestContext, Page } from '@playwright/test'
import type { SignupResponse } from '../../src/shared/api-types'
import type { SquadCallResponse } from '../../src/shared/squad-call-types'
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
 * Screenshots of squad calls for a person to look at: GAMERSTAGE_SHOTS=/tmp/shots, both themes on
 * a desktop and a 390-pixel phone, with 30-character usernames and a long unbroken word in the
 * note and the rank; each also checks that nothing runs off the side. What they show is asserted
 * by squad-calls.spec.ts.
 */
test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

/** The open calls of the page's main column (the Who's here panel beside it has its own). */
const mainCalls = (page: Page) =>
  page.locator('[data-main-column], .here-page').getByRole('list', { name: 'Open squad calls' })

const name30 = (prefix: string) => uniqueName(prefix).padEnd(30, 'w').slice(0, 30)

async function apiSignup(request: APIRequestContext, username: string) {
  const answer = await request.post('/api/auth/signup', {
    data: { username, password: 'supersecret1' },
  })
  expect(answer.status()).toBe(201)
  return (await answer.json()) as SignupResponse
}

for (const variant of looks()) {
  test(`squad calls in ${variant.name}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await applyLook(page, variant)
    const shot = async (screen: string, fullPage = false) => {
      await waitForQuietNetwork(page)
      await shoot(page, { path: `${SHOTS_DIR}/${screen}-${variant.name}.png`, fullPage })
      await expectNoSidewaysScroll(page)
    }
    const caller = await apiSignup(request, name30('caller'))
    const [fa, fb, viewer] = await Promise.all(
      [name30('fa'), name30('fb'), name30('viewer')].map((name) => apiSignup(request, name)),
    )
    if (!fa || !fb || !viewer) throw new Error('three players')
    await request.put('/api/me/games', {
      headers: { authorization: caller.encodedToken },
      data: { games: ['Counter-Strike 2'] },
    })
    const made = await request.post('/api/squad-calls', {
      headers: { authorization: caller.encodedToken },
      data: {
        game: 'counterstrike2',
        needed: 4,
        rank: 'Supercalifragilisticexpialid',
        note: `Chill games ${'Supercalifragilisticexpialidocious'.repeat(3)} mic on`,
        expiresInMinutes: 120,
      },
    })
    expect(made.status()).toBe(201)
    const call = ((await made.json()) as SquadCallResponse).squadCall
    for (const friend of [fa, fb]) {
      await request.put(`/api/squad-calls/${call._id}/join`, {
        headers: { authorization: friend.encodedToken },
      })
    }
    await storeSession(page, viewer.encodedToken, viewer.createdUser)
    await page.goto('/home')
    await expect(mainCalls(page)).toBeVisible()
    await shot('squad-calls-home')
    await page.goto('/here')
    await expect(mainCalls(page)).toBeVisible()
    await shot('squad-calls-here')
    await page.goto('/games/counterstrike2')
    await expect(mainCalls(page)).toBeVisible()
    await shot('squad-calls-game-page')
    await page.goto('/home')
    await page.getByRole('button', { name: 'Need players?' }).click()
    await expect(page.getByRole('dialog', { name: 'Need players?' })).toBeVisible()
    await shot('squad-call-form')
  })
}
