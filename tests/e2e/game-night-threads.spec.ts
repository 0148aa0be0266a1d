import type { APIRequestContext, Page } from '@playwright/test'
import type { SignupResponse } from '../../src/shared/api-types'
import type { GameNightResponse } from '../../src/shared/game-night-types'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { storeSession, uniqueName } from './helpers'
import { expectNoSidewaysScroll, sizes } from './looks'

/**
 * What game nights add to the rest of the app (docs/API.md, "Game nights"): the night's comments
 * (its thread post's), which two people write and read live; "Starting now" on Home and in Who's
 * here once a night has started (the page's clock moved on, as the server plans only ahead); a
 * profile's nights; the Game nights list past 20; axe in both themes on a desktop and a phone.
 */

async function apiSignup(request: APIRequestContext, prefix: string): Promise<SignupResponse> {
  const answer = await request.post('/api/auth/signup', {
    data: { username: uniqueName(prefix), password: 'supersecret1' },
  })
  expect(answer.status()).toBe(201)
  return (await answer.json()) as SignupResponse
}

async function withGame(request: APIRequestContext, token: string) {
  const answer = await request.put('/api/me/games', {
    headers: { authorization: token },
    data: { games: ['Counter-Strike 2'] },
  })
  expect(answer.status()).toBe(200)
}

async function planViaApi(
  request: APIRequestContext,
  token: string,
  fields: Record<string, unknown> = {},
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

async function answerViaApi(
  request: APIRequestContext,
  token: string,
  id: string,
  choice: 'going' | 'maybe' | 'cant',
) {
  const answer = await request.put(`/api/game-nights/${id}/rsvp`, {
    headers: { authorization: token },
    data: { answer: choice },
  })
  expect(answer.status()).toBe(200)
}

async function signedIn(page: Page, who: SignupResponse) {
  await storeSession(page, who.encodedToken, who.createdUser)
}

test('two people comment on a night and read each other live', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const host = await apiSignup(request, 'host')
  const friend = await apiSignup(request, 'friend')
  await withGame(request, host.encodedToken)
  const night = await planViaApi(request, host.encodedToken, { title: 'Comment night' })
  await signedIn(page, host)
  await page.goto(`/game-nights/${night._id}`)
  const hostComments = page.locator('.comments-card')
  await expect(hostComments.getByRole('heading', { name: 'Talk about it' })).toBeVisible()

  const other = await browser.newContext({ baseURL })
  const friendPage = await other.newPage()
  await signedIn(friendPage, friend)
  await friendPage.goto(`/game-nights/${night._id}`)
  const friendBox = friendPage.getByRole('textbox', { name: 'Write a comment' })
  await friendBox.fill(`Count me in @${host.createdUser.username}`)
  await friendPage.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(friendPage.locator('.comment-list')).toContainText('Count me in')
  // The host's open page takes it live, without a reload.
  await expect(hostComments.locator('.comment-list')).toContainText('Count me in')
  // And the host answers; the friend sees it live.
  await page.getByRole('textbox', { name: 'Write a comment' }).fill('Bring snacks')
  await page.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(friendPage.locator('.comment-list')).toContainText('Bring snacks')
  await other.close()
  // The thread is the host's post: "Open as a post" shows the same comments.
  await page.getByRole('link', { name: 'Open as a post' }).click()
  await expect(page.getByText('Game night: Comment night (Counter-Strike 2)')).toBeVisible()
  await expect(page.locator('.comment-list')).toContainText('Bring snacks')
})

test('a night on now shows on Home for those going, and in Who’s here for everyone', async ({
  page,
  request,
}) => {
  const host = await apiSignup(request, 'host')
  const friend = await apiSignup(request, 'friend')
  await withGame(request, host.encodedToken)
  const start = Date.now() + 30 * 60_000
  const night = await planViaApi(request, host.encodedToken, {
    title: 'Starting soon',
    startsAt: new Date(start).toISOString(),
  })
  await answerViaApi(request, friend.encodedToken, night._id, 'going')
  await signedIn(page, friend)
  // Before the start: nothing on Home.
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Starting now' })).toHaveCount(0)
  // Ten minutes after the start, by the page's clock.
  await page.clock.setFixedTime(new Date(start + 10 * 60_000))
  await page.reload()
  const card = page.getByRole('region', { name: 'Starting now' })
  await expect(card.getByRole('link', { name: 'Starting soon', exact: true })).toBeVisible()
  await expect(card).toContainText('2 going')
  // Who's here, beside the page on a desktop, shows every night on now.
  await expect(
    page.getByRole('region', { name: 'Game nights on now' }).getByRole('link', {
      name: 'Starting soon',
      exact: true,
    }),
  ).toBeVisible()
  await card.getByRole('link', { name: 'Open Starting soon' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Starting soon' })).toBeVisible()
})

test('a profile shows the nights its player hosts or goes to', async ({ page, request }) => {
  const host = await apiSignup(request, 'host')
  const friend = await apiSignup(request, 'friend')
  await withGame(request, host.encodedToken)
  await withGame(request, friend.encodedToken)
  const hosted = await planViaApi(request, friend.encodedToken, { title: 'Friend hosts' })
  const going = await planViaApi(request, host.encodedToken, { title: 'Friend goes' })
  const cant = await planViaApi(request, host.encodedToken, { title: 'Friend cannot' })
  await answerViaApi(request, friend.encodedToken, going._id, 'going')
  await answerViaApi(request, friend.encodedToken, cant._id, 'cant')
  expect(hosted.isHost).toBe(true)
  await signedIn(page, host)
  await page.goto(`/${friend.createdUser.username}`)
  const list = page.getByRole('list', { name: `Game nights of ${friend.createdUser.username}` })
  await expect(list.getByText('Friend hosts')).toBeVisible()
  await expect(list.getByText('Friend goes')).toBeVisible()
  await expect(list.getByText('Friend cannot')).toHaveCount(0)
})

test('the Game nights list goes past 20 with Load more', async ({ page, request }) => {
  test.setTimeout(90_000)
  const host = await apiSignup(request, 'host')
  await withGame(request, host.encodedToken)
  // Sooner than the other tests' nights, so that they lead the upcoming list, ten seconds apart.
  const base = Date.now() + 5 * 60_000
  for (let index = 0; index < 23; index += 1) {
    await planViaApi(request, host.encodedToken, {
      title: `Paged night ${index}`,
      startsAt: new Date(base + index * 10_000).toISOString(),
    })
  }
  await signedIn(page, host)
  await page.goto('/game-nights')
  const upcoming = page.getByRole('list', { name: 'Upcoming game nights' })
  await expect(upcoming.getByText('Paged night 0', { exact: true })).toBeVisible()
  await expect(upcoming.getByText('Paged night 19', { exact: true })).toBeVisible()
  await expect(upcoming.getByRole('listitem')).toHaveCount(20)
  await expect(upcoming.getByText('Paged night 20', { exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: 'Load more' }).first().click()
  await expect(upcoming.getByText('Paged night 22', { exact: true })).toBeVisible()
  expect(await upcoming.getByRole('listitem').count()).toBeGreaterThan(20)
})

for (const size of sizes()) {
  test(`a night's comments, Starting now and a profile's nights pass axe on a ${size.name}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(size.viewport)
    const host = await apiSignup(request, 'host')
    const friend = await apiSignup(request, 'friend')
    await withGame(request, host.encodedToken)
    const start = Date.now() + 30 * 60_000
    const night = await planViaApi(request, host.encodedToken, {
      title: 'Axe night',
      startsAt: new Date(start).toISOString(),
    })
    await answerViaApi(request, friend.encodedToken, night._id, 'maybe')
    const comment = await request.post(`/api/comments/add/${night.threadPostId ?? ''}`, {
      headers: { authorization: friend.encodedToken },
      data: { commentData: { text: 'See you there' } },
    })
    expect(comment.status()).toBe(201)
    await page.clock.setFixedTime(new Date(start + 5 * 60_000))
    await signedIn(page, friend)
    await page.goto('/home')
    await expect(page.getByRole('region', { name: 'Starting now' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: 'Home with Starting now' })
    await page.goto(`/game-nights/${night._id}`)
    await expect(page.locator('.comment-list')).toContainText('See you there')
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: 'a game night with its comments' })
    await page.goto(`/${host.createdUser.username}`)
    await expect(
      page.getByRole('list', { name: `Game nights of ${host.createdUser.username}` }),
    ).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: 'a profile with its nights' })
  })
}
