import { expect, test } from './fixtures'
import type { Page } from '@playwright/test'
import { longName as longHelperName, signupViaApi, toast, waitForQuietNetwork } from './helpers'
import { SHOTS_DIR, shoot } from './looks'

/** Screenshots for a person to look at: GAMERSTAGE_SHOTS=/tmp/shots. */
const dir = process.env.GAMERSTAGE_SHOTS ?? 'test-results/shots'

const PHONE = { width: 390, height: 844 }
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(6)

/** A 30-character username, the longest allowed, unique per run. */
function longName(): string {
  return `w${Date.now().toString(36)}`.padEnd(30, 'x').slice(0, 30)
}

async function expectNoOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `horizontal overflow on ${where}`).toBeLessThanOrEqual(0)
}

/** Every visible button and link lies inside the screen's width (or in a scrolling row). */
async function expectControlsOnScreen(page: Page, where: string) {
  const outside = await page.evaluate((width) => {
    const bad: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>('main button, main a, nav a')) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      // A sideways-scrolling row (the people strip) may hold controls beyond the edge.
      let scroller = el.parentElement
      while (scroller && getComputedStyle(scroller).overflowX !== 'auto') {
        scroller = scroller.parentElement
      }
      if (scroller) continue
      if (box.left < -1 || box.right > width + 1) {
        bad.push(el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName)
      }
    }
    return bad
  }, PHONE.width)
  expect(outside, `controls off-screen on ${where}`).toEqual([])
}

for (const theme of ['dark', 'light'] as const) {
  test(`phone layout holds with a 30-character name and a long word (${theme})`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE)
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
    const name = longName()
    await signupViaApi(page, name)
    await page.getByRole('button', { name: 'New post' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Post' })
    await dialog.getByPlaceholder('enter a text').fill(`GG ${LONG_WORD} well played`)
    await dialog.getByRole('button', { name: 'Post' }).click()
    await expect(dialog).toHaveCount(0)
    const card = page.getByRole('article').first()
    await expect(card).toContainText('well played')

    // The first post starts high: the people panel comes after the feed or as a compact row.
    const cardTop = (await card.boundingBox())?.y ?? Infinity
    expect(cardTop, 'first post position').toBeLessThan(PHONE.height * 0.55)

    await waitForQuietNetwork(page)
    await expectNoOverflow(page, '/home')
    await expectControlsOnScreen(page, '/home')
    await shoot(page, { path: `${dir}/phone-home-${theme}.png` })

    await card.getByRole('link', { name: /Comments/ }).click()
    await expect(page).toHaveURL(/\/post\//)
    await page.getByRole('textbox', { name: 'Write a comment' }).fill(`${LONG_WORD}!`)
    await page.getByRole('button', { name: 'Comment', exact: true }).click()
    await expect(page.locator('.comment')).toHaveCount(1)
    await waitForQuietNetwork(page)
    await expectNoOverflow(page, 'post page')
    await expectControlsOnScreen(page, 'post page')
    await shoot(page, { path: `${dir}/phone-post-${theme}.png`, fullPage: true })

    for (const path of [`/${name}`, '/explore', '/bookmarks', '/server']) {
      await page.goto(path)
      await expect(page.getByRole('main')).toBeVisible()
      await waitForQuietNetwork(page)
      await expectNoOverflow(page, path)
      await expectControlsOnScreen(page, path)
      const label = path === `/${name}` ? 'profile' : path.slice(1)
      await shoot(page, { path: `${dir}/phone-${label}-${theme}.png` })
    }

    // A touch screen has no hover: the avatar's change button shows without it.
    await page.goto(`/${name}`)
    const camera = page.getByRole('button', { name: 'Change profile picture' })
    await expect(camera).toBeVisible()
    expect(Number(await camera.evaluate((el) => getComputedStyle(el).opacity))).toBeGreaterThan(0.5)

    // One's own Edit and Account share a row under the banner, not a ragged stack reaching into it.
    const banner = await page.locator('.profile-banner').boundingBox()
    const edit = await page
      .getByRole('main')
      .getByRole('button', { name: 'Edit', exact: true })
      .boundingBox()
    const account = await page
      .getByRole('main')
      .getByRole('link', { name: 'Account' })
      .boundingBox()
    expect(edit?.y, 'Edit and Account on one row').toBe(account?.y)
    expect(edit?.y ?? -1, 'Edit below the banner').toBeGreaterThanOrEqual(
      (banner?.y ?? Infinity) + (banner?.height ?? 0),
    )
  })
}

test('the main column has one width on every page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signupViaApi(page, longName())
  const widths: Record<string, number> = {}
  for (const path of ['/home', '/explore', '/bookmarks', '/post/1', '/player1', '/server']) {
    await page.goto(path)
    await expect(page.getByRole('main')).toBeVisible()
    await waitForQuietNetwork(page)
    widths[path] = await page.evaluate(() => {
      const column = document.querySelector<HTMLElement>('[data-main-column]')
      return column ? Math.round(column.getBoundingClientRect().width) : -1
    })
  }
  const distinct = new Set(Object.values(widths))
  expect(distinct.size, JSON.stringify(widths)).toBe(1)
  expect([...distinct][0]).toBeGreaterThan(500)
})

test.describe('logout on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  async function bars(page: Page, theme: 'light' | 'dark') {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    // The colours ease into the new theme: the picture is of where they end.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((transition) => transition.finished.catch(() => null)),
      ),
    )
  }

  test('logout asks first, then toasts and ends the session', async ({ page, baseURL }) => {
    await signupViaApi(page, longHelperName('logout'))
    const icon = page.getByRole('banner').getByRole('button', { name: 'Log out' })
    await icon.click()
    const confirm = page.getByRole('dialog', { name: 'Log out?' })
    await expect(confirm).toBeVisible()
    // One tap is not a logout.
    await expect(toast(page, 'You have been logged out')).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()

    for (const theme of ['dark', 'light'] as const) {
      await bars(page, theme)
      await shoot(page, { path: `${SHOTS_DIR}/phone-logout-confirm-${theme}.png` })
    }
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toHaveCount(0)
    for (const theme of ['dark', 'light'] as const) {
      await bars(page, theme)
      await shoot(page, { path: `${SHOTS_DIR}/phone-bars-${theme}.png` })
    }

    // The spec's toast and 2-second delay (timed exactly by auth.spec.ts on a desktop).
    await icon.click()
    await confirm.getByRole('button', { name: 'Yes, log out' }).click()
    await expect(toast(page, 'You have been logged out')).toBeVisible()
    await expect(page).toHaveURL(`${baseURL}/`, { timeout: 6000 })
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  })
})
