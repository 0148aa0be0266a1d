import type { APIRequestContext } from '@playwright/test'
import sharp from 'sharp'
import type { GameResponse, LoginResponse, SignupResponse } from '../../src/shared/api-types'
import { gameSlug } from '../../src/shared/games'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { longName, storeSession } from './helpers'
import { E2E_HOST } from './host-account'
import { expectNoSidewaysScroll, sizes } from './looks'

/**
 * Game covers in the app (docs/API.md, "Games"): a player (a 30-character name) opens a game
 * without a cover, picks one from the keyboard with "Add a cover", and the page shows it with the
 * game's name as its alt; the offer is gone, since only a host changes a cover once there is one.
 * A host then sees "Change cover" and "Remove cover", and removes it after a question. Axe in
 * both themes, on a desktop and on a 390×844 phone; screenshots with GAMERSTAGE_SHOTS set.
 */

/** A game's name with a long unbroken word: the header must hold it. */
const GAME_NAME = 'Supercalifragilisticexpialidociousgalactic'

async function apiSignup(request: APIRequestContext): Promise<SignupResponse> {
  const answer = await request.post('/api/auth/signup', {
    data: { username: longName('coverfan'), password: 'supersecret1' },
  })
  expect(answer.status()).toBe(201)
  return (await answer.json()) as SignupResponse
}

/** A 3:4 picture, as covers usually are, in a colour the test can tell apart. */
const coverPng = () =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: '#d9480f' } })
    .png()
    .toBuffer()

for (const size of sizes()) {
  test(`a player adds a cover on a game's page, and it shows (${size.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    await page.setViewportSize(size.viewport)
    const player = await apiSignup(request)
    // Each run its own game, so that each starts without a cover (at most 60 characters).
    const name = `${GAME_NAME} ${Date.now().toString(36)}`
    const slug = gameSlug(name)
    const listed = await request.put('/api/me/games', {
      headers: { authorization: player.encodedToken },
      data: { games: [name] },
    })
    expect(listed.status()).toBe(200)
    await storeSession(page, player.encodedToken, player.createdUser)
    await page.goto(`/games/${slug}`)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    const add = page.getByRole('button', { name: 'Add a cover' })
    await expect(add).toBeVisible()
    // No cover yet: the placeholder, which is no picture.
    await expect(page.getByRole('img', { name })).toHaveCount(0)
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, {
      what: 'a game page offering a cover',
      shot: `game-cover-offer-${size.name}`,
    })

    // From the keyboard: focus the button, Enter opens the file picker.
    await add.focus()
    const chooser = page.waitForEvent('filechooser')
    await add.press('Enter')
    await (
      await chooser
    ).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() })

    const cover = page.getByRole('img', { name })
    await expect(cover).toBeVisible()
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    await expect(page.getByRole('button', { name: 'Add a cover' })).toHaveCount(0)
    await expect(page.getByText('Cover added.')).toBeVisible()

    // The server has it: the game's answer names the same picture, which stays after a reload.
    const answer = await request.get(`/api/games/${slug}`)
    const { game } = (await answer.json()) as GameResponse
    expect(game.coverUrl).toMatch(/^\/api\/media\//)
    await page.reload()
    await expect(page.getByRole('img', { name })).toHaveAttribute(
      'src',
      new RegExp(`${game.coverUrl ?? 'none'}$`),
    )
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, {
      what: 'a game page with its cover',
      shot: `game-cover-shown-${size.name}`,
    })
  })
}

for (const size of sizes()) {
  test(`a host changes or removes a game's cover (${size.name})`, async ({ page, request }) => {
    test.setTimeout(60_000)
    await page.setViewportSize(size.viewport)
    const player = await apiSignup(request)
    const name = `${GAME_NAME} ${Date.now().toString(36)}`
    const slug = gameSlug(name)
    await request.put('/api/me/games', {
      headers: { authorization: player.encodedToken },
      data: { games: [name] },
    })
    const uploaded = await request.put(`/api/games/${slug}/cover`, {
      headers: { authorization: player.encodedToken },
      multipart: { file: { name: 'c.png', mimeType: 'image/png', buffer: await coverPng() } },
    })
    expect(uploaded.status(), await uploaded.text()).toBe(200)
    const login = await request.post('/api/auth/login', { data: E2E_HOST })
    expect(login.status()).toBe(200)
    const host = (await login.json()) as LoginResponse
    await storeSession(page, host.encodedToken, host.foundUser)
    await page.goto(`/games/${slug}`)
    await expect(page.getByRole('img', { name })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Change cover' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, {
      what: 'a game page with a host’s cover buttons',
      shot: `game-cover-host-${size.name}`,
    })

    await page.getByRole('button', { name: 'Remove cover' }).click()
    const dialog = page.getByRole('dialog', { name: `Remove the cover of ${name}?` })
    await dialog.getByRole('button', { name: 'Remove cover' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('img', { name })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Add a cover' })).toBeVisible()
    const { game } = (await (await request.get(`/api/games/${slug}`)).json()) as GameResponse
    expect(game.coverUrl).toBeNull()
  })
}
