import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { loginViaApi, longName, toast, uniqueName } from './helpers'
import { E2E_HOST } from './host-account'
import { expectNoSidewaysScroll, sizes } from './looks'
import { apiPost, apiUser, signedInContext } from './notify-helpers'

/**
 * The server's custom emoji in the app (docs/API.md, "Custom emoji"): the host adds one on the
 * Server page (a bad name is said first, the picked image previewed), a second player sees it
 * drawn in a post, reacts with it from the picker's "This server" section, and finds both after
 * a reload; the host deletes it behind a question. On a desktop and a 390×844 phone, axe and
 * screenshots in both themes.
 */

/** A small picture to upload: a pink disc on a transparent square. */
function emojiPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="48" r="44" fill="#e0457b"/><circle cx="34" cy="40" r="8" fill="#fff"/><circle cx="62" cy="40" r="8" fill="#fff"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Custom emoji' })

for (const size of sizes()) {
  test(`a host adds an emoji; a player sees it in a post, reacts with it, keeps it after a reload (${size.name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(120_000)
    const shortcode = uniqueName('emo')
    const hostContext = await browser.newContext({ viewport: size.viewport })
    const host = await hostContext.newPage()
    await loginViaApi(host, E2E_HOST.username, E2E_HOST.password)

    await test.step('the host adds one on the Server page', async () => {
      await host.goto('/server')
      const panel = panelOf(host)
      await expect(panel).toBeVisible()
      const name = panel.getByRole('textbox', { name: 'Name' })
      await name.fill('Bad Name!')
      await panel.getByLabel('Image').setInputFiles({
        name: 'party.png',
        mimeType: 'image/png',
        buffer: await emojiPicture(),
      })
      await expect(panel.getByRole('img', { name: /^Preview of/ })).toBeVisible()
      await panel.getByRole('button', { name: 'Add emoji' }).click()
      await expect(panel.getByRole('alert')).toHaveText(
        'Use 2 to 30 characters: lowercase letters a–z, digits and _ only.',
      )
      await name.fill(shortcode)
      await expect(panel.getByRole('img', { name: `Preview of :${shortcode}:` })).toBeVisible()
      await panel.getByRole('button', { name: 'Add emoji' }).click()
      await expect(toast(host, `Added :${shortcode}:.`)).toBeVisible()
      await expect(panel.getByRole('img', { name: `:${shortcode}:`, exact: true })).toBeVisible()
      await expect(name).toHaveValue('')
      await panel.scrollIntoViewIfNeeded()
      await expectNoSidewaysScroll(host)
      await checkInBothThemes(host, size, {
        what: `the custom emoji panel (${size.name})`,
        shot: 'custom-emoji-panel',
        within: 'section[aria-labelledby$="-title"]:has(.custom-emoji-form)',
      })
    })

    const player = await apiUser(request, longName('emojifan'))
    const postId = await apiPost(
      request,
      player.token,
      `gg :${shortcode}: what a round, supercalifragilisticexpialidociousgamingsessionwordthatgoesonandon :not_an_emoji:`,
    )
    const context = await signedInContext(browser, demoUrl, player, { viewport: size.viewport })
    const page = await context.newPage()
    const article = () => page.getByRole('article', { name: `Post by ${player.username}` })

    await test.step('a second player sees it in the post, and reacts with it', async () => {
      await page.goto(`/post/${postId}`)
      const image = article().getByRole('img', { name: `:${shortcode}:`, exact: true })
      await expect(image).toBeVisible()
      await expect(article()).toContainText(':not_an_emoji:')
      await article().getByRole('button', { name: 'Add a reaction' }).click()
      await page.getByRole('menuitem', { name: 'More emoji' }).click()
      const picker = page.getByRole('dialog', { name: 'React with any emoji' })
      const ours = picker.getByRole('group', { name: 'This server' })
      await picker.getByRole('searchbox', { name: 'Search emoji' }).fill(shortcode.slice(0, 8))
      await expect(ours.getByRole('button', { name: `:${shortcode}:` })).toBeVisible()
      await checkInBothThemes(page, size, {
        what: `the picker with this server's emoji (${size.name})`,
        shot: 'custom-emoji-picker',
      })
      await ours.getByRole('button', { name: `:${shortcode}:` }).click()
      const chip = article().getByRole('button', {
        name: new RegExp(`^:${shortcode}:: 1, including you`),
      })
      await expect(chip).toBeVisible()
      await expect(chip.locator('img.custom-emoji')).toBeVisible()
    })

    await test.step('a reload keeps both, and "Who reacted" shows the image', async () => {
      await page.reload()
      await expect(
        article().getByRole('img', { name: `:${shortcode}:`, exact: true }),
      ).toBeVisible()
      const chip = article().getByRole('button', {
        name: new RegExp(`^:${shortcode}:: 1, including you`),
      })
      await expect(chip.locator('img.custom-emoji')).toBeVisible()
      await expectNoSidewaysScroll(page)
      await checkInBothThemes(page, size, {
        what: `a post with a custom emoji (${size.name})`,
        shot: 'custom-emoji-post',
      })
      await article().getByRole('button', { name: 'Who reacted' }).click()
      const who = page.getByRole('dialog')
      await expect(who.locator('img.custom-emoji')).toBeVisible()
      await expect(who.getByText(player.username)).toBeVisible()
      await page.keyboard.press('Escape')
    })

    await test.step('the host deletes it after a question; the post shows its name as text', async () => {
      const panel = panelOf(host)
      await panel.getByRole('button', { name: `Delete :${shortcode}:` }).click()
      const question = host.getByRole('dialog', { name: `Delete :${shortcode}:?` })
      await question.getByRole('button', { name: 'Delete' }).click()
      await expect(toast(host, `Deleted :${shortcode}:.`)).toBeVisible()
      await expect(panel.getByRole('img', { name: `:${shortcode}:`, exact: true })).toHaveCount(0)
      // The player's open app hears of it live: the text stays, drawn as written.
      await expect(article().getByRole('img', { name: `:${shortcode}:`, exact: true })).toHaveCount(
        0,
      )
      await expect(article()).toContainText(`gg :${shortcode}: what a round`)
    })
    await context.close()
    await hostContext.close()
  })
}
