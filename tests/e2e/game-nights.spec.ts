import type { APIRequestContext, Page } from '@playwright/test'
import type { SignupResponse } from '../../src/shared/api-types'
import type { GameNightResponse } from '../../src/shared/game-night-types'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { storeSession, uniqueName } from './helpers'
import { expectNoSidewaysScroll, sizes } from './looks'

/**
 * Game nights in the app (docs/API.md, "Game nights"): a host plans one with the form (date and
 * time typed with the keyboard), a friend answers going and the host sees it live; the slots fill
 * into a waiting list; two people in different time zones read the same night at their own
 * local times; axe in both themes on a desktop and a phone.
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

async function planViaApi(
  request: APIRequestContext,
  token: string,
  fields: Record<string, unknown>,
): Promise<GameNightResponse['gameNight']> {
  const answer = await request.post('/api/game-nights', {
    headers: { authorization: token },
    data: {
      game: 'counterstrike2',
      title: 'Ranked tonight',
      durationMinutes: 120,
      startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      ...fields,
    },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  return ((await answer.json()) as GameNightResponse).gameNight
}

async function signedIn(page: Page, who: SignupResponse) {
  await storeSession(page, who.encodedToken, who.createdUser)
}

test('a host plans a night with the form, a friend answers, the host sees it live', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const host = await apiSignup(request, 'host')
  const friend = await apiSignup(request, 'friend')
  await withGame(request, host.encodedToken)
  await signedIn(page, host)
  await page.goto('/home')
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Game nights' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Game nights' })).toBeVisible()
  // The demo's LAN party is planned already (services/writes/seed.ts), the server's first night.
  // Other specs on this worker's demo server plan nights of their own, sooner ones among them, so
  // it need not be on the list's first page: read it by its id.
  await expect(page.getByRole('list', { name: 'Upcoming game nights' })).toBeVisible()
  const demoNight = await request.get('/api/game-nights/1', {
    headers: { authorization: host.encodedToken },
  })
  expect(((await demoNight.json()) as { gameNight: { title: string } }).gameNight.title).toBe(
    'LAN party this Saturday',
  )
  await page.getByRole('link', { name: 'Plan a game night' }).click()
  const game = page.getByRole('combobox', { name: 'Game' })
  await game.fill('Counter')
  await page.getByRole('option', { name: /Counter-Strike 2/ }).click()
  await page.getByRole('textbox', { name: 'Title' }).fill('Ranked five-stack')
  // The date and time by keyboard: the browser's own fields.
  const next = new Date(Date.now() + 3 * 86_400_000)
  const day = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`
  await page.getByLabel('Date').fill(day)
  await page.getByLabel('Time').fill('21:30')
  await page.getByLabel('Slots (optional)').fill('2')
  await page.getByRole('button', { name: 'Plan it' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Ranked five-stack' })).toBeVisible()
  await expect(page.locator('.game-night-when-big time')).toContainText('9:30')
  const nightUrl = page.url()

  const other = await browser.newContext({ baseURL })
  const friendPage = await other.newPage()
  await signedIn(friendPage, friend)
  await friendPage.goto(nightUrl)
  const going = friendPage.getByRole('button', { name: /^Going/ })
  await expect(going).toHaveAttribute('aria-pressed', 'false')
  await going.click()
  await expect(going).toHaveAttribute('aria-pressed', 'true')
  await expect(friendPage.getByText('You are going.')).toBeVisible()
  // The host's page follows the live event: the friend joins the going list.
  const hostGoing = page.getByRole('region', { name: 'Going' })
  await expect(hostGoing.getByText(friend.createdUser.username)).toBeVisible()
  await expect(page.getByText('2/2 going')).toBeVisible()
  await other.close()

  // The game's page lists it, a page at a time: other specs on this worker's server plan nights
  // of the same game, sooner ones among them.
  await page.goto('/games/counterstrike2')
  const planned = page
    .getByRole('list', { name: 'Game nights of Counter-Strike 2' })
    .getByText('Ranked five-stack')
  const loadMore = page.getByRole('button', { name: 'Load more' })
  await expect(async () => {
    if ((await planned.count()) === 0 && (await loadMore.count()) > 0) {
      await loadMore.first().click({ timeout: 2000 })
    }
    await expect(planned).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 30_000 })
})

test('the slots fill and the next "going" waits in line', async ({ page, request }) => {
  const host = await apiSignup(request, 'host')
  const first = await apiSignup(request, 'first')
  const late = await apiSignup(request, 'late')
  await withGame(request, host.encodedToken)
  const night = await planViaApi(request, host.encodedToken, { slots: 2 })
  const answer = await request.put(`/api/game-nights/${night._id}/rsvp`, {
    headers: { authorization: first.encodedToken },
    data: { answer: 'going' },
  })
  expect(answer.status()).toBe(200)
  await signedIn(page, late)
  await page.goto(`/game-nights/${night._id}`)
  await page.getByRole('button', { name: /^Going/ }).click()
  await expect(
    page.getByText('The slots are full: you are on the waiting list', { exact: false }),
  ).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Waiting list' }).getByText(late.createdUser.username),
  ).toBeVisible()
})

test('two time zones read the same night at their own local times', async ({
  browser,
  baseURL,
  request,
}) => {
  const host = await apiSignup(request, 'host')
  await withGame(request, host.encodedToken)
  // 18:00 UTC on a day three days ahead: 19:00 in Paris (winter) or 20:00 (summer), 13:00 or
  // 14:00 in New York; asserted against Intl's own reading of each zone.
  const start = new Date(Date.now() + 3 * 86_400_000)
  start.setUTCHours(18, 0, 0, 0)
  const night = await planViaApi(request, host.encodedToken, { startsAt: start.toISOString() })
  for (const timezoneId of ['Europe/Paris', 'America/New_York', 'Asia/Tokyo']) {
    const context = await browser.newContext({ baseURL, timezoneId, locale: 'en-GB' })
    const zonePage = await context.newPage()
    await signedIn(zonePage, host)
    await zonePage.goto(`/game-nights/${night._id}`)
    const expected = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezoneId,
      hour: 'numeric',
      minute: '2-digit',
    }).format(start)
    const shown = zonePage.locator('.game-night-when-big time')
    await expect(shown).toContainText(expected)
    await expect(shown).toHaveAttribute('dateTime', night.startsAt)
    await expect(zonePage.getByText(`Times are in your time zone (${timezoneId})`)).toBeVisible()
    await context.close()
  }
})

for (const size of sizes()) {
  test(`game nights pass axe in both themes on a ${size.name}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(size.viewport)
    const host = await apiSignup(request, 'host')
    const friend = await apiSignup(request, 'friend')
    await withGame(request, host.encodedToken)
    const night = await planViaApi(request, host.encodedToken, { place: 'online', slots: 4 })
    await request.put(`/api/game-nights/${night._id}/rsvp`, {
      headers: { authorization: friend.encodedToken },
      data: { answer: 'maybe' },
    })
    await signedIn(page, friend)
    await page.goto('/home')
    // Reached from the nav: the sidebar on a desktop, the bottom bar on a phone.
    const nav = page.getByRole('navigation', {
      name: size.name === 'phone' ? 'Main (mobile)' : 'Main',
    })
    await nav.getByRole('link', { name: 'Game nights' }).click()
    await expect(page.getByRole('list', { name: 'Upcoming game nights' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: 'the Events page' })
    await page.goto(`/game-nights/${night._id}`)
    await expect(page.getByRole('button', { name: /^Maybe/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: 'a game night' })
    await page.goto('/game-nights/new')
    await expect(page.getByRole('heading', { level: 1, name: 'Plan a game night' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: 'the game night form' })
  })
}
