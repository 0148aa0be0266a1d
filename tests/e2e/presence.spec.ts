import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { longName } from './helpers'
import { PHONE } from './looks'
import { apiUser, signedInContext, type ApiUser } from './notify-helpers'

/**
 * Presence and "now playing" between two windows (docs/API.md, "Presence and now playing"):
 * B opening the app, setting and clearing a status and leaving shows live on A's screen: the
 * Who's here panel, the dot and status on B's profile; on a phone, the /here screen from the
 * bottom bar.
 */

async function waitLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
}

async function putStatus(page: Page, who: ApiUser, game: string, note = '') {
  const response = await page.request.put('/api/me/status', {
    headers: { authorization: who.token },
    data: { game, note, expiresIn: '2h' },
  })
  expect(response.status(), await response.text()).toBe(200)
}

test('B’s dot and status change live on A’s screen', async ({ browser, request, demoUrl }) => {
  test.setTimeout(120_000)
  const a = await apiUser(request)
  const b = await apiUser(request)
  const aContext = await signedInContext(browser, demoUrl, a)
  const aPage = await aContext.newPage()
  await aPage.goto('/home')
  await waitLive(aPage)
  const panel = aPage.getByRole('region', { name: 'Who’s here' })
  // Other specs' players may be online on the shared server: the panel has loaded, without B.
  // (Its list of people, not the game nights on now that other specs may have started.)
  const bEntry = panel.getByRole('link', { name: new RegExp(b.username) })
  await expect(
    panel.getByText('Nobody else is online right now.').or(panel.locator('ul.whos-here-list')),
  ).toBeVisible()
  await expect(bEntry).toHaveCount(0)

  const bContext = await signedInContext(browser, demoUrl, b)
  const bPage = await bContext.newPage()

  await test.step('B opens the app: A sees B in Who’s here, online', async () => {
    await bPage.goto('/home')
    await waitLive(bPage)
    await expect(bEntry).toBeVisible()
    await expect(bEntry).toContainText('Online')
  })

  await test.step('B sets a status on their profile: A sees it live', async () => {
    await bPage.goto(`/${b.username}`)
    await bPage.getByRole('main').getByRole('button', { name: 'Set status' }).click()
    const dialog = bPage.getByRole('dialog', { name: 'What are you playing?' })
    await expect(dialog.getByRole('combobox', { name: 'Game' })).toBeFocused()
    // An empty game is refused with a sentence, before anything is sent.
    await dialog.getByRole('button', { name: 'Save status' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('The game cannot be empty.')
    await dialog.getByRole('combobox', { name: 'Game' }).fill('Counter-Strike 2')
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('LFG ranked, need 2')
    await dialog.getByRole('radio', { name: '30 minutes' }).check()
    await dialog.getByRole('button', { name: 'Save status' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(bPage.locator('.profile-status')).toContainText('Playing Counter-Strike 2')

    await expect(panel).toContainText('Playing Counter-Strike 2 · just now')
    await aPage.goto(`/${b.username}`)
    await waitLive(aPage)
    const presence = aPage.locator('.profile-presence')
    await expect(presence).toContainText('Online now')
    await expect(presence).toContainText('Playing Counter-Strike 2')
    await expect(presence).toContainText('LFG ranked, need 2')
  })

  await test.step('B changes and clears it: A’s profile view follows', async () => {
    const presence = aPage.locator('.profile-presence')
    await putStatus(bPage, b, 'Deep Rock Galactic')
    await expect(presence).toContainText('Playing Deep Rock Galactic')
    await bPage.getByRole('main').getByRole('button', { name: 'Change status' }).click()
    await bPage.getByRole('button', { name: 'Clear status' }).click()
    await expect(presence).not.toContainText('Playing')
  })

  await test.step('B leaves: after the grace, A sees B offline', async () => {
    await bContext.close()
    const presence = aPage.locator('.profile-presence')
    await expect(presence).not.toContainText('Online now', { timeout: 20_000 })
    await aPage.goto('/home')
    await expect(
      panel.getByText('Nobody else is online right now.').or(panel.locator('ul.whos-here-list')),
    ).toBeVisible()
    await expect(bEntry).toHaveCount(0)
  })
  await aContext.close()
})

test('on a phone, Who’s here is a screen of the bottom bar, live', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const a = await apiUser(request)
  const b = await apiUser(request)
  const aContext = await signedInContext(browser, demoUrl, a, { viewport: PHONE })
  const aPage = await aContext.newPage()
  await aPage.goto('/home')
  await waitLive(aPage)
  await aPage
    .getByRole('navigation', { name: 'Main (mobile)' })
    .getByRole('link', { name: 'Who’s here' })
    .click()
  await expect(aPage).toHaveURL(/\/here$/)
  await expect(aPage.getByRole('heading', { name: 'Who’s here', level: 1 })).toBeVisible()

  const bContext = await signedInContext(browser, demoUrl, b, { viewport: PHONE })
  const bPage = await bContext.newPage()
  await bPage.goto('/home')
  await waitLive(bPage)
  const entry = aPage.getByRole('main').getByRole('link', { name: new RegExp(b.username) })
  await expect(entry).toContainText('Online')
  await putStatus(bPage, b, 'Rocket League', 'need a third')
  await expect(entry).toContainText('Playing Rocket League')
  await expect(entry).toContainText('need a third')
  const overflow = await aPage.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBe(0)
  await bContext.close()
  await aContext.close()
})

test('after an unblock, each one’s dot and status come back on the other’s screen at once', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const a = await apiUser(request)
  const b = await apiUser(request)
  const aContext = await signedInContext(browser, demoUrl, a)
  const bContext = await signedInContext(browser, demoUrl, b)
  const aPage = await aContext.newPage()
  const bPage = await bContext.newPage()
  for (const page of [aPage, bPage]) {
    await page.goto('/home')
    await waitLive(page)
  }
  const bOnA = aPage
    .getByRole('region', { name: 'Who’s here' })
    .getByRole('link', { name: new RegExp(b.username) })
  const aOnB = bPage
    .getByRole('region', { name: 'Who’s here' })
    .getByRole('link', { name: new RegExp(a.username) })
  await putStatus(aPage, a, 'Deep Rock Galactic')
  await putStatus(bPage, b, 'Rocket League')
  await expect(bOnA).toContainText('Playing Rocket League')
  await expect(aOnB).toContainText('Playing Deep Rock Galactic')

  await test.step('A blocks B: each leaves the other’s Who’s here', async () => {
    const block = await request.post(`/api/users/me/block/${b.id}`, {
      headers: { authorization: a.token },
      data: {},
    })
    expect(block.status(), await block.text()).toBeLessThan(300)
    await expect(bOnA).toHaveCount(0)
    await expect(aOnB).toHaveCount(0)
  })

  await test.step('A unblocks B on the Account page: both come back, without a reload', async () => {
    const markers = await Promise.all(
      [aPage, bPage].map((page) =>
        page.evaluate(() => {
          const w = window as unknown as { __noReload?: number }
          w.__noReload = Math.random()
          return w.__noReload
        }),
      ),
    )
    // Within the app (no reload): A's profile, then its Account button.
    await aPage
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Profile' })
      .click()
    await aPage.getByRole('main').getByRole('link', { name: 'Account' }).click()
    await aPage
      .getByRole('region', { name: 'Blocked' })
      .getByRole('button', { name: `Unblock ${b.username}` })
      .click()
    // Neither changes anything: the unblock alone brings each one's dot and status back.
    await expect(bOnA).toContainText('Online')
    await expect(bOnA).toContainText('Playing Rocket League')
    await expect(bOnA.locator('[data-presence]')).toHaveCount(1)
    await expect(aOnB).toContainText('Online')
    await expect(aOnB).toContainText('Playing Deep Rock Galactic')
    await expect(aOnB.locator('[data-presence]')).toHaveCount(1)
    const after = await Promise.all(
      [aPage, bPage].map((page) =>
        page.evaluate(() => (window as { __noReload?: number }).__noReload),
      ),
    )
    expect(after).toEqual(markers)
  })
  await bContext.close()
  await aContext.close()
})

for (const [where, viewport] of [
  ['the desktop sidebar at 1280 px', { width: 1280, height: 800 }],
  ['the /here screen at 390 px', PHONE],
] as const) {
  test(`Who’s here shows a 30-character name whole in ${where}`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    const a = await apiUser(request)
    const b = await apiUser(request, longName('here'))
    expect(b.username).toHaveLength(30)
    const bContext = await signedInContext(browser, demoUrl, b, { viewport })
    const bPage = await bContext.newPage()
    await bPage.goto('/home')
    await waitLive(bPage)
    const aContext = await signedInContext(browser, demoUrl, a, { viewport })
    const aPage = await aContext.newPage()
    await aPage.goto(viewport === PHONE ? '/here' : '/home')
    const scope =
      viewport === PHONE
        ? aPage.getByRole('main')
        : aPage.getByRole('region', { name: 'Who’s here' })
    const entry = scope.getByRole('link', { name: new RegExp(b.username) })
    const name = entry.locator('.person-username')
    await expect(name).toHaveText(b.username)
    // Nothing of it cut off or hidden: it wraps inside the row, the page does not scroll sideways.
    const fits = await name.evaluate((element) => ({
      inside: element.scrollWidth <= element.clientWidth,
      within:
        element.getBoundingClientRect().right <=
        (element.closest('.whos-here') as HTMLElement).getBoundingClientRect().right,
    }))
    expect(fits).toEqual({ inside: true, within: true })
    const overflow = await aPage.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    await aContext.close()
    await bContext.close()
  })
}
