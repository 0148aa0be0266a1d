import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { longName, waitForQuietNetwork } from './helpers'
import { expectNoSidewaysScroll, sizes } from './looks'
import { apiUser, signedInContext } from './notify-helpers'

/**
 * Screenshots of presence and "now playing" for a person to look at (GAMERSTAGE_SHOTS=<folder>):
 * 30-character names, a 60-character unbroken game name and a long note, in both themes on a
 * desktop and a phone. Each screen must not scroll sideways, and passes axe.
 */
const LONG_GAME = 'Supercalifragilisticexpialidociousgamesofthestageandbeyonds'.slice(0, 60)
const LONG_NOTE = `LFG ${'Unbreakable'.repeat(6)} need 2`.slice(0, 80)

for (const size of sizes()) {
  test(`presence screens on the ${size.name}, in both themes`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(180_000)
    const me = await apiUser(request, longName('me'))
    const friend = await apiUser(request, longName('friend'))
    await request.post(`/api/users/follow/${friend.id}`, { headers: { authorization: me.token } })
    const status = await request.put('/api/me/status', {
      headers: { authorization: friend.token },
      data: { game: LONG_GAME, note: LONG_NOTE, expiresIn: 'never' },
    })
    expect(status.status(), await status.text()).toBe(200)
    await request.post('/api/posts', {
      headers: { authorization: friend.token },
      data: { postData: { content: 'Anyone up for a match tonight?' } },
    })

    const friendContext = await signedInContext(browser, demoUrl, friend, {
      viewport: size.viewport,
    })
    const friendPage = await friendContext.newPage()
    await friendPage.goto('/home')
    await expect(friendPage.locator('html')).toHaveAttribute('data-live', 'live')

    const context = await signedInContext(browser, demoUrl, me, { viewport: size.viewport })
    const page = await context.newPage()
    /** The screen in both themes: photographed, and checked by axe where `axeOn` says. */
    const shot = async (screen: string, axeOn?: { what: string; within: string }) => {
      await waitForQuietNetwork(page)
      await expectNoSidewaysScroll(page)
      await checkInBothThemes(page, size, { shot: `presence-${screen}`, ...axeOn })
    }
    const phone = size.name === 'phone'

    await page.goto('/explore')
    await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
    await expect(
      page.locator(`[data-presence="online"]`).filter({ visible: true }).first(),
    ).toBeVisible()
    await shot('explore')

    await page.goto('/here')
    await expect(page.getByRole('main')).toContainText(`Playing ${LONG_GAME}`)
    await shot('here', { what: '/here', within: 'main' })

    await page.goto(`/${friend.username}`)
    await expect(page.locator('.profile-presence')).toContainText('Online now')
    await shot('profile-friend')

    await page.goto(`/${me.username}`)
    await page.getByRole('main').getByRole('button', { name: 'Set status' }).click()
    const dialog = page.getByRole('dialog', { name: 'What are you playing?' })
    await dialog.getByRole('combobox', { name: 'Game' }).fill(LONG_GAME)
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill(LONG_NOTE)
    await shot('editor', { what: 'the status editor', within: '[role="dialog"]' })
    await dialog.getByRole('button', { name: 'Save status' }).click()
    await expect(dialog).toHaveCount(0)
    await shot('profile-own')

    await page.goto('/settings')
    await expect(page.getByRole('switch', { name: 'Appear offline' })).toBeVisible()
    await shot('account')
    if (!phone) {
      await page.goto('/home')
      await expect(page.locator('.whos-here-panel')).toContainText(friend.username)
      await shot('home', { what: 'the Who’s here panel', within: '.sidebar-column' })
    }
    await context.close()
    await friendContext.close()
  })
}
