import type { Locator, Page } from '@playwright/test'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { longName, toast } from './helpers'
import { E2E_HOST } from './host-account'
import { expectNoSidewaysScroll, sizes } from './looks'
import { apiUser, signedInContext } from './notify-helpers'

/**
 * A person's "..." menu and reports with reasons, on the desktop and a
 * 390 px phone, both themes: on the profile of someone who never posted (a 30-character name),
 * copy the link, mute for a day and unmute, block (asked first) and unblock, and report with a
 * reason and a note holding a long unbroken word; the same menu on their row in search's People
 * tab. The host sees the report with its reason and dismisses it; the reporter's notification
 * says it was handled. Users come through the API; axe runs on the open menu, the report dialog
 * and the host's report (all rules in light, contrast in dark).
 */

const LONG_WORD = 'Unbreakable'.repeat(9)

/**
 * The menu lies wholly inside the window and nothing clips or covers it: its last item is the
 * topmost element at its own centre (a card's `overflow: hidden` cut it off on a phone).
 */
async function expectWholeMenu(page: Page, menu: Locator): Promise<void> {
  const box = await menu.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box, 'the menu is drawn').not.toBeNull()
  if (!box) return
  expect(box.x, 'the menu starts inside the window').toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, 'the menu ends inside the window').toBeLessThanOrEqual(width)
  const last = menu.getByRole('menuitem').last()
  await last.scrollIntoViewIfNeeded()
  const onTop = await last.evaluate((item) => {
    const { left, top, width, height } = item.getBoundingClientRect()
    const hit = document.elementFromPoint(left + width / 2, top + height / 2)
    return hit !== null && item.contains(hit)
  })
  expect(onTop, 'the menu’s last item is seen, not clipped or covered').toBe(true)
}

for (const size of sizes()) {
  test(`a person's menu and a report with a reason, on the ${size.name}`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    // About 25 s on a quiet machine; a 2-core machine under other suites' load (a load average
    // of 20 was seen) takes many times that. The waits are for the machine, not a speed check.
    test.setTimeout(300_000)
    const quiet = await apiUser(request, longName('quiet'))
    const me = await apiUser(request, longName('menu'))
    const context = await signedInContext(browser, demoUrl, me, { viewport: size.viewport })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await context.newPage()
    const shots = `person-menu-${size.name}`

    await page.goto(`/${quiet.username}`)
    // A loaded machine draws the first screen slowly: the wait is for it, not a speed check.
    await expect(page.getByText('No posts yet...')).toBeVisible({ timeout: 45_000 })
    const more = page.getByRole('button', { name: `More actions for ${quiet.username}` })
    const menu = page.getByRole('menu', { name: `Actions for ${quiet.username}` })

    await test.step('the menu of someone who never posted, whole on screen', async () => {
      await more.click()
      await expect(menu.getByRole('menuitem')).toHaveText([
        `Mute ${quiet.username}…`,
        `Block ${quiet.username}…`,
        `Report ${quiet.username}…`,
        'Copy link to profile',
      ])
      await expectWholeMenu(page, menu)
      await expectNoSidewaysScroll(page)
      await checkInBothThemes(page, size, { what: 'a profile’s menu', shot: `${shots}-open` })
    })

    await test.step('copy link', async () => {
      await menu.getByRole('menuitem', { name: 'Copy link to profile' }).click()
      await expect(toast(page, 'Link copied')).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${demoUrl}/${quiet.username}`,
      )
    })

    await test.step('mute for a day, then unmute', async () => {
      await more.click()
      await menu.getByRole('menuitem', { name: `Mute ${quiet.username}…` }).click()
      const muteDialog = page.getByRole('dialog')
      await muteDialog.getByRole('radio', { name: '1 day' }).check()
      await muteDialog.getByRole('button', { name: 'Mute' }).click()
      const notice = page.getByRole('status').filter({ hasText: 'You muted this player' })
      await expect(notice).toBeVisible()
      await notice.getByRole('button', { name: 'Unmute' }).click()
      await expect(notice).toHaveCount(0)
    })

    await test.step('block (asked first), then unblock from the menu', async () => {
      await more.click()
      await menu.getByRole('menuitem', { name: `Block ${quiet.username}…` }).click()
      const confirm = page.getByRole('dialog')
      await expect(confirm).toContainText(quiet.username)
      await checkInBothThemes(page, size, { shot: `${shots}-block-asked`, still: true })
      await confirm.getByRole('button', { name: 'Block', exact: true }).click()
      const blocked = page.getByRole('status').filter({ hasText: 'You blocked this player' })
      await expect(blocked).toBeVisible()
      await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0)
      await checkInBothThemes(page, size, { shot: `${shots}-blocked`, still: true })
      await more.click()
      await menu.getByRole('menuitem', { name: `Unblock ${quiet.username}` }).click()
      await expect(blocked).toHaveCount(0)
      await expect(page.getByRole('button', { name: /^Follow/ })).toBeVisible()
    })

    await test.step('report with a reason: asked for one, told what happens next', async () => {
      await more.click()
      await menu.getByRole('menuitem', { name: `Report ${quiet.username}…` }).click()
      const dialog = page.getByRole('dialog', { name: `Report ${quiet.username}` })
      await expect(dialog.getByRole('radio')).toHaveCount(5)
      await expect(dialog).toContainText('you’ll get a notification when they’ve dealt with it')
      await dialog.getByRole('button', { name: 'Send report' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('Choose what’s wrong.')
      await dialog.getByRole('radio', { name: 'Cheating or scams' }).check()
      await expect(dialog.getByRole('alert')).toHaveCount(0)
      await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill(`Sells ${LONG_WORD}`)
      await checkInBothThemes(page, size, {
        what: 'the report dialog',
        within: '[role="dialog"]',
        shot: `${shots}-report`,
      })
      await dialog.getByRole('button', { name: 'Send report' }).click()
      await expect(
        toast(
          page,
          'Thanks for the report. You’ll get a notification when a host has dealt with it.',
        ),
      ).toBeVisible()
      await expect(dialog).toHaveCount(0)
    })

    await test.step('the same menu on their row in search’s People tab', async () => {
      await page.goto(`/search?q=${quiet.username}&type=users`)
      const row = page.getByRole('list', { name: 'People' }).getByRole('listitem').first()
      await row.getByRole('button', { name: `More actions for ${quiet.username}` }).click()
      await expect(menu.getByRole('menuitem')).toHaveCount(4)
      await expectWholeMenu(page, menu)
      await expectNoSidewaysScroll(page)
      await checkInBothThemes(page, size, { shot: `${shots}-row`, still: true })
      await page.keyboard.press('Escape')
    })

    await test.step('the host sees the reason and dismisses; the reporter hears', async () => {
      const login = await request.post('/api/auth/login', { data: E2E_HOST })
      const { encodedToken, foundUser } = (await login.json()) as {
        encodedToken: string
        foundUser: { _id: string }
      }
      const hostContext = await signedInContext(
        browser,
        demoUrl,
        { username: E2E_HOST.username, id: foundUser._id, token: encodedToken, user: foundUser },
        { viewport: size.viewport },
      )
      const host = await hostContext.newPage()
      await host.goto('/server')
      const item = host
        .getByRole('region', { name: 'Reports' })
        .getByRole('listitem', { name: `Report of ${quiet.username}` })
      // The host's first screen, as the reporter's: slow on a loaded machine, not a speed check.
      await expect(item).toContainText('Reason: Cheating or scams', { timeout: 45_000 })
      await expect(item).toContainText(`Note: Sells ${LONG_WORD}`)
      await expect(item).toContainText(me.username)
      await item.scrollIntoViewIfNeeded()
      await expectNoSidewaysScroll(host)
      await checkInBothThemes(host, size, {
        what: 'a report of a person in the host’s list',
        within: '.report-item',
        shot: `${shots}-host`,
      })
      await item.getByRole('button', { name: 'Dismiss' }).click()
      await expect(item).toHaveCount(0)
      await hostContext.close()

      await page.goto('/notifications')
      const handled = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: `${E2E_HOST.username} handled your report` })
      await expect(handled).toBeVisible()
      // Only that it was handled: not whom it was about, nor what the host did.
      await expect(handled).not.toContainText(quiet.username)
      await checkInBothThemes(page, size, { shot: `${shots}-handled`, still: true })
    })
    await context.close()
  })
}
