/**
 * The full emoji picker against the build, its data served by the server with the app: an emoji
 * searched and picked with the keyboard goes into a post at the caret; "More emoji" reacts with
 * any emoji, which the other player sees live and a reload keeps; on a desktop and a 390 px
 * phone, in both themes, with a 30-character name and a long unbroken word, and axe on the open
 * picker.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { checkInBothThemes } from './axe'
import { longName, openComposer } from './helpers'
import { expectNoSidewaysScroll, sizes } from './looks'
import { apiPost, apiUser, signedInContext } from './notify-helpers'

const LONG_WORD = 'Supercalifragilisticexpialidociousheadshotstreak'

async function waitLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
}

for (const size of sizes()) {
  test(`any emoji, in a post and as a reaction (${size.name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(120_000)
    const author = await apiUser(request, longName('emoji'))
    const fan = await apiUser(request)
    const postId = await apiPost(request, author.token, `${LONG_WORD} clutch ${Date.now()}`)
    const authorContext = await signedInContext(browser, demoUrl, author, {
      viewport: size.viewport,
    })
    const fanContext = await signedInContext(browser, demoUrl, fan, { viewport: size.viewport })
    const page = await authorContext.newPage()
    const fanPage = await fanContext.newPage()

    await test.step('an emoji searched and picked with the keyboard goes in at the caret', async () => {
      await page.goto('/home')
      await openComposer(page)
      const dialog = page.getByRole('dialog', { name: 'New Post' })
      const box = dialog.getByRole('textbox', { name: 'Post text' })
      await box.fill('gg wp')
      await box.press('ArrowLeft')
      await box.press('ArrowLeft')
      await box.press('ArrowLeft')
      const button = dialog.getByRole('button', { name: 'Add an emoji' })
      await button.click()
      const picker = page.getByRole('dialog', { name: 'Add an emoji' })
      const search = picker.getByRole('searchbox', { name: 'Search emoji' })
      await expect(search).toBeFocused()
      // The shipped data loads: categories first, then what the search narrows down.
      await expect(picker.getByText('Smileys & emotion')).toBeVisible()
      const fox = picker.getByRole('gridcell', { name: 'Fox', exact: true })
      await search.fill('fox')
      await expect(fox).toBeVisible()
      await search.fill('zzzznotanemoji')
      await expect(picker.getByText('No emoji match “zzzznotanemoji”.')).toBeVisible()
      await search.fill('fox')
      await expect(fox).toBeVisible()
      await expectNoSidewaysScroll(page)
      await checkInBothThemes(page, size, {
        what: 'the emoji picker in the composer',
        shot: 'emoji-picker-composer',
        within: '.emoji-popover',
      })
      // The first match is active: Enter picks it.
      await search.press('Enter')
      await expect(picker).toHaveCount(0)
      await expect(box).toHaveValue('gg🦊 wp')
      await expect(box).toBeFocused()
      // Escape closes a picker and leaves the New Post dialog open.
      await button.click()
      await expect(picker).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(picker).toHaveCount(0)
      await expect(dialog).toBeVisible()
      await expect(button).toBeFocused()
      await dialog.getByRole('button', { name: 'Post', exact: true }).click()
      await expect(dialog).toHaveCount(0)
      await expect(page.getByRole('article').first()).toContainText('gg🦊 wp')
    })

    await test.step('"More emoji" reacts with any emoji; the other player sees it live', async () => {
      await page.goto(`/post/${postId}`)
      await fanPage.goto(`/post/${postId}`)
      await waitLive(page)
      await waitLive(fanPage)
      const article = page.getByRole('article', { name: `Post by ${author.username}` })
      await article.getByRole('button', { name: 'Add a reaction' }).click()
      const menu = page.getByRole('menu', { name: 'Reactions' })
      await menu.getByRole('menuitem', { name: 'More emoji' }).click()
      const picker = page.getByRole('dialog', { name: 'React with any emoji' })
      await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('rocket')
      await picker.getByRole('gridcell', { name: 'Rocket', exact: true }).click()
      await expect(picker).toHaveCount(0)
      const mine = article.getByRole('button', { name: /^🚀: \d+, including you/ })
      await expect(mine).toHaveAccessibleName(/^🚀: 1, including you/)
      const theirs = fanPage.getByRole('article', { name: `Post by ${author.username}` })
      const chip = theirs.getByRole('button', { name: '🚀: 1. Add yours' })
      await expect(chip).toBeVisible()
      // The other player adds theirs with the chip; the picker remembers the rocket as recent.
      await chip.click()
      await expect(mine).toHaveAccessibleName(/^🚀: 2, including you/)
      await page.reload()
      await expect(
        page
          .getByRole('article', { name: `Post by ${author.username}` })
          .getByRole('button', { name: /^🚀: 2, including you/ }),
      ).toBeVisible()
      await page
        .getByRole('article', { name: `Post by ${author.username}` })
        .getByRole('button', { name: 'Add a reaction' })
        .click()
      await page.getByRole('menuitem', { name: 'More emoji' }).click()
      const again = page.getByRole('dialog', { name: 'React with any emoji' })
      await expect(
        again.getByRole('group', { name: 'Recently used' }).getByRole('button', { name: '🚀' }),
      ).toBeVisible()
      await checkInBothThemes(page, size, {
        what: 'the emoji picker for a reaction',
        shot: 'emoji-picker-reaction',
        within: '.emoji-popover',
      })
    })
    await authorContext.close()
    await fanContext.close()
  })
}
