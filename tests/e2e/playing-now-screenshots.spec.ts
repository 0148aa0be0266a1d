import { gameSlug } from '../../src/shared/games'
import { axeScopeFor, expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { longName, uniqueName, waitForQuietNetwork } from './helpers'
import { expectNoSidewaysScroll, looks, shoot, SHOTS_DIR, SHOTS_ONLY_ON_DEMAND } from './looks'
import { apiUser, signedInContext } from './notify-helpers'

/**
 * Screenshots of presence, statuses and games together, for a person to look at (GAMERSTAGE_SHOTS=<folder>):
 * the game page with Playing now, the status editor with its game suggestions open, the search
 * box's Games section and the top bar on a phone; 30-character names and a 60-character game
 * name without a space, in both themes on a desktop and a 390 px phone. Each must not scroll
 * sideways; the game page and the editor pass axe. What they show is asserted by
 * playing-now.spec.ts.
 */
test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

/** 60 characters, no space: the longest name a game may have. */
const longGame = () => `Supercalifragilistic${uniqueName('x').replace(/_/g, '')}`.padEnd(60, 'o')

for (const look of looks()) {
  test(`playing now, status suggestions and game search in ${look.name}`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(180_000)
    const game = longGame()
    const slug = gameSlug(game)
    const me = await apiUser(request, longName('me'))
    const friend = await apiUser(request, longName('friend'))
    await request.post(`/api/users/follow/${friend.id}`, { headers: { authorization: me.token } })
    const games = await request.put('/api/me/games', {
      headers: { authorization: friend.token },
      data: { games: [game] },
    })
    expect(games.status(), await games.text()).toBe(200)
    const status = await request.put('/api/me/status', {
      headers: { authorization: friend.token },
      data: { game, note: `LFG ${'Unbreakable'.repeat(6)}`, expiresIn: 'never' },
    })
    expect(status.status(), await status.text()).toBe(200)

    const friendContext = await signedInContext(browser, demoUrl, friend, {
      viewport: look.viewport,
    })
    const friendPage = await friendContext.newPage()
    await friendPage.goto('/home')
    await expect(friendPage.locator('html')).toHaveAttribute('data-live', 'live')

    const context = await signedInContext(browser, demoUrl, me, {
      theme: look.theme,
      viewport: look.viewport,
    })
    const page = await context.newPage()
    const phone = look.name.startsWith('phone')
    const scope = axeScopeFor(look)
    const shot = async (screen: string, options: { fullPage?: boolean } = {}) => {
      await waitForQuietNetwork(page)
      await expectNoSidewaysScroll(page)
      await shoot(page, {
        path: `${SHOTS_DIR}/playing-now-${screen}-${look.name}.png`,
        fullPage: options.fullPage ?? false,
      })
    }

    await page.goto(`/games/${slug}`)
    await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
    const playing = page.getByRole('region', { name: 'Playing now' })
    await expect(playing).toContainText(`Playing ${game}`)
    await playing.scrollIntoViewIfNeeded()
    await shot('game-page')
    await shot('game-page-full', { fullPage: true })
    await expectNoSeriousViolations(page, `the game page with Playing now in ${look.name}`, {
      within: '.game-playing-now',
      scope,
    })

    await page.getByRole('banner').getByRole('button', { name: 'Set status' }).click()
    const dialog = page.getByRole('dialog', { name: 'What are you playing?' })
    const field = dialog.getByRole('combobox', { name: 'Game' })
    await field.pressSequentially('Supercali')
    await expect(dialog.getByRole('option').first()).toBeVisible()
    await field.press('ArrowDown')
    await shot('status-suggestions')
    await expectNoSeriousViolations(page, `the status editor's suggestions in ${look.name}`, {
      within: '[role="dialog"]',
      scope,
    })
    await field.press('Enter')
    await expect(field).toHaveValue(game)
    await dialog.getByRole('button', { name: 'Save status' }).click()
    await expect(dialog).toHaveCount(0)

    await page.goto('/home')
    const box = page.getByRole('combobox', { name: 'Search posts, tags and people' })
    await box.fill(game.slice(0, 30))
    await expect(
      page.getByRole('listbox', { name: 'Search' }).getByRole('group', { name: 'Games' }),
    ).toContainText(game)
    await shot('search-games')

    if (phone) {
      await box.press('Escape')
      await box.blur()
      await page.goto('/home')
      await expect(
        page.getByRole('banner').getByRole('button', { name: 'Change status' }),
      ).toBeVisible()
      await waitForQuietNetwork(page)
      await shoot(page.getByRole('banner'), {
        path: `${SHOTS_DIR}/playing-now-topbar-${look.name}.png`,
      })
    }
    await context.close()
    await friendContext.close()
  })
}
