import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { longName, toast, waitForQuietNetwork } from './helpers'
import { E2E_HOST } from './host-account'
import { expectNoSidewaysScroll, sizes } from './looks'
import { apiPost, apiUser, signedInContext } from './notify-helpers'

/**
 * A person's "..." menu (issue 44, item 2): on the profile of someone who never posted, mute
 * (with its durations), block and unblock, report (the host sees the person in the reports) and
 * copy the link; the same menu on a row of search's People tab. Two users with 30-character
 * names, a long unbroken word in a bio-less profile's neighbour post, desktop and 390 px phone,
 * both themes, axe.
 */
for (const size of sizes()) {
  test(`a profile's menu mutes, blocks and reports someone who never posted, on the ${size.name}`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(240_000)
    const quiet = await apiUser(request, longName('quiet'))
    const me = await apiUser(request, longName('menu'))
    await apiPost(request, me.token, `Mine ${'Unbreakable'.repeat(9)}`)
    const context = await signedInContext(browser, demoUrl, me, { viewport: size.viewport })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await context.newPage()
    await page.goto(`/${quiet.username}`)
    // A loaded machine draws the first screen slowly: the wait is for it, not a speed check.
    await expect(page.getByText('No posts yet...')).toBeVisible({ timeout: 45_000 })
    const more = page.getByRole('button', { name: `More actions for ${quiet.username}` })
    const menu = page.getByRole('menu', { name: `Actions for ${quiet.username}` })

    await more.click()
    await expect(menu.getByRole('menuitem')).toHaveText([
      `Mute ${quiet.username}…`,
      `Block ${quiet.username}…`,
      `Report ${quiet.username}…`,
      'Copy link to profile',
    ])
    await waitForQuietNetwork(page)
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: 'a profile’s menu', shot: 'person-menu-open' })

    // Copy link: the profile's address.
    await menu.getByRole('menuitem', { name: 'Copy link to profile' }).click()
    await expect(toast(page, 'Link copied')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/${quiet.username}$`),
    )

    // Mute for a day: the profile says so, with Unmute.
    await more.click()
    await menu.getByRole('menuitem', { name: `Mute ${quiet.username}…` }).click()
    const muteDialog = page.getByRole('dialog')
    await muteDialog.getByRole('radio', { name: '1 day' }).check()
    await muteDialog.getByRole('button', { name: 'Mute' }).click()
    const notice = page.getByRole('status').filter({ hasText: 'You muted this player' })
    await expect(notice).toBeVisible()
    await checkInBothThemes(page, size, { shot: 'person-menu-muted' })
    await notice.getByRole('button', { name: 'Unmute' }).click()
    await expect(notice).toHaveCount(0)

    // Block (asked first): the profile says so, and Unblock brings it back.
    await more.click()
    await menu.getByRole('menuitem', { name: `Block ${quiet.username}…` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click()
    const blocked = page.getByRole('status').filter({ hasText: 'You blocked this player' })
    await expect(blocked).toBeVisible()
    await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0)
    await checkInBothThemes(page, size, { shot: 'person-menu-blocked' })
    await more.click()
    await menu.getByRole('menuitem', { name: `Unblock ${quiet.username}` }).click()
    await expect(blocked).toHaveCount(0)

    // Report the person: the dialog, the thanks, and the host sees who.
    await more.click()
    await menu.getByRole('menuitem', { name: `Report ${quiet.username}…` }).click()
    const reportDialog = page.getByRole('dialog', { name: `Report ${quiet.username}` })
    await reportDialog.getByRole('textbox', { name: 'Reason' }).fill('Spams my invites')
    await checkInBothThemes(page, size, {
      what: 'reporting a person',
      within: '[role="dialog"]',
      shot: 'person-menu-report',
    })
    await reportDialog.getByRole('button', { name: 'Send report' }).click()
    await expect(toast(page, 'Thanks for the report. The host will take a look.')).toBeVisible()

    const login = await request.post('/api/auth/login', { data: E2E_HOST })
    const hostToken = ((await login.json()) as { encodedToken: string }).encodedToken
    const reports = await request.get('/api/reports', { headers: { authorization: hostToken } })
    const listed = (
      (await reports.json()) as { reports: { target: { kind: string; _id: string } }[] }
    ).reports
    expect(listed.some((r) => r.target.kind === 'user' && r.target._id === quiet.id)).toBe(true)

    // The same menu on a row of search's People tab.
    await page.goto(`/search?q=${quiet.username}&type=users`)
    const row = page.getByRole('list', { name: 'People' }).getByRole('listitem').first()
    await row.getByRole('button', { name: `More actions for ${quiet.username}` }).click()
    await expect(menu.getByRole('menuitem')).toHaveCount(4)
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { shot: 'person-menu-row' })
    await context.close()
  })
}
