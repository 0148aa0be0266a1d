import type { Locator, Page } from '@playwright/test'
import { gameSlug } from '../../src/shared/games'
import { expect, test } from './fixtures'
import { uniqueName } from './helpers'
import { DESKTOP, PHONE, expectNoSidewaysScroll } from './looks'
import { apiUser, signedInContext } from './notify-helpers'

/**
 * Presence, statuses and games together, between two windows: B sets a status from the top bar's entry,
 * picking the game from the suggestions with the keyboard; A sees it live on the game page's
 * "Playing now" and in Who's here; B clears it and it goes, live. The top bar's search finds the
 * game and opens its page. A blocks B: B's dot and status leave A's screen without a reload.
 * On a desktop and on a 390 px phone (whose top bar keeps every button on screen).
 */

async function waitLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
}

/** The top bar's buttons and links sit inside the screen and do not overlap. */
async function expectTopBarFits(page: Page) {
  const boxes = await page
    .locator('.topbar-inner > *, .topbar-actions > *')
    .evaluateAll((elements) =>
      elements
        .filter((element) => !element.classList.contains('topbar-actions'))
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0)
        .map((box) => ({ left: box.left, right: box.right, top: box.top, bottom: box.bottom })),
    )
  const width = page.viewportSize()?.width ?? 0
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(0)
    expect(box.right).toBeLessThanOrEqual(width)
  }
  for (const [i, a] of boxes.entries()) {
    for (const [j, b] of boxes.entries()) {
      if (j <= i) continue
      const overlap =
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
      expect(overlap, `top bar items ${i} and ${j} overlap`).toBe(false)
    }
  }
  await expectNoSidewaysScroll(page)
}

/** `locator`'s box lies inside the window (and, with `fills`, covers all of it). */
async function expectInViewport(page: Page, locator: Locator, fills = false) {
  const box = await locator.boundingBox()
  const size = page.viewportSize()
  expect(box).not.toBeNull()
  if (!box || !size) return
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(size.height + 1)
  expect(box.x + box.width).toBeLessThanOrEqual(size.width + 1)
  if (fills) expect(box.height).toBeGreaterThanOrEqual(size.height - 1)
}

for (const look of [
  { name: 'desktop', viewport: DESKTOP, phone: false },
  { name: 'phone', viewport: PHONE, phone: true },
]) {
  test(`a status from the top bar shows live on the game page, search finds the game, a block hides it (${look.name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(150_000)
    const a = await apiUser(request)
    const b = await apiUser(request)
    const game = `Playnow ${uniqueName('g').replace(/_/g, '')}`
    const slug = gameSlug(game)
    // A plays it: the game is on the server's list, so B's editor suggests it.
    const games = await request.put('/api/me/games', {
      headers: { authorization: a.token },
      data: { games: [game] },
    })
    expect(games.status(), await games.text()).toBe(200)

    const aContext = await signedInContext(browser, demoUrl, a, { viewport: look.viewport })
    const aPage = await aContext.newPage()
    await aPage.goto(`/games/${slug}`)
    await waitLive(aPage)
    const playing = aPage.getByRole('region', { name: 'Playing now' })
    await expect(playing).toContainText(`Nobody is playing ${game} right now.`)

    const bContext = await signedInContext(browser, demoUrl, b, { viewport: look.viewport })
    const bPage = await bContext.newPage()
    await bPage.goto('/home')
    await waitLive(bPage)
    await expectTopBarFits(bPage)

    /** B in A's Who's here: the sidebar panel on a desktop, the /here screen on a phone. */
    const whosHereEntry = async (): Promise<Locator> => {
      if (!look.phone) {
        return aPage
          .getByRole('region', { name: 'Who’s here' })
          .getByRole('link', { name: new RegExp(b.username) })
      }
      await aPage
        .getByRole('navigation', { name: 'Main (mobile)' })
        .getByRole('link', { name: 'Who’s here' })
        .click()
      await expect(aPage).toHaveURL(/\/here$/)
      return aPage.getByRole('main').getByRole('link', { name: new RegExp(b.username) })
    }
    const backToGame = async () => {
      if (!look.phone) return
      await aPage.goBack()
      await expect(aPage).toHaveURL(new RegExp(`/games/${slug}$`))
    }

    await test.step('B sets a status from the top bar, picking the game with the keyboard', async () => {
      const entry = bPage.getByRole('banner').getByRole('button', { name: 'Set status' })
      await expect(entry).toBeVisible()
      await entry.click()
      const dialog = bPage.getByRole('dialog', { name: 'What are you playing?' })
      const field = dialog.getByRole('combobox', { name: 'Game' })
      await expect(field).toBeFocused()
      // The whole dialog on screen, over a backdrop covering the page (not the top bar's box).
      await expectInViewport(bPage, dialog)
      await expectInViewport(bPage, bPage.locator('.modal-backdrop'), true)
      await field.pressSequentially(game.slice(0, 12))
      const suggestion = dialog.getByRole('option', { name: new RegExp(game) })
      await expect(suggestion).toBeVisible()
      await field.press('ArrowDown')
      await expect(field).toHaveAttribute('aria-activedescendant', /option/)
      await expect(suggestion).toHaveAttribute('aria-selected', 'true')
      await field.press('Enter')
      await expect(field).toHaveValue(game)
      await expect(dialog).toBeVisible()
      await expect(field).toHaveAttribute('aria-expanded', 'false')
      await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('need a duo')
      await dialog.getByRole('button', { name: 'Save status' }).click()
      await expect(dialog).toHaveCount(0)
      // Focus goes back to the entry, which now offers a change.
      await expect(
        bPage.getByRole('banner').getByRole('button', { name: 'Change status' }),
      ).toBeFocused()
      await expectTopBarFits(bPage)
    })

    await test.step('A sees it live on the game page and in Who’s here', async () => {
      const row = playing.getByRole('link', { name: new RegExp(b.username) })
      await expect(row).toContainText(`Playing ${game}`)
      await expect(row).toContainText('need a duo')
      await expect(row.locator('[data-presence="online"]')).toHaveCount(1)
      const here = await whosHereEntry()
      await expect(here).toContainText(`Playing ${game}`)
      await backToGame()
    })

    await test.step('B clears it: gone from A’s screen, live', async () => {
      await expect(playing.getByRole('link', { name: new RegExp(b.username) })).toBeVisible()
      await bPage.getByRole('banner').getByRole('button', { name: 'Change status' }).click()
      await bPage.getByRole('button', { name: 'Clear status' }).click()
      await expect(
        bPage.getByRole('banner').getByRole('button', { name: 'Set status' }),
      ).toBeVisible()
      await expect(playing).toContainText(`Nobody is playing ${game} right now.`)
      await expect(playing.getByRole('link')).toHaveCount(0)
      const here = await whosHereEntry()
      await expect(here).toContainText('Online')
      await expect(here).not.toContainText('Playing')
      await backToGame()
    })

    await test.step('the top bar’s search finds the game and opens its page', async () => {
      await aPage.goto('/home')
      const box = aPage.getByRole('combobox', { name: 'Search posts, tags and people' })
      await box.fill(game)
      const results = aPage.getByRole('listbox', { name: 'Search' })
      const section = results.getByRole('group', { name: 'Games' })
      const option = section.getByRole('option', { name: new RegExp(game) })
      await expect(option).toBeVisible()
      await expect(option).toContainText('1 player')
      await expectNoSidewaysScroll(aPage)
      if (look.phone) {
        await option.click()
      } else {
        // Down through the sections to the game, Enter opens its page.
        for (let i = 0; i < 12; i++) {
          await box.press('ArrowDown')
          if ((await option.getAttribute('aria-selected')) === 'true') break
        }
        await expect(option).toHaveAttribute('aria-selected', 'true')
        await box.press('Enter')
      }
      await expect(aPage).toHaveURL(new RegExp(`/games/${slug}$`))
      await expect(aPage.getByRole('heading', { level: 1, name: game })).toBeVisible()
    })

    await test.step('A blocks B: B’s dot and status leave A’s screen without a reload', async () => {
      const status = await bPage.request.put('/api/me/status', {
        headers: { authorization: b.token },
        data: { game, note: '', expiresIn: '2h' },
      })
      expect(status.status(), await status.text()).toBe(200)
      const row = playing.getByRole('link', { name: new RegExp(b.username) })
      await expect(row).toContainText(`Playing ${game}`)
      await expect(row.locator('[data-presence]')).toHaveCount(1)
      const sidebarEntry = look.phone ? null : await whosHereEntry()
      if (sidebarEntry) await expect(sidebarEntry.locator('[data-presence]')).toHaveCount(1)

      // Blocked from elsewhere (another window of A's): the live stream carries it here.
      const marker = await aPage.evaluate(() => {
        const w = window as unknown as { __noReload?: number }
        w.__noReload = Date.now()
        return w.__noReload
      })
      const block = await request.post(`/api/users/me/block/${b.id}`, {
        headers: { authorization: a.token },
        data: {},
      })
      expect(block.status(), await block.text()).toBeLessThan(300)
      await expect(row).toHaveCount(0)
      await expect(playing).toContainText(`Nobody is playing ${game} right now.`)
      if (sidebarEntry) await expect(sidebarEntry).toHaveCount(0)
      expect(await aPage.evaluate(() => (window as { __noReload?: number }).__noReload)).toBe(
        marker,
      )
      if (look.phone) {
        const here = await whosHereEntry()
        await expect(here).toHaveCount(0)
      }
    })

    await bContext.close()
    await aContext.close()
  })
}
