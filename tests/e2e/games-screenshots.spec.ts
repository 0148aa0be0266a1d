import type { APIRequestContext } from '@playwright/test'
import type { SignupResponse } from '../../src/shared/api-types'
import { axeScopeFor, expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { loginViaApi, signupViaApi, uniqueName, waitForQuietNetwork } from './helpers'
import { E2E_HOST } from './host-account'
import {
  applyLook,
  expectNoSidewaysScroll,
  looks,
  shoot,
  SHOTS_DIR,
  SHOTS_ONLY_ON_DEMAND,
} from './looks'

/**
 * Screenshots of games on profiles and the game page, for a person to look at:
 * GAMERSTAGE_SHOTS=/tmp/shots, both themes on a desktop and a 390-pixel phone, with a
 * 30-character username and a 60-character game name without a space; each also checks that
 * nothing runs off the side, and axe. What they show is asserted by games.spec.ts.
 */
test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

const name30 = (prefix: string) => uniqueName(prefix).padEnd(30, 'w').slice(0, 30)
/** 60 characters, no space: the longest name a game may have. */
const longGame = () => `Supercalifragilistic${uniqueName('x').replace(/_/g, '')}`.padEnd(60, 'o')

async function apiSignup(request: APIRequestContext, username: string) {
  const answer = await request.post('/api/auth/signup', {
    data: { username, password: 'supersecret1' },
  })
  expect(answer.status()).toBe(201)
  return (await answer.json()) as SignupResponse
}

for (const variant of looks()) {
  test(`games in ${variant.name}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await applyLook(page, variant)
    const shot = async (screen: string, fullPage = false) => {
      await waitForQuietNetwork(page)
      await shoot(page, { path: `${SHOTS_DIR}/${screen}-${variant.name}.png`, fullPage })
      await expectNoSidewaysScroll(page)
    }
    const scope = axeScopeFor(variant)
    const long = longGame()
    const games = [long, 'Counter-Strike 2', 'Stardew Valley', 'Pokémon Go', '原神']
    const fan = await apiSignup(request, name30('fan'))
    await request.put('/api/me/games', {
      headers: { authorization: fan.encodedToken },
      data: { games: [long] },
    })
    const me = name30('shot')
    const { encodedToken } = await signupViaApi(page, me)
    await request.put('/api/me/games', {
      headers: { authorization: encodedToken },
      data: { games },
    })
    await page.goto(`/${me}`)
    await expect(page.getByRole('list', { name: `Games ${me} plays` })).toBeVisible()
    await shot('games-profile-chips')
    await expectNoSeriousViolations(page, 'profile with games', { scope })

    await page.getByRole('button', { name: 'Edit games' }).click()
    const box = page.getByRole('combobox', { name: 'Add a game' })
    await box.fill('Super')
    await expect(page.getByRole('option').first()).toBeVisible()
    await shot('games-picker')
    await expectNoSeriousViolations(page, 'the game picker', { scope })

    const slug = long.toLowerCase().slice(0, 50)
    await page.goto(`/games/${slug}`)
    await expect(page.getByRole('heading', { level: 1, name: long })).toBeVisible()
    await shot('games-page', true)
    await expectNoSeriousViolations(page, 'the game page', { scope })

    await loginViaApi(page, E2E_HOST.username, E2E_HOST.password)
    await page.goto(`/games/${slug}`)
    await expect(page.getByRole('heading', { name: 'Host tools' })).toBeVisible()
    await shot('games-page-host')
    await page.getByRole('button', { name: 'Merge into…' }).click()
    await page.getByRole('combobox', { name: 'Game to merge into' }).fill('Counter')
    await page.getByRole('option', { name: /Counter-Strike 2/ }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Merge into…' }).click()
    await expect(page.getByRole('dialog', { name: /^Merge / })).toBeVisible()
    await shot('games-merge-confirm')
    await expectNoSeriousViolations(page, 'the merge confirmation', { scope })
  })
}
