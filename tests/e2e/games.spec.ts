import type { APIRequestContext, Page } from '@playwright/test'
import type { SignupResponse } from '../../src/shared/api-types'
import { expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { loginViaApi, signupViaApi, toast, uniqueName } from './helpers'
import { E2E_HOST } from './host-account'
import { PHONE, expectNoSidewaysScroll } from './looks'

/**
 * Games on profiles and a page per game: a player adds games with the picker
 * (keyboard, and touch on a phone), the chips lead to the game's page with who plays it (follow
 * buttons) and its tagged posts, and a host renames and merges games with confirmations.
 */

const name30 = (prefix: string) => uniqueName(prefix).padEnd(30, 'w').slice(0, 30)
/** A game of its own for each test: the worker's server is shared. */
const gameName = (prefix: string) => `${prefix} ${uniqueName('g').replace(/_/g, '')}`
const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

async function apiSignup(request: APIRequestContext, username: string) {
  const answer = await request.post('/api/auth/signup', {
    data: { username, password: 'supersecret1' },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  return (await answer.json()) as SignupResponse
}

async function setGames(request: APIRequestContext, token: string, games: string[]) {
  const answer = await request.put('/api/me/games', {
    headers: { authorization: token },
    data: { games },
  })
  expect(answer.status(), await answer.text()).toBe(200)
}

async function openOwnGamesEditor(page: Page, username: string) {
  await page.goto(`/${username}`)
  await page.getByRole('button', { name: 'Add games' }).click()
  return page.getByRole('combobox', { name: 'Add a game' })
}

test('a player adds games with the keyboard; the chips lead to the game page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const existing = gameName('Arena')
  const fresh = gameName('Brand New')
  const fan = await apiSignup(request, name30('fan'))
  await setGames(request, fan.encodedToken, [existing])
  const post = await request.post('/api/posts', {
    headers: { authorization: fan.encodedToken },
    data: { postData: { content: `Who is up for #${slugOf(existing)} tonight?` } },
  })
  expect(post.status()).toBe(201)

  const me = name30('me')
  await signupViaApi(page, me)
  const box = await openOwnGamesEditor(page, me)
  await expect(page.getByText('0 of 30 games.')).toBeVisible()
  // A game of the list, by its suggestion.
  await box.fill(existing.slice(0, 8))
  const suggestion = page.getByRole('option', { name: new RegExp(existing) })
  await expect(suggestion).toBeVisible()
  await box.press('ArrowDown')
  await box.press('ArrowUp')
  await expect(box).toHaveAttribute('aria-activedescendant', /option/)
  await suggestion.click()
  await expect(page.getByRole('button', { name: `Remove ${existing}` })).toBeVisible()
  // A new one, typed and added with Enter.
  await box.fill(fresh)
  await expect(page.getByRole('option', { name: `Add “${fresh}” as a new game` })).toBeVisible()
  await box.press('Enter')
  await expect(page.getByRole('button', { name: `Remove ${fresh}` })).toBeVisible()
  // Too long: refused with the rule, before sending.
  await box.fill('x'.repeat(61))
  await box.press('Enter')
  await expect(page.getByRole('alert')).toHaveText("A game's name can be at most 60 characters.")
  await box.fill('')
  await page.getByRole('button', { name: 'Save games' }).click()
  await expect(toast(page, 'Your games are saved.')).toBeVisible()

  const chips = page.getByRole('list', { name: `Games ${me} plays` })
  await expect(chips.getByRole('link')).toHaveText([existing, fresh])
  // Saved on the server: a reload shows them.
  await page.reload()
  await expect(chips.getByRole('link')).toHaveText([existing, fresh])

  await chips.getByRole('link', { name: existing }).click()
  await expect(page).toHaveURL(new RegExp(`/games/${slugOf(existing)}$`))
  await expect(page.getByRole('heading', { level: 1, name: existing })).toBeVisible()
  await expect(page.getByText('2 players')).toBeVisible()
  const players = page.getByRole('list', { name: 'Who plays it' })
  await expect(players.getByRole('listitem')).toHaveCount(2)
  await players.getByRole('button', { name: `Follow ${fan.createdUser.username}` }).click()
  await expect(
    players.getByRole('button', { name: `Following ${fan.createdUser.username}` }),
  ).toBeVisible()
  await expect(page.getByText(`Who is up for #${slugOf(existing)} tonight?`)).toBeVisible()
  // No host tools for a player.
  await expect(page.getByRole('heading', { name: 'Host tools' })).toHaveCount(0)
  await expectNoSeriousViolations(page, 'the game page')

  // An unknown game says so.
  await page.goto('/games/nosuchgameatall')
  await expect(
    page.getByRole('heading', { name: 'This game isn’t on this server’s list.' }),
  ).toBeVisible()
})

test('on a phone, games are picked by touch and the game page fits 390 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  const game = gameName('Touch Arena')
  const fan = await apiSignup(request, name30('tfan'))
  await setGames(request, fan.encodedToken, [game])
  const me = name30('phone')
  await signupViaApi(page, me)
  const box = await openOwnGamesEditor(page, me)
  await box.tap()
  await box.fill(game.slice(0, 10))
  await page.getByRole('option', { name: new RegExp(game) }).tap()
  await expect(page.getByRole('button', { name: `Remove ${game}` })).toBeVisible()
  await page.getByRole('button', { name: 'Save games' }).tap()
  const chip = page.getByRole('list', { name: `Games ${me} plays` }).getByRole('link')
  await expect(chip).toHaveText([game])
  await expectNoSidewaysScroll(page)
  await chip.tap()
  await expect(page.getByRole('heading', { level: 1, name: game })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Who plays it' }).getByRole('listitem')).toHaveCount(
    2,
  )
  await expectNoSidewaysScroll(page)
  await expectNoSeriousViolations(page, 'the game page on a phone')
  await context.close()
})

test('a host renames and merges games, each after a confirmation', async ({ page, request }) => {
  test.setTimeout(90_000)
  const oldName = gameName('Old Strike')
  const newName = gameName('Strike Two')
  const target = gameName('Strike Target')
  const player = await apiSignup(request, name30('pl'))
  await setGames(request, player.encodedToken, [oldName, target])

  await loginViaApi(page, E2E_HOST.username, E2E_HOST.password)
  await page.goto(`/games/${slugOf(oldName)}`)
  await expect(page.getByRole('heading', { name: 'Host tools' })).toBeVisible()
  await page.getByRole('button', { name: 'Rename' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename' })
  await rename.getByLabel('New name').fill('\u0007')
  await rename.getByRole('button', { name: 'Rename' }).click()
  await expect(rename.getByRole('alert')).toHaveText(
    "A game's name cannot hold control characters.",
  )
  await rename.getByLabel('New name').fill(newName)
  await rename.getByRole('button', { name: 'Rename' }).click()
  const confirmRename = page.getByRole('dialog', { name: `Rename ${oldName}?` })
  await expect(confirmRename).toContainText(`“${oldName}” becomes “${newName}”`)
  await confirmRename.getByRole('button', { name: 'Rename' }).click()
  await expect(toast(page, `Renamed to ${newName}.`)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/games/${slugOf(newName)}$`))
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible()
  // The old address still leads to it.
  await page.goto(`/games/${slugOf(oldName)}`)
  await expect(page).toHaveURL(new RegExp(`/games/${slugOf(newName)}$`))

  await page.getByRole('button', { name: 'Merge into…' }).click()
  const merge = page.getByRole('dialog', { name: 'Merge into…' })
  const into = merge.getByRole('combobox', { name: 'Game to merge into' })
  await into.fill(target.slice(0, 12))
  await merge.getByRole('option', { name: new RegExp(target) }).click()
  await merge.getByRole('button', { name: 'Merge into…' }).click()
  const confirmMerge = page.getByRole('dialog', { name: `Merge ${newName} into ${target}?` })
  await expect(confirmMerge).toContainText('This cannot be undone.')
  // Cancel first: nothing changes.
  await confirmMerge.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible()
  await page.getByRole('button', { name: 'Merge into…' }).click()
  await merge.getByRole('combobox', { name: 'Game to merge into' }).fill(target.slice(0, 12))
  await merge.getByRole('option', { name: new RegExp(target) }).click()
  await merge.getByRole('button', { name: 'Merge into…' }).click()
  await confirmMerge.getByRole('button', { name: 'Merge' }).click()
  await expect(toast(page, `Merged into ${target}.`)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/games/${slugOf(target)}$`))
  await expect(page.getByText(/^1 player ·/)).toBeVisible()

  await page.goto('/server')
  await expect(page.getByText(`renamed the game ${oldName} → ${newName}`)).toBeVisible()
  await expect(page.getByText(`merged the game ${newName} → ${target}`)).toBeVisible()
})
