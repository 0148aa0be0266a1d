import type { Page } from '@playwright/test'
import { axeScopeFor, expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { longName, uniqueName, waitForQuietNetwork } from './helpers'
import { expectNoSidewaysScroll, looks, shoot, SHOTS_DIR, SHOTS_ONLY_ON_DEMAND } from './looks'
import { apiCall, apiPost, apiUser, signedInContext, type ApiUser } from './notify-helpers'

/**
 * Screenshots of a person's row (components/PersonRow.tsx) wherever people are listed, for a
 * person to look at (GAMERSTAGE_SHOTS=<folder>): Who's here, the game page (who plays it and
 * "Playing now"), who reacted, who reposted, a followers list and search's people, with
 * 30-character names, in both themes on a desktop and a 390-pixel phone. Each must not scroll
 * sideways, and the dialogs pass axe. What they show is asserted by presence, playing-now,
 * games, reposts, search and follow-lists specs.
 */
test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

/** 60 characters, no space: the longest name a game may have. */
const longGame = () => `Supercalifragilistic${uniqueName('x').replace(/_/g, '')}`.padEnd(60, 'o')

for (const look of looks()) {
  test(`person rows in ${look.name}`, async ({ browser, request, demoUrl }) => {
    test.setTimeout(180_000)
    // Unique, and short enough to stay whole in both names (found by search below).
    const prefix = uniqueName('r')
    const me = await apiUser(request, longName(`${prefix}m`))
    const friend = await apiUser(request, longName(`${prefix}f`))
    const as = (token: string) => ({ authorization: token })
    const game = longGame()
    for (const who of [me, friend]) {
      const put = await request.put('/api/me/games', {
        headers: as(who.token),
        data: { games: [game] },
      })
      expect(put.status(), await put.text()).toBe(200)
    }
    await apiCall(request, me.token, `/users/follow/${friend.id}`)
    await apiCall(request, friend.token, `/users/follow/${me.id}`)
    const status = await request.put('/api/me/status', {
      headers: as(friend.token),
      data: { game, note: 'LFG ranked, need 2', expiresIn: 'never' },
    })
    expect(status.status(), await status.text()).toBe(200)
    const postId = await apiPost(request, friend.token, 'Anyone up for a match tonight?')
    for (const who of [me, friend]) {
      const put = await request.put(`/api/posts/${postId}/reactions/fire`, {
        headers: as(who.token),
      })
      expect(put.status()).toBe(200)
    }
    await apiCall(request, me.token, `/posts/${postId}/repost`)

    const open = async (who: ApiUser, theme?: string) => {
      const opened = await signedInContext(browser, demoUrl, who, {
        theme,
        viewport: look.viewport,
      })
      return { context: opened, page: await opened.newPage() }
    }
    // The friend online, so that they are in Who's here and "Playing now".
    const friendSide = await open(friend)
    await friendSide.page.goto('/home')
    await expect(friendSide.page.locator('html')).toHaveAttribute('data-live', 'live')
    const { context, page } = await open(me, look.theme)
    const shot = async (screen: string, fullPage = false) => {
      await waitForQuietNetwork(page)
      await expectNoSidewaysScroll(page)
      await shoot(page, {
        path: `${SHOTS_DIR}/rows-${screen}-${look.name}.png`,
        fullPage,
      })
    }
    const dialogChecked = async (dialogPage: Page, what: string) =>
      expectNoSeriousViolations(dialogPage, `${what} in ${look.name}`, {
        within: '[role="dialog"]',
        scope: axeScopeFor(look),
      })
    const phone = look.name.startsWith('phone')

    await page.goto(phone ? '/here' : '/home')
    const here = phone ? page.getByRole('main') : page.locator('.whos-here-panel')
    await expect(here).toContainText(friend.username)
    await expect(here).toContainText(`Playing ${game}`)
    await shot('here')

    await page.goto(`/games/${game.toLowerCase().slice(0, 50)}`)
    await expect(
      page.getByRole('list', { name: 'Who plays it' }).getByRole('listitem'),
    ).toHaveCount(2)
    await expect(page.getByRole('region', { name: 'Playing now' })).toContainText(friend.username)
    await shot('game', true)

    await page.goto(`/post/${postId}`)
    await page.getByRole('button', { name: 'Who reacted' }).first().click()
    const reactors = page.getByRole('dialog', { name: 'Who reacted' })
    await expect(reactors.getByRole('link')).toHaveCount(2)
    await shot('who-reacted')
    await dialogChecked(page, 'who reacted')
    await page.keyboard.press('Escape')

    await page
      .getByRole('button', { name: /^Who reposted/ })
      .first()
      .click()
    const reposters = page.getByRole('dialog', { name: 'Who reposted' })
    await expect(reposters.getByRole('link', { name: me.username })).toBeVisible()
    await shot('who-reposted')
    await page.keyboard.press('Escape')

    await page.goto(`/${friend.username}`)
    await page.getByRole('button', { name: /\d+ Followers?$/ }).click()
    const followers = page.getByRole('dialog', { name: `Followers of ${friend.username}` })
    await expect(followers.getByRole('link', { name: me.username })).toBeVisible()
    await shot('followers')
    await dialogChecked(page, 'followers')
    await page.keyboard.press('Escape')

    await page.goto(`/search?q=${prefix}&type=users`)
    await expect(page.getByRole('list', { name: 'People' }).getByRole('listitem')).toHaveCount(2)
    await shot('search-people')

    await context.close()
    await friendSide.context.close()
  })
}
