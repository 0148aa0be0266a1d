import type { APIRequestContext, Page } from '@playwright/test'
import type { SignupResponse } from '../../src/shared/api-types'
import type { SquadCallResponse } from '../../src/shared/squad-call-types'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { storeSession, uniqueName } from './helpers'
import { expectNoSidewaysScroll, sizes } from './looks'

/**
 * Squad calls in the app (docs/API.md, "Squad calls"): A asks for one more with the form from the
 * composer, B sees it on Home live and joins, it fills, and both land in the chat it opened; a
 * late join hears "It's full" and keeps its screen; axe in both themes on a desktop and a phone.
 */

async function apiSignup(request: APIRequestContext, prefix: string): Promise<SignupResponse> {
  const answer = await request.post('/api/auth/signup', {
    data: { username: uniqueName(prefix), password: 'supersecret1' },
  })
  expect(answer.status()).toBe(201)
  return (await answer.json()) as SignupResponse
}

async function withGame(request: APIRequestContext, token: string, game = 'Counter-Strike 2') {
  const answer = await request.put('/api/me/games', {
    headers: { authorization: token },
    data: { games: [game] },
  })
  expect(answer.status()).toBe(200)
}

async function callViaApi(
  request: APIRequestContext,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<SquadCallResponse['squadCall']> {
  const answer = await request.post('/api/squad-calls', {
    headers: { authorization: token },
    data: { game: 'counterstrike2', needed: 2, ...fields },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  return ((await answer.json()) as SquadCallResponse).squadCall
}

async function signedIn(page: Page, who: SignupResponse) {
  await storeSession(page, who.encodedToken, who.createdUser)
}

/** The open calls of the page's main column (the Who's here panel beside it has its own). */
const openCalls = (page: Page) =>
  page.locator('[data-main-column], .here-page').getByRole('list', { name: 'Open squad calls' })

test('A asks for one more, B joins live, it fills and both land in the chat', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const a = await apiSignup(request, 'caller')
  const b = await apiSignup(request, 'joiner')
  await withGame(request, a.encodedToken)
  // B is on Home before the call exists: it comes live.
  const other = await browser.newContext({ baseURL })
  const bPage = await other.newPage()
  await signedIn(bPage, b)
  await bPage.goto('/home')
  await expect(bPage.getByRole('button', { name: 'Need players?' })).toBeVisible()

  await signedIn(page, a)
  await page.goto('/home')
  await page.getByRole('button', { name: 'Need players?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Need players?' })
  // Nothing chosen: a clear sentence, and the dialog stays.
  await dialog.getByLabel('How many more?').selectOption('1')
  await dialog.getByLabel('Note (optional)').fill('Mic on, chill')
  await dialog.getByRole('button', { name: 'Post the call' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Choose a game from the server’s list.')
  await expect(dialog.getByLabel('Note (optional)')).toHaveValue('Mic on, chill')
  await dialog.getByRole('combobox', { name: 'Game' }).fill('Counter')
  await page.getByRole('option', { name: /Counter-Strike 2/ }).click()
  await dialog.getByRole('radio', { name: '30 minutes' }).check()
  await dialog.getByRole('button', { name: 'Post the call' }).click()
  await expect(dialog).toBeHidden()
  const aCard = openCalls(page).getByRole('listitem').filter({ hasText: 'Need 1 more' })
  await expect(aCard).toContainText('Counter-Strike 2')
  await expect(aCard).toContainText('Mic on, chill')
  await expect(aCard.getByRole('button', { name: 'Close call' })).toBeVisible()

  // B's Home shows it without a reload, and B joins.
  const bCard = openCalls(bPage).getByRole('listitem').filter({ hasText: a.createdUser.username })
  await expect(bCard).toContainText('Need 1 more')
  await expect(bCard).toContainText(/\d+ min left/)
  await bCard.getByRole('button', { name: 'Join' }).click()
  await expect(bCard).toContainText("Squad's full!")
  await bCard.getByRole('link', { name: 'Open the chat' }).click()
  await expect(bPage).toHaveURL(/\/messages\/\d+$/)
  await expect(
    bPage.locator('.message-text').filter({ hasText: "Squad's full for Counter-Strike 2" }),
  ).toContainText('Mic on, chill')

  // A's card fills live and leads to the same chat.
  await expect(aCard).toHaveCount(0)
  const aFull = openCalls(page).getByRole('listitem').filter({ hasText: "Squad's full!" })
  await expect(aFull).toContainText(`@${b.createdUser.username}`)
  await aFull.getByRole('link', { name: 'Open the chat' }).click()
  await expect(page).toHaveURL(bPage.url())
  await expect(
    page.locator('.message-text').filter({ hasText: "Squad's full for Counter-Strike 2" }),
  ).toBeVisible()
  await other.close()
})

test('a late join hears "It\'s full" on its card and loses nothing; the list then leaves it out', async ({
  page,
  request,
}) => {
  const a = await apiSignup(request, 'caller')
  const b = await apiSignup(request, 'first')
  const c = await apiSignup(request, 'late')
  await withGame(request, a.encodedToken)
  const call = await callViaApi(request, a.encodedToken, { needed: 1, rank: 'Gold' })
  // C's live stream is held back, as on a slow link: the card stays open on C's screen.
  await page.route('**/api/events', (route) => route.abort())
  await signedIn(page, c)
  await page.goto('/games/counterstrike2')
  const card = openCalls(page).getByRole('listitem').filter({ hasText: a.createdUser.username })
  await expect(card).toContainText('Rank: Gold')
  const joined = await request.put(`/api/squad-calls/${call._id}/join`, {
    headers: { authorization: b.encodedToken },
  })
  expect(joined.status()).toBe(200)
  await card.getByRole('button', { name: 'Join' }).click()
  await expect(card.getByRole('alert')).toHaveText("It's full: every place was taken.")
  await expect(card.getByRole('button', { name: 'Join' })).toBeEnabled()
  // Read again, the open calls leave it out.
  await page.unroute('**/api/events')
  await page.reload()
  await expect(openCalls(page).getByRole('listitem').filter({ hasText: 'Rank: Gold' })).toHaveCount(
    0,
  )
})

test('the status editor opens the form with its game, and the call goes up', async ({
  page,
  request,
}) => {
  const a = await apiSignup(request, 'status')
  await withGame(request, a.encodedToken)
  await signedIn(page, a)
  await page.goto(`/${a.createdUser.username}`)
  await page.getByRole('main').getByRole('button', { name: 'Set status' }).click()
  const status = page.getByRole('dialog', { name: 'What are you playing?' })
  await status.getByRole('combobox', { name: 'Game' }).fill('Counter-Strike 2')
  await status.getByRole('button', { name: 'Need players for it? Make a squad call' }).click()
  const dialog = page.getByRole('dialog', { name: 'Need players?' })
  await expect(dialog.getByText('Counter-Strike 2')).toBeVisible()
  await dialog.getByLabel('Rank (optional)').fill('Gold')
  await dialog.getByRole('button', { name: 'Post the call' }).click()
  await expect(dialog).toBeHidden()
  await page.goto('/games/counterstrike2')
  const card = openCalls(page).getByRole('listitem').filter({ hasText: a.createdUser.username })
  await expect(card).toContainText('Need 2 more')
  await expect(card).toContainText('Rank: Gold')
})

for (const size of sizes()) {
  test(`squad calls pass axe in both themes on a ${size.name}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(size.viewport)
    const a = await apiSignup(request, 'caller')
    const b = await apiSignup(request, 'viewer')
    await withGame(request, a.encodedToken)
    const call = await callViaApi(request, a.encodedToken, {
      needed: 3,
      rank: 'Gold',
      note: 'Chill games, mic on',
    })
    const friend = await apiSignup(request, 'friend')
    await request.put(`/api/squad-calls/${call._id}/join`, {
      headers: { authorization: friend.encodedToken },
    })
    await signedIn(page, b)
    await page.goto('/home')
    const card = openCalls(page).getByRole('listitem').filter({ hasText: a.createdUser.username })
    await expect(card.getByRole('button', { name: 'Join' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: 'Home with a squad call' })
    await page.goto('/here')
    await expect(openCalls(page)).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: "Who's here with a squad call" })
    await page.goto('/home')
    await page.getByRole('button', { name: 'Need players?' }).click()
    await expect(page.getByRole('dialog', { name: 'Need players?' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: 'the squad call form' })
  })
}
